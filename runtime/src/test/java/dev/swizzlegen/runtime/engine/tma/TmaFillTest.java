package dev.swizzlegen.runtime.engine.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.BoxElementMisplaced;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.ColumnBlocks;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.NoTmaMode;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.NoTmaModeForMap;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaAlignment;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaBoxesMisplaced;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaPadding;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TmaFillTest {

  private static TileDescription tile(DType dtype, Swizzle swizzle, int rows, int cols) {
    return TileLayout.builder(dtype, swizzle, rows, cols).alignment(1024);
  }

  /**
   * The engine's writes, simulated: element (i, j) of a box written at byte {@code start} lands at
   * {@code start + mode((i * boxCols + j) * elementBytes)}. Every element of the tile is written
   * exactly once, where the tile's layout has it.
   */
  private static void assertFillsExactly(TileLayout tile, TmaFill fill) {
    int elementBytes = tile.elementBytes();
    int[] writes = new int[tile.rows() * tile.cols()];
    for (TmaBox box : fill.boxes()) {
      int start = box.offset() * elementBytes;
      assertEquals(0, start % TmaFill.boxAlignmentBytes(fill.mode()), tile + " box " + box);
      for (int i = 0; i < fill.boxRows(); i++) {
        for (int j = 0; j < fill.boxCols(); j++) {
          int row = box.row() + i;
          int col = box.col() + j;
          writes[row * tile.cols() + col]++;
          int lands = start + fill.mode().byteMap().apply((i * fill.boxCols() + j) * elementBytes);
          assertEquals(tile.byteOffset(row, col), lands, tile + " (" + row + ", " + col + ")");
        }
      }
    }
    for (int count : writes) {
      assertEquals(1, count, tile + ": an element is not written exactly once");
    }
    assertTrue(fill.boxRows() <= TmaFill.MAX_BOX_ELEMENTS && fill.boxCols() <= TmaFill.MAX_BOX_ELEMENTS);
    assertTrue(fill.boxCols() * elementBytes <= TmaFill.spanBytes(fill.mode()));
  }

  @Test
  void columnBlocksOf128ByteAtomsAreOneBoxEach() {
    TileLayout operand = tile(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).build();
    TmaFill fill = TmaFill.plan(operand).orElseThrow();
    assertEquals(TmaSwizzle.SWIZZLE_128B, fill.mode());
    assertEquals(128, fill.boxRows());
    assertEquals(64, fill.boxCols());
    assertEquals(List.of(new TmaBox(0, 0, 0), new TmaBox(0, 64, 8192)), fill.boxes());
    assertFillsExactly(operand, fill);
  }

  @Test
  void rowMajorAtomsAreOneBoxPerAtom() {
    // An MN-major operand: K = 64 rows, MN = 128 contiguous columns, atoms numbered across first.
    TileLayout operand = tile(DType.HALF, Swizzle.of(3, 3, 3), 64, 128)
        .atom(8, 64, Order.ROW_MAJOR).build();
    TmaFill fill = TmaFill.plan(operand).orElseThrow();
    assertEquals(8, fill.boxRows());
    assertEquals(16, fill.boxes().size());
    assertFillsExactly(operand, fill);
  }

  @Test
  void everyModeFillsItsCanonicalAtomsInEveryType() {
    for (DType dtype : List.of(DType.HALF, DType.BF16, DType.FLOAT, DType.TF32, DType.FP8_E4M3,
        DType.INT8)) {
      int unit = 16 / dtype.bytes();
      int unitBase = Integer.numberOfTrailingZeros(unit);
      for (int bits = 1; bits <= 3; bits++) {
        int atomCols = unit << bits;
        TileLayout tile = tile(dtype, Swizzle.of(bits, unitBase, 3), 64, atomCols * 2)
            .atom(8, atomCols, Order.COL_MAJOR).stages(2).build();
        TmaFill fill = TmaFill.plan(tile).orElseThrow();
        assertEquals(TmaSwizzle.values()[bits], fill.mode(), tile.toString());
        assertEquals(2, fill.boxes().size(), tile.toString());
        assertFillsExactly(tile, fill);
      }
    }
  }

  @Test
  void wholeRowsWiderThanTheSpanCannotBeFilledAndTheViolationSaysWhichAtomWould() {
    TileLayout wide = tile(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).build();
    // The widest box, 64 halves (128 bytes), written from (row 0, col 0), puts (row 1, col 0) right
    // after row 0's 128 bytes, where the tile's 256-byte rows have it 288 bytes in; column blocks of
    // 64-element atoms as tall as the tile would be filled.
    assertEquals(List.of(new TmaBoxesMisplaced(TmaSwizzle.SWIZZLE_128B, 64,
            new BoxElementMisplaced(128, 64, new Cell(0, 0), new Cell(1, 0), 144, 288),
            Optional.of(new ColumnBlocks(256, 0, 64, 128, 128,
                wide.toBuilder().atom(0, 64, wide.atomOrder()).build())))),
        TmaFill.plan(wide).violations());
  }

  /** Issue 12: a 2 x 64 half tile with Swizzle<1,3,3> has the 32-byte mode's bytes, not its rows. */
  @Test
  void the32ByteModeCannotWrite128ByteRows() {
    TileLayout tile = tile(DType.HALF, Swizzle.of(1, 3, 3), 2, 64).build();
    assertEquals(TmaSwizzle.SWIZZLE_32B, tile.tmaSwizzle().orElseThrow());
    assertTrue(TmaFill.plan(tile).plan().isEmpty());
  }

  @Test
  void paddingTooLittleAlignmentAndAnotherPatternAreViolations() {
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
        .build();
    assertEquals(List.of(new TmaPadding(72, 64)), TmaFill.plan(padded).violations());
    TileLayout loose = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).build();
    assertEquals(List.of(new TmaAlignment(TmaSwizzle.SWIZZLE_128B, 128)),
        TmaFill.plan(loose).violations());
    TileLayout notTma = tile(DType.HALF, Swizzle.of(3, 3, 4), 64, 128).build();
    assertEquals(List.of(new NoTmaMode(DType.HALF, Swizzle.of(3, 3, 4), false,
        Optional.of(Swizzle.of(3, 4, 4)))), TmaFill.plan(notTma).violations());
  }

  @Test
  void withoutASwizzleABoxRowIsUpTo256Elements() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 32, 512).build();
    TmaFill fill = TmaFill.plan(plain).orElseThrow();
    assertEquals(TmaSwizzle.NONE, fill.mode());
    assertEquals(256, fill.boxCols());
    assertEquals(1, fill.boxRows());
    assertFillsExactly(plain, fill);
  }

  /**
   * Every mode, the Blackwell ones and the FLIP one (an XOR map that no swizzle is) included: a tile
   * whose inner map is the mode's pattern on its elements, one atom of the mode's span or column
   * blocks of 8-row atoms (whole periods of every mode), is filled by boxes in that mode that write
   * exactly the tile's bytes, for elements of 1 to 8 bytes.
   */
  @Test
  void everyModeFillsATileOfItsPatternExactly() {
    int filled = 0;
    for (TmaSwizzle mode : TmaSwizzle.values()) {
      for (DType dtype : new DType[] {DType.UINT8, DType.HALF, DType.FLOAT, DType.DOUBLE}) {
        XorMap elements = mode.byteMap().inElements(dtype.bytes()).orElseThrow();
        int rowElements = (mode == TmaSwizzle.NONE ? 128 : mode.spanBytes()) / dtype.bytes();
        for (int rows : new int[] {8, 32}) {
          List<TileLayout> tiles = List.of(
              TileLayout.builder(dtype, elements, rows, rowElements)
                  .alignment(Math.max(128, mode.alignmentBytes())).build(),
              TileLayout.builder(dtype, elements, rows, 2 * rowElements)
                  .alignment(Math.max(128, mode.alignmentBytes()))
                  .atom(8, rowElements, Order.COL_MAJOR).stages(2).build());
          for (TileLayout tile : tiles) {
            assertEquals(Optional.of(mode), tile.tmaSwizzle(), tile.toString());
            assertEquals(mode == TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B, !tile.hasSwizzle(),
                tile.toString());
            TmaFill fill = TmaFill.plan(tile).plan().orElseThrow(() -> new AssertionError(
                tile + ": " + TmaFill.plan(tile).violations()));
            assertEquals(mode, fill.mode(), tile.toString());
            assertFillsExactly(tile, fill);
            filled++;
          }
        }
      }
    }
    assertEquals(TmaSwizzle.values().length * 4 * 2 * 2, filled);
  }

  /** A map no mode writes is a violation that names the map, not a swizzle it does not have. */
  @Test
  void aMapThatIsNoModeIsAViolation() {
    // Bit 3 into bit 6 and bit 4 into bit 0: two terms, no swizzle, no mode.
    XorMap map = XorMap.ofImages(1, 2, 4, 8 | 64, 16 | 1);
    TileLayout tile = TileLayout.builder(DType.HALF, map, 64, 64).alignment(1024).build();
    assertEquals(List.of(new NoTmaModeForMap(DType.HALF, map)), TmaFill.plan(tile).violations());
  }

  /**
   * The law behind the unit-by-unit comparison: on random tiles (element types of 4 to 64 bits,
   * swizzles of every size, atoms in both orders, stages) and every box size in every mode, the
   * first misplaced element found comparing each 16-byte unit's first element is the one found
   * comparing every element, and the tiles that keep their units whole take the shortcut often.
   */
  @Test
  void comparingEachUnitsFirstElementFindsWhatComparingEveryElementFinds() {
    java.util.Random random = new java.util.Random(30);
    DType[] dtypes = {DType.FP4_E2M1, DType.FP4_E2M1_PADDED, DType.INT8, DType.HALF, DType.FLOAT,
        DType.DOUBLE};
    int shortcuts = 0;
    int compared = 0;
    for (int trial = 0; trial < 400; trial++) {
      DType dtype = dtypes[random.nextInt(dtypes.length)];
      int bits = random.nextInt(4);
      int base = random.nextInt(6);
      int shift = bits + random.nextInt(3);
      int rows = 1 << (1 + random.nextInt(5));
      int cols = 1 << (3 + random.nextInt(5));
      TileDescription builder = TileLayout.builder(dtype, Swizzle.of(bits, base, shift), rows, cols)
          .alignment(1024);
      if (random.nextBoolean()) {
        builder.atom(Math.max(1, rows / 2), Math.max(1, cols / 2),
            random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR);
      }
      if (random.nextInt(4) == 0) {
        builder.stages(2);
      }
      Optional<TileLayout> built = builder.tryBuild();
      if (built.isEmpty()) {
        continue;
      }
      TileLayout tile = built.get();
      int unit = 128 % tile.elementBits() == 0 ? 128 / tile.elementBits() : 1;
      for (TmaSwizzle mode : TmaSwizzle.values()) {
        for (int boxRows = 1; boxRows <= rows; boxRows *= 2) {
          for (int boxCols = unit; boxCols <= cols; boxCols *= 2) {
            assertEquals(TmaFill.mismatch(tile, mode, boxRows, boxCols, 1),
                TmaFill.mismatch(tile, mode, boxRows, boxCols), tile + " " + mode + " " + boxRows
                    + " x " + boxCols);
            compared++;
            if (unit > 1 && tile.keepsRunsWhole(unit) && mode.byteMap().keepsLowBits(4)) {
              shortcuts++;
            }
          }
        }
      }
    }
    assertTrue(compared > 10_000, compared + " comparisons");
    assertTrue(shortcuts > compared / 4, shortcuts + " of " + compared + " took the shortcut");
  }
}
