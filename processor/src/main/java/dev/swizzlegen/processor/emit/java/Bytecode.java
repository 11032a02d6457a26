package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.Expr;
import dev.swizzlegen.processor.emit.Expr.Binary;
import dev.swizzlegen.processor.emit.Expr.Call;
import dev.swizzlegen.processor.emit.Expr.Constant;
import dev.swizzlegen.processor.emit.Expr.Param;
import dev.swizzlegen.processor.emit.Expr.Select;
import dev.swizzlegen.processor.emit.Expr.Widen;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.emit.java.JavaClass.Invocation;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntBinaryOperator;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Compiles {@link Expr}s and {@link Routine}s into a method through ASM, as javac compiles the Java
 * {@link SourceWriter} prints of them: constants folded, comparisons unsigned as the header's
 * {@code uint32_t}, {@code c ? a : b} and {@code if} as branches that evaluate one arm as C++ does.
 */
final class Bytecode implements Opcodes {
  private final MethodVisitor method;
  private final String owner;
  private final List<String> parameters;
  private final Map<String, Integer> slots = new HashMap<>();
  private final Label start = new Label();
  private int next;

  private Bytecode(MethodVisitor method, String owner, List<String> parameters) {
    this.method = method;
    this.owner = owner;
    this.parameters = parameters;
    method.visitCode();
    method.visitLabel(start);
    for (String parameter : parameters) {
      slots.put(parameter, next++);
    }
  }

  /**
   * The code of a new method of {@code owner} (internal name) returning {@code result} (a
   * descriptor), whose {@code int} parameters are each named in {@code MethodParameters}.
   */
  static Bytecode method(ClassWriter file, String owner, int access, String name,
      List<String> parameters, String result) {
    MethodVisitor method = file.visitMethod(access, name,
        "(" + "I".repeat(parameters.size()) + ")" + result, null, null);
    for (String parameter : parameters) {
      method.visitParameter(ExprPrinter.javaName(parameter), 0);
    }
    return new Bytecode(method, owner, parameters);
  }

  MethodVisitor method() {
    return method;
  }

  /** Ends the method: the parameters' scope in the local variable table, the maxima (ASM's). */
  void end() {
    Label end = new Label();
    method.visitLabel(end);
    for (int i = 0; i < parameters.size(); i++) {
      method.visitLocalVariable(ExprPrinter.javaName(parameters.get(i)), "I", null, start, end, i);
    }
    method.visitMaxs(0, 0);
    method.visitEnd();
  }

  /** Pushes the value of {@code call}, a descriptor {@code result}'s ({@code V}: none). */
  void invoke(Invocation call, String result) {
    boolean own = call.field().isEmpty();
    if (!own) {
      method.visitFieldInsn(GETSTATIC, owner, call.field(), Type.getDescriptor(call.fieldType()));
    }
    call.arguments().forEach(this::push);
    method.visitMethodInsn(own ? INVOKESTATIC : INVOKEVIRTUAL,
        own ? owner : Type.getInternalName(call.fieldType()), call.method(),
        "(" + "I".repeat(call.arguments().size()) + ")" + result, false);
  }

  void push(int value) {
    push(method, value);
  }

