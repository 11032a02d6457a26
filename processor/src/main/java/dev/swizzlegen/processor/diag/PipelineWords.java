package dev.swizzlegen.processor.diag;

import java.util.Locale;

/**
 * The pipeline's and the readers' formats that are not yet entries of the catalog
 * ({@code messages.txt}): why a name cannot be generated ({@link NameProblem}), what owns a
 * storage's member ({@link MemberOwner}), and the rounds' and the Filer's errors on an element.
 * Each is one format, filled in order.
 */
public final class PipelineWords {
  private PipelineWords() {}

  /**
   * Why a name cannot be generated, or a namespace not declared: one format per reason, filled in
   * order with the name (or the {@code -Aswizzlegen.namespace=} option as given) and its details.
   */
  public enum NameProblem {
    NOT_IDENTIFIER("name \"%s\" is not a C++ identifier (letters, digits and underscores, not"
        + " starting with a digit)."),
    KEYWORD("name \"%s\" is a C++ or Java keyword."),
    IMPLEMENTATION("name \"%s\" is reserved to the C++ implementation (it contains a double"
        + " underscore or starts with an underscore and a capital)."),
    NAMESPACE_PART("name \"%s\" is a part of the generated structs' namespace %s, which a struct of"
        + " that name would hide from code in the namespace."),
    JAVA_CLASS_DECLARED("name \"%s\" would generate the Java class %s, which the sources already"
        + " declare."),
    HEADER_IDENTIFIER("name \"%1$s\" would collide with %1$s in the generated headers (a member,"
        + " parameter or local variable of their structs)."),
    LIBRARY("name \"%1$s\" would collide with %1$s, a type, macro or built-in of C++ or CUDA that the"
        + " generated headers use or include."),
    CUDA_API("name \"%s\" is reserved to the CUDA toolkit's C API (names starting with cu, cuda, CU"
        + " or CUDA), which the generated headers include."),
    MACRO_PREFIX("name \"%s\" starts with %s, the prefix of the generated headers' macros."),
    STORAGE_MEMBER("name \"%s\" is a member of the storage's own header."),
    ACCESSOR("its accessor, %s, cannot be generated: %s"),
    NAMESPACE_NOT_CPP("%s is not a C++ namespace: %s"),
    NAMESPACE_STD("%s would declare the generated structs in namespace std, which is undefined"
        + " behaviour in C++; choose a namespace of your own."),
    NAMESPACE_FUTURE("%s: the namespace %s is reserved for future C++ standardization; choose a"
        + " namespace of your own."),
    NAMESPACE_UNDERSCORE("%s: \"%s\" starts with an underscore, which C++ reserves for the"
        + " implementation in the global namespace.");

    private final String format;

    NameProblem(String format) {
      this.format = format;
    }

    /** The problem in words, its format filled with {@code values}. */
    public String of(Object... values) {
      return String.format(Locale.ROOT, format, values);
    }
  }

  /**
   * What declares a member of a storage's header or Java twin, as a {@code MemberCollision} names
   * the other: one format per owner, filled in order with its names.
   */
  public enum MemberOwner {
    STRUCT("the storage struct %s"),
    STORAGE("the storage's own %s"),
    PHASE_CHANGE("the phase change %s()"),
    TWIN("the Java twin's own %s"),
    BUFFER("buffer %s's %s");

    private final String format;

    MemberOwner(String format) {
      this.format = format;
    }

    /** The owner in words. */
    public String of(Object... names) {
      return String.format(Locale.ROOT, format, names);
    }
  }

  /**
   * An attribute javac could not attribute in any round (a constant of a class no round
   * generated): on that attribute, whichever annotation's it is.
   */
  public static String unresolved(String attribute) {
    return String.format(Locale.ROOT, "the value of %1$s could not be resolved in any round of"
        + " annotation processing, so nothing was generated for it; give %1$s a constant javac can"
        + " evaluate.", attribute);
  }

  /** A member of a holder class an earlier round wrote: on the annotated type. */
  public static String holderWritten(Object javaClass, Object holder) {
    return String.format(Locale.ROOT, "its Java class %s belongs in %s, which an earlier round of"
        + " annotation processing already wrote; declare it in a type of its own.", javaClass,
        holder);
  }

  /** A generated file the Filer refused, for {@code reason}: on the annotated type. */
  public static String notWritten(String file, String reason) {
    return String.format(Locale.ROOT, "could not write %s: %s", file, reason);
  }

  /** What a derived tile's violation is said after: {@code "with the derived Swizzle<3,3,3>, "}. */
  public static String derived(String swizzle) {
    return String.format(Locale.ROOT, "with the derived %s, ", swizzle);
  }
}
