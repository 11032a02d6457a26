package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.OptionNames;
import dev.swizzlegen.processor.diag.Phrase;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Generated names (C++ identifiers, snake_case header stems, C++ namespaces, Java classes) and why
 * one cannot be declared: a keyword, or a name reserved because the generated headers' code holds
 * it (a struct sharing a member's, parameter's or local's name does not compile, or reads another
 * entity than meant) or uses or includes it. Reserved across every header, so that a name stays
 * valid when a tile gains an engine.
 *
 * <p>The headers' identifiers are kept in {@code header-identifiers.txt} beside this class rather
 * than printed: {@code emit} comes after {@code read}, and printing them in every javac run cost a
 * cold build 0.3-0.4 s. {@code ReservedNamesTest} holds the file equal to what the printers print.
 */
public final class Names {
  static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** C++20 keywords and alternative tokens, plus the Java keywords a helper name cannot start as. */
  private static final Set<String> KEYWORDS = Set.of(
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case",
      "catch", "char", "char16_t", "char32_t", "class", "compl", "const", "constexpr", "const_cast",
      "continue", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
      "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int",
      "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template",
      "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      "char8_t", "concept", "consteval", "constinit", "co_await", "co_return", "co_yield", "requires",
      "abstract", "assert", "byte", "extends", "final", "finally", "implements", "import",
      "instanceof", "interface", "native", "package", "strictfp", "super", "synchronized", "throws",
      "transient", "var", "yield", "record", "sealed", "permits");

  private Names() {}

  /**
   * Names of the C++ and CUDA libraries the headers use or include, or that CUDA code around them
   * has in scope: {@code <cstdint>}'s and {@code <cstddef>}'s, CUDA's element types and built-in
   * variables, and the two driver API typedefs that {@link #CUDA_API} does not match.
   */
  private static final List<String> LIBRARY_NAMES = List.of(
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
      "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "uint_least8_t",
      "uint_least16_t", "uint_least32_t", "uint_least64_t", "int_fast8_t", "int_fast16_t",
      "int_fast32_t", "int_fast64_t", "uint_fast8_t", "uint_fast16_t", "uint_fast32_t",
      "uint_fast64_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t", "size_t", "ptrdiff_t",
      "nullptr_t", "max_align_t", "NULL", "SIZE_MAX", "PTRDIFF_MIN", "PTRDIFF_MAX",
      "SIG_ATOMIC_MIN", "SIG_ATOMIC_MAX", "WCHAR_MIN", "WCHAR_MAX", "WINT_MIN", "WINT_MAX",
      "dim3", "half", "half2", "nv_bfloat16", "nv_bfloat162",
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize",
      "cuuint32_t", "cuuint64_t");

  /** {@code <cstdint>}'s limit and constant macros: {@code INT32_MAX}, {@code UINT64_C}, ... */
  private static final Pattern STDINT_MACRO =
      Pattern.compile("U?INT(8|16|32|64|PTR|MAX|_LEAST(8|16|32|64)|_FAST(8|16|32|64))_(MIN|MAX|C)");

  /** CUDA's vector types: {@code uint2}, {@code float4}, {@code double4_32a}, ... */
  private static final Pattern VECTOR_TYPE = Pattern.compile(
      "(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4](_16a|_32a)?");

  /**
   * The CUDA toolkit's C API, which the TMA headers include (many of its names macros:
   * {@code cuMemAlloc} is {@code cuMemAlloc_v2}): {@code cuTensorMapEncodeTiled},
   * {@code cudaError_t}, {@code CUresult}, {@code CU_TENSOR_MAP_SWIZZLE_128B}.
   */
  private static final Pattern CUDA_API = Pattern.compile("cu(da)?[A-Z]\\w*|CU[a-z_]\\w*|CUDA\\w*");

  /** The headers' own macros: {@code SWIZZLEGEN_HOST_DEVICE}. */
  private static final String MACRO_PREFIX = "SWIZZLEGEN_";

