package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.text.DerivationTextTest.described;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The solver's verdicts in words, each whole, read off the model's own verdict on a tile: the
 * sentences the runtime's tests asserted before the solver returned its reasons and alternatives as
 * records. The generated files and the compile tests assert the rest as the processor writes them.
 */
class SolutionTextTest {
  private final SwizzleSolver solver = SwizzleSolver.nvidia();

  @Test
  void alternativesNameTheWidthAndTheSwizzle() {
    List<AccessPattern> accesses = List.of(
        VectorAccess.coalesced(Op.STORE, 16).withLabel("row write"),
        VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR).withLabel("column read"));
    Solution solution = solver.solve(described(DType.FLOAT, 32, 32, 32, 128), accesses,
        List.of());
    assertEquals(List.of("4-byte vectors for row write, with Swizzle<5,0,5>",
            "16-byte vectors for column read, with Swizzle<3,2,3>"),
        solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, false)).toList());
    // For a tile pasted in CuTe's notation, each width's layout in it.
    assertEquals(List.of("4-byte vectors for row write, with layout ="
            + " \"Sw<5,0,5> o _0 o (_32,_32):(_32,_1)\"",
            "16-byte vectors for column read, with layout ="
            + " \"Sw<3,2,3> o _0 o (_32,_32):(_32,_1)\""),
        solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, true)).toList());
    assertEquals("Swizzle<B,M,S> with B <= 5, M <= 7, B <= |S| <= 12, on the row-major offset of"
        + " whole rows or of 16- to 128-byte column blocks, or within each row",
        SolutionText.family(solution));
  }

  /** Issue 18.6: the family of a declared atom, and the attributes of what a free atom finds. */
  @Test
  void aDeclaredAtomNamesItsFamilyAndTheFreeAtomsAttributes() {
    TileDescription declared = described(DType.FLOAT, 64, 64, 64, 128)
        .atom(8, 32, Order.COL_MAJOR);
    Solution solution = solver.solve(declared, List.of(MmaAccumulatorAccess.of(Op.STORE),
        VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.ROW_MAJOR)), List.of());
    assertEquals("Swizzle<B,M,S> with B <= 5, M <= 7, B <= |S| <= 12, on the row-major offset of"
        + " the declared 8 x 32 atoms", SolutionText.family(solution));
    TileLayout found = solution.freeAtom().orElseThrow().layout().orElseThrow();
    assertEquals("bits = 1, base = 2, shift = 3, atomRows = 8, atomCols = 8",
        AttributeText.attributesFrom(found, declared.build()));
  }

  /**
   * A random campaign's tile: 16 x 16 bytes on a row stride of 128, read with 16-byte vectors. Every
   * row starts on bank 0, no swizzle of the family spreads them, and rows of 48 bytes would.
   */
  @Test
  void paddedRowsNameTheirStrideAsAnAttributeOrACuteLayout() {
    Solution solution = solver.solve(described(DType.FP8_E4M3, 16, 16, 128, 128),
        List.of(VectorAccess.coalesced(Op.LOAD, 16)), List.of());
    assertEquals(List.of("padding each row by 32 elements, with no swizzle (bits = 0, base = 0,"
            + " shift = 0, rowStride = 48)"),
        solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, false)).toList());
    // For a tile pasted in CuTe's notation, the padded rows in it.
    assertEquals(List.of("padding each row by 32 elements, with no swizzle"
            + " (layout = \"(_16,_16):(_48,_1)\")"),
        solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, true)).toList());
  }

  @Test
  void articlesBeforeEightAndEleven() {
    assertEquals(List.of("a", "an", "an", "an", "a"),
        List.of(2, 8, 11, 18, 32).stream().map(SolutionText::article).toList());
  }
}
