package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An operand's (M or N, K) name every cell of its tile exactly once, in either major: the K-major
 * tile's rows are M, the MN-major tile's rows are K; extents, attributes and offsets follow.
 */
class OperandShapeTest {

  @Test
  void mnAndKNameEveryCellOnce() {
    List<TileLayout> tiles = List.of(
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128).alignment(1024)
            .atom(8, 64, Order.COL_MAJOR).build(),
        TileLayout.builder(DType.BF16, Swizzle.of(1, 3, 3), 16, 48)
            .rowStride(48).alignment(128).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
            .rowStride(192).alignment(128).build());
    for (TileLayout tile : tiles) {
      for (Major major : Major.values()) {
        OperandShape shape = new OperandShape(tile, major);
        assertEquals(List.of(tile.rows(), tile.cols()),
            shape.rowCol(shape.mnExtent(), shape.kExtent()), tile + " " + major);
        BitSet cells = new BitSet();
        for (int mn = 0; mn < shape.mnExtent(); mn++) {
          for (int k = 0; k < shape.kExtent(); k++) {
            int row = shape.row(mn, k);
            int col = shape.col(mn, k);
            assertEquals(List.of(row, col), shape.rowCol(mn, k));
            assertEquals(tile.byteOffset(row, col), shape.byteOffset(mn, k));
            int cell = row * tile.cols() + col;
            assertFalse(cells.get(cell), tile + " " + major + " (" + mn + ", " + k + ")");
            cells.set(cell);
          }
        }
        assertEquals(tile.rows() * tile.cols(), cells.cardinality());
        // K is the contiguous dimension of a K-major tile: its columns.
        assertEquals(major == Major.K ? shape.col(0, 1) : shape.row(0, 1), 1);
      }
    }
  }
}