  /** Pushes an {@code int} constant in the shortest instruction that holds it. */
  static void push(MethodVisitor method, int value) {
    if (value >= -1 && value <= 5) {
      method.visitInsn(ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      method.visitIntInsn(BIPUSH, value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      method.visitIntInsn(SIPUSH, value);
    } else {
      method.visitLdcInsn(value);
    }
  }

  /** Pushes {@code expression}'s value: 32 bits an {@code int}, 64 a {@code long}. */
  void push(Expr expression) {
    OptionalInt folded = expression.wide() ? OptionalInt.empty() : expression.accept(FOLD);
    if (folded.isPresent()) {
      push(folded.getAsInt());
    } else {
      expression.accept(code);
    }
  }

  /**
   * Pushes an expression folding left: a 32-bit one of parameters, calls and choices, or a 64-bit
   * one of constants and widened values.
   */
  private final Expr.Visitor<Void> code = new Expr.Visitor<>() {
    @Override
    public Void constant(Constant constant) {
      // Only a 64-bit one is left unfolded.
      method.visitLdcInsn(constant.value());
      return null;
    }

    @Override
    public Void param(Param param) {
      method.visitVarInsn(ILOAD, slot(param.name()));
      return null;
    }

    @Override
    public Void call(Call call) {
      call.arguments().forEach(Bytecode.this::push);
      method.visitMethodInsn(INVOKESTATIC, owner, call.name(),
          "(" + "I".repeat(call.arguments().size()) + ")I", false);
      return null;
    }

    @Override
    public Void select(Select select) {
      choose(select.condition(), select.ifTrue(), select.ifFalse());
      return null;
    }

    @Override
    public Void widen(Widen widen) {
      push(widen.value());
      method.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "toUnsignedLong", "(I)J", false);
      return null;
    }

    @Override
    public Void binary(Binary binary) {
      boolean signed = binary.op().comparison() || binary.op() == Expr.Op.DIV
          || binary.op() == Expr.Op.MOD;
      if (binary.wide() && signed) {
        // ldiv, lrem and the comparisons are signed: no generated body needs them.
        throw new UnsupportedOperationException("64-bit " + binary.op() + " is not generated");
      } else if (binary.op().comparison()) {
        // A comparison's value, C++'s bool as 1 or 0.
        choose(binary, Expr.number(1), Expr.number(0));
      } else {
        // ASM's Type gives the long instruction of an int one.
        push(binary.left());
        push(binary.right());
        method.visitInsn((binary.wide() ? Type.LONG_TYPE : Type.INT_TYPE)
            .getOpcode(ARITHMETIC.get(binary.op()).opcode()));
      }
      return null;
    }
  };

  /** An operator's {@code int} instruction and its value as javac folds it (JLS 15.29). */
  private record Arithmetic(int opcode, IntBinaryOperator fold) {}

  private static final Map<Expr.Op, Arithmetic> ARITHMETIC = new EnumMap<>(Map.of(
      Expr.Op.MUL, new Arithmetic(IMUL, (a, b) -> a * b),
      Expr.Op.DIV, new Arithmetic(IDIV, (a, b) -> a / b),
      Expr.Op.MOD, new Arithmetic(IREM, (a, b) -> a % b),
      Expr.Op.ADD, new Arithmetic(IADD, (a, b) -> a + b),
      Expr.Op.SUB, new Arithmetic(ISUB, (a, b) -> a - b),
      Expr.Op.SHL, new Arithmetic(ISHL, (a, b) -> a << b),
      Expr.Op.SHR, new Arithmetic(IUSHR, (a, b) -> a >>> b),
      Expr.Op.AND, new Arithmetic(IAND, (a, b) -> a & b),
      Expr.Op.XOR, new Arithmetic(IXOR, (a, b) -> a ^ b),
      Expr.Op.OR, new Arithmetic(IOR, (a, b) -> a | b)));

  /** {@code condition ? ifTrue : ifFalse}, one arm evaluated. */
  private void choose(Binary condition, Expr ifTrue, Expr ifFalse) {
    Label otherwise = new Label();
    Label end = new Label();
    jumpUnless(condition, otherwise);
    push(ifTrue);
    method.visitJumpInsn(GOTO, end);
    method.visitLabel(otherwise);
    push(ifFalse);
    method.visitLabel(end);
  }

  /** Jumps to {@code target} unless {@code comparison} holds, unsigned. */
  void jumpUnless(Binary comparison, Label target) {
    push(comparison.left());
    push(comparison.right());
    if (comparison.op() == Expr.Op.EQ) {
      method.visitJumpInsn(IF_ICMPNE, target);
      return;
    }
    method.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "compareUnsigned", "(II)I", false);
    method.visitJumpInsn(switch (comparison.op()) {
      case LT -> IFGE;
      case GT -> IFLE;
      default -> IFLT;
    }, target);
  }

