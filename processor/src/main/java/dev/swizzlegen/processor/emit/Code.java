package dev.swizzlegen.processor.emit;

import dev.swizzlegen.processor.emit.Expr.Binary;
import dev.swizzlegen.processor.emit.Expr.Call;
import dev.swizzlegen.processor.emit.Expr.Constant;
import dev.swizzlegen.processor.emit.Expr.Literal;
import dev.swizzlegen.processor.emit.Expr.Param;
import dev.swizzlegen.processor.emit.Expr.Widen;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A method's straight-line bytecode, with the operand stack's depth followed as it is written, so
 * that the method's {@code max_stack} is exact (in slots: a {@code long} takes two). Only what the
 * helpers need: constants, locals, {@code int} arithmetic and the {@code long} arithmetic of
 * descriptors, static fields, calls, arrays of references.
 */
public final class Code {
  static final int ICONST_0 = 0x03;
  static final int BIPUSH = 0x10;
  static final int SIPUSH = 0x11;
  static final int LDC = 0x12;
  static final int LDC_W = 0x13;
  static final int LDC2_W = 0x14;
  static final int ILOAD = 0x15;
  static final int ALOAD_0 = 0x2a;
  static final int AASTORE = 0x53;
  static final int DUP = 0x59;
  static final int IRETURN = 0xac;
  static final int INEG = 0x74;
  static final int IAND = 0x7e;
  static final int IOR = 0x80;
  static final int IXOR = 0x82;
  static final int IUSHR = 0x7c;
  static final int ISTORE = 0x36;
  static final int NEW = 0xbb;
  static final int LRETURN = 0xad;
  static final int ARETURN = 0xb0;
  static final int RETURN = 0xb1;
  static final int GETSTATIC = 0xb2;
  static final int PUTSTATIC = 0xb3;
  static final int INVOKEVIRTUAL = 0xb6;
  static final int INVOKESPECIAL = 0xb7;
  static final int INVOKESTATIC = 0xb8;
  static final int ANEWARRAY = 0xbd;
  static final int IFEQ = 0x99;
  static final int GOTO = 0xa7;
  /** A StackMapTable frame that lists its locals: {@code full_frame}. */
  private static final int FULL_FRAME = 255;
  /** A verification type: an {@code int} local. */
  private static final int ITEM_INTEGER = 1;

  /**
   * A place in the code that branches jump to: bound once, where the operand stack is empty and
   * the first {@code intLocals} locals hold {@code int}s (the frame the verifier checks there).
   */
  public static final class Label {
    private int position = -1;
    private int intLocals;
  }

  /** Each branch's operand, to be filled with its label's offset: its opcode's position, its label. */
  private final List<Integer> branchAt = new ArrayList<>();
  private final List<Label> branchTo = new ArrayList<>();
  /** The labels bound, in the order of their positions: the StackMapTable's frames. */
  private final List<Label> frames = new ArrayList<>();

  private final ClassFile owner;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
  private final int locals;
  private int depth;
  private int maxDepth;

  Code(ClassFile owner, int locals) {
    this.owner = owner;
    this.locals = locals;
  }

