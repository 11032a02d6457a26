package dev.swizzlegen.processor.emit;

import static dev.swizzlegen.processor.emit.Expr.call;
import static dev.swizzlegen.processor.emit.Expr.constant;
import static dev.swizzlegen.processor.emit.Expr.mask;
import static dev.swizzlegen.processor.emit.Expr.number;
import static dev.swizzlegen.processor.emit.Expr.param;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.ClassFileText;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Laws of {@link ClassFile} and {@link Code}: what they write is a class the JVM defines and verifies
 * (a ClassLoader's classes are verified, {@code -Xverify}'s default), whose constants, generic field
 * type, member-class nesting and parameter names reflection reads back as declared, and whose methods,
 * compiled from random {@link Expr} trees, compute what {@link Expr#evaluate} does, as 32-bit ints.
 */
class ClassFileTest {
  private static final List<String> PARAMETERS = List.of("row", "col");

  /** Defines classes from their bytes; {@link Class#forName} then links (verifies) them. */
  private static final class Loader extends ClassLoader {
    Loader() {
      super(ClassFileTest.class.getClassLoader());
    }

    Class<?> define(String binaryName, byte[] bytes) throws ClassNotFoundException {
      defineClass(binaryName, bytes, 0, bytes.length);
      return Class.forName(binaryName, true, this);
    }
  }

  /** The law's premise: a class the verifier must reject is rejected. */
  @Test
  void theVerifierRejectsAnIntReturnedAsAReference() {
    ClassFile file = new ClassFile("law.Unverifiable", ClassFile.PUBLIC | ClassFile.FINAL);
    Code code = file.code(0);
    code.push(1).returnInt();
    file.method(ClassFile.PUBLIC | ClassFile.STATIC, "text", "()Ljava/lang/String;", List.of(),
        code);
    assertThrows(VerifyError.class, () -> new Loader().define("law.Unverifiable", file.bytes()));
  }

  @Test
  void constantsAGenericListAndAPrivateConstructorReadBack() throws Exception {
    int[] numbers = {0, 1, -1, 5, 6, -2, 127, 128, -128, -129, 32767, 32768, -32768, -32769, 0x1c0,
        Integer.MAX_VALUE, Integer.MIN_VALUE};
    List<String> texts = List.of("", "plain", "caf\u00e9 \ud83d\ude00", "nul \u0000 inside",
        "two\nlines \"quoted\" \\", "x".repeat(5000));
    ClassFile file = new ClassFile("law.Constants", ClassFile.PUBLIC | ClassFile.FINAL);
    for (int i = 0; i < numbers.length; i++) {
      file.intConstant("N" + i, numbers[i]);
    }
    for (int i = 0; i < texts.size(); i++) {
      file.stringConstant("S" + i, texts.get(i));
    }
    // List<String> NAMES = List.of(new String[] {...}), set by the static initializer.
    file.staticField("NAMES", "Ljava/util/List;", "Ljava/util/List<Ljava/lang/String;>;");
    Code initializer = file.initializer();
    initializer.push(texts.size()).newArray("java/lang/String");
    for (int i = 0; i < texts.size(); i++) {
      initializer.duplicate().push(i).push(texts.get(i)).storeElement();
    }
    initializer.invokeStatic("java/util/List", "of", "([Ljava/lang/Object;)Ljava/util/List;", true,
        0).staticField(true, file.internalName(), "NAMES", "Ljava/util/List;");
    // int COMPUTED = an expression of constants, also set by the static initializer.
    Expr computed = constant("RowStride", 72).times(number(3)).xor(mask(0x1c0)).shr(1);
    file.staticField("COMPUTED", "I", null);
    file.initializer().push(computed, List.of())
        .staticField(true, file.internalName(), "COMPUTED", "I");
    file.privateConstructor();
    byte[] bytes = file.bytes();

    Class<?> type = new Loader().define("law.Constants", bytes);
    assertEquals(Modifier.PUBLIC | Modifier.FINAL, type.getModifiers());
    for (int i = 0; i < numbers.length; i++) {
      Field field = type.getField("N" + i);
      assertEquals(Modifier.PUBLIC | Modifier.STATIC | Modifier.FINAL, field.getModifiers());
      assertEquals(int.class, field.getType());
      assertEquals(numbers[i], field.getInt(null), field.getName());
    }
    for (int i = 0; i < texts.size(); i++) {
      Field field = type.getField("S" + i);
      assertEquals(String.class, field.getType());
      assertEquals(texts.get(i), field.get(null), field.getName());
    }
    Field names = type.getField("NAMES");
    assertEquals(texts, names.get(null));
    ParameterizedType generic = (ParameterizedType) names.getGenericType();
    assertEquals(List.class, generic.getRawType());
    assertEquals(List.of(String.class), List.of(generic.getActualTypeArguments()));
    assertEquals((int) computed.evaluate(java.util.Map.of(), (name, values) -> 0L),
        type.getField("COMPUTED").getInt(null));
    Constructor<?>[] constructors = type.getDeclaredConstructors();
    assertEquals(1, constructors.length);
    assertEquals(Modifier.PRIVATE, constructors[0].getModifiers());
    assertEquals(0, constructors[0].getParameterCount());
    // The reader the golden files use reads it all, and finds max_stack exact.
    String text = ClassFileText.of(bytes);
    assertTrue(text.contains("  public static final int N15 = 2147483647;\n"), text);
    assertTrue(text.contains("  public static final java.util.List<java.lang.String> NAMES ="
        + " List.of(\"\", \"plain\", "), text);
  }

  /** A member class and its holder: each lists the nesting, and reflection sees it from both sides. */
  @Test
  void aMemberClassAndItsHolderNestAsJavacWritesThem() throws Exception {
    ClassFile holder = new ClassFile("law.Holder", ClassFile.PUBLIC | ClassFile.FINAL);
    holder.memberClass("law.Holder$Member", "law.Holder", "Member",
        ClassFile.PUBLIC | ClassFile.STATIC | ClassFile.FINAL);
    holder.privateConstructor();
    ClassFile member = new ClassFile("law.Holder$Member", ClassFile.PUBLIC | ClassFile.FINAL);
    member.memberClass("law.Holder$Member", "law.Holder", "Member",
        ClassFile.PUBLIC | ClassFile.STATIC | ClassFile.FINAL);
    member.intConstant("ROWS", 64);
    member.privateConstructor();
    Loader loader = new Loader();
    Class<?> outer = loader.define("law.Holder", holder.bytes());
    Class<?> inner = loader.define("law.Holder$Member", member.bytes());
    assertEquals(outer, inner.getDeclaringClass());
    assertEquals(outer, inner.getEnclosingClass());
    assertEquals(List.of(inner), List.of(outer.getDeclaredClasses()));
    assertEquals("Member", inner.getSimpleName());
    assertEquals("law.Holder.Member", inner.getCanonicalName());
    assertEquals(Modifier.PUBLIC | Modifier.STATIC | Modifier.FINAL, inner.getModifiers());
    assertEquals(64, inner.getField("ROWS").getInt(null));
  }

  /**
   * Random expression trees over every operator, compiled into the methods of one class (over 255
   * constants, so {@code ldc_w} too), calling each other: each method, called on random 32-bit
   * arguments, returns {@code (int) evaluate}, and its parameters keep their names.
   */
  @Test
  void methodsCompiledFromRandomTreesComputeWhatTheTreesEvaluateTo() throws Exception {
    SplittableRandom random = new SplittableRandom(2026);
    ClassFile file = new ClassFile("law.Functions", ClassFile.PUBLIC | ClassFile.FINAL);
    List<IndexFunction> functions = new ArrayList<>();
    // The functions a tree may call: those that call none, or only such (so calls nest twice).
    List<String> callable = new ArrayList<>();
    List<String> callsNone = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      List<String> called = new ArrayList<>();
      Expr body = randomTree(random, 4, callable, called);
      if (called.isEmpty()) {
        callsNone.add("f" + i);
        callable.add("f" + i);
      } else if (callsNone.containsAll(called)) {
        callable.add("f" + i);
      }
      functions.add(new IndexFunction("f" + i, PARAMETERS, "a random tree", body));
      Code code = file.code(PARAMETERS.size());
      code.push(body, PARAMETERS).returnInt();
      file.method(ClassFile.PUBLIC | ClassFile.STATIC, "f" + i, "(II)I", PARAMETERS, code);
    }
    byte[] bytes = file.bytes();
    Class<?> type = new Loader().define("law.Functions", bytes);
    for (IndexFunction function : functions) {
      Method method = type.getMethod(function.name(), int.class, int.class);
      Parameter[] parameters = method.getParameters();
      assertTrue(parameters[0].isNamePresent());
      assertEquals(PARAMETERS, List.of(parameters[0].getName(), parameters[1].getName()));
      for (int sample = 0; sample < 40; sample++) {
        int row = sample < 4 ? new int[] {0, 1, -1, Integer.MIN_VALUE}[sample] : random.nextInt();
        int col = sample < 4 ? new int[] {0, -1, 7, Integer.MAX_VALUE}[sample] : random.nextInt();
        long expected = IndexFunction.evaluate(functions, function.name(),
            Integer.toUnsignedLong(row), Integer.toUnsignedLong(col));
        assertEquals((int) expected, (int) method.invoke(null, row, col),
            function.name() + "(" + row + ", " + col + ") = "
                + ExprPrinter.JAVA.withValues().print(function.body()));
      }
    }
    // The reader the golden files use decompiles every method, and finds each max_stack exact.
    String text = ClassFileText.of(bytes);
    assertTrue(text.contains("public static int f299(int row, int col) { return "), text);
  }

  /**
   * The 64-bit law: methods compiled from random 64-bit trees (wide constants of every size, 32-bit
   * trees widened, every operator but division, shifts by 32-bit counts) return as {@code long}
   * what {@link Expr#evaluate} gives; a widened value is zero-extended (a 32-bit value with its top
   * bit set stays positive), as C++ converts a {@code uint32_t}.
   */
  @Test
  void longMethodsCompiledFromRandomWideTreesComputeWhatTheTreesEvaluateTo() throws Exception {
    SplittableRandom random = new SplittableRandom(31);
    ClassFile file = new ClassFile("law.WideFunctions", ClassFile.PUBLIC | ClassFile.FINAL);
    List<IndexFunction> functions = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Expr body = randomWideTree(random, 3);
      functions.add(new IndexFunction("w" + i, PARAMETERS, "a random 64-bit tree", body));
      Code code = file.code(PARAMETERS.size());
      code.push(body, PARAMETERS).returnLong();
      file.method(ClassFile.PUBLIC | ClassFile.STATIC, "w" + i, "(II)J", PARAMETERS, code);
    }
    byte[] bytes = file.bytes();
    Class<?> type = new Loader().define("law.WideFunctions", bytes);
    for (IndexFunction function : functions) {
      assertTrue(function.wide());
      Method method = type.getMethod(function.name(), int.class, int.class);
      assertEquals(long.class, method.getReturnType());
      for (int sample = 0; sample < 40; sample++) {
        int row = sample < 4 ? new int[] {0, 1, -1, Integer.MIN_VALUE}[sample] : random.nextInt();
        int col = sample < 4 ? new int[] {0, -1, 7, Integer.MAX_VALUE}[sample] : random.nextInt();
        long expected = IndexFunction.evaluate(functions, function.name(),
            Integer.toUnsignedLong(row), Integer.toUnsignedLong(col));
        assertEquals(expected, (long) method.invoke(null, row, col),
            function.name() + "(" + row + ", " + col + ") = "
                + ExprPrinter.JAVA.withValues().print(function.body()));
      }
    }
    String text = ClassFileText.of(bytes);
    assertTrue(text.contains("public static long w199(int row, int col) { return "), text);
  }

  /**
   * Comparisons and choices compile without a branch (so with no stack map frame) and give what
   * {@link Expr#evaluate} does, unsigned, at the edges of the range too ({@code 0x80000000} is more
   * than 1, as a {@code uint32_t} is).
   */
  @Test
  void comparisonsAndChoicesAreUnsignedAndBranchFree() throws Exception {
    Expr row = param("row");
    Expr col = param("col");
    List<Expr> bodies = List.of(row.lessThan(col), row.greaterThan(col), row.atLeast(col),
        row.equalTo(col), row.lessThan(col).choose(row, col), row.xor(col).choose(number(1),
            number(2)), row.mod(number(2)).equalTo(number(0)).choose(row, col.minus(row)),
        row.greaterThan(col).choose(row, col).minus(number(1)));
    ClassFile file = new ClassFile("law.Choices", ClassFile.PUBLIC | ClassFile.FINAL);
    List<IndexFunction> functions = new ArrayList<>();
    for (int i = 0; i < bodies.size(); i++) {
      functions.add(new IndexFunction("c" + i, PARAMETERS, "a choice", bodies.get(i)));
      Code code = file.code(PARAMETERS.size());
      code.push(bodies.get(i), PARAMETERS).returnInt();
      file.method(ClassFile.PUBLIC | ClassFile.STATIC, "c" + i, "(II)I", PARAMETERS, code);
    }
    Class<?> type = new Loader().define("law.Choices", file.bytes());
    SplittableRandom random = new SplittableRandom(7);
    int[] edges = {0, 1, 2, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    for (IndexFunction function : functions) {
      Method method = type.getMethod(function.name(), int.class, int.class);
      for (int sample = 0; sample < 200; sample++) {
        int a = sample < 36 ? edges[sample / 6] : random.nextInt();
        int b = sample < 36 ? edges[sample % 6] : sample % 3 == 0 ? a : random.nextInt();
        long expected = IndexFunction.evaluate(functions, function.name(),
            Integer.toUnsignedLong(a), Integer.toUnsignedLong(b));
        assertEquals((int) expected, (int) method.invoke(null, a, b),
            function.name() + "(" + a + ", " + b + ") = " + ExprPrinter.CUDA.print(function.body()));
      }
    }
    assertEquals(1, IndexFunction.evaluate(functions, "c1", 0x8000_0000L, 1));
  }

  private static Expr randomWideTree(SplittableRandom random, int depth) {
    if (depth == 0 || random.nextInt(4) == 0) {
      return random.nextBoolean()
          ? Expr.wideConstant("Wide" + random.nextInt(4), random.nextLong())
          : Expr.widen(randomTree(random, 2, List.of(), new ArrayList<>()));
    }
    Expr.Op[] ops = {Expr.Op.MUL, Expr.Op.ADD, Expr.Op.SUB, Expr.Op.SHL, Expr.Op.SHR,
        Expr.Op.AND, Expr.Op.XOR, Expr.Op.OR};
    Expr.Op op = ops[random.nextInt(ops.length)];
    Expr left = randomWideTree(random, depth - 1);
    Expr right = op.shift() ? number(random.nextInt(64)) : randomWideTree(random, depth - 1);
    return new Expr.Binary(op, left, right);
  }

  /**
   * A random tree of depth at most {@code depth} over the two parameters, numbers of every size
   * (so every instruction that pushes one), named constants and calls of the {@code callable}
   * functions, each added to {@code called}. Its divisions and remainders have a non-zero divisor and
   * both operands below 2^31: the JVM divides signed, {@link Expr#evaluate} unsigned, and the two
   * agree only there (the helpers' offsets are far below it).
   */
  private static Expr randomTree(SplittableRandom random, int depth, List<String> callable,
      List<String> called) {
    if (depth == 0 || random.nextInt(5) == 0) {
      return switch (random.nextInt(6)) {
        case 0 -> param("row");
        case 1 -> param("col");
        case 2 -> number(randomNumber(random));
        case 3 -> mask(randomNumber(random));
        case 4 -> constant("C" + random.nextInt(4), randomNumber(random));
        default -> {
          if (callable.isEmpty() || depth == 0) {
            yield param("col");
          }
          String function = callable.get(random.nextInt(callable.size()));
          called.add(function);
          yield call(function, randomTree(random, depth - 1, callable, called),
              randomTree(random, depth - 1, callable, called));
        }
      };
    }
    Expr left = randomTree(random, depth - 1, callable, called);
    Expr right = randomTree(random, depth - 1, callable, called);
    return switch (random.nextInt(11)) {
      case 0 -> left.times(right);
      case 1 -> belowTwoToThe31(left).div(divisor(random, right));
      case 2 -> belowTwoToThe31(left).mod(divisor(random, right));
      case 3 -> left.plus(right);
      case 4 -> left.minus(right);
      case 5 -> left.shl(random.nextInt(32));
      case 6 -> left.shr(random.nextInt(32));
      // A shift by a computed amount: both the JVM and evaluate take it mod 32.
      case 7 -> new Expr.Binary(random.nextBoolean() ? Expr.Op.SHL : Expr.Op.SHR, left, right);
      case 8 -> left.and(right);
      case 9 -> left.xor(right);
      default -> left.or(right);
    };
  }

  private static Expr belowTwoToThe31(Expr value) {
    return value.and(mask(0x7FFF_FFFFL));
  }

  /** A non-zero divisor below 2^31: a number, or {@code (tree & 0xffff) + 1}. */
  private static Expr divisor(SplittableRandom random, Expr tree) {
    return random.nextBoolean() ? number(1 + random.nextInt(Integer.MAX_VALUE))
        : tree.and(mask(0xFFFF)).plus(number(1));
  }

  /** An unsigned 32-bit number, of each size an instruction pushes: iconst, bipush, sipush, ldc. */
  private static long randomNumber(SplittableRandom random) {
    return switch (random.nextInt(5)) {
      case 0 -> random.nextInt(6);
      case 1 -> random.nextInt(128);
      case 2 -> random.nextInt(32768);
      case 3 -> 0xFFFF_FFFFL - random.nextInt(40000); // -1 and other negative ints
      default -> random.nextLong(1L << 32);
    };
  }
}