  /**
   * The value of an expression of constants alone, as javac folds it; empty where it reads a
   * parameter, calls, compares, chooses, or divides by zero.
   */
  private static final Expr.Visitor<OptionalInt> FOLD = new Expr.Visitor<>() {
    @Override
    public OptionalInt constant(Constant constant) {
      return OptionalInt.of((int) constant.value());
    }

    @Override
    public OptionalInt binary(Binary binary) {
      OptionalInt left = binary.left().accept(this);
      OptionalInt right = binary.right().accept(this);
      if (left.isEmpty() || right.isEmpty()) {
        return OptionalInt.empty();
      }
      Arithmetic arithmetic = ARITHMETIC.get(binary.op());
      boolean division = binary.op() == Expr.Op.DIV || binary.op() == Expr.Op.MOD;
      return arithmetic == null || division && right.getAsInt() == 0 ? OptionalInt.empty()
          : OptionalInt.of(arithmetic.fold().applyAsInt(left.getAsInt(), right.getAsInt()));
    }

    @Override
    public OptionalInt widen(Widen widen) {
      return OptionalInt.empty();
    }

    @Override
    public OptionalInt param(Param param) {
      return OptionalInt.empty();
    }

    @Override
    public OptionalInt call(Call call) {
      return OptionalInt.empty();
    }

    @Override
    public OptionalInt select(Select select) {
      return OptionalInt.empty();
    }
  };

  private int slot(String name) {
    Integer slot = slots.get(name);
    if (slot == null) {
      throw new IllegalArgumentException("unbound name " + name);
    }
    return slot;
  }

  /**
   * A routine's statements, which end in its return of {@code new pair(x, y)}: each {@code const}
   * and variable a local of its own, named in the local variable table over the block declaring it.
   */
  void block(List<Routine.Statement> statements, String pair) {
    Label end = new Label();
    Map<String, Label> declared = new LinkedHashMap<>();
    Routine.Visitor compile = new Routine.Visitor() {
      @Override
      public void comment(Routine.Comment comment) {}

      @Override
      public void let(Routine.Let let) {
        for (int i = 0; i < let.names().size(); i++) {
          declare(let.names().get(i), let.values().get(i), declared);
        }
      }

      @Override
      public void assign(Routine.Assign assign) {
        push(assign.op() == null ? assign.value()
            : new Binary(assign.op(), Expr.param(assign.name()), assign.value()));
        method.visitVarInsn(ISTORE, slot(assign.name()));
      }

      @Override
      public void branch(Routine.If branch) {
        Label otherwise = new Label();
        jumpUnless(branch.condition(), otherwise);
        block(branch.then(), pair);
        if (branch.otherwise().isEmpty()) {
          method.visitLabel(otherwise);
        } else {
          Label after = new Label();
          method.visitJumpInsn(GOTO, after);
          method.visitLabel(otherwise);
          block(branch.otherwise(), pair);
          method.visitLabel(after);
        }
      }

      @Override
      public void halving(Routine.Halving loop) {
        // for (int v = start; v != 0; v >>>= 1): uint32_t's v > 0.
        Map<String, Label> variable = new LinkedHashMap<>();
        declare(loop.variable(), loop.start(), variable);
        Label head = new Label();
        Label exit = new Label();
        method.visitLabel(head);
        method.visitVarInsn(ILOAD, slot(loop.variable()));
        method.visitJumpInsn(IFEQ, exit);
        block(loop.body(), pair);
        push(Expr.param(loop.variable()).shr(1));
        method.visitVarInsn(ISTORE, slot(loop.variable()));
        method.visitJumpInsn(GOTO, head);
        method.visitLabel(exit);
        scope(variable, exit);
      }

      @Override
      public void result(Routine.Return result) {
        method.visitTypeInsn(NEW, pair);
        method.visitInsn(DUP);
        push(result.x());
        push(result.y());
        method.visitMethodInsn(INVOKESPECIAL, pair, "<init>", "(II)V", false);
        method.visitInsn(ARETURN);
      }
    };
    statements.forEach(statement -> statement.accept(compile));
    method.visitLabel(end);
    scope(declared, end);
  }

  /** A new local {@code name} set to {@code value}, its scope beginning after the store. */
  private void declare(String name, Expr value, Map<String, Label> declared) {
    push(value);
    int slot = next++;
    method.visitVarInsn(ISTORE, slot);
    slots.put(name, slot);
    Label from = new Label();
    method.visitLabel(from);
    declared.put(name, from);
  }

  private void scope(Map<String, Label> declared, Label end) {
    declared.forEach((name, from) -> {
      method.visitLocalVariable(ExprPrinter.javaName(name), "I", null, from, end, slots.get(name));
      slots.remove(name);
    });
  }
}
