package dev.swizzlegen.processor.emit;

import dev.swizzlegen.processor.emit.Expr.Binary;
import dev.swizzlegen.processor.emit.Expr.Call;
import dev.swizzlegen.processor.emit.Expr.Constant;
import dev.swizzlegen.processor.emit.Expr.Op;
import dev.swizzlegen.processor.emit.Expr.Param;
import dev.swizzlegen.processor.emit.Expr.Widen;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Prints an {@link Expr} in Java or CUDA C++. Parentheses come from precedence (Java and C++ agree on
 * these operators) plus three rules for the reader, which also keep gcc's {@code -Wparentheses} quiet:
 * an operator under {@code & ^ |} or under a shift is parenthesized ({@code offset ^ ((offset &
 * 0x1c0u) >> 3)}, {@code (row >> 1) & 0x3u}), and so is a quotient or remainder under another
 * multiplicative operator ({@code (col / kAtomCols) * kAtomElements}), whose truncation matters.
 * Java compares unsigned as {@code uint32_t} does ({@code Integer.compareUnsigned(a, b) < 0}) and
 * widens with {@code Integer.toUnsignedLong(...)}, where C++'s conversion prints nothing.
 *
 * @param named the constants printed by name (as printed), every other as its value; null: all
 */
public record ExprPrinter(boolean cuda, Set<String> named) {
  /** Java: {@code ROW_STRIDE}, {@code atomStart}, {@code >>>}, {@code 0x1c0}. */
  public static final ExprPrinter JAVA = new ExprPrinter(false, null);

  /** CUDA C++ on {@code uint32_t}: {@code kRowStride}, {@code atom_start}, {@code >>}, {@code 0x1c0u}. */
  public static final ExprPrinter CUDA = new ExprPrinter(true, null);

  /** Java naming only the {@code declared} constants ({@code ROW_STRIDE}), printing the others. */
  public static ExprPrinter java(Set<String> declared) {
    return new ExprPrinter(false, Set.copyOf(declared));
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
    return new ExprPrinter(cuda, Set.of());
  }

  public String print(Expr expression) {
    return expression.accept(new Text()).text();
  }

  /** A constant's name: {@code kAtomCols} in CUDA, {@code ATOM_COLS} in Java, from {@code "AtomCols"}. */
  public String constant(String name) {
    return cuda ? "k" + name : snake(name).toUpperCase(Locale.ROOT);
  }

  /** A function's name: {@code atom_start} in CUDA, {@code atomStart} in Java, from {@code "atomStart"}. */
  public String function(String name) {
    return cuda ? snake(name).toLowerCase(Locale.ROOT) : name;
  }

  /**
   * {@code name} with an underscore before each capital that follows a small letter or a digit (a
   * hand loop: a regular expression costs ten times as much, and every printed name passes here).
   */
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
   * An operator's left operand, symbol and right operand as {@link #print} prints them within it,
   * where a long line breaks; empty for any other expression.
   */
  public List<String> operands(Expr expression) {
    return expression.accept(new Text()).operands();
  }

  /** An expression's text, and its operator (or none) or whether it is a choice, for its parent. */
  private record Printed(String text, Op op, boolean choice, List<String> operands) {
    Printed(String text) {
      this(text, null, false, List.of());
    }

    /** The text as an operand of {@code parent} (null: of a choice), on its {@code right} or not. */
    String within(Op parent, boolean right) {
      boolean parenthesized = choice || parent != null && op != null
          && needsParentheses(parent, op, right);
      return parenthesized ? "(" + text + ")" : text;
    }
  }

  /** Prints each kind of expression, its operands first. */
  private final class Text implements Expr.Visitor<Printed> {
    @Override
    public Printed constant(Constant constant) {
      String name = ExprPrinter.this.constant(constant.name());
      if (constant.namesConstant() && (named == null || named.contains(name))) {
        return new Printed(name);
      }
      return new Printed(constant.wide() ? "0x" + Long.toHexString(constant.value())
          + (cuda ? "ull" : "L") : number(constant.value(), constant.mask())
          + (constant.mask() && cuda && named == null ? "u" : ""));
    }

    @Override
    public Printed widen(Widen widen) {
      // CUDA's widening has no text: the value it widens is the operand the reader sees.
      Printed value = widen.value().accept(this);
      return cuda ? value : new Printed("Integer.toUnsignedLong(" + value.text() + ")");
    }

    @Override
    public Printed param(Param param) {
      return new Printed(variable(param.name()));
    }

    @Override
    public Printed call(Call call) {
      return new Printed(function(call.name()) + "(" + String.join(", ",
          call.arguments().stream().map(argument -> argument.accept(this).text()).toList()) + ")");
    }

    @Override
    public Printed select(Expr.Select select) {
      // Within a choice only another choice is parenthesized; a choice is wherever it is an operand.
      return new Printed(select.condition().accept(this).within(null, false) + " ? "
          + select.ifTrue().accept(this).within(null, false) + " : "
          + select.ifFalse().accept(this).within(null, false), null, true, List.of());
    }

    @Override
    public Printed binary(Binary binary) {
      Op op = binary.op();
      if (!cuda && op.comparison() && op != Op.EQ) {
        // Unsigned, as uint32_t's: Integer.compareUnsigned(a, b) < 0.
        return new Printed("Integer.compareUnsigned(" + binary.left().accept(this).text() + ", "
            + binary.right().accept(this).text() + ") " + op.symbol + " 0", op, false, List.of());
      }
      List<String> operands = List.of(binary.left().accept(this).within(op, false), symbol(op),
          binary.right().accept(this).within(op, true));
      return new Printed(String.join(" ", operands), op, false, operands);
    }
  }


  /** A value in decimal, or hexadecimal where asked or where Java's {@code int} is negative. */
  private String number(long value, boolean hex) {
    return hex || !cuda && value > Integer.MAX_VALUE ? "0x" + Long.toHexString(value)
        : Long.toString(value);
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