  /** The file of the headers' identifiers, one a line, sorted. */
  public static final String IDENTIFIERS = "header-identifiers.txt";

  /**
   * Every identifier of the headers' code (the shared encoder's {@code detail} among them: a struct
   * {@code swizzlegen::detail} would be redeclared as a namespace).
   */
  public static final Set<String> HEADER_IDENTIFIERS = readIdentifiers();

  private static Set<String> readIdentifiers() {
    try (InputStream in = Names.class.getResourceAsStream(IDENTIFIERS)) {
      if (in == null) {
        throw new IllegalStateException("no " + IDENTIFIERS + " beside " + Names.class);
      }
      return Set.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Why {@code name} cannot name a CUDA struct and a Java class, or empty if it can. */
  public static Optional<String> identifierProblem(String name) {
    return cppNameProblem(name).or(() -> HEADER_IDENTIFIERS.contains(name)
        ? problem(new Phrase.HeaderIdentifier(name)) : Optional.empty());
  }

  /**
   * Why {@code name} cannot be declared beside the generated headers' code (a member of a storage's
   * struct, a part of the namespace), or empty if it can: an ASCII identifier, no keyword, not
   * reserved to the C++ implementation, no name of C++ or CUDA the headers use or include (which a
   * member of any struct and any part of a namespace would hide or be replaced by). The headers' own
   * members, parameters and locals are free here: a name beside them hides none of them.
   */
  public static Optional<String> cppNameProblem(String name) {
    if (!IDENTIFIER.matcher(name).matches()) {
      return problem(new Phrase.NotIdentifier(name));
    }
    if (KEYWORDS.contains(name)) {
      return problem(new Phrase.Keyword(name));
    }
    if (name.contains("__") || (name.length() > 1 && name.charAt(0) == '_'
        && Character.isUpperCase(name.charAt(1)))) {
      return problem(new Phrase.ReservedToImplementation(name));
    }
    if (LIBRARY_NAMES.contains(name) || STDINT_MACRO.matcher(name).matches()
        || VECTOR_TYPE.matcher(name).matches()) {
      return problem(new Phrase.LibraryName(name));
    }
    if (CUDA_API.matcher(name).matches()) {
      return problem(new Phrase.CudaApi(name));
    }
    if (name.startsWith(MACRO_PREFIX)) {
      return problem(new Phrase.MacroPrefix(name, MACRO_PREFIX));
    }
    return Optional.empty();
  }

  /**
   * Why {@code name} cannot name a struct declared in {@code namespace}, or empty if it can: also a
   * part of the namespace, which the struct would hide ({@code swizzlegen::GemmA} inside
   * {@code namespace swizzlegen} would look in a struct {@code swizzlegen}).
   */
  public static Optional<String> nameProblem(String name, String namespace) {
    Optional<String> problem = identifierProblem(name);
    if (problem.isEmpty() && List.of(namespace.split("::")).contains(name)) {
      return problem(new Phrase.NamespacePart(name, namespace));
    }
    return problem;
  }

  /**
   * Why the generated structs cannot be declared in {@code namespace} ({@code a::b}), or empty if
   * they can: each part a {@link #cppNameProblem C++ name} (the headers name their own namespace
   * from the global one, {@code ::swizzlegen::detail}, so a part may repeat their structs' names),
   * the outermost none the standard keeps: {@code std}, {@code std<digits>}, {@code posix},
   * {@code _...}.
   */
  public static Optional<String> namespaceProblem(String namespace) {
    String option = OptionNames.given(OptionNames.NAMESPACE, namespace);
    String[] parts = namespace.split("::", -1);
    for (String part : parts) {
      Optional<String> problem = cppNameProblem(part);
      if (problem.isPresent()) {
        return problem(new Phrase.NamespaceNotCpp(option, problem.get()));
      }
    }
    String outermost = parts[0];
    if (outermost.equals("std")) {
      return problem(new Phrase.NamespaceStd(option));
    }
    if (outermost.matches("std[0-9]+") || outermost.equals("posix")) {
      return problem(new Phrase.NamespaceFuture(option, outermost));
    }
    if (outermost.startsWith("_")) {
      return problem(new Phrase.NamespaceUnderscore(option, outermost));
    }
    return Optional.empty();
  }

  /**
   * Reports a tile's or a rasterizer's name {@code problem}: on {@code name} where it was written,
   * else as the problem of the type's name.
   */
  static void report(String problem, boolean written, boolean rasterizer,
      Diagnostics diagnostics) {
    if (written) {
      diagnostics.error("name", problem);
    } else {
      diagnostics.shapeError(new ShapeError.NameFromType(problem, rasterizer));
    }
  }

  /** A name's problem in words, for the message of the name's error. */
  static Optional<String> problem(Phrase problem) {
    return Optional.of(Messages.PHRASES.render(problem));
  }

  /** The generated non-Java files' path without extension: {@code swizzlegen/gemm_a}. */
  static String outputStem(String name) {
    return "swizzlegen/" + snakeCase(name);
  }

  /**
   * {@code GemmA -> gemm_a}, {@code Sw128Half -> sw128_half}, {@code HTTPTile -> http_tile},
   * {@code Bytes128B -> bytes128b}: an underscore before a capital that follows a lower-case letter,
   * or that starts a word (is followed by a lower-case letter) after a digit or an acronym.
   */
  public static String snakeCase(String name) {
    StringBuilder snake = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c) && i > 0) {
        char previous = name.charAt(i - 1);
        boolean startsWord = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
        boolean split = Character.isLowerCase(previous)
            || (startsWord && (Character.isDigit(previous) || Character.isUpperCase(previous)));
        if (split && snake.charAt(snake.length() - 1) != '_') {
          snake.append('_');
        }
      }
      snake.append(Character.toLowerCase(c));
    }
    return snake.toString();
  }

  /** A type's name where {@code name} is not given: {@code Outer.Inner -> Outer_Inner}. */
  static String typeName(TypeElement type) {
    return pathBelow(null, type);
  }

  /**
   * The types' names from below {@code ancestor} (null: the top-level type's) down to {@code type},
   * joined by underscores: {@code pathBelow(Kernel, Kernel.Attention.Q) -> Attention_Q}.
   */
  static String pathBelow(TypeElement ancestor, TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element enclosing = type.getEnclosingElement();
        enclosing != null && enclosing.getKind() != ElementKind.PACKAGE && !enclosing.equals(ancestor);
        enclosing = enclosing.getEnclosingElement()) {
      name.insert(0, enclosing.getSimpleName() + "_");
    }
    return name.toString();
  }

  /**
   * Where a compilation's generated names live: its C++ namespace, and the types its sources
   * declare (by qualified name), which a generated Java class must not repeat.
   */
  public record Scope(Elements elements, String namespace, Predicate<String> sourceTypes) {
    /**
     * Why {@code name}'s Java class cannot be generated, or empty if it can: the sources being
     * compiled declare a type of its name already, which javac would reject as a duplicate class.
     */
    Optional<String> javaClassProblem(String name, JavaClassName javaClass) {
      if (sourceTypes.test(javaClass.canonicalName())) {
        return problem(new Phrase.JavaClassDeclared(name, javaClass.canonicalName()));
      }
      return Optional.empty();
    }

    /**
     * The Java class generated for {@code type} under the name {@code name}: {@code <name><suffix>}
     * beside a top-level type; for a type nested in {@code Kernel}, a member of the one holder
     * {@code KernelSwizzles}, named after {@code override}, else after the type's path below the
     * top-level type ({@code Kernel.Attention.Q -> Attention_QSwizzle}).
     */
    JavaClassName javaClass(TypeElement type, String override, String name, String suffix) {
      String packageName = elements.getPackageOf(type).getQualifiedName().toString();
      TypeElement topLevel = topLevelType(type);
      if (topLevel.equals(type)) {
        return JavaClassName.topLevel(packageName, name + suffix);
      }
      String javaName = override.isEmpty() ? pathBelow(topLevel, type) : override;
      return JavaClassName.member(packageName, topLevel.getSimpleName() + "Swizzles",
          javaName + suffix);
    }
  }

  /** The top-level type that {@code type} is, or is nested in. */
  public static TypeElement topLevelType(TypeElement type) {
    TypeElement topLevel = type;
    while (topLevel.getEnclosingElement() instanceof TypeElement enclosing) {
      topLevel = enclosing;
    }
    return topLevel;
  }

  /** The storage struct's own members, parameters and locals, which no other name may repeat. */
  public static final List<String> STORAGE_MEMBERS = List.of("kBytes", "kAlignment",
      "kDynamicBytes", "kBlocksPerSm", "kLimitBytes", "kExtents", "base", "configure",
      "dynamic_smem", "kernel", "Kernel", "copy", "i", "address", "base_address", "base_pointer",
      "Tile");

  /** A storage's Java twin's own constants, which no buffer's constant may repeat. */
  public static final List<String> TWIN_CONSTANTS = List.of("BYTES", "ALIGNMENT", "DYNAMIC_BYTES",
      "LIMIT_BYTES", "BLOCKS_PER_SM", "CUDA_HEADER", "CUDA_TYPE");

  /**
   * A storage constant's name in the Java twin: {@code kHopperAOffset -> HOPPER_A_OFFSET}. Two
   * buffers whose C++ constants differ may share it ({@code kABOffset}, {@code kAbOffset}).
   */
  public static String javaConstant(String cudaName) {
    return snakeCase(cudaName.substring(1)).toUpperCase(Locale.ROOT);
  }

  /** The helper of the change from phase {@code from} to {@code to}: {@code main_to_epilogue}. */
  public static String phaseChange(String from, String to) {
    return from + "_to_" + to;
  }

  /**
   * The members a storage header declares for one buffer, after its name, so that a collision is
   * found before anything is printed: its constants ({@code k<Name>Offset}, its first copy's offset
   * from the base; {@code Bytes}, all its copies'; {@code CopyStride}, from one copy to the next;
   * {@code Count}, a barriers buffer's mbarriers per copy), its accessor ({@code snake_case} of the
   * name) and a tile buffer's CuTe tensor ({@code <accessor>_tensor}, declared where the tile has a
   * CuTe type, reserved for every buffer).
   */
  public record BufferMembers(String offset, String bytes, String alignment, String copies,
      String copyStride, String count, String accessor, String tensor) {
    /** The members of a buffer named {@code name}. */
    public static BufferMembers of(String name) {
      String k = "k" + pascalCase(name);
      String accessor = snakeCase(name);
      return new BufferMembers(k + "Offset", k + "Bytes", k + "Alignment", k + "Copies",
          k + "CopyStride", k + "Count", accessor, accessor + "_tensor");
    }

    /** Every member, constants first. */
    public List<String> all() {
      return List.of(offset, bytes, alignment, copies, copyStride, count, accessor, tensor);
    }

    /** The constants, which the Java twin also declares ({@link Names#javaConstant}). */
    public List<String> constants() {
      return List.of(offset, bytes, alignment, copies, copyStride, count);
    }
  }

  /**
   * {@code name} in the constants' one case: {@code tmem_slot} and {@code tmemSlot} both give
   * {@code TmemSlot}, never {@code Tmem_slot}; a name of underscores only stays as it is.
   */
  static String pascalCase(String name) {
    StringBuilder out = new StringBuilder(name.length());
    boolean capital = true;
    for (char c : name.toCharArray()) {
      if (c == '_') {
        capital = true;
      } else {
        out.append(capital ? Character.toUpperCase(c) : c);
        capital = false;
      }
    }
    return out.length() == 0 ? name : out.toString();
  }

  /**
   * The names of the members a tile's header declares for one tensor-core read, from its format's
   * engine name ({@code wgmma}, {@code umma}), so that {@link #HEADER_IDENTIFIERS} reserves exactly
   * what the header's {@code reads} section ({@code emit.cuda.OperandReadText}) declares: its
   * constants' prefix ({@code kWgmma}), its operand functions' ({@code wgmma_row()}) and its
   * descriptor function ({@code wgmma_desc}). The second read of a tile read in both majors, the
   * MN-major one, adds {@code Mn}: {@code kWgmmaMn}, {@code wgmma_mn_row()},
   * {@code wgmma_desc_mn()}.
   */
  public record MmaMembers(String name, boolean second) {
    /**
     * Each format's constant that holds the major bit, and whether a tile may carry two reads of
     * the format, one of each major (the second's members named apart).
     */
    private static final Map<MmaFormat, Map.Entry<String, Boolean>> NAMING = Map.of(
        MmaFormat.GMMA, Map.entry("Transpose", true),
        MmaFormat.UMMA, Map.entry("Major", false));

    /**
     * The constants every read declares after its prefix (besides its format's
     * {@link #majorField}, and {@code Version} where its descriptor has one).
     */
    private static final List<String> CONSTANTS = List.of("K", "KSlices", "MnExtent", "KExtent",
        "MnStep", "LeadingByteOffset", "StrideByteOffset", "BaseOffset", "LayoutType",
        "Descriptor");

    public static MmaMembers of(MmaFormat format, boolean second) {
      return new MmaMembers(format.engineName().toLowerCase(Locale.ROOT), second);
    }

    /** The constant, after a read's prefix, that holds {@code format}'s major bit. */
    public static String majorField(MmaFormat format) {
      return NAMING.get(format).getKey();
    }

    /** Whether a tile may carry two reads of {@code format}, one of each major. */
    public static boolean readsInBothMajors(MmaFormat format) {
      return NAMING.get(format).getValue();
    }

    /** Whether {@code descriptor} has {@code field}. */
    public static boolean has(MmaDescriptor descriptor, MmaDescriptor.Field field) {
      return descriptor.fields().stream().anyMatch(bits -> bits.field() == field);
    }

    /** Every member name any read may have, for every format, in both majors where a tile may. */
    public static List<String> all() {
      List<String> names = new ArrayList<>();
      for (MmaFormat format : MmaFormat.all()) {
        for (boolean second : readsInBothMajors(format) ? List.of(false, true) : List.of(false)) {
          MmaMembers members = of(format, second);
          CONSTANTS.forEach(constant -> names.add(members.constants() + constant));
          names.add(members.constants() + majorField(format));
          if (has(format.descriptor(), MmaDescriptor.Field.VERSION)) {
            names.add(members.constants() + "Version");
          }
          names.add(members.descriptor());
          for (String function : List.of("_row", "_col", "_offset")) {
            names.add(members.functions() + function);
          }
        }
      }
      return names;
    }

    /** {@code kWgmma}, {@code kWgmmaMn}, {@code kUmma}. */
    public String constants() {
      return "k" + Character.toUpperCase(name.charAt(0)) + name.substring(1)
          + (second ? "Mn" : "");
    }

    /** {@code wgmma}, {@code wgmma_mn}, {@code umma}: as in {@code wgmma_mn_row()}. */
    public String functions() {
      return name + (second ? "_mn" : "");
    }

    /** The operand functions' names before {@code Row}, as {@code TileFunctions} takes them. */
    public String functionPrefix() {
      return name + (second ? "Mn" : "");
    }

    /** {@code wgmma_desc}, {@code wgmma_desc_mn}, {@code umma_desc}. */
    public String descriptor() {
      return name + "_desc" + (second ? "_mn" : "");
    }
  }
}
