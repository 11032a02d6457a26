package dev.swizzlegen.runtime.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With a TMA engine, derivation picks a layout in one of Hopper's modes, which every GPU with TMA
 * writes: never one of Blackwell's where it picked a Hopper one before, and without a target none at
 * all. A target whose TMA writes Blackwell's modes gets one where none of Hopper's serves.
 */
class TmaModePreferenceTest {
  private static final List<Engine> TMA = List.of(Tma.of(Op.STORE));
  /** Seed 001's four rows by two 16-byte vectors: a 32-byte chunk of each of four rows per phase. */
  private static final List<AccessPattern> FOUR_ROWS_BY_TWO =
      List.of(VectorAccess.grid(Op.LOAD, 16, 16, 2, Order.ROW_MAJOR));

  private static TileDescription described(int rows, int cols) {
    return TileLayout.builder(DType.HALF, Swizzle.IDENTITY, rows, cols).alignment(1024);
  }

  /** Atoms of whole 128-byte rows, declared: no column blocks of narrower Hopper modes. */
  private static TileDescription wholeRows(int rows, int cols) {
    return described(rows, cols).atom(0, cols, Order.COL_MAJOR);
  }

  @Test
  void withoutABlackwellTargetNoBlackwellModeIsDerived() {
    TileDescription tile = wholeRows(16, 64);
    // Without TMA the 32-byte chunks XORed by the row, Swizzle<2,4,2>, are the cheapest.
    assertEquals(Swizzle.of(2, 4, 2), SwizzleSolver.nvidia().solve(tile, FOUR_ROWS_BY_TWO,
        List.of()).layout().orElseThrow().swizzle());
    // With TMA that is CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, which Hopper's TMA does not write: no
    // Hopper mode serves rows of 128 bytes, and none is derived, whatever the target lacking
    // Blackwell's modes; a free atom gets the 32-byte mode on column blocks.
    for (Optional<Architecture> target : List.of(Optional.<Architecture>empty(),
        Optional.of(Architecture.SM_90A))) {
      Solution solution = SwizzleSolver.nvidia(target).solve(tile, FOUR_ROWS_BY_TWO, TMA);
      assertFalse(solution.found(), target.toString());
      assertEquals(2, solution.closestDegree(), target.toString());
      assertEquals(Optional.of(TmaSwizzle.SWIZZLE_128B),
          solution.closest().flatMap(TileLayout::tmaSwizzle), target.toString());
      TileLayout free = solution.freeAtom().flatMap(Solution::layout).orElseThrow();
      assertEquals(Optional.of(TmaSwizzle.SWIZZLE_32B), free.tmaSwizzle(), target.toString());
    }
    assertEquals(new ExhaustiveSearch(ConflictAnalyzer.nvidia()).search(tile, FOUR_ROWS_BY_TWO,
        TMA), SwizzleSolver.nvidia().solve(tile, FOUR_ROWS_BY_TWO, TMA).withoutAlternatives());
  }

  @Test
  void aBlackwellTargetGetsABlackwellModeWhereNoHopperModeServes() {
    for (Architecture target : List.of(Architecture.SM_100A, Architecture.SM_103A,
        Architecture.SM_120A)) {
      Solution solution = SwizzleSolver.nvidia(Optional.of(target))
          .solve(wholeRows(16, 64), FOUR_ROWS_BY_TWO, TMA);
      TileLayout tile = solution.layout().orElseThrow();
      assertEquals(Swizzle.of(2, 4, 2), tile.swizzle(), target.toString());
      assertEquals(Optional.of(TmaSwizzle.SWIZZLE_128B_ATOM_32B), tile.tmaSwizzle());
    }
  }

  /** Where a Hopper mode serves, every target gets it: the 128-byte mode for ldmatrix reads. */
  @Test
  void aHopperModeThatServesIsPreferredOnEveryTarget() {
    List<AccessPattern> ldmatrix = List.of(MatrixAccess.ldmatrix(4, false));
    for (Architecture target : Architecture.values()) {
      TileLayout tile = SwizzleSolver.nvidia(Optional.of(target))
          .solve(described(128, 128), ldmatrix, TMA).layout().orElseThrow();
      assertEquals(Swizzle.of(3, 3, 3), tile.swizzle(), target.toString());
      assertEquals(Optional.of(TmaSwizzle.SWIZZLE_128B), tile.tmaSwizzle());
    }
  }
}
