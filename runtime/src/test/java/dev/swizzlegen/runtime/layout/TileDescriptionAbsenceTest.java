package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomColsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomRowsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsOverlap;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageStrideBelowSpan;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A description's row stride, atom sides and stage stride are absent where not described, not 0:
 * absent takes the default (a solver reads an absent atom side as its own to choose); a value
 * described, 0 or negative included, is the rules' to judge. The int setters read 0 as absent, the
 * annotation's omitted value, so that a 0 written in an annotation stays the default it always was.
 */
class TileDescriptionAbsenceTest {
  private static TileDescription plain() {
    return TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64);
  }

  @Test
  void whatIsNotDescribedIsAbsentAndTakesTheDefault() {
    TileDescription d = plain();
    assertEquals(OptionalInt.empty(), d.describedAtomRows());
    assertEquals(OptionalInt.empty(), d.describedAtomCols());
    assertFalse(d.atomDescribed());
    assertEquals(64, d.rowStride());
    assertEquals(64 * 64, d.stageStride());
    assertEquals(d.build(), plain().rowStride(64).atom(64, 64, Order.COL_MAJOR)
        .stageStride(64 * 64).build());
  }

  @Test
  void anIntSettersZeroIsAbsentAsTheAnnotationsOmittedValue() {
    TileDescription zeros = plain().rowStride(0).atom(0, 0, Order.COL_MAJOR).stageStride(0);
    assertEquals(OptionalInt.empty(), zeros.describedAtomRows());
    assertFalse(zeros.atomDescribed());
    assertEquals(plain().build(), zeros.build());
    TileDescription oneSide = plain().atom(0, 8, Order.COL_MAJOR);
    assertEquals(OptionalInt.empty(), oneSide.describedAtomRows());
    assertEquals(OptionalInt.of(8), oneSide.describedAtomCols());
    assertTrue(oneSide.atomDescribed());
  }

  @Test
  void aDescribedZeroOrNegativeValueIsTheRulesToJudge() {
    assertEquals(List.of(new RowsOverlap(0, 64)), plain().rowStride(OptionalInt.of(0)).check());
    assertEquals(List.of(new RowsOverlap(-8, 64)), plain().rowStride(-8).check());
    assertEquals(List.of(new AtomRowsNotDivisor(0, 64)),
        plain().atom(OptionalInt.of(0), OptionalInt.empty(), Order.COL_MAJOR).check());
    assertEquals(List.of(new AtomColsNotDivisor(-8, 64)),
        plain().atom(8, -8, Order.COL_MAJOR).check());
    assertEquals(List.of(new StageStrideBelowSpan(0, 64 * 64)),
        plain().stages(2).stageStride(OptionalInt.of(0)).check());
    assertEquals(List.of(new StageStrideBelowSpan(-1, 64 * 64)),
        plain().stages(2).stageStride(-1).check());
  }

  @Test
  void aCopyAndATilesDescriptionKeepWhatIsAbsent() {
    TileDescription oneSide = plain().atom(8, 0, Order.COL_MAJOR);
    assertEquals(oneSide.toString(), oneSide.copy().toString());
    assertEquals(OptionalInt.empty(), oneSide.copy().describedAtomCols());
    // A tile's description describes every side it has.
    TileDescription rebuilt = oneSide.build().toBuilder();
    assertEquals(OptionalInt.of(8), rebuilt.describedAtomRows());
    assertEquals(OptionalInt.of(64), rebuilt.describedAtomCols());
  }
}
