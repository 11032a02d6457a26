package dev.swizzlegen.processor.emit;

import java.util.List;
import java.util.stream.Stream;

/**
 * An unsigned 32-bit index expression, or a 64-bit one ({@link #wide()}: a descriptor), built once
 * and printed in Java and CUDA ({@link ExprPrinter}); the printers decide parentheses, so no node
 * holds any. The widths meet only at a {@link Widen}: an operator's operands have one width (a
 * shift's count is 32 bits), so no printer relies on a language's own conversions, which differ
 * (Java sign-extends). Names are spelled once ({@code "RowStride"}, {@code "atomStart"}) and each
 * printer spells them its way.
 */
public sealed interface Expr {

  /** What a printer or compiler does with each kind of expression ({@link #accept}). */
  interface Visitor<R> {
    R constant(Constant constant);
    R widen(Widen widen);
    R param(Param param);
    R binary(Binary binary);
    R call(Call call);
    R select(Select select);
  }

  /** {@code visitor}'s answer for this kind of expression: the one place the kinds are told apart. */
  <R> R accept(Visitor<R> visitor);

  /**
   * The binary operators, tightest first: C++ and Java agree on their precedence. A comparison is 1
   * where it holds and 0 where not (C++'s {@code bool} as an unsigned value), unsigned.
   */
  enum Op {
    MUL("*", 9, true),
    DIV("/", 9, false),
    MOD("%", 9, false),
    ADD("+", 8, true),
    SUB("-", 8, false),
    SHL("<<", 7, false),
    /** The logical right shift: {@code >>>} in Java, {@code >>} of an unsigned value in CUDA. */
    SHR(">>", 7, false),
    LT("<", 6, false),
    GT(">", 6, false),
    GE(">=", 6, false),
    EQ("==", 5, false),
    AND("&", 4, true),
    XOR("^", 3, true),
    OR("|", 2, true);

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

    /** Whether it compares ({@code < > >= ==}), giving 1 or 0. */
    public boolean comparison() {
      return this == LT || this == GT || this == GE || this == EQ;
    }
  }

  /** The values of a 32-bit unsigned integer. */
  long MASK = 0xFFFF_FFFFL;

  /**
   * A value known when the code is generated: a number ({@code name} empty; a {@code mask} printed
   * in hexadecimal, {@code 0x1c0u} in CUDA) or a named constant of the tile ({@code "RowStride"}),
   * printed by name where the file declares it; {@code wide}, a {@code uint64_t} ({@code long}) one
   * ({@code "WgmmaDescriptor"}).
   */
  record Constant(String name, long value, boolean wide, boolean mask) implements Expr {
    public Constant {
      if (!name.isEmpty() && !camelCase(name, true)) {
        throw new IllegalArgumentException("not an UpperCamelCase name: " + name);
      }
      if (!wide && (value < 0 || value > MASK)) {
        throw new IllegalArgumentException("not an unsigned 32-bit value: " + name + " = " + value);
      }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.constant(this);
    }

    @Override
    public boolean namesConstant() {
      return !name.isEmpty();
    }
  }

  /**
   * A 32-bit value zero-extended to 64 bits: C++'s implicit conversion of a {@code uint32_t},
   * Java's {@code Integer.toUnsignedLong}.
   */
  record Widen(Expr value) implements Expr {
    public Widen {
      if (value.wide()) {
        throw new IllegalArgumentException("already 64 bits: " + value);
      }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.widen(this);
    }

    @Override
    public boolean wide() {
      return true;
    }

    @Override
    public Stream<Expr> operands() {
      return Stream.of(value);
    }
  }

  /** A parameter of the function the expression is the body of, spelled the same in every language. */
  record Param(String name) implements Expr {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.param(this);
    }

    @Override
    public boolean reads(String parameter) {
      return name.equals(parameter);
    }
  }

  /** {@code left op right}; both 32 or both 64 bits wide, but a shift's count, 32 bits. */
  record Binary(Op op, Expr left, Expr right) implements Expr {
    public Binary {
      if (right.wide() && (op.shift() || !left.wide()) || left.wide() != right.wide() && !op.shift()) {
        throw new IllegalArgumentException("operands of different widths: " + left + " " + op.symbol
            + " " + right + " (widen the 32-bit one)");
      }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.binary(this);
    }

    /** {@code this ? ifTrue : ifFalse}, this a comparison. */
    public Expr choose(Expr ifTrue, Expr ifFalse) {
      return new Select(this, ifTrue, ifFalse);
    }

    @Override
    public boolean wide() {
      return left.wide();
    }

    @Override
    public Stream<Expr> operands() {
      return Stream.of(left, right);
    }
  }

  /** A call of another index function ({@code "atomStart"}) of the same tile. */
  record Call(String name, List<Expr> arguments) implements Expr {
    public Call {
      if (!camelCase(name, false)) {
        throw new IllegalArgumentException("not a lowerCamelCase name: " + name);
      }
      arguments = List.copyOf(arguments);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.call(this);
    }

    @Override
    public Stream<Expr> operands() {
      return arguments.stream();
    }
  }

  /** {@code condition ? ifTrue : ifFalse}, the condition a comparison; 32 bits. */
  record Select(Binary condition, Expr ifTrue, Expr ifFalse) implements Expr {
    public Select {
      if (!condition.op().comparison() || condition.wide() || ifTrue.wide() || ifFalse.wide()) {
        throw new IllegalArgumentException("a 64-bit choice, or one on no comparison");
      }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.select(this);
    }

    @Override
    public Stream<Expr> operands() {
      return Stream.of(condition, ifTrue, ifFalse);
    }
  }

  /** Whether {@code name} is an ASCII letter (a capital, or not), then ASCII letters and digits. */
  private static boolean camelCase(String name, boolean capital) {
    return !name.isEmpty() && Character.isLetter(name.charAt(0))
        && Character.isUpperCase(name.charAt(0)) == capital
        && name.chars().allMatch(c -> c < 128 && Character.isLetterOrDigit(c));
  }

  /** Whether the value is 64 bits wide; index functions and their calls are 32 bits. */
  default boolean wide() {
    return false;
  }

  /** The expressions this one is made of, in order. */
  default Stream<Expr> operands() {
    return Stream.empty();
  }

  default boolean reads(String parameter) {
    return operands().anyMatch(operand -> operand.reads(parameter));
  }

  /** Whether the expression names a constant of the tile ({@link Constant}). */
  default boolean namesConstant() {
    return operands().anyMatch(Expr::namesConstant);
  }

  static Constant wideConstant(String name, long value) {
    return new Constant(name, value, true, false);
  }

  static Widen widen(Expr value) {
    return new Widen(value);
  }

  static Constant number(long value) {
    return new Constant("", value, false, false);
  }

  static Constant mask(long value) {
    return new Constant("", value, false, true);
  }

  static Constant constant(String name, long value) {
    return new Constant(name, value, false, false);
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

  default Binary lessThan(Expr right) {
    return new Binary(Op.LT, this, right);
  }

  default Binary greaterThan(Expr right) {
    return new Binary(Op.GT, this, right);
  }

  default Binary atLeast(Expr right) {
    return new Binary(Op.GE, this, right);
  }

  default Binary equalTo(Expr right) {
    return new Binary(Op.EQ, this, right);
  }
}
