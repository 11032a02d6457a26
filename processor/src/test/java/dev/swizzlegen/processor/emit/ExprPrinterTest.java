package dev.swizzlegen.processor.emit;

import static dev.swizzlegen.processor.emit.Expr.call;
import static dev.swizzlegen.processor.emit.Expr.constant;
import static dev.swizzlegen.processor.emit.Expr.mask;
import static dev.swizzlegen.processor.emit.Expr.number;
import static dev.swizzlegen.processor.emit.Expr.param;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.testing.Tool;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The expression printers: parentheses from precedence and the readers' rules, each language's
 * spelling, and the law that printing an expression and evaluating the text (compiled by javac, or
 * by g++ as {@code constexpr}) equals evaluating the tree.
 */
class ExprPrinterTest {
  private static final Expr ROW = param("row");
  private static final Expr COL = param("col");
  private static final Expr OFFSET = param("offset");

  @Test
  void spellsNamesShiftsAndMasksInEachLanguage() {
    Expr body = call("atomStart", ROW, COL)
        .plus(call("swizzle", ROW.mod(constant("AtomRows", 8)).times(constant("AtomCols", 64))))
        .plus(OFFSET.and(mask(0x1c0)).shr(3));
    assertEquals("atomStart(row, col) + swizzle((row % ATOM_ROWS) * ATOM_COLS)"
        + " + ((offset & 0x1c0) >>> 3)", ExprPrinter.JAVA.print(body));
    assertEquals("atom_start(row, col) + swizzle((row % kAtomRows) * kAtomCols)"
        + " + ((offset & 0x1c0u) >> 3)", ExprPrinter.CUDA.print(body));
    assertEquals("atom_start(row, col) + swizzle((row % 8) * 64) + ((offset & 0x1c0) >> 3)",
        ExprPrinter.CUDA.withValues().print(body));
    assertEquals("TMA_BOX_COLS", ExprPrinter.JAVA.constant("TmaBoxCols"));
    assertEquals("kTmaBoxCols", ExprPrinter.CUDA.constant("TmaBoxCols"));
    assertEquals("tma_box_offset", ExprPrinter.CUDA.function("tmaBoxOffset"));
  }

  @Test
  void parenthesizesByPrecedenceOnly() {
    Expr a = param("a");
    Expr b = param("b");
    Expr c = param("c");
    assertEquals("a + b * c", ExprPrinter.JAVA.print(a.plus(b.times(c))));
    assertEquals("(a + b) * c", ExprPrinter.JAVA.print(a.plus(b).times(c)));
    assertEquals("a - b - c", ExprPrinter.JAVA.print(a.minus(b).minus(c)));
    assertEquals("a - (b - c)", ExprPrinter.JAVA.print(a.minus(b.minus(c))));
    assertEquals("a + (b - c)", ExprPrinter.JAVA.print(a.plus(b.minus(c))));
    assertEquals("a + b + c", ExprPrinter.JAVA.print(a.plus(b.plus(c))));
    assertEquals("a / b / c", ExprPrinter.JAVA.print(a.div(b).div(c)));
    assertEquals("a / (b % c)", ExprPrinter.JAVA.print(a.div(b.mod(c))));
    assertEquals("a ^ b ^ c", ExprPrinter.CUDA.print(a.xor(b).xor(c)));
  }

  @Test
  void addsTheReadersParentheses() {
    Expr a = param("a");
    Expr b = param("b");
    // Bitwise operators' operands, as gcc's -Wparentheses asks for and CuTe writes.
    assertEquals("a ^ ((a & 0x38u) >> 3)", ExprPrinter.CUDA.print(a.xor(a.and(mask(0x38)).shr(3))));
    assertEquals("((a >> 1) & 0x3u) << 4", ExprPrinter.CUDA.print(a.shr(1).and(mask(3)).shl(4)));
    assertEquals("(a + b) << 2", ExprPrinter.CUDA.print(a.plus(b).shl(2)));
    assertEquals("(a * b) << 2", ExprPrinter.CUDA.print(a.times(b).shl(2)));
    assertEquals("a | (b & 0xffu)", ExprPrinter.CUDA.print(a.or(b.and(mask(0xff)))));
    // A quotient or remainder multiplied shows its truncation.
    assertEquals("(a / 8) * 64", ExprPrinter.JAVA.print(a.div(number(8)).times(number(64))));
    assertEquals("a * (b % 8)", ExprPrinter.JAVA.print(a.times(b.mod(number(8)))));
    assertEquals("a * 8 / 64", ExprPrinter.JAVA.print(a.times(number(8)).div(number(64))));
    assertEquals("(a / b) % 8", ExprPrinter.JAVA.print(a.div(b).mod(number(8))));
    assertEquals("(a % b) / 8", ExprPrinter.JAVA.print(a.mod(b).div(number(8))));
  }

