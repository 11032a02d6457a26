package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowFormShiftBelowBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The row form: a bijection on any row length, and the offset form when the stride is 2^R. */
class RowFormTest {

  @Test
  void rowFormIsABijectionOntoTheTileForEveryRowLength() {
    for (int bits = 1; bits <= 3; bits++) {
      for (int base = 0; base <= 3; base++) {
        for (int shift = bits; shift <= bits + 2; shift++) {
          Swizzle swizzle = Swizzle.of(bits, base, shift);
          int atom = 1 << (base + bits);
          for (int atoms = 1; atoms <= 5; atoms++) {
            for (int pad : new int[] {0, 4}) {
              int cols = atoms * atom;
              TileLayout tile = TileLayout.builder(DType.HALF, swizzle, 16, cols)
                  .swizzleWithinEachRow(true)
                  .rowStride(cols + pad).alignment(128).build();
              BitSet seen = new BitSet();
              for (int row = 0; row < tile.rows(); row++) {
                for (int col = 0; col < cols; col++) {
                  int offset = tile.offset(row, col);
                  assertEquals(row, offset / tile.rowStride(), tile + " keeps rows in place");
                  assertTrue(offset % tile.rowStride() < cols, tile + " stays in the row");
                  assertFalse(seen.get(offset), tile + " is one-to-one");
                  seen.set(offset);
                  assertEquals(row, tile.row(offset));
                  assertEquals(col, tile.col(offset));
                }
              }
            }
          }
        }
      }
    }
  }

  @Test
  void rowFormOnAPowerOfTwoStrideIsTheOffsetFormItMapsTo() {
    for (int bits = 1; bits <= 3; bits++) {
      for (int base = 0; base <= 3; base++) {
        for (int shift = bits; shift <= bits + 3; shift++) {
          for (int log2Stride = base + bits; log2Stride <= 8; log2Stride++) {
            int stride = 1 << log2Stride;
            TileLayout rowForm =
                TileLayout.builder(DType.HALF, Swizzle.of(bits, base, shift), 16, stride)
                    .swizzleWithinEachRow(true).rowStride(stride).alignment(128).build();
            TileLayout offsetForm = rowForm.inOffsetForm().orElseThrow();
            assertTrue(offsetForm.readsTheOffset());
            assertFalse(offsetForm.swizzlesWithinEachRow());
            for (int row = 0; row < 16; row++) {
              for (int col = 0; col < stride; col++) {
                assertEquals(offsetForm.offset(row, col), rowForm.offset(row, col),
                    rowForm + " vs " + offsetForm);
              }
            }
          }
        }
      }
    }
  }

  /** Seed 001's widening: the 8 x 8 pattern on 32-vector rows is Swizzle<3,0,5> there, <3,3,5> on halves. */
  @Test
  void widenedRowFormIsSeed001sLargerShift() {
    TileLayout wide = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 256)
        .swizzleWithinEachRow(true)
        .rowStride(256).alignment(128).build();
    assertEquals(Swizzle.of(3, 3, 5), wide.inOffsetForm().orElseThrow().swizzle());
  }

  @Test
  void rowFormOnAnOddStrideHasNoOffsetForm() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192)
        .swizzleWithinEachRow(true)
        .rowStride(192).alignment(128).build();
    assertTrue(tile.inOffsetForm().isEmpty());
    assertTrue(tile.tmaSwizzle().isEmpty());
    assertEquals("Swizzle<3,3,3> within each row", tile.swizzleName());
  }

  @Test
  void rowFormNeedsItsBitsFromTheRow() {
    assertEquals(new RowFormShiftBelowBits(3, 2), TileLayout.builder(DType.HALF,
        Swizzle.overlapping(3, 3, 2), 8, 64).swizzleWithinEachRow(true).check().get(0));
  }

  @Test
  void rowFormThatLeavesTheRowIsRejected() {
    // 72 columns hold one 64-column atom and a part of one: XOR would carry columns past 72, first
    // (row 1, col 64) to column 72 of its word's row, past the row's end (as an offset, 144, it
    // would read as (row 2, col 0): the word says it left).
    assertEquals(new TileNotClosed(Swizzle.of(3, 3, 3), true, 8, 72, 72, new Cell(1, 64),
            144, new Cell(1, 72)),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 72)
            .swizzleWithinEachRow(true).check().get(0));
  }
}
