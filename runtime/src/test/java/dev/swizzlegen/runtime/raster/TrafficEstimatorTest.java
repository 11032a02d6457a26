package dev.swizzlegen.runtime.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Choice;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Estimate;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Gemm;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Machine;
import dev.swizzlegen.runtime.raster.TrafficEstimator.NoOrderToPick;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Pick;
import org.junit.jupiter.api.Test;

/** The estimator's laws on grids small enough to count by hand, and its bounds. */
class TrafficEstimatorTest {
  /** 4 x 4 tiles of 32 x 32 floats, K = 64: every panel is 32 x 64 x 4 = 8192 bytes. */
  static final Gemm FOUR_BY_FOUR = new Gemm(128, 128, 64, 32, 32, 4);
  static final long PANEL = 8192;
  static final Gemm RAGGED = new Gemm(100, 70, 9, 32, 16, 2);
  static final Gemm EIGHT_BY_EIGHT = new Gemm(256, 256, 256, 32, 32, 4);

  /** One SM running {@code blocks} blocks with {@code kept} bytes of L2. */
  static Machine machine(int blocks, long kept) {
    return new Machine(1, blocks, kept, 1);
  }

  @Test
  void panelsAndGrid() {
    assertEquals(4, FOUR_BY_FOUR.gridX());
    assertEquals(4, FOUR_BY_FOUR.gridY());
    assertEquals(PANEL, FOUR_BY_FOUR.aPanelBytes(3));
    assertEquals(8 * PANEL, FOUR_BY_FOUR.compulsoryBytes());
    assertEquals(4, RAGGED.gridY());
    assertEquals(5, RAGGED.gridX());
    assertEquals(4 * 9 * 2, RAGGED.aPanelBytes(3));   // rows 96..99
    assertEquals(6 * 9 * 2, RAGGED.bPanelBytes(4));   // columns 64..69
  }

  @Test
  void theGpusKeepOnePartitionOfTheirL2() {
    assertEquals(25L << 20, Machine.of(Gpu.H100, 1).keptBytes());
    assertEquals(30L << 20, Machine.of(Gpu.H200, 1).keptBytes());
    assertEquals(264, Machine.of(Gpu.H200, 2).waveBlocks());
  }

  @Test
  void anL2ThatHoldsEverythingReadsEachPanelOnce() {
    for (Gemm gemm : new Gemm[] {FOUR_BY_FOUR, RAGGED}) {
      for (int blocks : new int[] {1, 3}) {
        Machine big = new Machine(2, blocks, 1L << 30, 2);
        assertEquals(gemm.compulsoryBytes(), TrafficEstimator.rowMajor(gemm, big).bytes());
        for (Rasterizer rasterizer : Rasterizer.values()) {
          for (int tileSize : new int[] {1, 2, 4}) {
            assertEquals(gemm.compulsoryBytes(),
                TrafficEstimator.estimate(gemm, big, rasterizer, tileSize).bytes(), rasterizer + " " + tileSize);
          }
        }
      }
    }
  }

  @Test
  void anL2ThatKeepsNothingReadsBothPanelsForEveryBlock() {
    // 16 blocks, each reading its A and B panel whole: nothing is shared, in any order.
    for (Rasterizer rasterizer : Rasterizer.values()) {
      Estimate estimate = TrafficEstimator.estimate(FOUR_BY_FOUR, machine(4, 0), rasterizer, 2);
      assertEquals(16 * 2 * PANEL, estimate.wavesBytes(), rasterizer.toString());
      assertEquals(16 * 2 * PANEL, estimate.slidingBytes(), rasterizer.toString());
    }
  }

  @Test
  void lockStepWavesShareTheirPanelsWithinTheWave() {
    // Waves of 4 blocks in strips of 2 are 2 x 2 squares: with room for one slice of each of a
    // wave's 4 panels and its C tiles, each wave reads its 4 panels once; the next wave's share
    // nothing still held (an LRU streaming more than it holds keeps nothing): 4 waves x 4 panels.
    long room = 4 * PANEL / TrafficEstimator.CHUNKS + 4 * FOUR_BY_FOUR.cTileBytes();
    Machine fourSms = new Machine(4, 1, room, 1);  // one block an SM: lock-step waves of 4
    Estimate strips = TrafficEstimator.estimate(FOUR_BY_FOUR, fourSms, Rasterizer.STRIPS, 2);
    assertEquals(16 * PANEL, strips.bytes());
    assertEquals(strips.wavesBytes(), strips.bytes(), "one block an SM: the waves' bytes");
    // Row-major waves are rows: 1 A and 4 B panels each, 4 waves.
    assertEquals(20 * PANEL, TrafficEstimator.rowMajor(FOUR_BY_FOUR, fourSms).bytes());
  }