  @Test
  void theFormulaIsPrintedFromTheBody() {
    IndexFunction offset = new IndexFunction("offset", List.of("row", "col"), "The offset.",
        call("swizzle", ROW.times(constant("RowStride", 64)).plus(COL)));
    assertEquals("offset(row, col) = swizzle(row * 64 + col)", offset.formula(ExprPrinter.CUDA));
    assertEquals("swizzle(row * ROW_STRIDE + col)", offset.body(ExprPrinter.JAVA));
    assertEquals("uint32_t row, uint32_t col", offset.declaredParameters(ExprPrinter.CUDA));
    IndexFunction swizzle = new IndexFunction("swizzle", List.of("offset"), "The swizzle.",
        OFFSET.xor(OFFSET.and(mask(0x1c0)).shr(3)));
    assertEquals("", swizzle.formula(ExprPrinter.CUDA), "a body of no constant is its formula");
    assertEquals(swizzleOf(3 * 64 + 5),
        Evaluator.evaluate(List.of(offset, swizzle), "offset", 3, 5));
  }

  private static long swizzleOf(int offset) {
    return offset ^ ((offset & 0x1c0) >>> 3);
  }

  /**
   * A descriptor: a 64-bit constant OR a 32-bit value widened. CUDA's widening has no text (C++
   * converts the {@code uint32_t}), Java's is {@code Integer.toUnsignedLong}; both printers keep the
   * readers' parentheses around the widened operator; the value zero-extends.
   */
  @Test
  void printsAndEvaluatesA64BitDescriptor() {
    Expr start = param("smem_address").plus(call("offset", param("mn"), param("k"))
        .times(constant("ElementBytes", 2))).and(mask(0x3FFFF)).shr(4);
    Expr descriptor = Expr.wideConstant("WgmmaDescriptor", 0x4000004000010000L)
        .or(Expr.widen(start));
    assertTrue(descriptor.wide());
    assertFalse(start.wide());
    assertEquals("kWgmmaDescriptor | (((smem_address + offset(mn, k) * kElementBytes) & 0x3ffffu)"
        + " >> 4)", ExprPrinter.CUDA.print(descriptor));
    // Java spells a parameter in its own case.
    assertEquals("WGMMA_DESCRIPTOR | Integer.toUnsignedLong(((smemAddress + offset(mn, k)"
        + " * ELEMENT_BYTES) & 0x3ffff) >>> 4)", ExprPrinter.JAVA.print(descriptor));
    assertEquals("0x4000004000010000ull | (((smem_address + offset(mn, k) * 2) & 0x3ffff) >> 4)",
        ExprPrinter.CUDA.withValues().print(descriptor));
    IndexFunction function = new IndexFunction("wgmmaDesc", List.of("smem_address", "mn", "k"),
        1, "The descriptor.", descriptor);
    assertEquals("uint64_t", function.returnType(ExprPrinter.CUDA));
    assertEquals("long", function.returnType(ExprPrinter.JAVA));
    assertEquals("uint32_t smem_address, uint32_t mn = 0, uint32_t k = 0",
        function.declaredParameters(ExprPrinter.CUDA));
    assertEquals("int smemAddress, int mn, int k", function.declaredParameters(ExprPrinter.JAVA));
    // Zero extension: a widened value with bit 31 set is not negative.
    Expr widened = Expr.wideConstant("High", 1L << 40).or(Expr.widen(param("a")));
    assertEquals((1L << 40) | 0x8000_0000L,
        Evaluator.evaluate(widened, Map.of("a", 0x8000_0000L), (name, values) -> 0L));
    // 64-bit arithmetic wraps at 64 bits, not 32.
    Expr sum = Expr.wideConstant("Big", 0xFFFF_FFFFL).plus(Expr.widen(number(1)));
    assertEquals(0x1_0000_0000L, Evaluator.evaluate(sum, Map.of(), (name, values) -> 0L));
  }

