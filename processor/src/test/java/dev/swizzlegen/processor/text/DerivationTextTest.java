package dev.swizzlegen.processor.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why a derived swizzle was chosen, in words, each whole, read off the solver's own reasons for a
 * tile: the sentences the runtime's tests asserted before the solver returned its reasons as
 * records. The generated files assert the rest as the processor writes them.
 */
public class DerivationTextTest {
  private final SwizzleSolver solver = SwizzleSolver.nvidia();

  /** A tile whose swizzle is the solver's to choose, and its atom unless given. */
  public static TileDescription described(DType dtype, int rows, int cols, int rowStride,
      int alignment) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).rowStride(rowStride)
        .alignment(alignment);
  }

  @Test
  void whySaysHowManyBitsAndWhatFewerLeave() {
    Solution solution = solver.solve(described(DType.HALF, 128, 64, 64, 128),
        List.of(MatrixAccess.ldmatrix(4, false)), List.of());
    assertEquals("3 XOR bits are the fewest that make every access acceptable on whole 128-byte"
        + " rows: the mildest swizzle with fewer bits, Swizzle<2,3,3>, leaves a 2-way conflict."
        + " Swizzle<3,3,3> is CuTe's"
        + " canonical 3-bit atom; TMA can fill it with CU_TENSOR_MAP_SWIZZLE_128B in one box of"
        + " 128 x 64 from a 1024-byte aligned base.", DerivationText.why(solution.reasons()));
  }

  /** Issue 11: CuTe's layout for a TMA-filled 128 x 128 half operand, column blocks and all. */
  @Test
  void whySaysWhyColumnBlocksAndHowTmaFillsThem() {
    List<Engine> tma = List.of(Tma.of(Op.STORE));
    Solution solution = solver.solve(described(DType.HALF, 128, 128, 128, 1024),
        List.of(MatrixAccess.ldmatrix(4, false)), tma);
    assertEquals("3 XOR bits are the fewest that make every access acceptable on atoms of 128-byte"
        + " rows (no swizzle with fewer bits fits them). Swizzle<3,3,3> is CuTe's canonical 3-bit"
        + " atom, here on"
        + " 8 x 64 atoms (128-byte rows) in 2 column blocks, numbered down the rows first as CuTe's"
        + " tile_to_shape does (wider atoms come first, but no swizzle of whole 256-byte rows"
        + " serves every access); TMA can fill it with CU_TENSOR_MAP_SWIZZLE_128B in 2 boxes of"
        + " 128 x 64 (a box row spans at most 128 bytes).", DerivationText.why(solution.reasons()));
  }

  /**
   * Issue 30, item 10: whole 256-byte rows serve the epilogue tile with Swizzle<3,3,4>, and CuTe's
   * canonical atom with as many bits: the atom is taken, and the note says both.
   */
  @Test
  void whySaysWhenTheCanonicalAtomIsTakenOnATie() {
    Solution solution = solver.solve(described(DType.HALF, 128, 128, 128, 128),
        List.of(MmaAccumulatorAccess.of(Op.STORE), VectorAccess.coalesced(Op.LOAD, 16)), List.of());
    assertEquals("3 XOR bits are the fewest that make every access acceptable on whole 256-byte"
        + " rows or CuTe's canonical atom: the mildest swizzle with fewer bits, Swizzle<2,4,3>,"
        + " leaves a 2-way conflict. Swizzle<3,3,3> is CuTe's canonical 3-bit atom, here on 8 x 64"
        + " atoms (128-byte rows) in 2 column blocks, numbered down the rows first as CuTe's"
        + " tile_to_shape does (whole 256-byte rows serve too, with Swizzle<3,3,4>, but CuTe's"
        + " canonical atom comes first on a tie); TMA can fill it with CU_TENSOR_MAP_SWIZZLE_128B in"
        + " 2 boxes of 128 x 64 (a box row spans at most 128 bytes) from a 1024-byte aligned base.",
        DerivationText.why(solution.reasons()));
  }

  /** CuTe's canonical atom for the tile was tried and does not serve: the note says so, truly. */
  @Test
  void whyNamesTheCanonicalAtomTriedWhenItDoesNotServe() {
    Solution solution = solver.solve(described(DType.FLOAT, 64, 64, 64, 128),
        List.of(VectorAccess.grid(Op.LOAD, 4, 1, 32, Order.ROW_MAJOR),
            VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR)), List.of());
    String why = DerivationText.why(solution.reasons());
    assertTrue(why.startsWith("5 XOR bits are the fewest that make every access acceptable on"
        + " whole 256-byte rows: the mildest swizzle with fewer bits, Swizzle<4,1,5>,"), why);
    assertTrue(why.endsWith(" Swizzle<5,0,6> comes first among the 5-bit swizzles that work (CuTe's"
        + " canonical atom for the tile, Swizzle<3,2,3> on 8 x 32 atoms, does not serve; wider"
        + " atoms first, then M = 2 and S = 3, the row form, positive shift, smallest S,"
        + " smallest M)."), why);
  }

  /** Seed 000's plain tile needs no swizzle, and says so. */
  @Test
  void whySaysWhenNoSwizzleIsNeeded() {
    Solution solution = solver.solve(described(DType.HALF, 16, 16, 16, 128),
        List.of(VectorAccess.coalesced(Op.STORE, 16)), List.of());
    assertEquals("No swizzle is needed: every access is acceptable on the plain row-major tile.",
        DerivationText.why(solution.reasons()));
  }

  /**
   * A column of 32 floats read with 4-byte loads while rows are written with 16-byte vectors: what
   * would work is another width for either access, each with its swizzle.
   */
}
