package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Order;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StridedPartTest {
  /**
   * The atom grid's numbering is a bijection of the atoms onto their starts, {@code atomElements}
   * apart, and {@code atomFirstRow}, {@code atomFirstCol}, {@code inAtom} and {@code stage} invert
   * {@code stage * stageStride + atomStart + k} on every offset every atom holds: atoms of every side
   * dividing the tile, both orders, padded rows where atoms span them, stages with and without gaps.
   */
  @Test
  void theAtomGridIsInvertedOnEveryOffsetOfEveryAtom() {
    int grids = 0;
    for (int rows : new int[] {8, 24}) {
      for (int cols : new int[] {16, 48}) {
        for (int atomRows : divisors(rows)) {
          for (int atomCols : divisors(cols)) {
            for (Order order : Order.values()) {
              for (int pad : new int[] {0, 8}) {
                for (int gap : new int[] {0, 64}) {
                  int rowStride = atomCols == cols ? cols + pad : cols;
                  StridedPart grid = new StridedPart(rows, cols, rowStride, atomRows, atomCols,
                      order, 3, rows * rowStride + gap);
                  assertInverted(grid);
                  grids++;
                }
              }
            }
          }
        }
      }
    }
    assertTrue(grids > 500, "grids: " + grids);
  }

  private static void assertInverted(StridedPart grid) {
    Set<Integer> starts = new HashSet<>();
    assertEquals(grid.rows() * grid.rowStride(), grid.atomsDown() * grid.atomsAcross()
        * grid.atomElements(), grid.toString());
    for (int i = 0; i < grid.atomsDown(); i++) {
      for (int j = 0; j < grid.atomsAcross(); j++) {
        int start = grid.atomStart(i * grid.atomRows(), j * grid.atomCols());
        assertEquals(grid.atomNumber(i, j) * grid.atomElements(), start, grid.toString());
        assertTrue(starts.add(start), grid + ": two atoms start at " + start);
        for (int stage = 0; stage < grid.stages(); stage++) {
          for (int k = 0; k < grid.atomElements(); k++) {
            int offset = stage * grid.stageStride() + start + k;
            String at = grid + " offset " + offset;
            assertEquals(i * grid.atomRows(), grid.atomFirstRow(offset), at);
            assertEquals(j * grid.atomCols(), grid.atomFirstCol(offset), at);
            assertEquals(k, grid.inAtom(offset), at);
            assertEquals(stage, grid.stage(offset), at);
          }
        }
      }
    }
  }

  private static int[] divisors(int n) {
    return IntStream.rangeClosed(1, n).filter(d -> n % d == 0).toArray();
  }
}