  /**
   * A choice prints as C++'s {@code ?:}, parenthesized wherever it is an operand; a comparison's
   * operands by precedence, below the arithmetic and above {@code & ^ |}.
   */
  @Test
  void printsChoicesAndComparisons() {
    Expr x = param("grid_x");
    Expr y = param("grid_y");
    Expr t = param("tile_size");
    assertEquals("(grid_x > grid_y ? grid_x : grid_y) - 1",
        ExprPrinter.CUDA.print(x.greaterThan(y).choose(x, y).minus(number(1))));
    assertEquals("grid_x / tile_size < grid_y ? tile_size : grid_x % tile_size",
        ExprPrinter.CUDA.print(x.div(t).lessThan(y).choose(t, x.mod(t))));
    assertEquals("grid_x % 2 == 0 ? grid_y : grid_y - 1 - grid_x", ExprPrinter.CUDA.print(
        x.mod(number(2)).equalTo(number(0)).choose(y, y.minus(number(1)).minus(x))));
    assertEquals("(grid_x < grid_y) & 0x1u",
        ExprPrinter.CUDA.print(x.lessThan(y).and(mask(1))));
    assertEquals(1, Evaluator.evaluate(x.atLeast(y), Map.of("grid_x", 0x8000_0000L, "grid_y", 1L),
        (name, values) -> 0L));
  }

  /** The widths meet only at a widening: an operator on a 32-bit and a 64-bit value is refused. */
  @Test
  void refusesOperandsOfTwoWidths() {
    Expr wide = Expr.wideConstant("WgmmaDescriptor", 1L << 62);
    assertThrows(IllegalArgumentException.class, () -> wide.or(param("a")));
    assertThrows(IllegalArgumentException.class, () -> param("a").or(wide));
    assertThrows(IllegalArgumentException.class, () -> param("a").shl(0).plus(wide));
    assertThrows(IllegalArgumentException.class, () -> new Expr.Binary(Expr.Op.SHL, param("a"), wide));
    assertThrows(IllegalArgumentException.class, () -> Expr.widen(wide));
    assertThrows(IllegalArgumentException.class, () -> constant("Big", 1L << 32));
    assertTrue(wide.shl(1).wide());
  }

  @Test
  void evaluatesInUnsigned32BitArithmetic() {
    Expr a = param("a");
    Map<String, Long> params = Map.of("a", 0xFFFF_FFFFL);
    assertEquals(0L, Evaluator.evaluate(a.plus(number(1)), params, (f, v) -> 0L));
    assertEquals(0x7FFF_FFFFL, Evaluator.evaluate(a.shr(1), params, (f, v) -> 0L));
    assertEquals(0xFFFF_FFFEL, Evaluator.evaluate(a.shl(1), params, (f, v) -> 0L));
    assertEquals(0xFFFF_FFFFL,
        Evaluator.evaluate(number(0).minus(number(1)), params, (f, v) -> 0L));
    assertThrows(IllegalArgumentException.class, () -> number(-1));
  }

