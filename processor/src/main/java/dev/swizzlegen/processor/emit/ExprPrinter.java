package dev.swizzlegen.processor.emit;

import dev.swizzlegen.processor.emit.Expr.Binary;
import dev.swizzlegen.processor.emit.Expr.Call;
import dev.swizzlegen.processor.emit.Expr.Constant;
import dev.swizzlegen.processor.emit.Expr.Literal;
import dev.swizzlegen.processor.emit.Expr.Op;
import dev.swizzlegen.processor.emit.Expr.Param;
import dev.swizzlegen.processor.emit.Expr.Widen;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Prints an {@link Expr} in Java or CUDA C++. Parentheses come from precedence (Java and C++ agree on
 * these operators) plus three rules for the reader, which also keep gcc's {@code -Wparentheses} quiet:
 * an operand of {@code & ^ |} that is another operator is parenthesized ({@code offset ^ ((offset &
 * 0x1c0u) >> 3)}); so is any operator under a shift ({@code (row >> 1) & 0x3u}); and a quotient or
 * remainder under another multiplicative operator ({@code (col / kAtomCols) * kAtomElements},
 * {@code (offset % kStageElements) / kRowStride}), where integer division's truncation matters.
 *
 * <p>A comparison prints as CUDA's {@code strip < grid_x / tile_size} and, unsigned as the
 * {@code uint32_t} one, as Java's {@code Integer.compareUnsigned(strip, gridX / tileSize) < 0}
 * ({@code ==} as it is); a choice ({@link Expr.Select}) as {@code c ? a : b}, parenthesized wherever
 * it is an operand. Java spells a parameter in its own case ({@code grid_x} is {@code gridX}).
 *
 * <p>A 64-bit expression prints the same way: a wide constant is a {@code uint64_t} ({@code long}) by
 * its declaration, and a {@link Widen} is C++'s implicit conversion of a {@code uint32_t} (no text, so
 * {@code kWgmmaDescriptor | (... >> 4)}) and Java's {@code Integer.toUnsignedLong(...)}.
 */
public final class ExprPrinter {
  /** Java: {@code ROW_STRIDE}, {@code atomStart}, {@code >>>}, {@code 0x1c0}. */
  public static final ExprPrinter JAVA = new ExprPrinter(false, false);

  /** CUDA C++ on {@code uint32_t}: {@code kRowStride}, {@code atom_start}, {@code >>}, {@code 0x1c0u}. */
  public static final ExprPrinter CUDA = new ExprPrinter(true, false);

  private final boolean cuda;
  private final boolean values;
  /** The constants printed by name where {@link #values}; null: none. */
  private final Set<String> named;

  private ExprPrinter(boolean cuda, boolean values) {
    this(cuda, values, null);
  }

  private ExprPrinter(boolean cuda, boolean values, Set<String> named) {
    this.cuda = cuda;
    this.values = values;
    this.named = named;
  }

  /**
   * Java that names only the constants in {@code declared} ({@code "RowStride"}) and prints every
   * other as its value: the body of a class that declares those.
   */
  public static ExprPrinter java(Set<String> declared) {
    return new ExprPrinter(false, true, Set.copyOf(declared));
  }

  /** A parameter's or a local's name: {@code grid_x} in CUDA, {@code gridX} in Java. */
  public String variable(String name) {
    return cuda ? name : javaName(name);
  }

  /** {@code camelCase} of a header's {@code snake_case} name; a name without {@code _} as it is. */
  public static String javaName(String name) {
    if (name.indexOf('_') < 0) {
      return name;
    }
    StringBuilder out = new StringBuilder(name.length());
    boolean upper = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_') {
        upper = out.length() > 0;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.toString();
  }

  /** An operator's symbol: Java's logical shift is {@code >>>}. */
  public String symbol(Op op) {
    return op == Op.SHR && !cuda ? ">>>" : op.symbol;
  }

  /**
   * The same language with every constant printed as its value, and masks without the {@code u}
   * suffix: the formula a comment shows ({@code (row % 8) * 64}).
   */
  public ExprPrinter withValues() {
    return new ExprPrinter(cuda, true);
  }

  /** Whether this prints CUDA C++. */
  public boolean cuda() {
    return cuda;
  }

  /** {@code expression} as source text. */
  public String print(Expr expression) {
    StringBuilder out = new StringBuilder();
    print(out, expression);
    return out.toString();
  }

  /** A constant's name: {@code kAtomCols} in CUDA, {@code ATOM_COLS} in Java, from {@code "AtomCols"}. */
  public String constant(String name) {
    return cuda ? "k" + name : snake(name).toUpperCase(Locale.ROOT);
  }