  /** Pushes an {@code int} constant, in the shortest instruction that holds it. */
  public Code push(int value) {
    if (value >= -1 && value <= 5) {
      op(ICONST_0 + value, 1);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      op(BIPUSH, 1);
      bytes.write(value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      op(SIPUSH, 1);
      u2(value);
    } else {
      constant(owner.pool().integer(value));
    }
    return this;
  }

  /** Pushes a string constant. */
  public Code push(String value) {
    return constant(owner.pool().string(value));
  }

  private Code constant(int index) {
    if (index <= 0xFF) {
      op(LDC, 1);
      bytes.write(index);
    } else {
      op(LDC_W, 1);
      u2(index);
    }
    return this;
  }

  /** Pushes {@code int} local {@code slot}. */
  public Code loadInt(int slot) {
    return local(ILOAD, 0x1a, slot);
  }

  /** Pops an {@code int} into local {@code slot}. */
  public Code storeInt(int slot) {
    if (slot <= 3) {
      return op(0x3b + slot, -1);
    }
    op(ISTORE, -1);
    bytes.write(slot);
    return this;
  }

  /** {@code new} of {@code internalName}, then {@code dup}: the receiver and the result of a constructor. */
  public Code newObject(String internalName) {
    op(NEW, 1);
    u2(owner.pool().type(internalName));
    return op(DUP, 1);
  }

  /** {@code invokespecial} of {@code owner.name}: a constructor. */
  public Code invokeSpecial(String ownerInternalName, String name, String descriptor,
      int stackChange) {
    return invoke(INVOKESPECIAL, ownerInternalName, name, descriptor, false, stackChange);
  }

  /** Pushes reference local {@code slot}. */
  public Code loadReference(int slot) {
    return local(0x19, ALOAD_0, slot);
  }

  private Code local(int general, int zero, int slot) {
    if (slot <= 3) {
      op(zero + slot, 1);
    } else {
      op(general, 1);
      bytes.write(slot);
    }
    return this;
  }

  /** {@code getstatic} ({@code put} false) or {@code putstatic} of {@code owner.name}. */
  public Code staticField(boolean put, String ownerInternalName, String name, String descriptor) {
    op(put ? PUTSTATIC : GETSTATIC, put ? -1 : 1);
    u2(owner.pool().member(9, ownerInternalName, name, descriptor));
    return this;
  }

  /**
   * A call of the instance method {@code owner.name} of a class, changing the stack's depth by
   * {@code stackChange} (the result pushed, the arguments and receiver popped).
   */
  public Code invokeVirtual(String ownerInternalName, String name, String descriptor,
      int stackChange) {
    return invoke(INVOKEVIRTUAL, ownerInternalName, name, descriptor, false, stackChange);
  }

  /**
   * A call ({@link #INVOKESTATIC}, {@link #INVOKEVIRTUAL}, {@link #INVOKESPECIAL}) of
   * {@code owner.name} that changes the stack's depth by {@code stackChange} (the result pushed, the
   * arguments and receiver popped).
   */
  Code invoke(int opcode, String ownerInternalName, String name, String descriptor,
      boolean ownerIsInterface, int stackChange) {
    op(opcode, stackChange);
    u2(owner.pool().member(ownerIsInterface ? 11 : 10, ownerInternalName, name, descriptor));
    return this;
  }

  /** A static call of {@code owner.name}, a class's ({@code ownerIsInterface} false) or an interface's. */
  public Code invokeStatic(String ownerInternalName, String name, String descriptor,
      boolean ownerIsInterface, int stackChange) {
    return invoke(INVOKESTATIC, ownerInternalName, name, descriptor, ownerIsInterface, stackChange);
  }

  /** {@code anewarray}: an array of the count on the stack, of references to {@code element}. */
  public Code newArray(String elementInternalName) {
    op(ANEWARRAY, 0);
    u2(owner.pool().type(elementInternalName));
    return this;
  }

  /** {@code dup}. */
  public Code duplicate() {
    return op(DUP, 1);
  }

  /** {@code aastore}: array, index, value popped. */
  public Code storeElement() {
    return op(AASTORE, -3);
  }

  /** {@code ireturn}. */
  public Code returnInt() {
    return op(IRETURN, -1);
  }

  /** {@code lreturn}. */
  public Code returnLong() {
    return op(LRETURN, -2);
  }

  /** Pushes a {@code long} constant ({@code ldc2_w}; two stack slots). */
  public Code push(long value) {
    op(LDC2_W, 2);
    u2(owner.pool().longInteger(value));
    return this;
  }

  /** {@code areturn}. */
  public Code returnReference() {
    return op(ARETURN, -1);
  }

  /**
   * Pushes {@code expression}'s value, as javac compiles the Java that {@link ExprPrinter#JAVA} prints
   * of it: constants, and operators on constants, folded to their values (JLS 15.29, in {@code int}
   * arithmetic), {@code >>} a logical shift ({@code iushr}), division and
   * remainder signed ({@code idiv}, {@code irem}); a parameter is the local of its place in
   * {@code parameters}, a call one of the class's own static {@code int} methods. A 64-bit
   * expression is {@code long} arithmetic ({@code lor}, {@code lushr}, ...), its wide constants
   * {@code ldc2_w}, a {@link Widen} {@code Integer.toUnsignedLong}.
   */
  public Code push(Expr expression, List<String> parameters) {
    if (expression.wide()) {
      return pushWide(expression, parameters);
    }
    OptionalInt folded = constantValue(expression);
    if (folded.isPresent()) {
      return push(folded.getAsInt());
    }
    if (expression instanceof Literal literal) {
      return push((int) literal.value());
    } else if (expression instanceof Constant constant) {
      return push((int) constant.value());
    } else if (expression instanceof Param param) {
      int slot = parameters.indexOf(param.name());
      if (slot < 0) {
        throw new IllegalArgumentException("unbound parameter " + param.name());
      }
      return loadInt(slot);
    } else if (expression instanceof Call call) {
      for (Expr argument : call.arguments()) {
        push(argument, parameters);
      }
      int arity = call.arguments().size();
      return invokeStatic(owner.internalName(), call.name(), "(" + "I".repeat(arity) + ")I", false,
          1 - arity);
    }
    if (expression instanceof Expr.Select select) {
      // Branch-free, so the method needs no stack map frames: b ^ ((a ^ b) & -c), c 0 or 1.
      push(select.ifFalse(), parameters);
      push(select.ifTrue(), parameters);
      push(select.ifFalse(), parameters);
      op(IXOR, -1);
      pushTruth(select.condition(), parameters);
      op(INEG, 0);
      op(IAND, -1);
      return op(IXOR, -1);
    }
    Binary binary = (Binary) expression;
    if (binary.op().comparison()) {
      return pushComparison(binary, parameters);
    }
    push(binary.left(), parameters);
    push(binary.right(), parameters);
    int opcode = switch (binary.op()) {
      case LT, GT, GE, EQ -> throw new AssertionError(binary.op());
      case MUL -> 0x68;
      case DIV -> 0x6c;
      case MOD -> 0x70;
      case ADD -> 0x60;
      case SUB -> 0x64;
      case SHL -> 0x78;
      case SHR -> 0x7c;
      case AND -> 0x7e;
      case XOR -> 0x82;
      case OR -> 0x80;
    };
    return op(opcode, -1);
  }

  private Code pushWide(Expr expression, List<String> parameters) {
    if (expression instanceof Constant constant) {
      return push(constant.value());
    } else if (expression instanceof Widen widen) {
      push(widen.value(), parameters);
      // One int slot in, a long's two out.
      return invokeStatic("java/lang/Integer", "toUnsignedLong", "(I)J", false, 1);
    } else if (!(expression instanceof Binary)) {
      throw new IllegalArgumentException("not a 64-bit expression: " + expression);
    }
    Binary binary = (Binary) expression;
    if (binary.op() == Expr.Op.DIV || binary.op() == Expr.Op.MOD) {
      // ldiv and lrem are signed: Java's unsigned ones are calls, which no generated body needs yet.
      throw new UnsupportedOperationException("64-bit division is not generated");
    }
    push(binary.left(), parameters);
    push(binary.right(), parameters);
    int opcode = switch (binary.op()) {
      case LT, GT, GE, EQ -> throw new UnsupportedOperationException("64-bit comparisons");
      case MUL -> 0x69;
      case DIV -> 0x6d;
      case MOD -> 0x71;
      case ADD -> 0x61;
      case SUB -> 0x65;
      case SHL -> 0x79;
      case SHR -> 0x7d;
      case AND -> 0x7f;
      case XOR -> 0x83;
      case OR -> 0x81;
    };
    // A long and a long (or, shifted, an int count) in, a long out.
    return op(opcode, binary.op().shift() ? -1 : -2);
  }

  /** Pushes 1 where {@code condition} holds (is not 0), else 0. */
  private void pushTruth(Expr condition, List<String> parameters) {
    if (condition instanceof Binary binary && binary.op().comparison()) {
      pushComparison(binary, parameters);
    } else {
      push(new Binary(Expr.Op.EQ, new Binary(Expr.Op.EQ, condition, Expr.number(0)),
          Expr.number(0)), parameters);
    }
  }

  /**
   * An unsigned comparison's 1 or 0, without a branch: {@code Integer.compareUnsigned(a, b) >>> 31}
   * is 1 exactly where a < b; {@code ==} is {@code ((x | -x) >>> 31) ^ 1} of {@code x = a ^ b}.
   */
  private Code pushComparison(Binary binary, List<String> parameters) {
    boolean swapped = binary.op() == Expr.Op.GT;
    push(swapped ? binary.right() : binary.left(), parameters);
    push(swapped ? binary.left() : binary.right(), parameters);
    if (binary.op() == Expr.Op.EQ) {
      op(IXOR, -1);
      op(DUP, 1);
      op(INEG, 0);
      op(IOR, -1);
    } else {
      invokeStatic("java/lang/Integer", "compareUnsigned", "(II)I", false, -1);
    }
    push(31);
    op(IUSHR, -1);
    if (binary.op() == Expr.Op.GE || binary.op() == Expr.Op.EQ) {
      push(1);
      op(IXOR, -1);
    }
    return this;
  }

  /**
   * The value of an expression of constants alone, in Java's {@code int} arithmetic, as javac folds
   * a constant expression; empty if it reads a parameter or calls a function, or divides by zero
   * (which javac leaves to run time).
   */
  static OptionalInt constantValue(Expr expression) {
    if (expression instanceof Literal literal) {
      return OptionalInt.of((int) literal.value());
    }
    if (expression instanceof Constant constant) {
      return OptionalInt.of((int) constant.value());
    }
    if (!(expression instanceof Binary binary)) {
      return OptionalInt.empty();
    }
    OptionalInt left = constantValue(binary.left());
    OptionalInt right = constantValue(binary.right());
    if (left.isEmpty() || right.isEmpty()) {
      return OptionalInt.empty();
    }
    int a = left.getAsInt();
    int b = right.getAsInt();
    return switch (binary.op()) {
      // Not folded: a comparison is no int in Java.
      case LT, GT, GE, EQ -> OptionalInt.empty();
      case MUL -> OptionalInt.of(a * b);
      case DIV -> b == 0 ? OptionalInt.empty() : OptionalInt.of(a / b);
      case MOD -> b == 0 ? OptionalInt.empty() : OptionalInt.of(a % b);
      case ADD -> OptionalInt.of(a + b);
      case SUB -> OptionalInt.of(a - b);
      case SHL -> OptionalInt.of(a << b);
      case SHR -> OptionalInt.of(a >>> b);
      case AND -> OptionalInt.of(a & b);
      case XOR -> OptionalInt.of(a ^ b);
      case OR -> OptionalInt.of(a | b);
    };
  }

  /** One instruction without operands (or before them), changing the stack's depth by {@code change}. */
  Code op(int opcode, int change) {
    bytes.write(opcode);
    depth += change;
    if (depth < 0) {
      throw new IllegalStateException("the operand stack underflows");
    }
    maxDepth = Math.max(maxDepth, depth);
    return this;
  }

  /** A label to bind later ({@link #bind}) and branch to ({@link #ifZero}, {@link #jump}). */
  public Label label() {
    return new Label();
  }

  /**
   * Binds {@code label} here: the operand stack must be empty, and the first {@code intLocals}
   * locals hold {@code int}s on every path that reaches it.
   */
  public Code bind(Label label, int intLocals) {
    if (label.position >= 0 || depth != 0) {
      throw new IllegalStateException("a label bound twice, or over a non-empty stack");
    }
    label.position = bytes.size();
    label.intLocals = intLocals;
    if (!frames.isEmpty() && frames.get(frames.size() - 1).position == label.position) {
      throw new IllegalStateException("two labels at one position");
    }
    frames.add(label);
    return this;
  }

  /** Pops an {@code int} and jumps to {@code label} where it is zero. */
  public Code ifZero(Label label) {
    return branch(IFEQ, -1, label);
  }

  /** Jumps to {@code label}. */
  public Code jump(Label label) {
    return branch(GOTO, 0, label);
  }

  private Code branch(int opcode, int change, Label label) {
    branchAt.add(bytes.size());
    branchTo.add(label);
    op(opcode, change);
    u2(0);
    return this;
  }

  private void u2(int value) {
    bytes.write(value >>> 8);
    bytes.write(value);
  }

  byte[] instructions() {
    byte[] code = bytes.toByteArray();
    for (int i = 0; i < branchAt.size(); i++) {
      int at = branchAt.get(i);
      Label label = branchTo.get(i);
      if (label.position < 0) {
        throw new IllegalStateException("a branch to a label never bound");
      }
      int offset = label.position - at;
      code[at + 1] = (byte) (offset >>> 8);
      code[at + 2] = (byte) offset;
    }
    return code;
  }

  /**
   * The StackMapTable attribute's body (without its name and length): a full frame at each label,
   * its first locals {@code int}s, its stack empty; null for code without branches, which needs
   * none.
   */
  byte[] stackMapTable() {
    if (frames.isEmpty()) {
      return null;
    }
    ByteArrayOutputStream table = new ByteArrayOutputStream();
    table.write(frames.size() >>> 8);
    table.write(frames.size());
    int previous = -1;
    for (Label frame : frames) {
      int delta = frame.position - previous - 1;
      previous = frame.position;
      table.write(FULL_FRAME);
      table.write(delta >>> 8);
      table.write(delta);
      table.write(frame.intLocals >>> 8);
      table.write(frame.intLocals);
      for (int local = 0; local < frame.intLocals; local++) {
        table.write(ITEM_INTEGER);
      }
      table.write(0);
      table.write(0);
    }
    return table.toByteArray();
  }

  int maxStack() {
    return maxDepth;
  }

  int maxLocals() {
    return locals;
  }
}
