package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.java.JavaClass.Constant;
import dev.swizzlegen.processor.emit.java.JavaClass.Delegate;
import dev.swizzlegen.processor.emit.java.JavaClass.EnumValue;
import dev.swizzlegen.processor.emit.java.JavaClass.Function;
import dev.swizzlegen.processor.emit.java.JavaClass.ModelValue;
import dev.swizzlegen.processor.emit.java.JavaClass.RoutineMethod;
import dev.swizzlegen.processor.read.JavaClassName;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Writes a {@link JavaClass} as Java 17 class files through ASM: what javac would write for the
 * source {@link SourceWriter} prints of it, without the cost of compiling that source, with a
 * {@code SourceFile}, {@code MethodParameters} and a {@code LocalVariableTable}; ASM's frames.
 */
public final class ClassFileWriter implements Opcodes {
  private static final int MEMBER = ACC_PUBLIC | ACC_STATIC | ACC_FINAL;

  /** The class file of {@code type}; its {@link JavaClass#memberClasses} are written each alone. */
  public List<GeneratedFile> write(JavaClass type) {
    JavaClassName name = type.name();
    String self = internal(name.binaryName());
    ClassWriter file = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
    file.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, self, null, "java/lang/Object", null);
    file.visitSource(name.topLevelClassName().simpleName() + ".java", null);
    AnnotationVisitor generated = file.visitAnnotation("Ldev/swizzlegen/annotations/Generated;",
        false);
    generated.visit("value", JavaClass.GENERATOR);
    generated.visitEnd();
    name.enclosingClassName().ifPresent(enclosing -> file.visitInnerClass(self,
        internal(enclosing.binaryName()), name.simpleName(), MEMBER));
    for (JavaClass member : type.memberClasses()) {
      file.visitInnerClass(internal(member.name().binaryName()), self,
          member.name().simpleName(), MEMBER);
    }
    // The fields' initializers, in order, for <clinit> after every other method.
    List<Consumer<MethodVisitor>> initializers = new ArrayList<>();
    type.accept(new JavaClass.Visitor() {
      @Override
      public void constant(Constant constant) {
        file.visitField(MEMBER, constant.name(), Type.getDescriptor(constant.type()), null,
            constant.value()).visitEnd();
      }

      @Override
      public void enumValue(EnumValue value) {
        String type = Type.getDescriptor(value.type());
        file.visitField(MEMBER, value.name(), type, null, null).visitEnd();
        initializers.add(init -> {
          init.visitFieldInsn(GETSTATIC, Type.getInternalName(value.type()), value.constant(),
              type);
          init.visitFieldInsn(PUTSTATIC, self, value.name(), type);
        });
      }

      @Override
      public void modelValue(ModelValue value) {
        file.visitField(MEMBER, value.name(), valueDescriptor(value), value.list()
            ? "Ljava/util/List<" + Type.getDescriptor(value.type()) + ">;" : null, null).visitEnd();
        initializers.add(init -> ClassFileWriter.modelValue(init, self, value));
      }
    });
    Bytecode constructor = Bytecode.method(file, self, ACC_PRIVATE, "<init>", List.of(), "V");
    constructor.method().visitVarInsn(ALOAD, 0);
    constructor.method().visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V",
        false);
    constructor.method().visitInsn(RETURN);
    constructor.end();
    type.accept(new JavaClass.Visitor() {
      @Override
      public void function(Function member) {
        IndexFunction function = member.function();
        Bytecode code = Bytecode.method(file, self, ACC_PUBLIC | ACC_STATIC, function.name(),
            function.parameters(), function.wide() ? "J" : "I");
        code.push(function.body());
        code.method().visitInsn(function.wide() ? LRETURN : IRETURN);
        code.end();
      }

      @Override
      public void routine(RoutineMethod routine) {
        String pair = Type.getInternalName(routine.pair());
        Bytecode code = Bytecode.method(file, self, ACC_PUBLIC | ACC_STATIC, routine.name(),
            routine.parameters(), "L" + pair + ";");
        code.invoke(routine.check(), "V");
        code.block(routine.routine().body(), pair);
        code.end();
      }

      @Override
      public void delegate(Delegate delegate) {
        String result = Type.getDescriptor(delegate.result());
        Bytecode code = Bytecode.method(file, self, ACC_PUBLIC | ACC_STATIC, delegate.name(),
            delegate.parameters(), result);
        code.invoke(delegate.call(), result);
        code.method().visitInsn(ARETURN);
        code.end();
      }
    });
    if (!initializers.isEmpty()) {
      Bytecode init = Bytecode.method(file, self, ACC_STATIC, "<clinit>", List.of(), "V");
      initializers.forEach(initializer -> initializer.accept(init.method()));
      init.method().visitInsn(RETURN);
      init.end();
    }
    file.visitEnd();
    return List.of(GeneratedFile.classFile(name.binaryName(), file.toByteArray()));
  }

  private static String valueDescriptor(ModelValue value) {
    return Type.getDescriptor(value.list() ? List.class : value.type());
  }

  /**
   * In {@code <clinit>}: the value built from its text, or null where building it finds no runtime
   * on the class path (a {@code LinkageError}), so that the index functions never need the runtime.
   */
  private static void modelValue(MethodVisitor init, String self, ModelValue value) {
    Label start = new Label();
    Label end = new Label();
    Label noRuntime = new Label();
    Label done = new Label();
    init.visitTryCatchBlock(start, end, noRuntime, "java/lang/LinkageError");
    init.visitLabel(start);
    String element = Type.getInternalName(value.type());
    boolean isInterface = value.type().isInterface();
    String parse = "(Ljava/lang/String;)L" + element + ";";
    if (value.list()) {
      Bytecode.push(init, value.texts().size());
      init.visitTypeInsn(ANEWARRAY, element);
      for (int i = 0; i < value.texts().size(); i++) {
        init.visitInsn(DUP);
        Bytecode.push(init, i);
        init.visitLdcInsn(value.texts().get(i));
        init.visitMethodInsn(INVOKESTATIC, element, "parse", parse, isInterface);
        init.visitInsn(AASTORE);
      }
      init.visitMethodInsn(INVOKESTATIC, element, "listOf",
          "([L" + element + ";)Ljava/util/List;", isInterface);
    } else {
      init.visitLdcInsn(value.texts().get(0));
      init.visitMethodInsn(INVOKESTATIC, element, "parse", parse, isInterface);
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
    init.visitFieldInsn(PUTSTATIC, self, value.name(), valueDescriptor(value));
  }

  /** {@code com/acme/Type} of the binary name {@code com.acme.Type}. */
  static String internal(String binaryName) {
    return binaryName.replace('.', '/');
  }
}
