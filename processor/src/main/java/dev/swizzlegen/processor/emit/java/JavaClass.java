package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.Expr;
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
    default void constant(Constant constant) {}

    default void modelValue(ModelValue value) {}

    default void enumValue(EnumValue value) {}

    default void function(Function function) {}

    default void routine(RoutineMethod routine) {}

    default void delegate(Delegate delegate) {}
  }

  /** {@code public static final type name = value;}: a compile-time {@code int} or String. */
  public record Constant(String name, Class<?> type, Object value, String doc) implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.constant(this);
    }
  }

  /**
   * {@code public static final type name = type.parse(text)}, or where {@code list}
   * {@code List<type>} of {@code type.listOf(type.parse(text)...)}: a value of the runtime model,
   * null where the runtime is not on the class path (a {@code LinkageError}), so that the index
   * functions need no runtime.
   */
  public record ModelValue(String name, Class<?> type, boolean list, List<String> texts,
      String doc) implements Member {
    public ModelValue {
      texts = List.copyOf(texts);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.modelValue(this);
    }
  }

  /** {@code public static final type name = type.constant;}: an enum constant of the runtime. */
  public record EnumValue(String name, Class<?> type, String constant, String doc)
      implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.enumValue(this);
    }
  }

  /**
   * {@code public static int name(int ...)} (or {@code long}): an index function of the header,
   * its meaning its Javadoc.
   */
  public record Function(IndexFunction function) implements Member {
    @Override
    public void accept(Visitor visitor) {
      visitor.function(this);
    }
  }

  /**
   * {@code field.method(arguments)}, {@code field} a static field of this class of type
   * {@code fieldType}; or, where {@code field} is empty (its type null), a method of this class.
   */
  public record Invocation(String field, Class<?> fieldType, String method, List<Expr> arguments) {
    public Invocation {
      arguments = List.copyOf(arguments);
    }
  }

  /**
   * {@code public static pair name(int ...)}: {@code check} (a method of an {@link EnumValue} of
   * this class), then the routine, which returns {@code new pair(x, y)}.
   */
  public record RoutineMethod(String name, List<String> parameters, Invocation check,
      Routine routine, Class<?> pair, String doc) implements Member {
    public RoutineMethod {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.routine(this);
    }
  }

  /**
   * {@code public static result name(int ...)} returning {@code call}'s value: a method of the
   * model ({@code RASTERIZER.launchGrid(gridX, gridY, tileSize)}) or an overload of this class that
   * passes a constant ({@code getSwizzleIdx(blockIdx, gridX, gridY, TILE_SIZE)}).
   */
  public record Delegate(String name, List<String> parameters, Invocation call, Class<?> result,
      String doc) implements Member {
    public Delegate {
      parameters = List.copyOf(parameters);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.delegate(this);
    }
  }
}
