package dev.swizzlegen.runtime.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExhaustiveSearchTest {
  private final ExhaustiveSearch search = new ExhaustiveSearch(ConflictAnalyzer.nvidia());
  private static final TileDescription HALF_128_X_64 = described(DType.HALF, 128, 64, 64, 128);

  @Test
  void ldmatrixOn128x64HalfNeedsSwizzle333() {
    Solution solution = search.search(HALF_128_X_64, List.of(MatrixAccess.ldmatrix(4, false)), List.of());
    assertEquals(Swizzle.of(3, 3, 3), solution.layout().orElseThrow().swizzle());
    assertEquals(Swizzle.of(2, 3, 3), solution.closest().orElseThrow().swizzle());
    assertEquals(2, solution.closestDegree());
  }

  @Test
  void toleratingTwoWaysNeedsOneBitLess() {
    Solution solution =
        search.search(HALF_128_X_64, List.of(MatrixAccess.ldmatrix(4, false).withMaxWays(2)),
            List.of());
    assertEquals(Swizzle.of(2, 3, 3), solution.layout().orElseThrow().swizzle());
  }

  @Test
  void floatColumnsNeedFiveBits() {
    Solution solution = search.search(described(DType.FLOAT, 32, 32, 32, 128),
        List.of(VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR)), List.of());
    assertEquals(5, solution.layout().orElseThrow().swizzle().bits());
  }

  @Test
  void conflictFreeGeometryNeedsNoSwizzle() {
    Solution solution = search.search(described(DType.HALF, 64, 64, 64, 128),
        List.of(VectorAccess.coalesced(Op.STORE, 16)), List.of());
    assertEquals(Swizzle.IDENTITY, solution.layout().orElseThrow().swizzle());
    assertTrue(solution.closest().isEmpty());
  }

  /**
   * Whole 16-byte vectors fix each float's bank within its 16-byte group, so a column of 32 floats
   * can reach only 8 banks: no layout at all, XOR or not, reads it better than 4-way.
   */
  @Test
  void wholeVectorsAndFloatColumnsHaveNoSwizzle() {
    List<AccessPattern> accesses = List.of(
        VectorAccess.coalesced(Op.STORE, 16),
        VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR));
    Solution solution = search.search(described(DType.FLOAT, 32, 32, 32, 128), accesses,
        List.of());
    assertTrue(solution.layout().isEmpty(), String.valueOf(solution));
    assertEquals(4, solution.closestDegree());
    assertEquals(3, solution.closest().orElseThrow().swizzle().bits());
  }

  /** A tile whose swizzle is the solver's to choose, and its atom unless given: one atom, for now. */
  private static TileDescription described(DType dtype, int rows, int cols, int rowStride,
      int alignment) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).rowStride(rowStride)
        .alignment(alignment);
  }
}