  /** A function's name: {@code atom_start} in CUDA, {@code atomStart} in Java, from {@code "atomStart"}. */
  public String function(String name) {
    return cuda ? snake(name).toLowerCase(Locale.ROOT) : name;
  }

  /** {@code name} with an underscore before each capital that follows a small letter or a digit. */
  private static String snake(String name) {
    StringBuilder out = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (i > 0 && c >= 'A' && c <= 'Z') {
        char before = name.charAt(i - 1);
        if (before >= 'a' && before <= 'z' || before >= '0' && before <= '9') {
          out.append('_');
        }
      }
      out.append(c);
    }
    return out.toString();
  }

  /**
   * {@code binary}'s left operand, its operator and its right operand, each as {@link #print} prints
   * them within it (parenthesized where it would): where a long line breaks.
   */
  public List<String> operands(Binary binary) {
    StringBuilder left = new StringBuilder();
    operand(left, binary.op(), binary.left(), false);
    StringBuilder right = new StringBuilder();
    operand(right, binary.op(), binary.right(), true);
    return List.of(left.toString(), symbol(binary.op()), right.toString());
  }

  private void print(StringBuilder out, Expr expression) {
    if (expression instanceof Literal literal) {
      if (literal.mask() || !cuda && literal.value() > Integer.MAX_VALUE) {
        out.append("0x").append(Long.toHexString(literal.value())).append(cuda && !values ? "u" : "");
      } else {
        out.append(literal.value());
      }
    } else if (expression instanceof Constant constant) {
      if (!values || named != null && named.contains(constant.name())) {
        out.append(constant(constant.name()));
      } else if (constant.wide()) {
        out.append("0x").append(Long.toHexString(constant.value())).append(cuda ? "ull" : "L");
      } else if (!cuda && constant.value() > Integer.MAX_VALUE) {
        out.append("0x").append(Long.toHexString(constant.value()));
      } else {
        out.append(constant.value());
      }
    } else if (expression instanceof Expr.Select select) {
      operand(out, null, select.condition(), false);
      out.append(" ? ");
      operand(out, null, select.ifTrue(), false);
      out.append(" : ");
      operand(out, null, select.ifFalse(), false);
    } else if (expression instanceof Widen widen) {
      if (cuda) {
        print(out, widen.value());
      } else {
        out.append("Integer.toUnsignedLong(");
        print(out, widen.value());
        out.append(')');
      }
    } else if (expression instanceof Param param) {
      out.append(variable(param.name()));
    } else if (expression instanceof Call call) {
      out.append(function(call.name())).append('(');
      for (int i = 0; i < call.arguments().size(); i++) {
        out.append(i == 0 ? "" : ", ");
        print(out, call.arguments().get(i));
      }
      out.append(')');
    } else if (!cuda && expression instanceof Binary binary && binary.op().comparison()
        && binary.op() != Op.EQ) {
      // Unsigned, as uint32_t's: Integer.compareUnsigned(a, b) < 0.
      out.append("Integer.compareUnsigned(");
      print(out, binary.left());
      out.append(", ");
      print(out, binary.right());
      out.append(") ").append(binary.op().symbol).append(" 0");
    } else {
      Binary binary = (Binary) expression;
      operand(out, binary.op(), binary.left(), false);
      out.append(' ').append(symbol(binary.op())).append(' ');
      operand(out, binary.op(), binary.right(), true);
    }
  }

  private void operand(StringBuilder out, Op parent, Expr operand, boolean right) {
    // CUDA's widening has no text: the value it widens is the operand the reader sees.
    Expr shown = cuda && operand instanceof Widen widen ? widen.value() : operand;
    // A choice is parenthesized wherever it is an operand; within a choice (parent null), only
    // another choice is.
    boolean parenthesized = shown instanceof Expr.Select
        || parent != null && shown instanceof Binary child
            && needsParentheses(parent, child.op(), right);
    out.append(parenthesized ? "(" : "");
    print(out, operand);
    out.append(parenthesized ? ")" : "");
  }

  /** Whether an operand {@code child} of {@code parent} is printed in parentheses. */
  static boolean needsParentheses(Op parent, Op child, boolean right) {
    if (child.precedence != parent.precedence) {
      return child.precedence < parent.precedence || parent.bitwise() || parent.shift();
    }
    if (right) {
      // Left-associative operators: a right operand of the same precedence is grouped, unless it is
      // the same associative operator (a + (b + c) is a + b + c).
      return child != parent || !parent.associative;
    }
    // Left operands of the same precedence group by themselves; a quotient or remainder under
    // another of *, / and % is shown: (a / b) * c, (a % b) / c, (a / b) % c; a / b / c is not.
    return (child == Op.DIV || child == Op.MOD) && child != parent;
  }
}
