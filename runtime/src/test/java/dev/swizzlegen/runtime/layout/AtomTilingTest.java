package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomColsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomHoldsPartOfPeriod;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomRowsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.layout.LayoutViolation.PaddedDenseAtoms;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageMisaligned;
import dev.swizzlegen.runtime.layout.LayoutViolation.StagesBelowOne;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.WholePeriods;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Tiles made of several swizzled atoms and stages: CuTe's tile_to_shape, as laws and examples. */
class AtomTilingTest {

  /**
   * CuTe's hierarchical layout written out: the tile as ((atomRows, atomsDown), (atomCols,
   * atomsAcross)) with the atom row-major inside and atoms numbered by order, the swizzle composed on
   * top (for atoms that hold whole periods of the swizzle, the atom's swizzle is the composed one).
   */
  private static int tileToShape(Swizzle swizzle, int rows, int cols, int atomRows, int atomCols,
      Order order, int stage, int row, int col) {
    int atomElements = atomRows * atomCols;
    int atomsDown = rows / atomRows;
    int atomsAcross = cols / atomCols;
    int downStride = order == Order.COL_MAJOR ? atomElements : atomElements * atomsAcross;
    int acrossStride = order == Order.COL_MAJOR ? atomElements * atomsDown : atomElements;
    int blocked = (row % atomRows) * atomCols + (row / atomRows) * downStride
        + (col % atomCols) + (col / atomCols) * acrossStride;
    return stage * rows * cols + swizzle.apply(blocked);
  }

  @Test
  void denseAtomsAreTheSwizzleComposedWithTheBlockedLayout() {
    SplittableRandom random = new SplittableRandom(11);
    int compared = 0;
    while (compared < 300) {
      int bits = random.nextInt(4);
      int base = random.nextInt(4);
      int shift = bits == 0 ? 0 : bits + random.nextInt(3);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
      int atomCols = 1 << random.nextInt(2, 7);
      int period = 1 << (bits == 0 ? 0 : base + shift + bits);
      int atomRows = Math.max(1, period / atomCols) << random.nextInt(2);
      int rows = atomRows << random.nextInt(3);
      int cols = atomCols * random.nextInt(1, 4);
      Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
      int stages = random.nextInt(1, 4);
      TileDescription builder = TileLayout.builder(DType.HALF, swizzle, rows, cols)
          .atom(atomRows, atomCols, order).stages(stages);
      if (!builder.check().isEmpty()) {
        continue;
      }
      TileLayout tile = builder.build();
      for (int stage = 0; stage < stages; stage++) {
        for (int row = 0; row < rows; row++) {
          for (int col = 0; col < cols; col++) {
            assertEquals(tileToShape(swizzle, rows, cols, atomRows, atomCols, order, stage, row, col),
                tile.offset(row, col, stage), tile + " (" + stage + ", " + row + ", " + col + ")");
          }
        }
      }
      compared++;
    }
  }

