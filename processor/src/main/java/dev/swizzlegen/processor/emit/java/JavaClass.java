package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.read.JavaClassName;
import java.util.List;

/**
 * A generated Java class as its members, made once and written by both back-ends: as a class file by
 * {@link ClassFileWriter} (ASM, the default) and as a Java source by {@link SourceWriter} (JavaPoet,
 * {@code -Aswizzlegen.helpers=sources} and Eclipse's compiler). Every member is {@code public static};
 * the class is {@code public final} with a private constructor and a {@code CLASS}-retained
 * {@code @Generated}. Types are named by their qualified names ({@code java.util.List}).
 *
 * @param name the class's name, top-level or a member of its holder
 * @param javadoc the class's documentation: paragraphs and preformatted blocks
 * @param members its fields and methods, in order
 * @param memberClasses the classes it holds ({@code KernelSwizzles}: the helpers of the tiles nested
 *     in {@code Kernel})
 */
public record JavaClass(JavaClassName name, List<Doc> javadoc, List<Member> members,
    List<JavaClass> memberClasses) {
  public JavaClass {
    javadoc = List.copyOf(javadoc);
    members = List.copyOf(members);
    memberClasses = List.copyOf(memberClasses);
  }

  /** One pass of {@code visitor} over the members, in order. */
  public void accept(Visitor visitor) {
    members.forEach(member -> member.accept(visitor));
  }

  /** What generated the class, the value of its {@code @Generated}. */
  public static final String GENERATOR = "dev.swizzlegen.processor.SwizzlegenProcessor";

  /** A paragraph of the class's documentation, or a block of lines shown as they are ({@code pre}). */
  public record Doc(String text, boolean pre) {
    public static Doc paragraph(String text) {
      return new Doc(text, false);
    }

    public static Doc lines(List<String> lines) {
      return new Doc(String.join("\n", lines), true);
    }
  }

  /** A member of the class. */
  public sealed interface Member {
    /** Calls {@code visitor}'s method for this kind of member: the one place they are told apart. */
    void accept(Visitor visitor);
  }

  /**
   * What a writer does with each kind of member, in one of its passes (fields, methods, the static
   * initializer): nothing, for a kind the pass does not override.
   */
  public interface Visitor {
    default void intConstant(IntConstant constant) {}

    default void stringConstant(StringConstant constant) {}

    default void modelValue(ModelValue value) {}

    default void enumValue(EnumValue value) {}

    default void function(Function function) {}

    default void routine(RoutineMethod routine) {}

    default void modelCall(ModelCall call) {}

    default void defaulted(Defaulted defaulted) {}
  }

  /** {@code public static final int name = value;}: a compile-time constant. */
  public record IntConstant(String name, int value, String doc) implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.intConstant(this);
    }
  }

  /** {@code public static final String name = value;}: a compile-time constant. */
  public record StringConstant(String name, String value, String doc) implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.stringConstant(this);
    }
  }

  /**
   * {@code public static final type name}, a value of the runtime model parsed from one line of
   * text, {@code type.parse(text)}; or, where {@code list}, {@code List<type>},
   * {@code type.listOf(type.parse(text)...)}: built when the class initializes, and null where the
   * runtime is not on the class path (building it throws a {@code LinkageError}), so that loading
   * the class and its index functions need no runtime. {@code typeIsInterface}: whether
   * {@code type} is an interface, as a class file's call of its static method says.
   */
  public record ModelValue(String name, String type, boolean typeIsInterface, boolean list,
      List<String> texts, String doc)
      implements Member {
    public ModelValue {
      texts = List.copyOf(texts);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.modelValue(this);
    }
  }

  /** {@code public static final type name = type.constant;}: an enum constant of the runtime. */
  public record EnumValue(String name, String type, String constant, String doc)
      implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.enumValue(this);
    }
  }

  /**
   * {@code public static int name(int ...)} (or {@code long}) returning the function's body: one of
   * the index functions the CUDA header prints.
   */
  public record Function(IndexFunction function, String doc) implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.function(this);
    }
  }

  /**
   * {@code public static pair name(int ...)}: {@code check.checkMethod(parameters...)} (an
   * {@link EnumValue} of this class), then the routine, which returns {@code new pair(x, y)}.
   */
  public record RoutineMethod(String name, List<String> parameters, String check,
      String checkType, String checkMethod, Routine routine, String pair, String doc)
      implements Member {
    public RoutineMethod {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.routine(this);
    }
  }

  /**
   * {@code public static result name(int ...)} returning {@code field.method(parameters...)}, the
   * field an {@link EnumValue} of this class.
   */
  public record ModelCall(String name, List<String> parameters, String field, String fieldType,
      String method, String result, String doc) implements Member {
    public ModelCall {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.modelCall(this);
    }
  }

  /**
   * {@code public static result name(int ...)} returning {@code name(parameters..., constant)}: the
   * overload that passes an {@link IntConstant} of this class as its last argument.
   */
  public record Defaulted(String name, List<String> parameters, String constant, int value,
      String result, String doc) implements Member {
    public Defaulted {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.defaulted(this);
    }
  }
}
