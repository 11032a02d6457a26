package dev.swizzlegen.runtime.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.raster.TrafficEstimator.Choice;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Estimate;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Gemm;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Machine;
import org.junit.jupiter.api.Test;

/** The estimator on grids small enough to count their panels by hand. */
class TrafficEstimatorTest {
  /** 4 x 4 tiles of 32 x 32 floats, K = 64: every panel is 32 x 64 x 4 = 8192 bytes. */
  static final Gemm FOUR_BY_FOUR = new Gemm(128, 128, 64, 32, 32, 4);
  static final long PANEL = 8192;
  /** One SM running 4 blocks: a wave is 4 blocks. */
  static final Machine WAVE_OF_FOUR = new Machine(1, 4, 0);

  @Test
  void panelsAndGrid() {
    assertEquals(4, FOUR_BY_FOUR.gridX());
    assertEquals(4, FOUR_BY_FOUR.gridY());
    assertEquals(PANEL, FOUR_BY_FOUR.aPanelBytes(3));
    assertEquals(8 * PANEL, FOUR_BY_FOUR.compulsoryBytes());
    Gemm ragged = new Gemm(100, 70, 9, 32, 16, 2);
    assertEquals(4, ragged.gridY());
    assertEquals(5, ragged.gridX());
    assertEquals(4 * 9 * 2, ragged.aPanelBytes(3));   // rows 96..99
    assertEquals(6 * 9 * 2, ragged.bPanelBytes(4));   // columns 64..69
  }

  @Test
  void rowMajorReloadsEveryBPanelEveryWave() {
    // A wave is one row of tiles: its A panel and all 4 B panels, 4 waves.
    Estimate estimate = TrafficEstimator.rowMajor(FOUR_BY_FOUR, WAVE_OF_FOUR);
    assertEquals(4, estimate.waves());
    assertEquals(4 * PANEL, estimate.aBytes());
    assertEquals(16 * PANEL, estimate.bBytes());
    assertEquals(5.0, estimate.panelsPerWave());
  }

  @Test
  void stripsOfTwoLoadTwoByTwoSquares() {
    // Each wave is a 2 x 2 square of tiles: 2 A and 2 B panels.
    Estimate estimate = TrafficEstimator.estimate(FOUR_BY_FOUR, WAVE_OF_FOUR, Rasterizer.STRIPS, 2);
    assertEquals(16 * PANEL, estimate.bytes());
    assertEquals(8 * PANEL, estimate.aBytes());
    assertEquals(4.0, estimate.panelsPerWave());
  }

  @Test
  void anL2ThatHoldsEverythingReadsEachPanelOnce() {
    Machine bigL2 = new Machine(1, 4, 1L << 30);
    Gemm ragged = new Gemm(100, 70, 9, 32, 16, 2);
    for (Rasterizer rasterizer : Rasterizer.values()) {
      for (int tileSize : new int[] {1, 2, 4}) {
        assertEquals(FOUR_BY_FOUR.compulsoryBytes(),
            TrafficEstimator.estimate(FOUR_BY_FOUR, bigL2, rasterizer, tileSize).bytes());
        assertEquals(ragged.compulsoryBytes(),
            TrafficEstimator.estimate(ragged, bigL2, rasterizer, tileSize).bytes());
      }
    }
    assertEquals(ragged.compulsoryBytes(), TrafficEstimator.rowMajor(ragged, bigL2).bytes());
  }

  @Test
  void anL2OfOneWaveRewardsTheSerpentine() {
    Machine l2OfFourPanels = new Machine(1, 4, 4 * PANEL);
    // STRIPS: 4 (A0 A1 B0 B1), 2 (A2 A3; B0 B1 stay), 4 (A0 A1 B2 B3: A0 A1 were evicted), 2 (A2 A3).
    assertEquals(12 * PANEL,
        TrafficEstimator.estimate(FOUR_BY_FOUR, l2OfFourPanels, Rasterizer.STRIPS, 2).bytes());
    // SERPENTINE: the second panel starts on rows 2 and 3, still resident: 4 + 2 + 2 + 2.
    assertEquals(10 * PANEL,
        TrafficEstimator.estimate(FOUR_BY_FOUR, l2OfFourPanels, Rasterizer.SERPENTINE, 2).bytes());
  }

