package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.layout.LayoutViolation.BadAlignment;
import dev.swizzlegen.runtime.layout.LayoutViolation.ColsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsOverlap;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

class TileLayoutTest {

  @Test
  void atomIsTwoToTheBRowsOfTwoToTheMPlusSElements() {
    TileLayout atom = TileLayout.atom(DType.HALF, Swizzle.of(2, 3, 3));
    assertEquals(4, atom.rows());
    assertEquals(64, atom.cols());
    assertEquals(64, atom.rowStride());
    assertEquals(128, atom.alignment());
    TileLayout bytes = TileLayout.atom(DType.UINT8, Swizzle.of(0, 4, 3));
    assertEquals(1, bytes.rows());
    assertEquals(128, bytes.cols());
  }

  /** The atom of Swizzle<2,3,3> on halves is seed 000's 16x16 tile: the same 256 offsets, permuted alike. */
  @Test
  void seed000SixteenBySixteenIsTheAtom() {
    TileLayout atom = TileLayout.atom(DType.HALF, Swizzle.of(2, 3, 3));
    TileLayout square = TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 16)
        .rowStride(16).alignment(128).build();
    for (int row = 0; row < 16; row++) {
      for (int col = 0; col < 16; col++) {
        int linear = row * 16 + col;
        assertEquals(atom.offset(linear / 64, linear % 64), square.offset(row, col));
      }
    }
  }

  @Test
  void offsetRowAndColAreInverse() {
    List<TileLayout> tiles = List.of(
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
            .rowStride(64).alignment(128).build(),
        TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 32, 32)
            .rowStride(32).alignment(128).build(),
        TileLayout.builder(DType.UINT8, Swizzle.overlapping(3, 4, 2), 16, 64)
            .rowStride(64).alignment(128).build(),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 40)
            .rowStride(72).alignment(16).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 4, 64)
            .rowStride(64).alignment(128).build());
    for (TileLayout tile : tiles) {
      boolean[] used = new boolean[tile.strided().extentElements()];
      for (int row = 0; row < tile.rows(); row++) {
        for (int col = 0; col < tile.cols(); col++) {
          int offset = tile.offset(row, col);
          assertFalse(used[offset], tile + " reuses offset " + offset);
          used[offset] = true;
          assertEquals(row, tile.row(offset), tile.toString());
          assertEquals(col, tile.col(offset), tile.toString());
        }
      }
    }
  }

  @Test
  void sm80OperandTileIsCuteSwizzle333() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
        .rowStride(64).alignment(128).build();
    assertEquals(16384, tile.extentBytes());
    assertEquals(TmaSwizzle.SWIZZLE_128B, tile.tmaSwizzle().orElseThrow());
    // Row 1's first 16-byte chunk lands in chunk 1 of its 128-byte line: banks 4..7.
    assertEquals(64 + 8, tile.offset(1, 0));
    assertEquals(4, BankModel.NVIDIA.bank(tile.byteOffset(1, 0)));
    assertEquals(0, BankModel.NVIDIA.bank(tile.byteOffset(8, 0)));
  }

  @Test
  void swizzleThatLeavesTheTileNamesTheFirstElementItMovesOut() {
    // 8 rows of 48 are 384 = 6 x 64 elements: Swizzle<3,3,3> permutes within each 64, so it fits.
    assertTrue(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 48)
        .rowStride(48).alignment(128).check().isEmpty());
    // 3 rows of 48 end mid-way through a 64-element line, and the swizzle moves elements past the end:
    // (row 2, col 32), offset 128, goes to 144, one past the last row.
    assertEquals(List.of(new TileNotClosed(Swizzle.of(3, 3, 3), false, 3, 48, 48,
            new Cell(2, 32), 144, new Cell(3, 0))),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 3, 48)
            .rowStride(48).alignment(128).check());
  }

  @Test
  void negativeShiftPastTheRowsMovesAnElementBelowTheTile() {
    assertEquals(List.of(new TileNotClosed(Swizzle.of(2, 3, -3), false, 2, 64, 64,
            new Cell(0, 16), 144, new Cell(2, 16))),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 2, 64)
            .rowStride(64).alignment(128).check());
  }

  @Test
  void paddedRowsWithASwizzleMoveAnElementIntoThePadding() {
    assertEquals(List.of(new TileNotClosed(Swizzle.of(3, 3, 3), false, 8, 64, 72,
            new Cell(1, 0), 64, new Cell(0, 64))),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64)
            .rowStride(72).alignment(128).check());
  }

  @Test
  void geometryViolations() {
    assertEquals(List.of(new RowsNotPositive(0)),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 0, 8).rowStride(8).alignment(128).check());
    assertEquals(List.of(new ColsNotPositive(-1)),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 8, -1)
            .rowStride(8).alignment(128).check());
    assertEquals(List.of(new RowsOverlap(8, 16)),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 8, 16)
            .rowStride(8).alignment(128).check());
    assertEquals(List.of(new BadAlignment(2, DType.FLOAT)),
        TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 8, 8).rowStride(8).alignment(2).check());
    assertEquals(List.of(new BadAlignment(96, DType.FLOAT)),
        TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 8, 8).rowStride(8).alignment(96).check());
  }

  @Test
  void tilesLargerThan227KilobytesAreRejected() {
    assertTrue(TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 227, 256)
        .rowStride(256).alignment(128).check().isEmpty());
    // 228 rows of 1 KB: one stage is already too large.
    assertEquals(List.of(new ExceedsSharedMemory(228, 256, DType.FLOAT, 1, 233472, 233472,
            Architecture.MAX_SHARED_BYTES)),
        TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 228, 256)
            .rowStride(256).alignment(128).check());
  }
}
