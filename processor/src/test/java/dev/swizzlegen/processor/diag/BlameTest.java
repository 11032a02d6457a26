package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaKNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMnNotMultiple;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which attribute each of the model's verdicts is blamed on, for the tiles whose blame the model
 * chose before it returned violations as data: the same attributes, now chosen here from the data.
 */
class BlameTest {
  private static Blame.Attribute blame(Violation violation) {
    return Messages.VIOLATIONS.blame(violation);
  }


  private static Blame.Attribute only(List<Violation> violations) {
    assertEquals(1, violations.size(), violations.toString());
    return blame(violations.get(0));
  }

  private static Blame.Attribute tile(String name) {
    return Blame.Attribute.ofTile(name);
  }

  private static Blame.Attribute access(String name) {
    return Blame.Attribute.ofAccess(name);
  }

  @Test
  void aSwizzleThatLeavesTheTileIsBlamedOnTheSideItLeavesBy() {
    // Rows of 48 are no whole number of Swizzle<3,3,3>'s 64-element rows: the row length.
    assertEquals(tile("cols"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 3, 48)
        .rowStride(48).alignment(128).check()));
    // Whole rows, but the element falls below the last row.
    assertEquals(tile("rows"), only(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 2, 64)
        .rowStride(64).alignment(128).check()));
    // Padded rows: the stride.
    assertEquals(tile("rowStride"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64)
        .rowStride(72).alignment(128).check()));
    // The row form on rows of 72: the row length.
    assertEquals(tile("cols"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 72)
        .swizzleWithinEachRow(true).check()));
  }

  @Test
  void geometryIsBlamedOnItsAttribute() {
    assertEquals(tile("rows"), only(TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 0, 8)
        .rowStride(8).alignment(128).check()));
    assertEquals(tile("cols"), only(TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 8, -1)
        .rowStride(8).alignment(128).check()));
    assertEquals(tile("rowStride"),
        only(TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 8, 16)
            .rowStride(8).alignment(128).check()));
    assertEquals(tile("alignment"),
        only(TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 8, 8)
            .rowStride(8).alignment(96).check()));
    assertEquals(tile("shift"), only(TileLayout.builder(DType.HALF, Swizzle.overlapping(3, 3, 2),
        8, 64).swizzleWithinEachRow(true).check()));
    assertEquals(tile("bits"), blame(Swizzle.check(-1, 3, 3, false).get(0)));
    assertEquals(tile("base"), blame(Swizzle.check(3, -2, 3, false).get(0)));
    assertEquals(tile("shift"), blame(Swizzle.check(3, 20, 10, false).get(0)));
  }

  @Test
  void sharedMemoryIsBlamedOnTheStagesWhereOneStageFits() {
    // One stage of 228 rows of 1 KB is too large by itself.
    assertEquals(tile("rows"),
        only(TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 228, 256)
            .rowStride(256).alignment(128).check()));
    // 32 KB a stage: eight are too many.
    assertEquals(tile("stages"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).stages(8).check()));
    assertEquals(tile("stages"), only(TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 4, 16)
        .alignment(1024).stages(2).check()));
  }

  @Test
  void atomsAreBlamedOnTheSideThatCannotHoldTheSwizzle() {
    assertEquals(tile("atomRows"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128,
        64).atom(48, 64, Order.COL_MAJOR).check()));
    assertEquals(tile("atomCols"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128,
        64).atom(8, 48, Order.COL_MAJOR).check()));
    // Power-of-two columns: more rows would hold the period.
    assertEquals(tile("atomRows"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128,
        128).atom(4, 64, Order.COL_MAJOR).check()));
    assertEquals(tile("atomRows"), only(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 8,
        32).atom(4, 16, Order.COL_MAJOR).check()));
    // 24 columns: no number of rows holds it.
    assertEquals(tile("atomCols"), only(TileLayout.builder(DType.HALF, Swizzle.of(1, 3, 3), 8,
        48).atom(8, 24, Order.COL_MAJOR).check()));
    // Padding inside the atom, and between dense atoms.
    assertEquals(tile("rowStride"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 16,
        64).rowStride(72).atom(8, 64, Order.COL_MAJOR).check()));
    assertEquals(tile("rowStride"), only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8,
        128).rowStride(136).atom(8, 64, Order.COL_MAJOR).check()));
  }

  @Test
  void enginesBlameTheTileWhereItsGeometryIsAtFaultAndTheAccessOtherwise() {
    assertEquals(tile("rowStride"), blame(TmaFill.plan(TileLayout.builder(DType.HALF,
        Swizzle.IDENTITY, 16, 64).rowStride(72).build()).violations().get(0)));
    assertEquals(tile("alignment"), blame(TmaFill.plan(TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 64, 64).build()).violations().get(0)));
    assertEquals(access("kind"), blame(TmaFill.plan(TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 4), 64, 128).alignment(1024).build()).violations().get(0)));
    assertEquals(tile("dtype"), only(MmaOperand.plan(GMMA, TileLayout.builder(DType.FLOAT,
        Swizzle.of(3, 2, 3), 64, 32).alignment(1024).build(), Major.K).violations()));
    assertEquals(access("kind"), only(MmaOperand.plan(GMMA, TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 64, 128).alignment(1024).build(), Major.K).violations()));
    assertEquals(tile("alignment"), only(MmaOperand.plan(GMMA, TileLayout.builder(DType.HALF,
        Swizzle.of(3, 3, 3), 64, 64).build(), Major.K).violations()));
    assertEquals(tile("rows"), only(MmaOperand.plan(GMMA, TileLayout.builder(DType.HALF,
        Swizzle.of(1, 3, 3), 4, 16).alignment(256).build(), Major.K).violations()));
    // K is the cols of a K-major operand and the rows of an MN-major one; M or N the other side.
    assertEquals(tile("cols"), blame(new MmaKNotMultiple(GMMA, Major.K, DType.HALF, 16, 8)));
    assertEquals(tile("rows"), blame(new MmaKNotMultiple(GMMA, Major.MN, DType.HALF, 16, 8)));
    assertEquals(tile("cols"),
        blame(new MmaMnNotMultiple(GMMA, Major.MN, DType.HALF, 8, 4, Optional.empty())));
  }

  @Test
  void aBrokenVectorIsBlamedOnTheBytesOfAVectorAccessAndOnTheKindOfTheOthers() {
    assertEquals(access("bytes"),
        blame(new VectorBroken(AccessKind.VECTOR, 16, 0, 0, 7, 8, 0, 1, 64,
            Optional.empty())));
    assertEquals(access("kind"),
        blame(new VectorBroken(AccessKind.LDMATRIX, 16, 0, 0, 7, 8, 0, 1, 64,
            Optional.empty())));
    assertEquals(access("kind"),
        blame(new VectorBroken(AccessKind.MMA_ACCUMULATOR, 4, 0, 0, 1, 2, 0, 1, 64,
            Optional.empty())));
  }
}
