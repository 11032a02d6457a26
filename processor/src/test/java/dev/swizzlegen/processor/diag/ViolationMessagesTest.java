package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.BadThreadGrid;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words of the model's longest violations, each whole, read off the model's own verdict on a
 * tile: the messages the runtime's tests asserted before the model stopped writing prose, so that
 * each suggestion (atoms to declare, a swizzle of fewer bits, rows to pad) keeps its attributes to
 * paste. The processor's compile tests assert the rest as javac prints them.
 */
class ViolationMessagesTest {

  private static String only(List<Violation> violations) {
    assertEquals(1, violations.size(), violations.toString());
    return Messages.VIOLATIONS.render(violations.get(0));
  }

  @Test
  void anAtomShorterThanTheSwizzlesPeriodSaysHowManyRowsHoldIt() {
    assertEquals("Swizzle<3,3,3> reads and writes offset bits 0..8, a pattern of 512 elements,"
        + " past the 4 x 64 atom's 256 elements: give the atom a multiple of 512 elements"
        + " (atomRows = 8), or use a swizzle of fewer bits.",
        only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
            .atom(4, 64, Order.COL_MAJOR).check()));
  }

  @Test
  void anAtomWhoseRowsCannotHoldThePeriodSaysWhichRowsWould() {
    // 16 rows of 16 hold Swizzle<2,3,-3>'s 256 elements, but the tile has 8 rows.
    assertEquals("Swizzle<2,3,-3> reads and writes offset bits 0..7, a pattern of 256 elements,"
        + " past the 4 x 16 atom's 64 elements: give the atom a multiple of 256 elements, which"
        + " takes a multiple of 16 rows of 16 elements, and 16 does not divide the tile's 8 rows:"
        + " make rows a multiple of 16 (rows = 16, atomRows = 16), or use a swizzle of fewer"
        + " bits.",
        only(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, -3), 8, 32)
            .atom(4, 16, Order.COL_MAJOR).check()));
  }

  @Test
  void anAtomWhoseRowsCannotHoldThePeriodNamesASwizzleOfFewerBitsThatFits() {
    // 16 rows of 32 hold Swizzle<3,3,3>'s 512 elements, but the tile has 8; Swizzle<1,3,3>'s 128
    // elements fit 4 rows of 32 as declared.
    assertEquals("Swizzle<3,3,3> reads and writes offset bits 0..8, a pattern of 512 elements,"
        + " past the 4 x 32 atom's 128 elements: give the atom a multiple of 512 elements, which"
        + " takes a multiple of 16 rows of 32 elements, and 16 does not divide the tile's 8 rows:"
        + " make rows a multiple of 16 (rows = 16, atomRows = 16), or use a swizzle of fewer"
        + " bits, such as Swizzle<1,3,3> (bits = 1, base = 3, shift = 3).",
        only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 128)
            .atom(4, 32, Order.COL_MAJOR).check()));
  }

  @Test
  void paddingBetweenDenseAtomsSaysWhyWideAtomsWouldNotTakeItEither() {
    assertEquals("rowStride pads whole rows, but the tile's rows are 2 atoms of 64 columns, which"
        + " are stored densely; drop rowStride (atoms as wide as the tile would not take the"
        + " padding either: Swizzle<3,3,3> does not map the 8 x 128 tile onto itself: it moves"
        + " (row 1, col 8) to offset 128, which is (row 0, col 128), outside the tile).",
        only(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 128).rowStride(136)
            .atom(8, 64, Order.COL_MAJOR).check()));
  }

  @Test
  void rowsWiderThanATmaBoxSayWhichColumnBlocksTmaFills() {
    TileLayout wide = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .alignment(1024).build();
    assertEquals("TMA cannot fill the tile with CU_TENSOR_MAP_SWIZZLE_128B: boxes are at most 64"
        + " elements wide, and none lands where the tile's layout puts its elements (a 128 x 64 box"
        + " at (row 0, col 0) would put (row 1, col 0) at byte 144, where the tile has it at byte"
        + " 288). Rows of 256 bytes are wider than one box: declare the tile as column blocks of"
        + " 64-element atoms (atomCols = 64), as CuTe's tile_to_shape builds it, so that each"
        + " column block is filled by its own boxes.", only(TmaFill.plan(wide).violations()));
  }

  @Test
  void rowsWiderThanTheWgmmaSwizzleSayWhichAtomsWgmmaReads() {
    TileLayout wide = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128)
        .alignment(1024).build();
    assertEquals("wgmma cannot read the tile as a K-major operand with the 128-byte swizzle: the"
        + " descriptor of K slice 0 from 0 (LBO 16, SBO 2048 bytes) would read (row 1, col 0) from"
        + " byte 144, where the tile has it at byte 288. With the 128-byte swizzle wgmma reads rows"
        + " of 128 bytes: declare atoms of 8 x 64 (atomRows = 8, atomCols = 64), as CuTe's GMMA"
        + " layout atoms are.", only(MmaOperand.plan(GMMA, wide, Major.K).violations()));
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).build();
    assertEquals("wgmma cannot read the tile as a K-major operand with no swizzle: the descriptor"
        + " of K slice 0 from 0 (LBO 16, SBO 1024 bytes) would read (row 1, col 0) from byte 16,"
        + " where the tile has it at byte 128. With no swizzle wgmma reads 8 x 16-byte core"
        + " matrices of 128 contiguous bytes: declare atoms of 8 x 8 (atomRows = 8, atomCols = 8),"
        + " as CuTe's GMMA layout atoms are.",
        only(MmaOperand.plan(GMMA, plain, Major.K).violations()));
  }

  @Test
  void aFloatTileIsToldToDeclareTf32() {
    TileLayout floats = TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 64, 32)
        .alignment(1024).build();
    assertEquals("wgmma reads HALF, BF16, TF32, FP8_E4M3, FP8_E5M2, INT8 and UINT8 operands, not"
        + " FLOAT (a float tile is read as TF32: declare dtype = TF32).",
        only(MmaOperand.plan(GMMA, floats, Major.K).violations()));
  }

  @Test
  void tileSizesSayTheirRangeAndTheNearestPowersOfTwo() {
    assertEquals("tileSize must be 1 to 1024, not 0.",
        Messages.VIOLATIONS.render(Rasterizer.STRIPS.tileSizeViolation(0).orElseThrow()));
    assertEquals("tileSize 6 is not a power of two, which CUTLASS_IDENTITY's log tile needs"
            + " (tileSize = 2^log_tile): use 4 or 8.",
        Messages.VIOLATIONS.render(Rasterizer.CUTLASS_IDENTITY.tileSizeViolation(6).orElseThrow()));
  }

  @Test
  void aThreadGridKeepsItsBraces() {
    // The format's literal braces sit beside its slots: "{{{rows}}, {{cols}}}".
    assertEquals("threads must be two positive numbers whose product is 32 (the lanes of a warp),"
        + " not {3, 5}.", Messages.VIOLATIONS.render(
            new BadThreadGrid(3, 5)));
  }
}
