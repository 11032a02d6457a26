package dev.swizzlegen.processor.emit;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * An unsigned 32-bit index expression: what a generated index function returns, built once and printed
 * in Java ({@link ExprPrinter#JAVA}) and CUDA ({@link ExprPrinter#CUDA}). Immutable; the printers
 * decide parentheses from precedence, so no node holds any.
 *
 * <p>Names are spelled once, language-neutrally, and each printer spells them its way: a constant
 * {@code "RowStride"} is {@code ROW_STRIDE} in Java and {@code kRowStride} in CUDA; a function
 * {@code "atomStart"} is {@code atomStart} in Java and {@code atom_start} in CUDA.
 */
public sealed interface Expr {

  /** The binary operators, tightest first: C++ and Java agree on their precedence. */
  enum Op {
    MUL("*", 5, true),
    DIV("/", 5, false),
    MOD("%", 5, false),
    ADD("+", 4, true),
    SUB("-", 4, false),
    SHL("<<", 3, false),
    /** The logical right shift: {@code >>>} in Java, {@code >>} of an unsigned value in CUDA. */
    SHR(">>", 3, false),
    AND("&", 2, true),
    XOR("^", 1, true),
    OR("|", 0, true);

    final String symbol;
    final int precedence;
    final boolean associative;

    Op(String symbol, int precedence, boolean associative) {
      this.symbol = symbol;
      this.precedence = precedence;
      this.associative = associative;
    }

    boolean bitwise() {
      return this == AND || this == XOR || this == OR;
    }

    boolean shift() {
      return this == SHL || this == SHR;
    }

    /** {@code left op right} in unsigned 32-bit arithmetic (shift counts taken mod 32, as Java). */
    long apply(long left, long right) {
      long value = switch (this) {
        case MUL -> left * right;
        case DIV -> left / right;
        case MOD -> left % right;
        case ADD -> left + right;
        case SUB -> left - right;
        case SHL -> left << (right & 31);
        case SHR -> left >>> (right & 31);
        case AND -> left & right;
        case XOR -> left ^ right;
        case OR -> left | right;
      };
      return value & MASK;
    }
  }

  /** The values of a 32-bit unsigned integer. */
  long MASK = 0xFFFF_FFFFL;

  /**
   * A number. A {@code mask} is printed in hexadecimal, unsigned in CUDA ({@code 0x1c0u}); any other
   * number in decimal.
   */
  record Literal(long value, boolean mask) implements Expr {
    public Literal {
      if (value < 0 || value > MASK) {
        throw new IllegalArgumentException("not an unsigned 32-bit value: " + value);
      }
    }
  }

  /** A named constant of the tile ({@code "RowStride"}), and its value, for evaluation and comments. */
  record Constant(String name, long value) implements Expr {
    public Constant {
      if (!camelCase(name, true)) {
        throw new IllegalArgumentException("not an UpperCamelCase name: " + name);
      }
    }
  }

  /** A parameter of the function the expression is the body of, spelled the same in every language. */
  record Param(String name) implements Expr {}

  /** {@code left op right}. */
  record Binary(Op op, Expr left, Expr right) implements Expr {}

  /** A call of another index function ({@code "atomStart"}) of the same tile. */
  record Call(String name, List<Expr> arguments) implements Expr {
    public Call {
      if (!camelCase(name, false)) {
        throw new IllegalArgumentException("not a lowerCamelCase name: " + name);
      }
      arguments = List.copyOf(arguments);
    }
  }

  /** Whether {@code name} is a letter (a capital, or not) then letters and digits, all ASCII. */
  private static boolean camelCase(String name, boolean capital) {
    if (name.isEmpty()) {
      return false;
    }
    char first = name.charAt(0);
    if (capital ? first < 'A' || first > 'Z' : first < 'a' || first > 'z') {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  static Literal number(long value) {
    return new Literal(value, false);
  }

  static Literal mask(long value) {
    return new Literal(value, true);
  }

  static Constant constant(String name, long value) {
    return new Constant(name, value);
  }

  static Param param(String name) {
    return new Param(name);
  }

  static Call call(String name, Expr... arguments) {
    return new Call(name, List.of(arguments));
  }

  default Expr times(Expr right) {
    return new Binary(Op.MUL, this, right);
  }

  default Expr div(Expr right) {
    return new Binary(Op.DIV, this, right);
  }

  default Expr mod(Expr right) {
    return new Binary(Op.MOD, this, right);
  }

  default Expr plus(Expr right) {
    return new Binary(Op.ADD, this, right);
  }

  default Expr minus(Expr right) {
    return new Binary(Op.SUB, this, right);
  }

  /** {@code this << bits}; {@code this} itself for a shift of 0. */
  default Expr shl(int bits) {
    return bits == 0 ? this : new Binary(Op.SHL, this, number(bits));
  }

  /** {@code this >> bits}; {@code this} itself for a shift of 0. */
  default Expr shr(int bits) {
    return bits == 0 ? this : new Binary(Op.SHR, this, number(bits));
  }

  default Expr and(Expr right) {
    return new Binary(Op.AND, this, right);
  }

  default Expr xor(Expr right) {
    return new Binary(Op.XOR, this, right);
  }

  default Expr or(Expr right) {
    return new Binary(Op.OR, this, right);
  }

  /**
   * The expression's value in unsigned 32-bit arithmetic, its parameters bound by {@code params} and
   * its calls answered by {@code calls} (the function's name and its arguments' values).
   */
  default long evaluate(Map<String, Long> params, BiFunction<String, List<Long>, Long> calls) {
    if (this instanceof Literal literal) {
      return literal.value();
    } else if (this instanceof Constant constant) {
      return constant.value() & MASK;
    } else if (this instanceof Param param) {
      Long value = params.get(param.name());
      if (value == null) {
        throw new IllegalArgumentException("unbound parameter " + param.name());
      }
      return value & MASK;
    } else if (this instanceof Binary binary) {
      return binary.op().apply(binary.left().evaluate(params, calls),
          binary.right().evaluate(params, calls));
    }
    Call call = (Call) this;
    return calls.apply(call.name(),
        call.arguments().stream().map(a -> a.evaluate(params, calls)).toList()) & MASK;
  }
}
