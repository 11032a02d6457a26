package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every layout of {@code cute-real-layouts.txt} (19 real kernels' shared-memory layouts, computed by
 * CuTe itself) and of {@code cutlass-sm90-mn-major.txt} (the MN-major operands of CUTLASS's sm90
 * mainloop and FlashAttention-3, K atoms first, computed by CuTe itself) is declared in
 * {@link CuteLayouts} (and {@link HopperOperands}), and its generated Java helper and nvcc-compiled
 * header give CuTe's offset on every element, every stage.
 */
class CuteLayoutsTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations");

  /**
   * A generated struct that declares a CuTe layout, and whether it is MN-major: CuTe's (MN, K)
   * element is then the tile's (row K, col MN).
   */
  private record Declared(String layout, String cudaType, boolean mnMajor) {}

  /** The golden file the project was given, and the CUTLASS sm90 MN-major layouts computed here. */
  private static final String GOLDEN = "/cute-real-layouts.txt";
  private static final String CUTLASS_MN_MAJOR = "/cutlass-sm90-mn-major.txt";

  private static final List<Declared> DECLARED = List.of(
      new Declared("sm80_half_128x64_K", "swizzlegen::Sm80Half128x64K", false),
      new Declared("sm80_half_128x32_K", "swizzlegen::Sm80Half128x32K", false),
      new Declared("fa2_Q_128x64_hd64", "swizzlegen::Fa2Q128x64Hd64", false),
      new Declared("fa2_Q_128x128_hd128", "swizzlegen::Fa2Q128x128Hd128", false),
      new Declared("fa2_K_64x256_hd256", "swizzlegen::Fa2K64x256Hd256", false),
      new Declared("sm90_K_SW128_half_128x64", "swizzlegen::Sm90KSw128Half128x64", false),
      new Declared("sm90_K_SW64_half_128x32", "swizzlegen::Sm90KSw64Half128x32", false),
      new Declared("sm90_K_SW32_half_64x16", "swizzlegen::Sm90KSw32Half64x16", false),
      new Declared("sm90_K_SW128_half_128x128", "swizzlegen::Sm90KSw128Half128x128", false),
      new Declared("sm90_K_SW128_fp8_128x128", "swizzlegen::Sm90KSw128Fp8128x128", false),
      new Declared("sm90_K_SW128_fp8_128x256", "swizzlegen::Sm90KSw128Fp8128x256", false),
      new Declared("sm90_K_SW128_tf32_64x32", "swizzlegen::Sm90KSw128Tf3264x32", false),
      new Declared("sm90_MN_SW128_half_128x64", "swizzlegen::Sm90MnSw128Half128x64", true),
      new Declared("sm90_MN_SW128_half_64x64", "swizzlegen::Sm90MnSw128Half64x64", true),
      new Declared("sm90_MN_SW64_half_64x64", "swizzlegen::Sm90MnSw64Half64x64", true),
      new Declared("sm90_MN_SW128_fp8_128x128", "swizzlegen::Sm90MnSw128Fp8128x128", true),
      new Declared("sm80_half_128x64x3stages", "swizzlegen::Sm80Half128x64x3Stages", false),
      new Declared("sm80_tf32_128x32_K", "swizzlegen::Sm80Tf32128x32K", false),
      new Declared("epi_float_64x64", "swizzlegen::EpiFloat64x64", false),
      // CUTLASS's sm90 mainloop and FlashAttention-3: MN-major, K atoms first (atomOrder COL_MAJOR).
      new Declared("cutlass_sm90_mn_A_SW128_half_128x64x3",
          "swizzlegen::CutlassSm90MnASw128Half128x64x3", true),
      new Declared("cutlass_sm90_mn_A_SW128_half_128x64x3", "swizzlegen::GemmB", true),
      new Declared("cutlass_sm90_mn_B_SW64_half_96x64x3",
          "swizzlegen::CutlassSm90MnBSw64Half96x64x3", true),
      new Declared("cutlass_sm90_mn_B_SW32_bf16_48x64x2",
          "swizzlegen::CutlassSm90MnBSw32Bf1648x64x2", true),
      new Declared("fa3_Vt_SW128_half_hd128_n128x2", "swizzlegen::Fa3VtSw128HalfHd128N128x2", true));

  private static Map<String, int[][]> golden;
  private static Map<String, int[][]> cutlassMnMajor;
  private static Map<String, int[][]> layouts;
  private static Map<String, GeneratedTiles.Tile> tiles;

  @BeforeAll
  static void read() throws IOException {
    golden = readLayouts(GOLDEN);
    cutlassMnMajor = readLayouts(CUTLASS_MN_MAJOR);
    layouts = new LinkedHashMap<>(golden);
    layouts.putAll(cutlassMnMajor);
    tiles = new LinkedHashMap<>();
    for (GeneratedTiles.Tile tile : GeneratedTiles.find(GENERATED)) {
      tiles.put(tile.cudaType(), tile);
    }
  }

  /**
   * {@code # name rows cols}, then rows lines of cols offsets; stages follow one another. Lines
   * before the first layout ({@code ## ...}) say how the values were computed.
   */
  private static Map<String, int[][]> readLayouts(String resource) throws IOException {
    Map<String, int[][]> layouts = new LinkedHashMap<>();
    try (InputStream in = CuteLayoutsTest.class.getResourceAsStream(resource)) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      for (int i = 0; i < lines.length; i++) {
        if (!lines[i].startsWith("# ")) {
          continue;
        }
        String[] header = lines[i].substring(2).trim().split(" ");
        int rows = Integer.parseInt(header[1]);
        int cols = Integer.parseInt(header[2]);
        int[][] offsets = new int[rows][];
        for (int row = 0; row < rows; row++) {
          String[] words = lines[i + 1 + row].trim().split(" +");
          assertEquals(cols, words.length, header[0] + " row " + row);
          offsets[row] = new int[cols];
          for (int col = 0; col < cols; col++) {
            offsets[row][col] = Integer.parseInt(words[col]);
          }
        }
        layouts.put(header[0], offsets);
      }
    }
    return layouts;
  }

  /** CuTe's offsets in the order a header prints them: stage, then the tile's row, then column. */
  private static int[] expected(Declared declared, TileLayout layout) {
    int[][] cute = layouts.get(declared.layout());
    return HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
        (row, col, stage) -> declared.mnMajor()
            ? cute[stage * layout.cols() + col][row]
            : cute[stage * layout.rows() + row][col]);
  }

  @Test
  void everyGoldenLayoutIsDeclared() {
    assertEquals(19, golden.size());
    assertEquals(4, cutlassMnMajor.size());
    assertEquals(golden.size() + cutlassMnMajor.size(), layouts.size(), "names are distinct");
    assertEquals(new TreeSet<>(layouts.keySet()),
        new TreeSet<>(DECLARED.stream().map(Declared::layout).toList()));
    for (Declared declared : DECLARED) {
      assertTrue(tiles.containsKey(declared.cudaType()), declared.cudaType() + " not generated");
    }
  }

  @Test
  void everyJavaHelperGivesCutesOffsetOnEveryElement() {
    for (Declared declared : DECLARED) {
      GeneratedTiles.Tile tile = tiles.get(declared.cudaType());
      TileLayout layout = tile.layout();
      int[] actual = HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
          tile::offset);
      assertArrayEquals(expected(declared, layout), actual,
          declared.layout() + " as " + declared.cudaType());
    }
  }

  /**
   * Issue 18.6: CUTLASS's sm90 mainloop numbers an MN-major operand's K atoms first; in the tile's
   * view (K rows, MN cols) that is down the rows first, {@code COL_MAJOR}. The README's earlier advice,
   * {@code ROW_MAJOR}, gives another layout for CUTLASS's operand: the plain {@code tile_to_shape}'s.
   */
  @Test
  void cutlassMnMajorOperandsAreColumnMajorAtomsAndRowMajorIsAnotherLayout() {
    for (Declared declared : DECLARED) {
      if (!cutlassMnMajor.containsKey(declared.layout())) {
        continue;
      }
      TileLayout layout = tiles.get(declared.cudaType()).layout();
      assertEquals(Order.COL_MAJOR, layout.atomOrder(), declared.cudaType());
      assertTrue(layout.strided().atomsAcross() > 1, declared.cudaType() + ": the order matters");
      TileLayout rowMajor = layout.toBuilder()
          .atom(layout.atomRows(), layout.atomCols(), Order.ROW_MAJOR).build();
      int[] acrossFirst = HeaderCheck.expectedOffsets(rowMajor.rows(), rowMajor.cols(),
          rowMajor.stages(), rowMajor::offset);
      assertFalse(Arrays.equals(expected(declared, layout), acrossFirst), declared.layout());
    }
  }

  @Test
  void everyAccessTheKernelsMakeIsProvenWithinItsMaxWays() {
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    for (Declared declared : DECLARED) {
      GeneratedTiles.Tile tile = tiles.get(declared.cudaType());
      assertTrue(!tile.accesses().isEmpty() || !tile.engines().isEmpty(), declared.cudaType());
      for (AccessPattern access : tile.accesses()) {
        assertTrue(analyzer.analyze(tile.layout(), access).acceptable(),
            declared.cudaType() + " " + access.label());
      }
      for (Engine engine : tile.engines()) {
        assertTrue(engine.plan(tile.layout()).exists(), declared.cudaType() + " " + engine.label());
      }
    }
  }

  @Test
  void everyHeaderGivesCutesOffsetOnEveryElementUnderNvcc() {
    Nvcc nvcc = Nvcc.requireOrSkip("examples: CuTe's real layouts under nvcc");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Declared declared : DECLARED) {
      GeneratedTiles.Tile tile = tiles.get(declared.cudaType());
      headers.add(new HeaderCheck.Header(tile.cudaHeader(), tile.cudaType(),
          expected(declared, tile.layout()), tile.layout(), tile.engines()));
    }
    HeaderCheck.verify(nvcc, GENERATED, Path.of("target", "nvcc-work", "cute-layouts"), headers,
        "examples-cute-layouts",
        "CuTe's layouts (cute-real-layouts.txt, cutlass-sm90-mn-major.txt)");
  }
}
