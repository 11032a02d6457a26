package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.read.JavaClassName;
import java.util.List;

/**
 * A generated Java class as its members, made once and written as a class file by
 * {@link ClassFileWriter} or as a source by {@link SourceWriter}: a {@code public final} class with
 * a private constructor and a {@code CLASS}-retained {@code @Generated}, every member
 * {@code public static}, types named by their qualified names.
 *
 * @param memberClasses the classes it holds ({@code KernelSwizzles}: the helpers of the tiles
 *     nested in {@code Kernel})
 */
public record JavaClass(JavaClassName name, List<Doc> javadoc, List<Member> members,
    List<JavaClass> memberClasses) {
  /** What generated the class, the value of its {@code @Generated}. */
  public static final String GENERATOR = "dev.swizzlegen.processor.SwizzlegenProcessor";

  public JavaClass {
    javadoc = List.copyOf(javadoc);
    members = List.copyOf(members);
    memberClasses = List.copyOf(memberClasses);
  }

  /** One pass of {@code visitor} over the members, in order. */
  public void accept(Visitor visitor) {
    members.forEach(member -> member.accept(visitor));
  }

  /** A paragraph of the class's documentation, or lines shown as they are ({@code pre}). */
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
    /** Calls {@code visitor}'s method for this kind: the one place the kinds are told apart. */
    void accept(Visitor visitor);
  }

  /** What a writer does with each kind of member: nothing, for a kind it does not override. */
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
   * {@code public static final type name = type.parse(text)}, or where {@code list}
   * {@code List<type>} of {@code type.listOf(type.parse(text)...)}: a value of the runtime model,
   * null where the runtime is not on the class path (a {@code LinkageError}), so that the index
   * functions need no runtime. {@code typeIsInterface}: as a class file's static call says.
   */
  public record ModelValue(String name, String type, boolean typeIsInterface, boolean list,
      List<String> texts, String doc) implements Member {
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

  /** {@code public static int name(int ...)} (or {@code long}): an index function of the header. */
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
   * {@code public static result name(int ...)} returning {@code name(parameters..., constant)}, the
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
