package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Sub-byte tiles and sm_100's ldmatrix and stmatrix shapes in the generated files (issue 20): packed
 * FP4 gives element offsets and {@code kElementBits} with its swizzle stated in bytes; padded FP6
 * filled by TMA as {@code 16U6_ALIGN16B}; the new shapes costed and marked "not yet measured on
 * sm_100 hardware" in the header and the report; and each rule an error on the attribute at fault.
 * Their headers are compiled by nvcc, g++ and NVRTC with the corpus ({@link TileCorpus}).
 */
class SubByteTileTest {

  private static JavaFileObject tile(String annotation) {
    return JavaFileObjects.forSourceString("sub.Tile", "package sub;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n" + annotation + "\ninterface Tile {}\n");
  }

  private static void assertError(String message, String line, String annotation) {
    JavaFileObject source = tile(annotation);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("tile Tile: ").inFile(source).onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  /** The loaded helper's {@code ACCESSES}, each as its text. */
  private static List<String> accessTexts(Generated generated) {
    @SuppressWarnings("unchecked")
    List<AccessPattern> accesses =
        (List<AccessPattern>) generated.helper("sub.TileSwizzle").constant("ACCESSES");
    return accesses.stream().map(AccessPattern::text).toList();
  }

  @Test
  void packedFp4GivesElementOffsetsAndItsBitsWithTheSwizzleInBytes() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP4_E2M1, rows = 64, cols = 256,
            access = {@Access(op = Op.STORE, bytes = 16),
                @Access(kind = AccessKind.TMA, op = Op.STORE)})"""));
    String header = generated.text("swizzlegen/tile.cuh");
    assertThat(header).contains("static constexpr uint32_t kElementBits = 4;");
    assertThat(header).doesNotContain("kElementBytes");
    assertThat(header).contains("static constexpr int kBase = 4;");
    assertThat(header).contains("// A 64 x 256 tile of FP4_E2M1 elements (4 bits, two to a byte),");
    assertThat(header).contains("offset o is in byte o / 2");
    assertThat(header).contains("// Swizzle<3,4,3> on byte offsets (Swizzle<3,5,3> on element offsets,"
        + " two to a byte, TMA mode\n// CU_TENSOR_MAP_SWIZZLE_128B).");
    assertThat(header).contains("return offset ^ ((offset & 0x700u) >> 3);");
    // A float_e2m1_t* steps a byte an element: CuTe's tensor walks the packed fields through its
    // sub-byte iterator (scripts/cute-check-subbyte.sh checks every element under CuTe).
    assertThat(header).contains(
        "return cute::make_tensor(cute::make_smem_ptr(cute::recast_ptr<CuteElement>(smem)),");
    assertThat(header).contains("kTmaDataType = CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B;");
    assertThat(header).contains("#if !defined(__CUDACC_RTC__) && CUDA_VERSION >= 12080\n");
    assertThat(Generated.unfolded(header)).contains("static_assert(!kBeforeCuda12_8,"
        + " \"swizzlegen: Tile's TMA data type CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B needs <cuda.h>"
        + " from CUDA 12.8 on\");");
    assertThat(header).contains("static constexpr uint32_t kTmaStageBytes = 8192;");

    Generated.Helper helper = generated.helper("sub.TileSwizzle");
    assertEquals(3, helper.intConstant("BITS"));
    assertEquals(4, helper.intConstant("BASE"));
    assertEquals(3, helper.intConstant("SHIFT"));
    assertEquals(4, helper.intConstant("ELEMENT_BITS"));
    TileLayout layout = (TileLayout) helper.constant("LAYOUT");
    assertEquals(TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 64, 256).alignment(1024)
        .build(), layout);
    // Element (row, col) is in the byte where the byte tile of half the columns has (row, col / 2).
    TileLayout bytes = TileLayout.builder(DType.UINT8, Swizzle.of(3, 4, 3), 64, 128)
        .alignment(1024).build();
    for (int row = 0; row < 64; row++) {
      for (int col = 0; col < 256; col++) {
        int offset = helper.call("offset", row, col);
        assertEquals(2 * bytes.offset(row, col / 2) + col % 2, offset);
        assertEquals(BankModel.NVIDIA.bank(bytes.byteOffset(row, col / 2)),
            helper.call("bank", row, col));
      }
    }
    String report = generated.text("swizzlegen/tile.json");
    assertThat(report).contains("\"elementBits\": 4,");
    assertThat(report).contains("\"storage\": \"PACKED_TWO_PER_BYTE\",");
    assertThat(report).contains("\"dataType\": \"CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B\",");
    assertThat(report).doesNotContain("elementBytes");
  }

  @Test
  void paddedFp6IsFilledByTmaAs16U6Align16B() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP6_E3M2, rows = 64, cols = 128,
            access = @Access(kind = AccessKind.TMA, op = Op.STORE))"""));
    String header = generated.text("swizzlegen/tile.cuh");
    assertThat(header).contains(
        "static constexpr CUtensorMapDataType kTmaDataType = CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B;");
    assertThat(header).contains("static constexpr uint32_t kElementBytes = 1;");
    assertThat(header).contains("static constexpr uint32_t kElementBits = 6;");
    assertThat(header).contains("static constexpr uint32_t kTmaBoxCols = 128;");
    assertThat(header).contains("12 bytes of values, then a 4-byte gap");
    assertThat(header.replace("\n  // ", " ")).contains("the global matrix's address must be"
        + " 32-byte aligned, its global_cols a multiple of 128 and row_pitch_bytes a multiple of 32");
    assertThat(generated.text("swizzlegen/tile.json"))
        .contains("\"dataType\": \"CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B\",");
  }

  @Test
  void ldmatrixM8n16OnPaddedFp4IsCostedAndMarkedUnmeasured() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, base = 4, dtype = DType.FP4_E2M1_PADDED, rows = 32, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M8N16))"""));
    String header = generated.text("swizzlegen/tile.cuh");
    // The padded form's offsets count byte slots, which the pointer itself steps.
    assertThat(header).contains("return cute::make_tensor(cute::make_smem_ptr(smem), cute_layout());");
    assertThat(Generated.unfolded(header)).contains(Generated.unfolded("\n//   ldmatrix.m8n16.x4:"
        + " conflict-free, 4 wavefronts per instruction\n//     ldmatrix.m8n16 is sm_100a, sm_103a,"
        + " sm_110a, sm_120a only; the bank model's cost, not yet measured on sm_100 hardware."));
    String report = generated.text("swizzlegen/tile.json");
    assertThat(report).contains("\"shape\": \"M8N16\",");
    assertThat(report).contains("\"hardware\": \"not yet measured on sm_100 hardware\",");
    assertThat(report).contains("\"wavefronts\": 32,");
    assertEquals(List.of("ldmatrix m8n16 x4"), accessTexts(generated));
  }

  @Test
  void ldmatrixM16n16TransOnFp8CostsWhatItsTwoStackedM8n8MatricesCost() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 2, base = 4, shift = 3, dtype = DType.FP8_E4M3, rows = 64, cols = 128,
            access = {@Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M16N16, trans = true,
                matrices = 1, maxWays = 2),
                @Access(kind = AccessKind.LDMATRIX, matrices = 2, maxWays = 2)})"""));
    String header = generated.text("swizzlegen/tile.cuh");
    // Swizzle<2,4,3> on 128-byte rows leaves rows 0 and 4 of a column in one bank: 2-way, alike.
    assertThat(header).contains("//   ldmatrix.m16n16.x1.trans: 2-way conflict, 4 wavefronts per"
        + " instruction (ideal 2)\n");
    assertThat(header).contains("//   ldmatrix.x2: 2-way conflict, 4 wavefronts per instruction"
        + " (ideal 2)\n");
    assertThat(Generated.unfolded(header)).contains("ldmatrix.m16n16 is sm_100a, sm_103a, sm_110a"
        + " only; the bank model's cost, not yet measured on sm_100 hardware.");
  }

  /**
   * FlashAttention-3's FP8 V: {@code ldmatrix.x4.trans} (m8n8, .b16) on 8-bit elements moves 16-bit
   * pairs from the non-trans form's addresses, so it costs what ldmatrix.x4 does; the header and the
   * report say it moves pairs, the helper's ACCESSES keep the access. An element wider than 16 bits
   * is still an error on trans.
   */
  @Test
  void ldmatrixTransOnFp8MovesBytePairsAtTheNonTransFormsCost() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP8_E4M3, rows = 64, cols = 128,
            access = {@Access(kind = AccessKind.LDMATRIX, trans = true),
                @Access(kind = AccessKind.LDMATRIX)})"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/tile.cuh");
    assertThat(header).contains("""
        //   ldmatrix.x4.trans: conflict-free, 4 wavefronts per instruction
        //     ldmatrix.x4.trans (16-bit pairs of 8-bit elements) transposes pairs of adjacent FP8_E4M3
        //     elements, not single ones; its addresses, and so its cost, are ldmatrix.x4's.
        //   ldmatrix.x4: conflict-free, 4 wavefronts per instruction
        """);
    String report = generated.text("swizzlegen/tile.json");
    assertThat(report).contains("\"description\": \"ldmatrix.x4.trans\",");
    assertThat(report).containsMatch("\"moves\": \"16-bit pairs of 8-bit elements\"");
    assertEquals(List.of("ldmatrix x4 trans", "ldmatrix x4"), accessTexts(generated));
    assertError("ldmatrix.trans moves 16-bit units: 16-bit elements, or pairs of 8-bit ones; FLOAT"
        + " elements are 4 bytes.", "trans = true", """
        @SwizzledTile(bits = 3, base = 2, dtype = DType.FLOAT, rows = 32, cols = 32,
            access = @Access(kind = AccessKind.LDMATRIX,
                trans = true))""");
  }

  @Test
  void aVectorNarrowerThanAUnitOfAPaddedTileIsAnErrorOnBytes() {
    assertError("FP6_E2M3 is stored 16 elements to a 16-byte unit (the form TMA writes and tcgen05"
        + " reads), which no instruction splits: a vector on it moves whole units, bytes = 16, not"
        + " 4.", "bytes = 4", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.FP6_E2M3, rows = 8, cols = 128,
            access = @Access(op = Op.STORE,
                bytes = 4))""");
  }

  @Test
  void eachShapeBelongsToOneInstructionAndTrans() {
    assertError("there is no ldmatrix.m16n16: m16n16 is a shape of ldmatrix with .trans (sm_100)"
        + " only.", "access = @Access(kind = AccessKind.LDMATRIX, matrices = 2,", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.UINT8, rows = 16, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX, matrices = 2,
                shape = MatrixShape.M16N16))""");
    assertError("there is no ldmatrix.m16n8.trans: m16n8 is a shape of stmatrix with .trans (sm_100)"
        + " only.", "shape = MatrixShape.M16N8", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.UINT8, rows = 16, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX, trans = true,
                shape = MatrixShape.M16N8))""");
    assertError("ldmatrix.m16n16 moves one or two matrices (.x1, .x2), not 4: set matrices = 1 or"
        + " 2.", "access = @Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M16N16,", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.UINT8, rows = 16, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M16N16,
                trans = true))""");
    assertError("ldmatrix.m8n16 reads padded FP4 or FP6 (FP4_E2M1_PADDED, FP6_E3M2, FP6_E2M3),"
        + " unpacking them to bytes (.b8x16.b4x16_p64, .b8x16.b6x16_p32), not FP8_E4M3.",
        "shape = MatrixShape.M8N16", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.FP8_E4M3, rows = 16, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX,
                shape = MatrixShape.M8N16))""");
    assertError("stmatrix.m16n8 reads 8-bit elements (INT8, UINT8, FP8_E4M3, FP8_E5M2), not HALF.",
        "shape = MatrixShape.M16N8", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 16, cols = 64,
            access = @Access(kind = AccessKind.STMATRIX, trans = true,
                shape = MatrixShape.M16N8))""");
    assertError("shape does not apply to a VECTOR access.", "shape = MatrixShape.M8N16", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 16, cols = 64,
            access = @Access(op = Op.STORE,
                shape = MatrixShape.M8N16))""");
    assertError("ldmatrix.m16n16 reads 16-row x 16-byte matrices, which do not tile 8 x 128 UINT8"
        + " (rows must be a multiple of 16 and rows a multiple of 16 bytes).",
        "shape = MatrixShape.M16N16", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.UINT8, rows = 8, cols = 128,
            access = @Access(kind = AccessKind.LDMATRIX, trans = true, matrices = 1,
                shape = MatrixShape.M16N16))""");
  }

  @Test
  void subByteTilesKeepTheirStorageUnitsWhole() {
    assertError("FP4_E2M1 is stored two elements to a byte, so cols, rowStride and atomCols must be"
        + " multiples of 2 elements; cols is 63.", "cols = 63", """
        @SwizzledTile(bits = 0, base = 0, dtype = DType.FP4_E2M1, rows = 8,
            cols = 63)""");
    assertError("FP6_E3M2 is stored 16 elements to a 16-byte unit (the form TMA writes and tcgen05"
        + " reads), which every access moves whole, so cols, rowStride and atomCols must be"
        + " multiples of 16 elements; rowStride is 136.", "rowStride = 136", """
        @SwizzledTile(bits = 0, base = 0, dtype = DType.FP6_E3M2, rows = 8, cols = 128,
            rowStride = 136)""");
    assertError("FP4_E2M1_PADDED is stored 16 elements to a 16-byte unit, which every access moves"
        + " whole, but the layout splits, reorders or misaligns the unit of (row 1, cols 0..15): the"
        + " swizzle's base must cover a unit (2^base >= 16).", "base = 3", """
        @SwizzledTile(bits = 3,
            base = 3, dtype = DType.FP4_E2M1_PADDED, rows = 8, cols = 64, access = {})""");
  }

  @Test
  void tmaOnPaddedTypesFollowsCudaH() {
    assertError("TMA copies FP6_E3M2 as CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, in boxes exactly 128"
        + " elements wide, so the tile's cols must be a multiple of 128, not 64.", "cols = 64", """
        @SwizzledTile(bits = 2, base = 4, shift = 3, dtype = DType.FP6_E3M2, rows = 8,
            cols = 64, access = @Access(kind = AccessKind.TMA, op = Op.STORE))""");
    assertError("TMA copies FP4_E2M1_PADDED as CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B, which cuda.h"
        + " allows in TMA stores from the tile with no swizzle mode at all (only TMA loads move"
        + " it); the tile's swizzle is CU_TENSOR_MAP_SWIZZLE_128B.", "op = Op.LOAD", """
        @SwizzledTile(bits = 3, base = 4, dtype = DType.FP4_E2M1_PADDED, rows = 8, cols = 128,
            access = @Access(kind = AccessKind.TMA,
                op = Op.LOAD))""");
    assertError("TMA copies FP6_E2M3 as CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, which cuda.h allows"
        + " in TMA loads into the tile only with CU_TENSOR_MAP_SWIZZLE_NONE,"
        + " CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B; the tile's swizzle is"
        + " CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B.", "kind = AccessKind.TMA", """
        @SwizzledTile(bits = 1, base = 6, shift = 1, dtype = DType.FP6_E2M3, rows = 8, cols = 128,
            access = @Access(kind = AccessKind.TMA, op = Op.STORE))""");
  }

  @Test
  void aDerivedFp4TileGetsAByteSwizzleTmaWrites() {
    Generated generated = Generated.of(tile("""
        @SwizzledTile(dtype = DType.FP4_E2M1, rows = 64, cols = 256,
            access = {@Access(kind = AccessKind.TMA, op = Op.STORE),
                @Access(kind = AccessKind.LDMATRIX)})"""));
    TileLayout layout = (TileLayout) generated.helper("sub.TileSwizzle").constant("LAYOUT");
    assertEquals(Swizzle.of(3, 4, 3), layout.swizzle());
    assertEquals(Swizzle.of(3, 5, 3), layout.elementSwizzle());
    assertThat(generated.text("swizzlegen/tile.cuh"))
        .contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B;");
  }

  /**
   * A seeded campaign of random sub-byte and 8-bit tiles with random accesses of every kind and
   * shape: no exception escapes as a bug, every error names its tile, and every tile that compiles
   * gets a helper whose offsets are one-to-one and equal its {@code LAYOUT}'s.
   */
  @Test
  void randomSubByteDeclarationsNeverCrashAndValidOnesAreBijections() {
    SplittableRandom random = new SplittableRandom(20);
    String[] types = {"FP4_E2M1", "FP4_E2M1_PADDED", "FP6_E3M2", "FP6_E2M3", "FP8_E4M3", "UINT8"};
    int valid = 0;
    int invalid = 0;
    for (int batch = 0; batch < 6; batch++) {
      List<JavaFileObject> sources = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String name = "Fuzz" + (batch * 40 + i);
        StringBuilder tile = new StringBuilder("@SwizzledTile(dtype = DType.")
            .append(types[random.nextInt(types.length)]);
        if (random.nextInt(4) != 0) {
          tile.append(", bits = ").append(random.nextInt(4)).append(", base = ")
              .append(random.nextInt(7));
          if (random.nextBoolean()) {
            tile.append(", shift = ").append(random.nextInt(1, 5));
          }
        }
        tile.append(", rows = ").append(8 << random.nextInt(4)).append(", cols = ")
            .append(List.of(16, 32, 64, 96, 128, 256, 24, 63).get(random.nextInt(8)));
        if (random.nextInt(4) == 0) {
          tile.append(", stages = 2");
        }
        List<String> accesses = new ArrayList<>();
        for (int a = random.nextInt(3); a >= 0; a--) {
          accesses.add(switch (random.nextInt(9)) {
            case 0, 1 -> "@Access(op = Op.STORE, bytes = " + (1 << random.nextInt(5)) + ")";
            case 2, 3, 4 -> "@Access(kind = AccessKind." + (random.nextBoolean() ? "LDMATRIX"
                : "STMATRIX") + ", shape = MatrixShape." + List.of("M8N8", "M8N16", "M16N16",
                "M16N8").get(random.nextInt(4)) + ", trans = " + random.nextBoolean()
                + ", matrices = " + (1 << random.nextInt(3)) + ", maxWays = 8)";
            case 5, 6 -> "@Access(kind = AccessKind.TMA, op = Op." + (random.nextBoolean()
                ? "STORE" : "LOAD") + ")";
            case 7 -> "@Access(kind = AccessKind.MMA_ACCUMULATOR)";
            default -> "@Access(kind = AccessKind.WGMMA)";
          });
        }
        tile.append(", access = {").append(String.join(", ", accesses)).append("})");
        sources.add(JavaFileObjects.forSourceString("fuzz." + name, "package fuzz;\n\n"
            + "import dev.swizzlegen.annotations.*;\n\n" + tile + "\ninterface " + name + " {}\n"));
      }
      Compilation compilation = Generated.compile(sources.toArray(JavaFileObject[]::new));
      Set<String> failed = new HashSet<>();
      for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
        String message = error.getMessage(Locale.ROOT);
        assertThat(message).doesNotContain("bug in swizzlegen");
        assertThat(message).matches("tile Fuzz[0-9]+: .+");
        failed.add(message.substring(5, message.indexOf(':')));
      }
      for (JavaFileObject source : sources) {
        String name = source.getName().replaceAll(".*/(Fuzz[0-9]+)\\.java", "$1");
        if (failed.contains(name)) {
          invalid++;
          continue;
        }
        // The valid ones again, alone, to load their helpers.
        Generated.Helper helper = Generated.of(source).helper("fuzz." + name + "Swizzle");
        TileLayout layout = (TileLayout) helper.constant("LAYOUT");
        Set<Integer> seen = new HashSet<>();
        for (int stage = 0; stage < layout.stages(); stage++) {
          for (int row = 0; row < layout.rows(); row++) {
            for (int col = 0; col < layout.cols(); col++) {
              int offset = helper.call("offset", row, col, stage);
              assertEquals(layout.offset(row, col, stage), offset, name);
              assertThat(seen.add(offset)).isTrue();
            }
          }
        }
        valid++;
      }
    }
    System.out.printf(Locale.ROOT, "random sub-byte declarations: %d valid, %d invalid%n", valid,
        invalid);
    // Most random declarations break some rule (the point); enough are valid to prove the helpers.
    assertThat(valid).isAtLeast(15);
    assertThat(invalid).isAtLeast(100);
  }
}
