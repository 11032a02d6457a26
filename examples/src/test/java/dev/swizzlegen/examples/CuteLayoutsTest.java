package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.processor.testing.Nvcc;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every layout of {@code cute-real-layouts.txt} (19 real kernels' shared-memory layouts, computed by
 * CuTe itself) is declared in {@link CuteLayouts}, and its generated Java helper and nvcc-compiled
 * header give CuTe's offset on every element, every stage.
 */
class CuteLayoutsTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations");

  /**
   * Which generated struct declares each CuTe layout, and whether it is MN-major: CuTe's (MN, K)
   * element is then the tile's (row K, col MN).
   */
  private record Declared(String cudaType, boolean mnMajor) {}

  private static final Map<String, Declared> DECLARED = Map.ofEntries(
      Map.entry("sm80_half_128x64_K", new Declared("swizzlegen::Sm80Half128x64K", false)),
      Map.entry("sm80_half_128x32_K", new Declared("swizzlegen::Sm80Half128x32K", false)),
      Map.entry("fa2_Q_128x64_hd64", new Declared("swizzlegen::Fa2Q128x64Hd64", false)),
      Map.entry("fa2_Q_128x128_hd128", new Declared("swizzlegen::Fa2Q128x128Hd128", false)),
      Map.entry("fa2_K_64x256_hd256", new Declared("swizzlegen::Fa2K64x256Hd256", false)),
      Map.entry("sm90_K_SW128_half_128x64", new Declared("swizzlegen::Sm90KSw128Half128x64", false)),
      Map.entry("sm90_K_SW64_half_128x32", new Declared("swizzlegen::Sm90KSw64Half128x32", false)),
      Map.entry("sm90_K_SW32_half_64x16", new Declared("swizzlegen::Sm90KSw32Half64x16", false)),
      Map.entry("sm90_K_SW128_half_128x128",
          new Declared("swizzlegen::Sm90KSw128Half128x128", false)),
      Map.entry("sm90_K_SW128_fp8_128x128", new Declared("swizzlegen::Sm90KSw128Fp8128x128", false)),
      Map.entry("sm90_K_SW128_fp8_128x256", new Declared("swizzlegen::Sm90KSw128Fp8128x256", false)),
      Map.entry("sm90_K_SW128_tf32_64x32", new Declared("swizzlegen::Sm90KSw128Tf3264x32", false)),
      Map.entry("sm90_MN_SW128_half_128x64", new Declared("swizzlegen::Sm90MnSw128Half128x64", true)),
      Map.entry("sm90_MN_SW128_half_64x64", new Declared("swizzlegen::Sm90MnSw128Half64x64", true)),
      Map.entry("sm90_MN_SW64_half_64x64", new Declared("swizzlegen::Sm90MnSw64Half64x64", true)),
      Map.entry("sm90_MN_SW128_fp8_128x128", new Declared("swizzlegen::Sm90MnSw128Fp8128x128", true)),
      Map.entry("sm80_half_128x64x3stages", new Declared("swizzlegen::Sm80Half128x64x3Stages", false)),
      Map.entry("sm80_tf32_128x32_K", new Declared("swizzlegen::Sm80Tf32128x32K", false)),
      Map.entry("epi_float_64x64", new Declared("swizzlegen::EpiFloat64x64", false)));

  private static Map<String, int[][]> golden;
  private static Map<String, GeneratedTiles.Tile> tiles;

  @BeforeAll
  static void read() throws IOException {
    golden = readGolden();
    tiles = new LinkedHashMap<>();
    for (GeneratedTiles.Tile tile : GeneratedTiles.find(GENERATED)) {
      tiles.put(tile.cudaType(), tile);
    }
  }

  /** {@code # name rows cols}, then rows lines of cols offsets; stages follow one another. */
  private static Map<String, int[][]> readGolden() throws IOException {
    Map<String, int[][]> layouts = new LinkedHashMap<>();
    try (InputStream in = CuteLayoutsTest.class.getResourceAsStream("/cute-real-layouts.txt")) {
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
  private static int[] expected(String name, TileLayout layout) {
    int[][] cute = golden.get(name);
    boolean mnMajor = DECLARED.get(name).mnMajor();
    return HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
        (row, col, stage) -> mnMajor
            ? cute[stage * layout.cols() + col][row]
            : cute[stage * layout.rows() + row][col]);
  }

  @Test
  void everyGoldenLayoutIsDeclared() {
    assertEquals(19, golden.size());
    assertEquals(new TreeSet<>(golden.keySet()), new TreeSet<>(DECLARED.keySet()));
    for (Declared declared : DECLARED.values()) {
      assertTrue(tiles.containsKey(declared.cudaType()), declared.cudaType() + " not generated");
    }
  }

  @Test
  void everyJavaHelperGivesCutesOffsetOnEveryElement() {
    for (Map.Entry<String, Declared> entry : DECLARED.entrySet()) {
      GeneratedTiles.Tile tile = tiles.get(entry.getValue().cudaType());
      TileLayout layout = tile.layout();
      int[] actual = HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
          tile::offset);
      assertArrayEquals(expected(entry.getKey(), layout), actual, entry.getKey());
    }
  }

  @Test
  void everyAccessTheKernelsMakeIsProvenWithinItsMaxWays() {
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    for (Declared declared : DECLARED.values()) {
      GeneratedTiles.Tile tile = tiles.get(declared.cudaType());
      assertTrue(!tile.accesses().isEmpty(), declared.cudaType());
      for (AccessPattern access : tile.accesses()) {
        assertTrue(analyzer.analyze(tile.layout(), access).acceptable(),
            declared.cudaType() + " " + access.label());
      }
    }
  }

  @Test
  void everyHeaderGivesCutesOffsetOnEveryElementUnderNvcc() {
    Nvcc nvcc = Nvcc.requireOrSkip("examples: CuTe's real layouts under nvcc");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Map.Entry<String, Declared> entry : DECLARED.entrySet()) {
      GeneratedTiles.Tile tile = tiles.get(entry.getValue().cudaType());
      headers.add(new HeaderCheck.Header(tile.cudaHeader(), tile.cudaType(),
          expected(entry.getKey(), tile.layout()), tile.layout(), tile.accesses()));
    }
    HeaderCheck.verify(nvcc, GENERATED, Path.of("target", "nvcc-work", "cute-layouts"), headers,
        "examples-cute-layouts", "CuTe's layouts (cute-real-layouts.txt)");
  }
}