  @Test
  void moreL2NeverReadsMore() {
    // An LRU's contents at a size are the most recent entries that fit: they grow with its size,
    // so the misses shrink, for either timing and so for their blend.
    for (Rasterizer rasterizer : Rasterizer.values()) {
      for (int tileSize : new int[] {1, 3, 4}) {
        long previousWaves = Long.MAX_VALUE;
        long previousSliding = Long.MAX_VALUE;
        for (long kept = 0; kept <= 64 * 1024 * 64; kept += 16 * 1024 * 8) {
          Estimate e = TrafficEstimator.estimate(EIGHT_BY_EIGHT, new Machine(4, 4, kept, 1), rasterizer,
              tileSize);
          assertTrue(e.wavesBytes() <= previousWaves && e.slidingBytes() <= previousSliding,
              rasterizer + " " + tileSize + " at " + kept);
          assertTrue(e.bytes() >= EIGHT_BY_EIGHT.compulsoryBytes());
          previousWaves = e.wavesBytes();
          previousSliding = e.slidingBytes();
        }
      }
    }
  }

  @Test
  void twoBlocksAnSmBlendTheTimings() {
    Machine two = new Machine(4, 2, 40 * 1024, 1);
    Estimate e = TrafficEstimator.estimate(EIGHT_BY_EIGHT, two, Rasterizer.SERPENTINE, 3);
    assertEquals(Math.round(Math.exp(0.7 * Math.log(e.wavesBytes()) + 0.3 * Math.log(e.slidingBytes()))),
        e.bytes());
    assertTrue(e.slidingBytes() != e.wavesBytes(), "the timings differ here");
  }

  @Test
  void idleBlocksHoldNoPlace() {
    // 5 columns in strips of 2: CUTLASS launches a sixth column of idle blocks; its working blocks
    // come in STRIPS's order, so they read the same bytes.
    Gemm fiveByFour = new Gemm(128, 160, 64, 32, 32, 4);
    Machine waveOfSix = new Machine(3, 2, 3 * PANEL, 1);
    assertEquals(TrafficEstimator.estimate(fiveByFour, waveOfSix, Rasterizer.STRIPS, 2),
        TrafficEstimator.estimate(fiveByFour, waveOfSix, Rasterizer.CUTLASS_IDENTITY, 2));
  }

  @Test
  void anL2ThatHoldsEverythingLeavesNoOrderToPick() {
    Machine big = new Machine(2, 8, 1L << 30, 2);
    Choice strips = TrafficEstimator.bestTileSize(EIGHT_BY_EIGHT, big, Rasterizer.STRIPS, 8);
    assertInstanceOf(NoOrderToPick.class, strips);
    assertEquals(EIGHT_BY_EIGHT.compulsoryBytes(), strips.estimate().bytes());
    assertInstanceOf(NoOrderToPick.class, TrafficEstimator.best(EIGHT_BY_EIGHT, big, 8));
  }

  @Test
  void thePickReadsTheLeastOfEveryOrderAndTileSize() {
    // 8 x 8 tiles, waves of 16, an L2 of a few panels: squares of 4 x 4 tiles win.
    Machine small = new Machine(2, 8, 3 * 32 * 256 * 4, 1);
    Choice choice = TrafficEstimator.best(EIGHT_BY_EIGHT, small, 8);
    Pick pick = assertInstanceOf(Pick.class, choice);
    for (Rasterizer rasterizer : Rasterizer.values()) {
      for (int tileSize = 1; tileSize <= 8; tileSize++) {
        if (rasterizer.tileSizeViolation(tileSize).isEmpty()) {
          assertTrue(pick.estimate().bytes()
              <= TrafficEstimator.estimate(EIGHT_BY_EIGHT, small, rasterizer, tileSize).bytes());
        }
      }
    }
    Pick strips = assertInstanceOf(Pick.class,
        TrafficEstimator.bestTileSize(EIGHT_BY_EIGHT, small, Rasterizer.STRIPS, 8));
    assertEquals(4, strips.tileSize());
    assertTrue(strips.estimate().bytes() < TrafficEstimator.rowMajor(EIGHT_BY_EIGHT, small).bytes());
  }

  @Test
  void cutlassIsOfferedPowersOfTwoOnly() {
    // 8 x 8 tiles, waves of 24: STRIPS's best may be no power of two; CUTLASS's is one.
    Machine waveOfTwentyFour = new Machine(3, 8, 0, 1);
    Pick cutlass = assertInstanceOf(Pick.class, TrafficEstimator.bestTileSize(EIGHT_BY_EIGHT,
        waveOfTwentyFour, Rasterizer.CUTLASS_IDENTITY, 8));
    assertEquals(1, Integer.bitCount(cutlass.tileSize()), "CUTLASS's best tile size " + cutlass);
  }

  @Test
  void anH200KeepsMoreThanAnH100() {
    // Seed 003's GEMM at 4096^3 in SERPENTINE panels of 32: the H200's 30 MiB partition holds
    // panels the H100's 25 MiB does not.
    Gemm gemm = new Gemm(4096, 4096, 4096, 32, 32, 4);
    long h100 = TrafficEstimator.estimate(gemm, Machine.of(Gpu.H100, 2), Rasterizer.SERPENTINE, 32).bytes();
    long h200 = TrafficEstimator.estimate(gemm, Machine.of(Gpu.H200, 2), Rasterizer.SERPENTINE, 32).bytes();
    assertTrue(h200 < h100, h200 + " < " + h100);
  }
}