  /** Printing in Java, compiling with javac and calling the method equals evaluating the tree. */
  @Test
  void javaPrintedAndEvaluatedEqualsTheTree() throws Exception {
    Random random = new Random(19);
    List<Expr> expressions = new ArrayList<>();
    List<long[]> arguments = new ArrayList<>();
    while (expressions.size() < 300) {
      Expr expression = randomExpr(random, 4);
      long a = random.nextInt(1000);
      long b = random.nextInt(1000);
      // Java's int arithmetic is the unsigned one while every value stays below 2^31.
      if (exact(expression, a, b) >= 0) {
        expressions.add(expression);
        arguments.add(new long[] {a, b});
      }
    }
    StringBuilder source = new StringBuilder("public final class Law {\n");
    for (Expr constant : CONSTANTS) {
      Expr.Constant c = (Expr.Constant) constant;
      source.append("  static final int ").append(ExprPrinter.JAVA.constant(c.name())).append(" = ")
          .append(c.value()).append(";\n");
    }
    source.append("  static int addOne(int x) { return x + 1; }\n");
    for (int i = 0; i < expressions.size(); i++) {
      source.append("  public static int f").append(i).append("(int a, int b) { return ")
          .append(ExprPrinter.JAVA.print(expressions.get(i))).append("; }\n");
    }
    source.append("}\n");
    Path dir = Files.createTempDirectory("expr-law");
    Files.writeString(dir.resolve("Law.java"), source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, "-d", dir.toString(),
        dir.resolve("Law.java").toString()), source.toString());
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()})) {
      Class<?> law = loader.loadClass("Law");
      for (int i = 0; i < expressions.size(); i++) {
        Method method = law.getMethod("f" + i, int.class, int.class);
        long[] args = arguments.get(i);
        int printed = (int) method.invoke(null, (int) args[0], (int) args[1]);
        assertEquals(evaluate(expressions.get(i), args[0], args[1]), Integer.toUnsignedLong(printed),
            ExprPrinter.JAVA.print(expressions.get(i)));
      }
    }
  }

  /**
   * Printing in CUDA and evaluating as {@code constexpr} in g++ (-Wall -Wextra -Werror, so also no
   * -Wparentheses warning) equals evaluating the tree, wrapping included.
   */
  @Test
  void cudaPrintedAndEvaluatedEqualsTheTree() throws IOException {
    Path gxx = Tool.requireOrSkip("g++", "emit: the CUDA printer's law");
    Random random = new Random(20);
    StringBuilder source = new StringBuilder("#include <cstdint>\n");
    for (Expr constant : CONSTANTS) {
      Expr.Constant c = (Expr.Constant) constant;
      source.append("constexpr uint32_t ").append(ExprPrinter.CUDA.constant(c.name())).append(" = ")
          .append(c.value()).append(";\n");
    }
    source.append("constexpr uint32_t add_one(uint32_t x) { return x + 1; }\n");
    for (int i = 0; i < 300; i++) {
      Expr expression = randomExpr(random, 5);
      long a = random.nextInt() & Expr.MASK;
      long b = random.nextInt(1 << 16);
      source.append("constexpr uint32_t f").append(i).append("(uint32_t a, uint32_t b) { return ")
          .append(ExprPrinter.CUDA.print(expression)).append("; }\n");
      source.append("static_assert(f").append(i).append('(').append(a).append("u, ").append(b)
          .append("u) == ").append(evaluate(expression, a, b)).append("u, \"f").append(i)
          .append("\");\n");
    }
    Path dir = Files.createTempDirectory("expr-law-cuda");
    Files.writeString(dir.resolve("law.cpp"), source);
    Tool.run(List.of(gxx.toString(), "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
        "-Wno-unused-parameter", "-fsyntax-only", "law.cpp"), dir);
  }

  private static final List<Expr> CONSTANTS = List.of(constant("RowStride", 72),
      constant("AtomCols", 64), constant("A", 3));

  private static long evaluate(Expr expression, long a, long b) {
    return Evaluator.evaluate(expression, Map.of("a", a, "b", b),
        (name, values) -> values.get(0) + 1);
  }

  /** A random expression of depth at most {@code depth}: no division by zero, shifts below 32. */
  private static Expr randomExpr(Random random, int depth) {
    if (depth == 0 || random.nextInt(4) == 0) {
      return switch (random.nextInt(5)) {
        case 0 -> param("a");
        case 1 -> param("b");
        case 2 -> number(random.nextInt(100));
        case 3 -> mask(random.nextInt(0x1000));
        default -> CONSTANTS.get(random.nextInt(CONSTANTS.size()));
      };
    }
    Expr left = randomExpr(random, depth - 1);
    return switch (random.nextInt(12)) {
      case 0 -> left.times(randomExpr(random, depth - 1));
      case 1 -> left.div(nonZero(random));
      case 2 -> left.mod(nonZero(random));
      case 3 -> left.plus(randomExpr(random, depth - 1));
      case 4 -> left.minus(randomExpr(random, depth - 1));
      case 5 -> left.shl(random.nextInt(8));
      case 6 -> left.shr(random.nextInt(8));
      case 7 -> left.and(randomExpr(random, depth - 1));
      case 8 -> left.xor(randomExpr(random, depth - 1));
      case 9 -> left.or(randomExpr(random, depth - 1));
      case 10 -> call("addOne", left);
      default -> randomExpr(random, depth - 1).plus(left.times(randomExpr(random, depth - 1)));
    };
  }

  private static Expr nonZero(Random random) {
    return random.nextBoolean() ? number(1 + random.nextInt(40))
        : CONSTANTS.get(random.nextInt(CONSTANTS.size()));
  }

  /** The value in unbounded arithmetic, or -1 where a value leaves 0..2^31-1. */
  private static long exact(Expr expression, long a, long b) {
    long value;
    if (expression instanceof Expr.Binary binary) {
      long left = exact(binary.left(), a, b);
      long right = exact(binary.right(), a, b);
      if (left < 0 || right < 0) {
        return -1;
      }
      value = switch (binary.op()) {
        case MUL -> left * right;
        case DIV -> left / right;
        case MOD -> left % right;
        case ADD -> left + right;
        case SUB -> left - right;
        case SHL -> left << right;
        case SHR -> left >>> right;
        case AND -> left & right;
        case XOR -> left ^ right;
        case OR -> left | right;
        case LT -> left < right ? 1 : 0;
        case GT -> left > right ? 1 : 0;
        case GE -> left >= right ? 1 : 0;
        case EQ -> left == right ? 1 : 0;
      };
    } else if (expression instanceof Expr.Call call) {
      long argument = exact(call.arguments().get(0), a, b);
      value = argument < 0 ? -1 : argument + 1;
    } else {
      value = evaluate(expression, a, b);
    }
    return value >= 0 && value <= Integer.MAX_VALUE ? value : -1;
  }
}
