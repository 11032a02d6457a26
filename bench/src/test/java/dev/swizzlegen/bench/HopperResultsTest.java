package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaLayoutType;
import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The guard of the committed H100 Hopper table ({@code bench/gpu/hopper.sh}): it covers every tile of
 * the suite as the suite declares it now (layout, boxes, instruction, descriptor), and every tile
 * passed both checks on the GPU. A change to a tile, or to the boxes or descriptors the model gives
 * it, must be measured again. And the suite is what the issue asked for.
 */
class HopperResultsTest {
  private static final Path TABLE = Path.of("results", "hopper-h100.csv");

  @Test
  void theTableCoversEveryTileOfTheSuiteAsDeclaredNow() throws IOException {
    List<Map<String, String>> table = ResultsTable.read(TABLE);
    List<List<String>> measured = new ArrayList<>();
    for (Map<String, String> row : table) {
      measured.add(HopperSuite.DECLARED_COLUMNS.stream().map(row::get).toList());
    }
    List<List<String>> declared = new ArrayList<>();
    for (HopperSuite.Gemm gemm : HopperSuite.gemms()) {
      declared.add(HopperSuite.declared(gemm, gemm.a()));
      declared.add(HopperSuite.declared(gemm, gemm.b()));
    }
    assertEquals(declared, measured);
  }

  @Test
  void everyTilePassedTmaPlacementDescriptorsAndTheProductOnTheGpu() throws IOException {
    List<Map<String, String>> table = ResultsTable.read(TABLE);
    assertEquals(HopperSuite.tiles().size(), table.size());
    for (Map<String, String> row : table) {
      for (String check : List.of("tma", "descriptors", "wgmma")) {
        assertEquals("PASS", row.get(check), row.get("tile") + ": " + check);
      }
    }
  }

  @Test
  void theSuiteHasEveryModeBothMajorsTheTypesOneAndSeveralBoxesAndStages() {
    List<HopperSuite.SuiteTile> tiles = HopperSuite.tiles();
    assertTrue(tiles.size() >= 16, tiles.size() + " tiles");
    assertEquals(MmaFormat.GMMA.layoutTypes(),
        tiles.stream().map(tile -> tile.operand().layoutType()).collect(Collectors.toSet()));
    assertEquals(EnumSet.allOf(Major.class),
        tiles.stream().map(HopperSuite.SuiteTile::major).collect(Collectors.toSet()));
    Set<DType> types = tiles.stream().map(tile -> tile.layout().dtype()).collect(Collectors.toSet());
    assertTrue(types.containsAll(List.of(DType.HALF, DType.BF16, DType.TF32, DType.FP8_E4M3)), types
        .toString());
    assertTrue(tiles.stream().anyMatch(tile -> tile.fill().boxes().size() == 1));
    assertTrue(tiles.stream().anyMatch(tile -> tile.fill().boxes().size() > 1));
    assertTrue(tiles.stream().allMatch(tile -> tile.layout().stages() >= 2));
    for (Major major : Major.values()) {
      Set<MmaLayoutType> modes = tiles.stream().filter(tile -> tile.major() == major)
          .map(tile -> tile.operand().layoutType()).collect(Collectors.toSet());
      assertEquals(MmaFormat.GMMA.layoutTypes(), modes, major + "-major modes");
    }
  }

  @Test
  void oneBufferIsReadBothWaysAsFlashMlaReadsItsKAsV() {
    Map<String, Set<Major>> reads = HopperSuite.tiles().stream().collect(Collectors.groupingBy(
        HopperSuite.SuiteTile::cudaType, Collectors.mapping(HopperSuite.SuiteTile::major,
            Collectors.toSet())));
    assertEquals(EnumSet.allOf(Major.class), reads.get("swizzlegen::HopperTiles_FlashMlaKv"), reads.toString());
    HopperSuite.SuiteTile mn = HopperSuite.tiles().stream()
        .filter(tile -> tile.cudaType().equals("swizzlegen::HopperTiles_FlashMlaKv") && tile.major() == Major.MN)
        .findFirst().orElseThrow();
    assertTrue(mn.readView().contains(
        "swizzlegen::HopperTiles_FlashMlaKv::wgmma_desc_mn(smem_address, k_slice, mn, stage)"),
        mn.readView());
  }
}