  @Test
  void idleBlocksHoldNoPlaceInAWave() {
    // 5 columns in strips of 2: CUTLASS launches a sixth column of idle blocks; its working blocks
    // come in STRIPS's order, so waves of 3 working blocks read the same panels.
    Gemm fiveByFour = new Gemm(128, 160, 64, 32, 32, 4);
    Machine waveOfThree = new Machine(1, 3, 0);
    assertEquals(TrafficEstimator.estimate(fiveByFour, waveOfThree, Rasterizer.STRIPS, 2),
        TrafficEstimator.estimate(fiveByFour, waveOfThree, Rasterizer.CUTLASS_IDENTITY, 2));
  }

  @Test
  void theBestTileSizeMakesSquareWaves() {
    // 8 x 8 tiles, waves of 16: strips of 4 make 4 x 4 squares (8 panels a wave, 4 waves); strips of
    // 1, 2 or 8 make 2 x 8 or 8 x 2 rectangles (10 panels a wave).
    Gemm eightByEight = new Gemm(256, 256, 32, 32, 32, 4);
    long panel = 32 * 32 * 4;
    Machine waveOfSixteen = new Machine(2, 8, 0);
    Choice strips = TrafficEstimator.bestTileSize(eightByEight, waveOfSixteen, Rasterizer.STRIPS, 8);
    assertEquals(4, strips.tileSize());
    assertEquals(32 * panel, strips.estimate().bytes());
    assertEquals(40 * panel,
        TrafficEstimator.estimate(eightByEight, waveOfSixteen, Rasterizer.STRIPS, 2).bytes());
    assertEquals(40 * panel, TrafficEstimator.rowMajor(eightByEight, waveOfSixteen).bytes());
    Choice grouped = TrafficEstimator.bestTileSize(eightByEight, waveOfSixteen, Rasterizer.GROUPED, 8);
    assertEquals(4, grouped.tileSize());
    assertEquals(32 * panel, grouped.estimate().bytes());
    // Morton's 16 consecutive tiles are 4 x 4 squares too; its tile size is not a choice.
    Choice morton = TrafficEstimator.bestTileSize(eightByEight, waveOfSixteen, Rasterizer.MORTON, 8);
    assertEquals(1, morton.tileSize());
    assertEquals(32 * panel, morton.estimate().bytes());
  }

  @Test
  void anL2ThatHoldsEverythingLeavesNoBestTileSize() {
    Gemm eightByEight = new Gemm(256, 256, 32, 32, 32, 4);
    Machine bigL2 = new Machine(2, 8, 1L << 30);
    Choice choice = TrafficEstimator.bestTileSize(eightByEight, bigL2, Rasterizer.STRIPS, 8);
    assertEquals(true, choice.everyTileSizeTies());
    assertEquals(eightByEight.compulsoryBytes(), choice.estimate().bytes());
    assertEquals(false, TrafficEstimator.bestTileSize(eightByEight, new Machine(2, 8, 0),
        Rasterizer.STRIPS, 8).everyTileSizeTies());
  }

  @Test
  void cutlassIsOfferedPowersOfTwoOnly() {
    // 8 x 8 tiles, waves of 24: STRIPS's best (6 x 4 waves) is not a power of two.
    Gemm eightByEight = new Gemm(256, 256, 32, 32, 32, 4);
    Machine waveOfTwentyFour = new Machine(3, 8, 0);
    int cutlass = TrafficEstimator.bestTileSize(eightByEight, waveOfTwentyFour,
        Rasterizer.CUTLASS_IDENTITY, 8).tileSize();
    assertEquals(1, Integer.bitCount(cutlass), "CUTLASS's best tile size " + cutlass);
  }
}