  /** The law: offset is a bijection onto the stages' elements, and stage, row and col invert it. */
  @Test
  void everyTiledTileIsABijectionInvertedByStageRowAndCol() {
    List<TileLayout> tiles = List.of(
        tiled(Swizzle.of(3, 3, 3), 128, 128, 8, 64, Order.COL_MAJOR, 1),
        tiled(Swizzle.of(3, 3, 3), 64, 128, 8, 64, Order.ROW_MAJOR, 2),
        tiled(Swizzle.of(2, 3, 3), 128, 96, 8, 32, Order.COL_MAJOR, 3),
        tiled(Swizzle.of(1, 3, 3), 16, 48, 8, 16, Order.ROW_MAJOR, 2),
        tiled(Swizzle.overlapping(3, 0, 2), 16, 16, 8, 4, Order.COL_MAJOR, 2),
        tiled(Swizzle.of(2, 3, -3), 8, 128, 4, 64, Order.ROW_MAJOR, 1),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
            .atom(8, 64, Order.COL_MAJOR).stages(2).alignment(16).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 32).rowStride(64)
            .atom(8, 32, Order.COL_MAJOR).stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
            .stages(2).build());
    for (TileLayout tile : tiles) {
      boolean[] used = new boolean[tile.strided().extentElements()];
      for (int stage = 0; stage < tile.stages(); stage++) {
        for (int row = 0; row < tile.rows(); row++) {
          for (int col = 0; col < tile.cols(); col++) {
            int offset = tile.offset(row, col, stage);
            assertFalse(used[offset], tile + " reuses offset " + offset);
            used[offset] = true;
            assertEquals(stage, tile.stage(offset), tile.toString());
            assertEquals(row, tile.row(offset), tile.toString());
            assertEquals(col, tile.col(offset), tile.toString());
          }
        }
      }
      if (tile.rowStride() == tile.cols()) {
        for (boolean each : used) {
          assertTrue(each, tile + " leaves a hole");
        }
      }
    }
  }

  /** The law behind the closure shortcut: a tile is valid exactly when no element leaves it. */
  @Test
  void closureIsExactlyEveryElementStayingInTheTile() {
    int closed = 0;
    int open = 0;
    for (int bits = 1; bits <= 3; bits++) {
      for (int base = 0; base <= 4; base++) {
        for (int shift = -6; shift <= 6; shift++) {
          if (shift == 0) {
            continue;
          }
          Swizzle swizzle = Swizzle.overlapping(bits, base, shift);
          for (int rows = 1; rows <= 32; rows *= 2) {
            for (int cols = 2; cols <= 64; cols += cols < 8 ? 2 : 8) {
              boolean stays = true;
              for (int offset = 0; offset < rows * cols && stays; offset++) {
                stays = swizzle.apply(offset) < rows * cols;
              }
              boolean valid = TileLayout.builder(DType.INT8, swizzle, rows, cols).alignment(1)
                  .check().isEmpty();
              assertEquals(stays, valid, swizzle + " on " + rows + " x " + cols);
              closed += stays ? 1 : 0;
              open += stays ? 0 : 1;
            }
          }
        }
      }
    }
    assertTrue(closed > 100 && open > 100, closed + " closed, " + open + " open");
  }

  private static TileLayout tiled(Swizzle swizzle, int rows, int cols, int atomRows, int atomCols,
      Order order, int stages) {
    return TileLayout.builder(DType.HALF, swizzle, rows, cols).atom(atomRows, atomCols, order)
        .stages(stages).build();
  }

  /** A 128 x 128 half operand of 8 x 64 atoms is two 128 x 64 column blocks (tile_to_shape). */
  @Test
  void columnMajorAtomsFillColumnBlocksAndRowMajorAtomsFillRows() {
    TileLayout colMajor = tiled(Swizzle.of(3, 3, 3), 128, 128, 8, 64, Order.COL_MAJOR, 1);
    assertEquals(8192, colMajor.offset(0, 64));
    assertEquals(512, colMajor.offset(8, 0));
    assertEquals(2, colMajor.strided().atomsAcross());
    assertEquals(16, colMajor.strided().atomsDown());
    TileLayout rowMajor = tiled(Swizzle.of(3, 3, 3), 128, 128, 8, 64, Order.ROW_MAJOR, 1);
    assertEquals(512, rowMajor.offset(0, 64));
    assertEquals(1024, rowMajor.offset(8, 0));
    assertEquals("128 x 128 HALF, row stride 128, Swizzle<3,3,3> on 8 x 64 atoms, row-major,"
        + " 128-byte aligned", rowMajor.toString());
  }

  @Test
  void aOneAtomTileIsTheSwizzledRowMajorTile() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 4), 128, 128)
        .rowStride(128).alignment(128).build();
    assertTrue(tile.isOneAtom());
    for (int row = 0; row < 128; row++) {
      for (int col = 0; col < 128; col++) {
        assertEquals(Swizzle.of(3, 3, 4).apply(row * 128 + col), tile.offset(row, col));
      }
    }
  }

  @Test
  void stagesAreTheTileRepeated() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
        .atom(8, 64, Order.COL_MAJOR).stages(3).build();
    assertEquals(8192, tile.strided().stageElements());
    assertEquals(3 * 8192 * 2, tile.extentBytes());
    assertEquals(2 * 8192 + tile.offset(5, 17), tile.offset(5, 17, 2));
  }

  @Test
  void badAtomsAndStagesAreViolationsNamingTheirValues() {
    assertEquals(List.of(new AtomRowsNotDivisor(48, 128)), TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 128, 64).atom(48, 64, Order.COL_MAJOR).check());
    assertEquals(List.of(new AtomColsNotDivisor(48, 64)), TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 128, 64).atom(8, 48, Order.COL_MAJOR).check());
    assertEquals(List.of(new StagesBelowOne(0)), TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 128, 64).stages(0).check());
    // 128 x 128 halves are 32 KB: seven stages are 224 KB, eight are over 227 KB, one alone fits.
    assertTrue(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).stages(7).check().isEmpty());
    assertEquals(List.of(new ExceedsSharedMemory(128, 128, DType.HALF, 8, 262144, 32768,
            Architecture.MAX_SHARED_BYTES)),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
            .atom(8, 64, Order.COL_MAJOR).stages(8).check());
    // Swizzle<3,3,3> reads offset bits 6..8: a 4 x 64 atom holds only 256 of its 512 elements, and
    // 8 rows of 64 would hold them all.
    assertEquals(List.of(new AtomHoldsPartOfPeriod(Swizzle.of(3, 3, 3), 8, 512, 128, 4, 64,
            new WholePeriods(8, true, OptionalLong.empty(), Optional.empty()))),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
            .atom(4, 64, Order.COL_MAJOR).check());
    // Swizzle<2,3,-3> flips offset bits 6 and 7: past a 4 x 16 atom's 64 elements; 16 rows of 16 hold
    // them, which the tile's 8 rows do not: 16 rows would.
    assertEquals(List.of(new AtomHoldsPartOfPeriod(Swizzle.of(2, 3, -3), 7, 256, 8, 4, 16,
            new WholePeriods(16, false, OptionalLong.of(16), Optional.empty()))),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 8, 32)
            .atom(4, 16, Order.COL_MAJOR).check());
    assertEquals(List.of(new AtomHoldsPartOfPeriod(Swizzle.of(1, 3, 3), 6, 128, 8, 8, 24,
            new WholePeriods(16, false, OptionalLong.of(16), Optional.empty()))),
        TileLayout.builder(DType.HALF, Swizzle.of(1, 3, 3), 8, 48)
            .atom(8, 24, Order.COL_MAJOR).check());
    // Padding inside an atom: the swizzle moves (row 1, col 0) into the padding.
    assertEquals(List.of(new AtomNotClosed(Swizzle.of(3, 3, 3), false, 8, 64, 72,
            new Cell(1, 0), 64, new Cell(0, 64))),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 16, 64).rowStride(72)
            .atom(8, 64, Order.COL_MAJOR).check());
    // Padding between dense atoms, which atoms as wide as the tile would not take either: the
    // nested violation says why.
    assertEquals(List.of(new PaddedDenseAtoms(128, 64, Optional.of(new TileNotClosed(
            Swizzle.of(3, 3, 3), false, 8, 128, 136, new Cell(1, 8), 128,
            new Cell(0, 128))))),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 128).rowStride(136)
            .atom(8, 64, Order.COL_MAJOR).check());
    // A 4 x 16 half stage is 128 bytes: stage 1 cannot keep a 1024-byte alignment; stages 512
    // halves apart would.
    assertEquals(List.of(new StageMisaligned(128, 1024, 512)), TileLayout.builder(DType.HALF,
        Swizzle.IDENTITY, 4, 16).alignment(1024).stages(2).check());
  }
}
