package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.java.JavaClass.Defaulted;
import dev.swizzlegen.processor.emit.java.JavaClass.EnumValue;
import dev.swizzlegen.processor.emit.java.JavaClass.Function;
import dev.swizzlegen.processor.emit.java.JavaClass.IntConstant;
import dev.swizzlegen.processor.emit.java.JavaClass.Member;
import dev.swizzlegen.processor.emit.java.JavaClass.ModelCall;
import dev.swizzlegen.processor.emit.java.JavaClass.ModelValue;
import dev.swizzlegen.processor.emit.java.JavaClass.RoutineMethod;
import dev.swizzlegen.processor.emit.java.JavaClass.StringConstant;
import dev.swizzlegen.processor.read.JavaClassName;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Writes a {@link JavaClass} as Java 17 class files through ASM: what javac would write for the
 * source {@link SourceWriter} prints of it, without the cost of compiling that source (measured:
 * docs/measurements.md). A {@code SourceFile} naming the source a {@code sources} build would write,
 * {@code MethodParameters} and a {@code LocalVariableTable} with the header's names, the
 * {@code CLASS}-retained {@code @Generated}; frames and maxima computed by ASM.
 */
public final class ClassFileWriter implements Opcodes {
  private static final int CLASS = ACC_PUBLIC | ACC_FINAL | ACC_SUPER;
  private static final int MEMBER = ACC_PUBLIC | ACC_STATIC | ACC_FINAL;
  private static final int CONSTANT = ACC_PUBLIC | ACC_STATIC | ACC_FINAL;
  private static final String GENERATED = "Ldev/swizzlegen/annotations/Generated;";

  /**
   * The class file of {@code type}; not those of its {@link JavaClass#memberClasses}, which are
   * written each for itself.
   */
  public List<GeneratedFile> write(JavaClass type) {
    List<GeneratedFile> files = new ArrayList<>();
    String self = internal(type.name());
    ClassWriter file = begin(type.name(), self);
    for (JavaClass member : type.memberClasses()) {
      file.visitInnerClass(internal(member.name()), self, member.name().simpleName(), MEMBER);
    }
    List<Member> initialized = new ArrayList<>();
    type.accept(new JavaClass.Visitor() {
      @Override
      public void intConstant(IntConstant constant) {
        file.visitField(CONSTANT, constant.name(), "I", null, constant.value()).visitEnd();
      }

      @Override
      public void stringConstant(StringConstant constant) {
        file.visitField(CONSTANT, constant.name(), "Ljava/lang/String;", null, constant.value())
            .visitEnd();
      }

      @Override
      public void enumValue(EnumValue value) {
        file.visitField(CONSTANT, value.name(), descriptor(value.type()), null, null).visitEnd();
        initialized.add(value);
      }

      @Override
      public void modelValue(ModelValue value) {
        file.visitField(CONSTANT, value.name(), valueDescriptor(value), valueSignature(value), null)
            .visitEnd();
        initialized.add(value);
      }
    });
    constructor(file);
    type.accept(new JavaClass.Visitor() {
      @Override
      public void function(Function function) {
        ClassFileWriter.function(file, self, function.function());
      }

      @Override
      public void routine(RoutineMethod routine) {
        ClassFileWriter.routine(file, self, routine);
      }

      @Override
      public void modelCall(ModelCall call) {
        ClassFileWriter.modelCall(file, self, call);
      }

      @Override
      public void defaulted(Defaulted defaulted) {
        ClassFileWriter.defaulted(file, self, defaulted);
      }
    });
    if (!initialized.isEmpty()) {
      MethodVisitor init = file.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
      init.visitCode();
      JavaClass.Visitor initialize = new JavaClass.Visitor() {
        @Override
        public void enumValue(EnumValue value) {
          init.visitFieldInsn(GETSTATIC, internal(value.type()), value.constant(),
              descriptor(value.type()));
          init.visitFieldInsn(PUTSTATIC, self, value.name(), descriptor(value.type()));
        }

        @Override
        public void modelValue(ModelValue value) {
          ClassFileWriter.modelValue(init, self, value);
        }
      };
      initialized.forEach(member -> member.accept(initialize));
      init.visitInsn(RETURN);
      init.visitMaxs(0, 0);
      init.visitEnd();
    }
    file.visitEnd();
    files.add(GeneratedFile.classFile(type.name().binaryName(), file.toByteArray()));
    return files;
  }

  /** A class of {@code name}: its header, its source file, {@code @Generated}, its nesting. */
  private static ClassWriter begin(JavaClassName name, String self) {
    ClassWriter file = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
    file.visit(V17, CLASS, self, null, "java/lang/Object", null);
    file.visitSource(name.topLevelClassName().simpleName() + ".java", null);
    AnnotationVisitor generated = file.visitAnnotation(GENERATED, false);
    generated.visit("value", JavaClass.GENERATOR);
    generated.visitEnd();
    name.enclosingClassName().ifPresent(enclosing ->
        file.visitInnerClass(self, internal(enclosing), name.simpleName(), MEMBER));
    return file;
  }

  private static String valueDescriptor(ModelValue value) {
    return value.list() ? "Ljava/util/List;" : descriptor(value.type());
  }

  private static String valueSignature(ModelValue value) {
    return value.list() ? "Ljava/util/List<" + descriptor(value.type()) + ">;" : null;
  }

