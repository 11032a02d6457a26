package dev.swizzlegen.processor.diag;

import dev.swizzlegen.processor.diag.ShapeError.BitsMissing;
import dev.swizzlegen.processor.diag.ShapeError.LanesMissing;
import dev.swizzlegen.processor.diag.ShapeError.MaxWaysBelowOne;
import dev.swizzlegen.processor.diag.ShapeError.NameFromType;
import dev.swizzlegen.processor.diag.ShapeError.NameTaken;
import dev.swizzlegen.processor.diag.ShapeError.NothingToDerive;
import dev.swizzlegen.processor.diag.ShapeError.NotApplicable;
import dev.swizzlegen.processor.diag.ShapeError.OpFixed;
import dev.swizzlegen.processor.diag.ShapeError.OrderWithoutThreads;
import dev.swizzlegen.processor.diag.ShapeError.SecondUmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SecondWgmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SizeToDerive;
import dev.swizzlegen.processor.diag.ShapeError.SwizzleRowOutOfRange;
import dev.swizzlegen.processor.diag.ShapeError.SwizzleRowToDerive;
import dev.swizzlegen.processor.diag.ShapeError.ThreadsNotTwo;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every {@link ShapeError} in words and on its attribute, as {@link ViolationMessages} and
 * {@link Blame} are for the model's violations: one format per kind, whose {@code {{name}}} slots are
 * the record's components or fragments the kind computes, and one blame rule per kind, registered
 * together.
 */
public final class ShapeMessages {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  private record Entry<E extends ShapeError>(
      String text, Function<E, Map<String, Object>> fragments, Function<E, Blame.Attribute> blame) {}

  private static final Map<Class<? extends ShapeError>, Entry<?>> ENTRIES = new HashMap<>();

