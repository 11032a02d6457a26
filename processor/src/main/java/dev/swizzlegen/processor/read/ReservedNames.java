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
 * The names a generated struct (a tile's or a rasterizer's {@code name}, or its type's name) and a
 * part of {@code -Aswizzlegen.namespace} cannot take, besides keywords ({@link Names}): every
 * identifier the generated headers' code holds (a struct whose member, parameter or local shares its
 * name does not compile, or reads another entity than meant), and every type, macro and built-in they
 * use or include ({@code uint32_t}, {@code dim3}, {@code NULL}, {@code blockIdx}, the CUDA toolkit's
 * C API). Reserved across every header, not per tile, so that a name stays valid when a tile gains a
 * TMA, WGMMA or UMMA access.
 *
 * <p>The headers' identifiers are what the printers print ({@code emit.cuda.HeaderNames} prints
 * them), kept in {@code header-identifiers.txt} beside this class: the printers come after the
 * readers ({@code emit} uses {@code read}), and printing them in every javac run cost a cold build
 * 0.3-0.4 s. {@code ReservedNamesTest} holds the file equal to what the printers print, and every
 * identifier of every generated header in the tests reserved.
 */
public final class ReservedNames {
  private ReservedNames() {}

  /**
   * Types and names of the C++ and CUDA libraries the headers use or include, or that CUDA code
   * around them has in scope: {@code <cstdint>}'s and {@code <cstddef>}'s, CUDA's element types, its
   * built-in variables, and the two typedefs of its driver API that do not start as the rest.
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
   * The CUDA toolkit's C API, whose names (many of them macros: {@code cuMemAlloc} is
   * {@code cuMemAlloc_v2}) the TMA headers include: {@code cuTensorMapEncodeTiled},
   * {@code cudaError_t}, {@code CUresult}, {@code CU_TENSOR_MAP_SWIZZLE_128B}, {@code CUDAAPI},
   * {@code CUDART_VERSION}.
   */
  private static final Pattern CUDA_API = Pattern.compile("cu(da)?[A-Z]\\w*|CU[a-z_]\\w*|CUDA\\w*");

  /** The headers' own macros: {@code SWIZZLEGEN_HOST_DEVICE}. */
  private static final String MACRO_PREFIX = "SWIZZLEGEN_";

  /**
   * Every identifier of the headers' code (the shared encoder's {@code detail} and {@code
   * encode_tma_2d} among them: a struct {@code swizzlegen::detail} would be redeclared as a
   * namespace), read on first use.
   */
  private static final class HeaderIdentifiers {
    static final Set<String> ALL = read();

    private static Set<String> read() {
      try (InputStream in = ReservedNames.class.getResourceAsStream(IDENTIFIERS)) {
        if (in == null) {
          throw new IllegalStateException("no " + IDENTIFIERS + " beside " + ReservedNames.class);
        }
        return Set.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The file of the headers' identifiers, one a line, sorted. */
  public static final String IDENTIFIERS = "header-identifiers.txt";

  /** The identifiers of the headers' code, as {@link #IDENTIFIERS} lists them. */
  public static Set<String> headerIdentifiers() {
    return HeaderIdentifiers.ALL;
  }

  /**
   * Why {@code name} would collide with what the generated headers declare, use or include, or empty
   * if it would not: {@link #libraryCollision}, or an identifier of the headers' code. {@code name}
   * is an identifier, not a keyword.
   */
  static Optional<String> collision(String name) {
    Optional<String> library = libraryCollision(name);
    if (library.isPresent()) {
      return library;
    }
    if (HeaderIdentifiers.ALL.contains(name)) {
      return Names.problem(new Phrase.HeaderIdentifier(name));
    }
    return Optional.empty();
  }

  /**
   * Why {@code name} would collide with a name of C++ or CUDA that the generated headers use or
   * include (a type, macro or built-in, the CUDA toolkit's C API, the headers' own macros), which a
   * member of any struct and any part of a namespace would hide or be replaced by; empty if it would
   * not. {@code name} is an identifier, not a keyword.
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