  /**
   * In {@code <clinit>}: the value built from its text, or null where building it finds no runtime
   * on the class path (a {@code LinkageError}), so that the index functions never need the runtime.
   */
  private static void modelValue(MethodVisitor init, String self, ModelValue value) {
    String descriptor = valueDescriptor(value);
    Label start = new Label();
    Label end = new Label();
    Label noRuntime = new Label();
    Label done = new Label();
    init.visitTryCatchBlock(start, end, noRuntime, "java/lang/LinkageError");
    init.visitLabel(start);
    String element = internal(value.type());
    String parse = "(Ljava/lang/String;)L" + element + ";";
    if (value.list()) {
      pushInt(init, value.texts().size());
      init.visitTypeInsn(ANEWARRAY, element);
      for (int i = 0; i < value.texts().size(); i++) {
        init.visitInsn(DUP);
        pushInt(init, i);
        init.visitLdcInsn(value.texts().get(i));
        init.visitMethodInsn(INVOKESTATIC, element, "parse", parse, value.typeIsInterface());
        init.visitInsn(AASTORE);
      }
      init.visitMethodInsn(INVOKESTATIC, element, "listOf",
          "([L" + element + ";)Ljava/util/List;", value.typeIsInterface());
    } else {
      init.visitLdcInsn(value.texts().get(0));
      init.visitMethodInsn(INVOKESTATIC, element, "parse", parse, value.typeIsInterface());
    }
    init.visitVarInsn(ASTORE, 0);
    init.visitLabel(end);
    init.visitJumpInsn(GOTO, done);
    init.visitLabel(noRuntime);
    init.visitInsn(POP);
    init.visitInsn(ACONST_NULL);
    init.visitVarInsn(ASTORE, 0);
    init.visitLabel(done);
    init.visitVarInsn(ALOAD, 0);
    init.visitFieldInsn(PUTSTATIC, self, value.name(), descriptor);
  }

  private static void pushInt(MethodVisitor method, int value) {
    if (value <= 5) {
      method.visitInsn(ICONST_0 + value);
    } else if (value <= Byte.MAX_VALUE) {
      method.visitIntInsn(BIPUSH, value);
    } else {
      method.visitIntInsn(SIPUSH, value);
    }
  }

  /** {@code private Name() {}}. */
  private static void constructor(ClassWriter file) {
    MethodVisitor init = file.visitMethod(ACC_PRIVATE, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
  }

  /** A method of {@code int} parameters, each named in {@code MethodParameters}. */
  private static MethodVisitor method(ClassWriter file, String name, List<String> parameters,
      String result) {
    MethodVisitor method = file.visitMethod(ACC_PUBLIC | ACC_STATIC, name,
        "(" + "I".repeat(parameters.size()) + ")" + result, null, null);
    for (String parameter : parameters) {
      method.visitParameter(ExprPrinter.javaName(parameter), 0);
    }
    return method;
  }

  private static void function(ClassWriter file, String self, IndexFunction function) {
    MethodVisitor method = method(file, function.name(), function.parameters(),
        function.wide() ? "J" : "I");
    Bytecode code = new Bytecode(method, self, function.parameters());
    code.push(function.body());
    method.visitInsn(function.wide() ? LRETURN : IRETURN);
    code.end(function.parameters());
  }

  /**
   * {@code field.method(parameters...)}, {@code field} a static field of {@code self} of type
   * {@code fieldType}, the call returning {@code result} (a descriptor).
   */
  private static void callOnField(MethodVisitor method, String self, String field,
      String fieldType, String name, int parameters, String result) {
    method.visitFieldInsn(GETSTATIC, self, field, descriptor(fieldType));
    loadParameters(method, parameters);
    method.visitMethodInsn(INVOKEVIRTUAL, internal(fieldType), name,
        "(" + "I".repeat(parameters) + ")" + result, false);
  }

  private static void loadParameters(MethodVisitor method, int count) {
    for (int slot = 0; slot < count; slot++) {
      method.visitVarInsn(ILOAD, slot);
    }
  }

  private static void routine(ClassWriter file, String self, RoutineMethod routine) {
    String pair = internal(routine.pair());
    MethodVisitor method = method(file, routine.name(), routine.parameters(), "L" + pair + ";");
    Bytecode code = new Bytecode(method, self, routine.parameters());
    callOnField(method, self, routine.check(), routine.checkType(), routine.checkMethod(),
        routine.parameters().size(), "V");
    code.routine(routine.routine(), pair);
    code.end(routine.parameters());
  }

  private static void modelCall(ClassWriter file, String self, ModelCall call) {
    String result = descriptor(call.result());
    MethodVisitor method = method(file, call.name(), call.parameters(), result);
    Bytecode code = new Bytecode(method, self, call.parameters());
    callOnField(method, self, call.field(), call.fieldType(), call.method(),
        call.parameters().size(), result);
    method.visitInsn(ARETURN);
    code.end(call.parameters());
  }

  private static void defaulted(ClassWriter file, String self, Defaulted defaulted) {
    String result = descriptor(defaulted.result());
    MethodVisitor method = method(file, defaulted.name(), defaulted.parameters(), result);
    Bytecode code = new Bytecode(method, self, defaulted.parameters());
    loadParameters(method, defaulted.parameters().size());
    // The constant, as javac inlines it.
    code.push(defaulted.value());
    method.visitMethodInsn(INVOKESTATIC, self, defaulted.name(),
        "(" + "I".repeat(defaulted.parameters().size() + 1) + ")" + result, false);
    method.visitInsn(ARETURN);
    code.end(defaulted.parameters());
  }

  private static String internal(JavaClassName name) {
    return name.binaryName().replace('.', '/');
  }

  /** {@code com/acme/Type} of the qualified name {@code com.acme.Type} of a top-level class. */
  private static String internal(String qualifiedName) {
    return qualifiedName.replace('.', '/');
  }

  private static String descriptor(String qualifiedName) {
    return "L" + internal(qualifiedName) + ";";
  }
}