  static {
    register(NotApplicable.class, "{{attribute}} does not apply to a {{kind}} access.",
        error -> Map.of(), error -> Blame.Attribute.ofAccess(error.attribute()));
    register(MaxWaysBelowOne.class,
        "maxWays must be 1 (conflict-free) or more, not {{maxWays}}.",
        error -> Map.of(), error -> Blame.Attribute.ofAccess("maxWays"));
    register(OrderWithoutThreads.class, "order numbers lanes over threads = {rows, cols}; give"
        + " threads too, or omit both for the coalesced copy.",
        error -> Map.of(), error -> Blame.Attribute.ofAccess("order"));
    register(ThreadsNotTwo.class,
        "threads must be two numbers, {rows, cols} of lanes, not {{given}}.",
        error -> Map.of(), error -> Blame.Attribute.ofAccess("threads"));
    register(LanesMissing.class, "a LANES access names the element of each of the 32 lanes: give"
        + " lanes = \"[[r0,c0],...,[r4,c4]]\" (Triton's bases) or a CuTe layout of the lanes such as"
        + " \"_32:_1\".",
        error -> Map.of(), error -> Blame.Attribute.ofAccess("lanes"));
    register(OpFixed.class, "{{instructionDoes}}; op must be {{op}} or omitted.",
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }),
        error -> Blame.Attribute.ofAccess("op"));
    register(SecondUmmaRead.class, "the tile is already declared a tcgen05 operand; one UMMA access"
        + " per tile, of its one major.",
        error -> Map.of(), error -> Blame.Attribute.ofAccess("kind"));
    register(SecondWgmmaRead.class, "the tile is already read by wgmma as {{operand}}; a tile"
        + " carries at most two WGMMA accesses, one of each major (major = Major.K and"
        + " major = Major.MN).",
        error -> Map.of("operand", ModelText.operandWords(error.major())),
        error -> Blame.Attribute.ofAccess("major"));
    // On the attribute missing, which is not written: the message lands on the annotation.
    register(SizeToDerive.class, "bits, base and shift are omitted, so swizzlegen derives the"
        + " swizzle; give rows and cols too (without a swizzle there is no atom to size the tile).",
        error -> Map.of(), error -> Blame.Attribute.ofTile(error.rowsGiven() ? "cols" : "rows"));
    register(BitsMissing.class, "{{given}} is given but bits is not; give bits (base and shift"
        + " have defaults), or omit all three.",
        error -> Map.of("given", given(error)), error -> Blame.Attribute.ofTile(given(error)));
    // On name, which is not written: the message lands on the annotation.
    register(NameFromType.class, "the generated names come from the type's name, but {{problem}}"
        + " Set name to choose the generated names.",
        error -> Map.of(), error -> error.rasterizer()
            ? Blame.Attribute.ofRasterizer("name")
            : Blame.Attribute.ofTile("name"));
    register(NameTaken.class, "its {{what}} {{generated}} is already generated for {{ownerWords}}; set"
        + " name to tell them apart.",
        error -> Map.of("what", error.header() ? "header"
                : error.declaration() == ShapeError.Declaration.TILE ? "Java helper" : "Java class",
            "ownerWords", switch (error.ownerDeclaration()) {
              case TILE -> error.ownerIsThisType() ? "the @SwizzledTile of this type" : error.owner();
              case RASTERIZER -> "the @ThreadblockSwizzle of " + error.owner();
              case STORAGE -> "the @SharedStorage of " + error.owner();
            }),
        error -> switch (error.declaration()) {
          case TILE -> Blame.Attribute.ofTile("name");
          case RASTERIZER -> Blame.Attribute.ofRasterizer("name");
          case STORAGE -> Blame.Attribute.ofStorage("name");
        });
    register(SwizzleRowToDerive.class, "swizzleRow names the rows a declared swizzle acts within;"
        + " give bits, base and shift with it, or omit it to have swizzlegen derive the swizzle.",
        error -> Map.of(), error -> Blame.Attribute.ofTile("swizzleRow"));
    register(SwizzleRowOutOfRange.class, "swizzleRow must be a number of elements from 1 to a"
        + " stage's rows x rowStride ({{stageElements}}), not {{swizzleRow}}.",
        error -> Map.of(), error -> Blame.Attribute.ofTile("swizzleRow"));
    // On bits, which is omitted: the message lands on the annotation.
    // The solver's words end a sentence of their own; here they end this one.
    register(NothingToDerive.class, "bits, base and shift are omitted, but {{clause}}.",
        error -> Map.of("clause", error.why().endsWith(".")
            ? error.why().substring(0, error.why().length() - 1) : error.why()),
        error -> Blame.Attribute.ofTile("bits"));
  }

  private static final String UNRESOLVED = "the value of %1$s could not be resolved in any round of"
      + " annotation processing, so nothing was generated for it; give %1$s a constant javac can"
      + " evaluate.";
  private static final String HOLDER_WRITTEN = "its Java class %s belongs in %s, which an earlier"
      + " round of annotation processing already wrote; declare it in a type of its own.";
  private static final String NOT_WRITTEN = "could not write %s: %s";
  private static final String DERIVED = "with the derived %s, ";

  private ShapeMessages() {}

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
   * An attribute javac could not attribute in any round (a constant of a class no round
   * generated): on that attribute, whichever annotation's it is.
   */
  public static String unresolved(String attribute) {
    return String.format(UNRESOLVED, attribute);
  }

  /** A member of a holder class an earlier round wrote: on the annotated type. */
  public static String holderWritten(Object javaClass, Object holder) {
    return String.format(HOLDER_WRITTEN, javaClass, holder);
  }

  /** A generated file the Filer refused, for {@code reason}: on the annotated type. */
  public static String notWritten(String file, String reason) {
    return String.format(NOT_WRITTEN, file, reason);
  }

  /** What a derived tile's violation is said after: {@code "with the derived Swizzle<3,3,3>, "}. */
  public static String derived(String swizzle) {
    return String.format(DERIVED, swizzle);
  }

  private static String given(BitsMissing error) {
    return error.baseGiven() ? "base" : "shift";
  }

  /** The error in words: one or more sentences, without the tile's or the access's name. */
  public static String render(ShapeError error) {
    return fill(entryOf(error), error);
  }

  /** The attribute at fault. */
  public static Blame.Attribute blame(ShapeError error) {
    return blameOf(entryOf(error), error);
  }

  /** The kinds that have a format and a blame rule: every record of {@link ShapeError}. */
  static Set<Class<? extends ShapeError>> kinds() {
    return Set.copyOf(ENTRIES.keySet());
  }

  private static Entry<?> entryOf(ShapeError error) {
    Entry<?> entry = ENTRIES.get(error.getClass());
    if (entry == null) {
      throw new IllegalArgumentException("no format for " + error.getClass().getName());
    }
    return entry;
  }

  private static <E extends ShapeError> Blame.Attribute blameOf(Entry<E> entry, ShapeError error) {
    @SuppressWarnings("unchecked") // ENTRIES maps each class to the entry of that class
    E typed = (E) error;
    return entry.blame().apply(typed);
  }

  private static <E extends ShapeError> String fill(Entry<E> entry, ShapeError error) {
    @SuppressWarnings("unchecked") // ENTRIES maps each class to the entry of that class
    E typed = (E) error;
    Map<String, Object> fragments = entry.fragments().apply(typed);
    Matcher slot = SLOT.matcher(entry.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = fragments.containsKey(name) ? fragments.get(name) : component(typed, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(String.valueOf(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  private static Object component(ShapeError error, String name) {
    for (RecordComponent component : error.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(error);
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + name + " of " + error, e);
        }
      }
    }
    throw new IllegalArgumentException("the format of " + error.getClass().getSimpleName()
        + " names {{" + name + "}}, which it neither has nor computes");
  }

  private static <E extends ShapeError> void register(Class<E> kind, String text,
      Function<E, Map<String, Object>> fragments, Function<E, Blame.Attribute> blame) {
    if (ENTRIES.putIfAbsent(kind, new Entry<>(text, fragments, blame)) != null) {
      throw new IllegalStateException("two formats for " + kind.getSimpleName());
    }
  }
}
