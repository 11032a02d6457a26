package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.emit.cuda.HeaderNames;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.TileCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code read.Names} cannot drift from the writers: every identifier in the code of every
 * header the tests generate (tiles of every kind, TMA, wgmma in one major and in both, and UMMA
 * included, rasterizers of every order) is a name no struct and no namespace part can take, except
 * the struct's own name and its namespace; and the members reserved for the tensor-core reads
 * ({@link Names.MmaMembers#all()}) are exactly those the header template's one {@code reads}
 * section declares, in every kind of read (wgmma in one major and in both, UMMA).
 */
class ReservedNamesTest {
  private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Za-z_]\\w*\\b");
  /** The preprocessor's own words, which are not names in the program. */
  private static final Set<String> PREPROCESSOR = Set.of("define", "defined", "ifndef", "endif");
  /** A constant a header declares, or a function it defines: the member's name. */
  private static final Pattern DECLARED = Pattern.compile(
      "static constexpr \\w+ (\\w+) =|static constexpr \\w+ (\\w+)\\(");

  /** The identifiers of a header's code: comments, string literals and #include lines left out. */
  static Set<String> identifiers(String header) {
    Set<String> identifiers = new TreeSet<>();
    for (String line : header.split("\n")) {
      String code = line.strip();
      if (code.startsWith("#include") || code.startsWith("#pragma")) {
        continue;
      }
      code = code.replaceAll("//.*", "").replaceAll("/\\*.*?\\*/", "").replaceAll("\"[^\"]*\"", "")
          .replaceAll(HeaderNames.CUTE_QUALIFIED, "cute");
      Matcher matcher = IDENTIFIER.matcher(code);
      while (matcher.find()) {
        identifiers.add(matcher.group());
      }
    }
    return identifiers;
  }

  @Test
  void everyIdentifierOfEveryGeneratedHeaderIsReserved() {
    Generated tiles = Generated.of(TileCorpus.sources());
    Generated blackwell = Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL));
    Generated twoMajors = Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS));
    Generated rasters = Generated.of(RasterCorpus.sources());
    List<String> unreserved = new ArrayList<>();
    int checked = 0;
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      checked += unreserved(tiles.text(tile.header()), tile.cudaType(), unreserved);
    }
    for (TileCorpus.Case tile : TileCorpus.BLACKWELL) {
      checked += unreserved(blackwell.text(tile.header()), tile.cudaType(), unreserved);
    }
    for (TileCorpus.Case tile : TileCorpus.WGMMA_TWO_MAJORS) {
      checked += unreserved(twoMajors.text(tile.header()), tile.cudaType(), unreserved);
    }
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      checked += unreserved(rasters.text(raster.header()), raster.cudaType(), unreserved);
    }
    assertThat(unreserved).isEmpty();
    assertTrue(checked > 150, "only " + checked + " identifiers");
  }

  /** Adds the identifiers of {@code header} a struct could take; returns how many were checked. */
  private static int unreserved(String header, String cudaType, List<String> unreserved) {
    Set<String> own = Set.of(cudaType.split("::"));
    int checked = 0;
    for (String identifier : identifiers(header)) {
      if (own.contains(identifier) || PREPROCESSOR.contains(identifier)) {
        continue;
      }
      checked++;
      if (Names.identifierProblem(identifier).isEmpty()) {
        unreserved.add(identifier + " (in " + cudaType + "'s header)");
      }
    }
    return checked;
  }

  @Test
  void everyKindOfCollisionIsNamed() {
    assertThat(Names.identifierProblem("offset").orElseThrow())
        .contains("would collide with offset in the generated headers");
    assertThat(Names.identifierProblem("kTmaBoxes").orElseThrow()).contains("generated headers");
    assertThat(Names.identifierProblem("get_swizzle_idx").orElseThrow()).contains("generated headers");
    // Members, parameters and locals of every printer, computed from what they print.
    for (String member : List.of("wgmma_desc_mn", "kUmmaVersion", "umma_row", "tma_box_offset",
        "row_xor", "smem_address", "k_slice", "kBeforeCuda12_8", "encode_tma_2d", "detail",
        "top_tiles", "launch_x")) {
      assertThat(Names.identifierProblem(member).orElseThrow())
          .isEqualTo("name \"" + member + "\" would collide with " + member + " in the generated"
              + " headers (a member, parameter or local variable of their structs).");
    }
    // Only the read kinds that exist: wgmma has no version, tcgen05 no second read.
    for (String absent : List.of("kWgmmaVersion", "kUmmaMnK", "umma_desc_mn")) {
      assertTrue(Names.identifierProblem(absent).isEmpty(), absent);
    }
    for (String library : List.of("uint32_t", "uint64_t", "int32_t", "size_t", "NULL", "dim3", "uint2",
        "uint3", "float4", "double4_32a", "half", "blockIdx", "threadIdx", "warpSize", "INT32_MAX",
        "UINT64_C", "cuuint32_t")) {
      assertThat(Names.identifierProblem(library).orElseThrow()).contains("a type, macro or built-in");
    }
    for (String cuda : List.of("cudaError_t", "cudaGetDriverEntryPoint", "cuTensorMapEncodeTiled",
        "CUresult", "CUtensorMap", "CU_TENSOR_MAP_SWIZZLE_128B", "CUDAAPI", "CUDART_VERSION")) {
      assertThat(Names.identifierProblem(cuda).orElseThrow()).contains("CUDA toolkit's C API");
    }
    assertThat(Names.identifierProblem("SWIZZLEGEN_HOST_DEVICE").orElseThrow())
        .contains("prefix of the generated headers' macros");
    for (String keyword : List.of("co_await", "requires", "char8_t", "struct")) {
      assertThat(Names.identifierProblem(keyword).orElseThrow()).contains("keyword");
    }
    // Names that merely look alike are the user's.
    for (String fine : List.of("GemmA", "Offset", "Cube", "CudaTile", "Uint32Tile", "Half", "Dim3Tile",
        "cute_tile", "float5", "SwizzlegenTile")) {
      assertTrue(Names.identifierProblem(fine).isEmpty(), fine);
    }
  }

  @Test
  void aStructCannotTakeAPartOfItsNamespace() {
    assertThat(Names.nameProblem("swizzlegen", "swizzlegen").orElseThrow())
        .contains("a part of the generated structs' namespace swizzlegen");
    assertThat(Names.nameProblem("kernels", "acme::kernels").orElseThrow()).contains("acme::kernels");
    assertTrue(Names.nameProblem("GemmA", "acme::kernels").isEmpty());
  }

  @Test
  void namespacePartsCannotBeReservedNames() {
    assertThat(Names.namespaceProblem("acme::dim3").orElseThrow()).contains("is not a C++ namespace");
    assertThat(Names.namespaceProblem("uint32_t").orElseThrow()).contains("a type, macro or built-in");
    assertTrue(Names.namespaceProblem("acme::offset").isEmpty());
    assertTrue(Names.namespaceProblem("acme::k").isEmpty());
    assertTrue(Names.namespaceProblem("acme::kernels").isEmpty());
  }

  /**
   * The reserved identifiers are what the printers print: the list the readers keep (so that no
   * javac run prints headers to learn them) equals {@link HeaderNames}'s. Where a printer changes,
   * this fails and writes the new list to {@code target/header-identifiers.txt}, to be copied over
   * {@code src/main/resources/dev/swizzlegen/processor/read/header-identifiers.txt}.
   */
  @Test
  void theKeptIdentifiersAreWhatThePrintersPrint() throws IOException {
    Set<String> printed = HeaderNames.identifiers();
    if (!printed.equals(Names.HEADER_IDENTIFIERS)) {
      Files.writeString(Path.of("target", Names.IDENTIFIERS),
          String.join("\n", new TreeSet<>(printed)) + "\n");
    }
    assertThat(Names.HEADER_IDENTIFIERS).containsExactlyElementsIn(printed);
    assertThat(printed).containsAtLeast("offset", "wgmma_desc", "umma_desc", "get_swizzle_idx");
  }

  @Test
  void theReservedMemberNamesAreTheOnesTheReadsSectionDeclares() {
    Generated blackwell = Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL));
    Generated twoMajors = Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS));
    Set<String> declared = new TreeSet<>();
    for (TileCorpus.Case tile : TileCorpus.BLACKWELL) {
      declared.addAll(readMembers(blackwell.text(tile.header())));
    }
    for (TileCorpus.Case tile : TileCorpus.WGMMA_TWO_MAJORS) {
      declared.addAll(readMembers(twoMajors.text(tile.header())));
    }
    assertThat(declared).containsExactlyElementsIn(Names.MmaMembers.all());
  }

  /** The members of a header's reads: those named after a format's engine name. */
  private static Set<String> readMembers(String header) {
    Set<String> members = new TreeSet<>();
    Matcher matcher = DECLARED.matcher(header);
    while (matcher.find()) {
      String name = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
      if (name.matches("(kWgmma|kUmma|wgmma_|umma_).*")) {
        members.add(name);
      }
    }
    return members;
  }
}
