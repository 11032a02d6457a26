package dev.swizzlegen.processor.emit;

import dev.swizzlegen.processor.emit.Expr.Binary;
import dev.swizzlegen.processor.emit.Expr.Call;
import dev.swizzlegen.processor.emit.Expr.Constant;
import dev.swizzlegen.processor.emit.Expr.Literal;
import dev.swizzlegen.processor.emit.Expr.Op;
import dev.swizzlegen.processor.emit.Expr.Param;
import java.util.Locale;

/**
 * Prints an {@link Expr} in Java or CUDA C++. Parentheses come from precedence (Java and C++ agree on
 * these operators) plus three rules for the reader, which also keep gcc's {@code -Wparentheses} quiet:
 * an operand of {@code & ^ |} that is another operator is parenthesized ({@code offset ^ ((offset &
 * 0x1c0u) >> 3)}); so is any operator under a shift ({@code (row >> 1) & 0x3u}); and a quotient or
 * remainder under another multiplicative operator ({@code (col / kAtomCols) * kAtomElements},
 * {@code (offset % kStageElements) / kRowStride}), where integer division's truncation matters.
 */
public final class ExprPrinter {
  /** Java: {@code ROW_STRIDE}, {@code atomStart}, {@code >>>}, {@code 0x1c0}. */
  public static final ExprPrinter JAVA = new ExprPrinter(false, false);

  /** CUDA C++ on {@code uint32_t}: {@code kRowStride}, {@code atom_start}, {@code >>}, {@code 0x1c0u}. */
  public static final ExprPrinter CUDA = new ExprPrinter(true, false);

  private final boolean cuda;
  private final boolean values;

  private ExprPrinter(boolean cuda, boolean values) {
    this.cuda = cuda;
    this.values = values;
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

  private void print(StringBuilder out, Expr expression) {
    if (expression instanceof Literal literal) {
      if (literal.mask()) {
        out.append("0x").append(Long.toHexString(literal.value())).append(cuda && !values ? "u" : "");
      } else {
        out.append(literal.value());
      }
    } else if (expression instanceof Constant constant) {
      out.append(values ? String.valueOf(constant.value()) : constant(constant.name()));
    } else if (expression instanceof Param param) {
      out.append(param.name());
    } else if (expression instanceof Call call) {
      out.append(function(call.name())).append('(');
      for (int i = 0; i < call.arguments().size(); i++) {
        out.append(i == 0 ? "" : ", ");
        print(out, call.arguments().get(i));
      }
      out.append(')');
    } else {
      Binary binary = (Binary) expression;
      operand(out, binary.op(), binary.left(), false);
      out.append(' ').append(binary.op() == Op.SHR && !cuda ? ">>>" : binary.op().symbol).append(' ');
      operand(out, binary.op(), binary.right(), true);
    }
  }

  private void operand(StringBuilder out, Op parent, Expr operand, boolean right) {
    boolean parenthesized = operand instanceof Binary child && needsParentheses(parent, child.op(), right);
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
