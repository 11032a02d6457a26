package dev.swizzlegen.runtime.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExhaustiveSearchTest {
  private final ExhaustiveSearch search = new ExhaustiveSearch(ConflictAnalyzer.nvidia());

  @Test
  void ldmatrixOn128x64HalfNeedsSwizzle333() {
    TileLayout plain = TileLayout.of(DType.HALF, Swizzle.IDENTITY, 128, 64, 64, 128);
    Suggestion suggestion = search.search(plain, List.of(MatrixAccess.ldmatrix(4, false)));
    assertEquals(Swizzle.of(3, 3, 3), suggestion.swizzle().orElseThrow());
  }

  @Test
  void toleratingTwoWaysNeedsOneBitLess() {
    TileLayout plain = TileLayout.of(DType.HALF, Swizzle.IDENTITY, 128, 64, 64, 128);
    Suggestion suggestion =
        search.search(plain, List.of(MatrixAccess.ldmatrix(4, false).withMaxWays(2)));
    assertEquals(Swizzle.of(2, 3, 3), suggestion.swizzle().orElseThrow());
  }

  @Test
  void floatColumnsNeedFiveBits() {
    TileLayout plain = TileLayout.of(DType.FLOAT, Swizzle.IDENTITY, 32, 32, 32, 128);
    Suggestion suggestion = search.search(plain,
        List.of(VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR)));
    assertEquals(5, suggestion.swizzle().orElseThrow().bits());
  }

  @Test
  void conflictFreeGeometryNeedsNoSwizzle() {
    TileLayout plain = TileLayout.of(DType.HALF, Swizzle.IDENTITY, 64, 64, 64, 128);
    Suggestion suggestion = search.search(plain, List.of(VectorAccess.coalesced(Op.STORE, 16)));
    assertEquals(Swizzle.IDENTITY, suggestion.swizzle().orElseThrow());
  }

  /**
   * Whole 16-byte vectors fix each float's bank within its 16-byte group, so a column of 32 floats
   * can reach only 8 banks: no layout at all, XOR or not, reads it better than 4-way.
   */
  @Test
  void wholeVectorsAndFloatColumnsHaveNoSwizzle() {
    TileLayout plain = TileLayout.of(DType.FLOAT, Swizzle.IDENTITY, 32, 32, 32, 128);
    List<AccessPattern> accesses = List.of(
        VectorAccess.coalesced(Op.STORE, 16),
        VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR));
    Suggestion suggestion = search.search(plain, accesses);
    assertTrue(suggestion.swizzle().isEmpty(), String.valueOf(suggestion));
    assertEquals(4, suggestion.closestDegree());
    assertEquals(3, suggestion.closest().orElseThrow().bits());
  }
}
