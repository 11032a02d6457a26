package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Phrase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names a generated struct (a tile's or a rasterizer's) and a part of
 * {@code -Aswizzlegen.namespace} cannot take, besides keywords ({@link Names}): every identifier
 * the generated headers' code holds (a struct sharing a member's, parameter's or local's name does
 * not compile, or reads another entity than meant), and every type, macro and built-in they use or
 * include. Reserved across every header, so that a name stays valid when a tile gains an engine.
 *
 * <p>The headers' identifiers are kept in {@code header-identifiers.txt} beside this class rather
 * than printed: {@code emit} comes after {@code read}, and printing them in every javac run cost a
 * cold build 0.3-0.4 s. {@code ReservedNamesTest} holds the file equal to what the printers print.
 */
public final class ReservedNames {
  private ReservedNames() {}

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
  private static final Set<String> HEADER_IDENTIFIERS = readIdentifiers();

  private static Set<String> readIdentifiers() {
    try (InputStream in = ReservedNames.class.getResourceAsStream(IDENTIFIERS)) {
      if (in == null) {
        throw new IllegalStateException("no " + IDENTIFIERS + " beside " + ReservedNames.class);
      }
      return Set.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The identifiers of the headers' code, as {@link #IDENTIFIERS} lists them. */
  public static Set<String> headerIdentifiers() {
    return HEADER_IDENTIFIERS;
  }

  /**
   * Why {@code name}, an identifier and no keyword, would collide with what the generated headers
   * declare, use or include; empty if it would not.
   */
  static Optional<String> collision(String name) {
    return libraryCollision(name).or(() -> HEADER_IDENTIFIERS.contains(name)
        ? Names.problem(new Phrase.HeaderIdentifier(name)) : Optional.empty());
  }

  /**
   * Why {@code name}, an identifier and no keyword, would collide with a name of C++ or CUDA that
   * the generated headers use or include, which a member of any struct and any part of a namespace
   * would hide or be replaced by; empty if it would not.
   */
  static Optional<String> libraryCollision(String name) {
    if (LIBRARY_NAMES.contains(name) || STDINT_MACRO.matcher(name).matches()
        || VECTOR_TYPE.matcher(name).matches()) {
      return Names.problem(new Phrase.LibraryName(name));
    }
    if (CUDA_API.matcher(name).matches()) {
      return Names.problem(new Phrase.CudaApi(name));
    }
    if (name.startsWith(MACRO_PREFIX)) {
      return Names.problem(new Phrase.MacroPrefix(name, MACRO_PREFIX));
    }
    return Optional.empty();
  }
}
