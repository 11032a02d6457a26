package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every fact the new {@link TileLayout} reads from its inner {@link XorMap} and its strided part
 * equals the enumeration it replaced: the old class ({@link MaskTileLayout}, masks and an element
 * loop), and plain enumerations of every offset, every run and every byte. On many random
 * descriptions, the swizzle on the offset or within each row (on a word whose rows are a power of two
 * wide), and on the named ones (CuTe's atoms tiled, the TMA modes, seed 001's rows of 24).
 */
class TileLayoutAlgebraTest {

  /**
   * One description, given to both classes: the swizzle on the offset, or within each row (the old
   * class's row form, the new one's map on a word whose rows are a power of two wide).
   */
  private record Description(boolean withinEachRow, DType dtype, Swizzle swizzle, int rows,
      int cols, int rowStride, int alignment, int atomRows, int atomCols, Order atomOrder,
      int stages) {

    TileDescription builder() {
      return TileLayout.builder(dtype, swizzle, rows, cols).swizzleWithinEachRow(withinEachRow)
          .rowStride(rowStride).alignment(alignment).atom(atomRows, atomCols, atomOrder)
          .stages(stages);
    }

    MaskTileLayout.Builder oracle() {
      return MaskTileLayout.builder(dtype, swizzle, rows, cols)
          .form(withinEachRow ? MaskTileLayout.Form.ROW : MaskTileLayout.Form.OFFSET)
          .rowStride(rowStride).alignment(alignment).atom(atomRows, atomCols, atomOrder)
          .stages(stages);
    }
  }

  /**
   * The types the oracle knows, in their order: those of whole bytes (sub-byte tiles have laws of
   * their own, in {@code SubByteLayoutTest}).
   */
  private static final DType[] WHOLE_BYTE_TYPES = java.util.Arrays.stream(DType.values())
      .filter(type -> type.storageBits() % 8 == 0 && !type.isPadded()).toArray(DType[]::new);

  private static final int[] ROWS = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64};
  private static final int[] COLS = {1, 2, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, 64, 72, 128};

  private static Description random(SplittableRandom random) {
    DType dtype = WHOLE_BYTE_TYPES[random.nextInt(WHOLE_BYTE_TYPES.length)];
    Swizzle swizzle;
    while (true) {
      int b = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(3);
      int m = random.nextInt(5);
      int s = random.nextInt(-7, 8);
      if (Swizzle.check(b, m, s, true).isEmpty()) {
        swizzle = Swizzle.overlapping(b, m, s);
        break;
      }
    }
    boolean withinEachRow = random.nextInt(3) == 0;
    int rows = ROWS[random.nextInt(ROWS.length)];
    int cols = COLS[random.nextInt(COLS.length)];
    int[] pads = {0, 0, 0, 1, 4, 8, 16, cols, 3 * cols};
    int pad = pads[random.nextInt(pads.length)];
    int rowStride = pad == 0 && random.nextBoolean() ? 0 : cols + pad;
    int atomRows = 0;
    int atomCols = 0;
    if (!withinEachRow && random.nextInt(3) == 0) {
      atomRows = divisor(random, rows);
      atomCols = divisor(random, cols);
    } else if (random.nextInt(20) == 0) {
      atomRows = 1 + random.nextInt(rows);
      atomCols = 1 + random.nextInt(cols);
    }
    Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
    int stages = 1 + (random.nextInt(4) == 0 ? random.nextInt(3) : 0);
    int alignment = random.nextInt(4) == 0 ? 1 << random.nextInt(11) : 128;
    return new Description(withinEachRow, dtype, swizzle, rows, cols, rowStride, alignment, atomRows,
        atomCols, order, stages);
  }

  private static int divisor(SplittableRandom random, int n) {
    List<Integer> divisors = new ArrayList<>();
    for (int d = 1; d <= n; d++) {
      if (n % d == 0) {
        divisors.add(d);
      }
    }
    return divisors.get(random.nextInt(divisors.size()));
  }

  /** CuTe's GMMA atoms tiled, every TMA mode in elements, seed 001's row form, named swizzles. */
  private static List<Description> named() {
    List<Description> named = new ArrayList<>();
    for (DType dtype : WHOLE_BYTE_TYPES) {
      int unit = 4 - Integer.numberOfTrailingZeros(dtype.bytes());
      for (int bits = 0; bits <= 3; bits++) {
        Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, Math.max(unit, 0), 3);
        int atomCols = (16 << bits) / dtype.bytes();
        for (Order order : Order.values()) {
          for (int stages = 1; stages <= 2; stages++) {
            named.add(new Description(false, dtype, swizzle, 64, 2 * atomCols, 0,
                TmaSwizzle.values()[bits].alignmentBytes(), 8, atomCols, order, stages));
            named.add(new Description(false, dtype, swizzle, 8, atomCols, 0, 128,
                0, 0, order, stages));
          }
        }
      }
    }
    for (int cols : new int[] {8, 16, 24, 40, 72}) {
      for (int pad : new int[] {0, 4, 8}) {
        named.add(new Description(true, DType.HALF, Swizzle.of(3, 0, 3), 8, cols,
            cols + pad, 16, 0, 0, Order.COL_MAJOR, 1));
        named.add(new Description(true, DType.HALF, Swizzle.of(3, 3, 3), 64, cols * 8,
            cols * 8 + pad, 16, 0, 0, Order.COL_MAJOR, 1));
      }
    }
    // Within rows no multiple of the pattern's width: a bijection only where the rows never reach
    // the row bits read (the 12 x 6 tile reaches row 4, whose XOR pushes columns 4 and 5 past 6).
    for (int rows : new int[] {4, 12, 16}) {
      for (int cols : new int[] {6, 10, 12, 20}) {
        named.add(new Description(true, DType.HALF, Swizzle.of(1, 1, 3), rows, cols, cols, 128, 0,
            0, Order.COL_MAJOR, 1));
        named.add(new Description(true, DType.FLOAT, Swizzle.of(2, 0, 2), rows, cols, cols + 2, 128,
            0, 0, Order.COL_MAJOR, 1));
      }
    }
    named.add(new Description(false, DType.FLOAT, Swizzle.overlapping(3, 0, 2), 8, 8,
        0, 128, 0, 0, Order.COL_MAJOR, 1));
    named.add(new Description(false, DType.HALF, Swizzle.of(3, 3, 3), 128, 64, 0, 128,
        0, 0, Order.COL_MAJOR, 3));
    named.add(new Description(false, DType.HALF, Swizzle.of(3, 3, 3), 128, 64, 72,
        128, 0, 0, Order.COL_MAJOR, 1));
    return named;
  }

  private static List<Description> corpus() {
    List<Description> all = new ArrayList<>(named());
    SplittableRandom random = new SplittableRandom(1919);
    for (int i = 0; i < 8000; i++) {
      all.add(random(random));
    }
    return all;
  }

  @Test
  void checkEqualsTheOldChecksViolations() {
    int valid = 0;
    int closureProblems = 0;
    int oldAcceptedNoBijection = 0;
    for (Description d : corpus()) {
      List<Violation> expected = d.oracle().check();
      List<Violation> actual = d.builder().check();
      if (actual.isEmpty()) {
        valid++;
      } else if (isClosureProblem(d, actual)) {
        closureProblems++;
      }
      if (!d.withinEachRow()) {
        assertEquals(expected, actual, d.toString());
        continue;
      }
      // Within each row the old check read a column pushed past the row's end as an offset, which
      // may land in a later row: it accepted some tiles that are no bijection, and named another
      // witness. The new one decides on the word: it rejects everything the old one did, and
      // exactly the tiles that are no bijection (closureIsExactlyABijectionOfEveryAtom).
      if (!expected.isEmpty() && !isClosureProblem(d, expected)) {
        assertEquals(expected, actual, d.toString());
      } else if (!expected.isEmpty()) {
        assertTrue(isClosureProblem(d, actual), d + " " + actual);
      } else if (!actual.isEmpty()) {
        assertTrue(isClosureProblem(d, actual), d + " " + actual);
        assertFalse(isBijectionOfEveryAtom(MaskTileLayout.uncheckedForTests(d.oracle())),
            d.toString());
        oldAcceptedNoBijection++;
      }
    }
    // The corpus exercises both answers, and the tiles the old check let through.
    assertTrue(valid > 1200, "valid " + valid);
    assertTrue(closureProblems > 100, "closure problems " + closureProblems);
    assertTrue(oldAcceptedNoBijection >= 3, "old row forms no bijection " + oldAcceptedNoBijection);
  }

  /**
   * Whether the problems are the one that says the swizzle moves an element out of its atom (named
   * within each row or not: where both ways of naming give one map on one word, the new class names
   * it as the swizzle of the offset).
   */
  private static boolean isClosureProblem(Description d, List<Violation> problems) {
    return problems.size() == 1
        && (problems.get(0) instanceof TileNotClosed || problems.get(0) instanceof AtomNotClosed);
  }

  /**
   * The law of closure: the check finds no closure problem exactly where the layout, enumerated cell
   * by cell with the old class's functions (no check of its own), sends each atom's cells one to one
   * onto its cells. On every description whose other checks pass, both ways of naming the swizzle.
   */
  @Test
  void closureIsExactlyABijectionOfEveryAtom() {
    int rejected = 0;
    for (Description d : corpus()) {
      List<Violation> problems = d.builder().check();
      boolean closureProblem = isClosureProblem(d, problems);
      if (!problems.isEmpty() && !closureProblem) {
        continue;
      }
      boolean bijection = isBijectionOfEveryAtom(MaskTileLayout.uncheckedForTests(d.oracle()));
      assertEquals(bijection, !closureProblem, d.toString());
      rejected += closureProblem && d.withinEachRow() ? 1 : 0;
    }
    assertTrue(rejected > 20, "within each row, rejected " + rejected);
  }

  /** Every cell of the atom goes to a cell of the atom, no two to the same one. */
  private static boolean isBijectionOfEveryAtom(MaskTileLayout tile) {
    int stride = tile.atomRowStride();
    BitSet seen = new BitSet();
    for (int row = 0; row < tile.atomRows(); row++) {
      for (int col = 0; col < tile.atomCols(); col++) {
        int image = tile.atomOffset(row, col);
        if (image < 0 || image / stride >= tile.atomRows() || image % stride >= tile.atomCols()
            || seen.get(image)) {
          return false;
        }
        seen.set(image);
      }
    }
    return true;
  }

  /**
   * Every function equals the old one, and offset is a bijection of every tile built: row, col and
   * stage invert it, and it stays within the tile's extent.
   */
  @Test
  void everyFunctionEqualsTheOldOne() {
    for (Description d : corpus()) {
      Optional<TileLayout> built = d.builder().tryBuild();
      if (built.isEmpty()) {
        continue;
      }
      TileLayout tile = built.get();
      MaskTileLayout old = d.oracle().build();
      for (int stage = 0; stage < tile.stages(); stage++) {
        for (int row = 0; row < tile.rows(); row++) {
          for (int col = 0; col < tile.cols(); col++) {
            int offset = tile.offset(row, col, stage);
            assertEquals(old.offset(row, col, stage), offset, d.toString());
            assertEquals(old.row(offset), tile.row(offset), d.toString());
            assertEquals(old.col(offset), tile.col(offset), d.toString());
            assertEquals(old.stage(offset), tile.stage(offset), d.toString());
            assertTrue(offset >= 0 && offset < tile.strided().extentElements(), d.toString());
            assertEquals(row, tile.row(offset), d.toString());
            assertEquals(col, tile.col(offset), d.toString());
            assertEquals(stage, tile.stage(offset), d.toString());
          }
        }
      }
      for (int linear = 0; linear < tile.strided().stageElements(); linear++) {
        assertEquals(old.swizzle(linear), tile.swizzle(linear), d + " swizzle " + linear);
        assertEquals(old.unswizzle(linear), tile.unswizzle(linear), d + " unswizzle " + linear);
        if (linear % tile.strided().atomRowStride() < tile.atomCols() || tile.readsTheOffset()) {
          // A bijection on the atom's cells; within each row the padding columns may move to
          // another row, as they always did.
          assertEquals(linear, tile.unswizzle(tile.swizzle(linear)), d + " inverse " + linear);
        }
      }
      if (d.withinEachRow() && !tile.swizzlesWithinEachRow()) {
        // A row of exactly the pattern's 2^(M+B) elements: within each row and on the offset the
        // swizzle is one map on one word, and the layout is named as the swizzle of the offset.
        assertEquals(XorMap.of(d.swizzle()), tile.inner(), d.toString());
        assertEquals(Optional.of(tile), tile.inOffsetForm(), d.toString());
        assertEquals(d.swizzle().toString(), tile.swizzleName(), d.toString());
      } else {
        assertEquals(old.toString(), tile.toString());
        assertEquals(old.swizzleName(), tile.swizzleName());
      }
    }
  }

  /**
   * The bug the old check had, now a proof: within each row, a 12 x 6 tile of Swizzle<1,1,3> puts
   * (4, 4) and (5, 2) both at offset 30, since row 4's XOR pushes column 4 to column 6 of its row of
   * 8 in the word, which read as an offset is (5, 0). The old check accepted it; the check rejects it
   * on the cols, naming the first cell pushed past the row.
   *
   * <pre>
   *   word = row * 8 + col        row 4 = 0b100: word bit 5 is XORed into bit 1 (col ^ 2)
   *   (4, 4) -> word 4 * 8 + 6    col 6 is past the 6 columns: outside the tile
   * </pre>
   */
  @Test
  void aRowXorThatPushesColumnsPastTheRowIsRejected() {
    Description d = new Description(true, DType.HALF, Swizzle.of(1, 1, 3), 12, 6, 6, 128, 0, 0,
        Order.COL_MAJOR, 1);
    MaskTileLayout old = MaskTileLayout.uncheckedForTests(d.oracle());
    assertEquals(List.of(), d.oracle().check());
    assertEquals(30, old.offset(4, 4));
    assertEquals(30, old.offset(5, 2));
    // The witness: its word leaves the row (col 6 of 6), though its offset reads as (row 5, col 0).
    assertEquals(List.of(new TileNotClosed(Swizzle.of(1, 1, 3), true, 12, 6, 6, new Cell(4, 4), 30,
        new Cell(4, 6))), d.builder().check());
    // Fewer rows never reach row bit 2: a bijection, accepted.
    TileLayout fourRows = TileLayout.builder(DType.HALF, Swizzle.of(1, 1, 3), 4, 6)
        .swizzleWithinEachRow(true)
        .rowStride(6).alignment(128).build();
    // Row bit 2 into column bit 1: (row & 4) >> 1.
    assertEquals(List.of(new XorTerm(4, 1)), fourRows.rowXorTerms().orElseThrow());
  }

  @Test
  void keepsRunsWholeEqualsTheMasksAndEveryRunStaysWhole() {
    for (Description d : corpus()) {
      Optional<TileLayout> built = d.builder().tryBuild();
      if (built.isEmpty()) {
        continue;
      }
      TileLayout tile = built.get();
      MaskTileLayout old = d.oracle().build();
      for (int elements : new int[] {1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 128}) {
        boolean whole = tile.keepsRunsWhole(elements);
        assertEquals(old.keepsRunsWhole(elements), whole, d + " runs of " + elements);
        if (whole) {
          assertTrue(everyRunWhole(tile, elements), d + " runs of " + elements);
        }
      }
    }
  }

  /** Every run of {@code elements} at a multiple of it in a row, enumerated: contiguous, in order, aligned. */
  private static boolean everyRunWhole(TileLayout tile, int elements) {
    for (int row = 0; row < tile.rows(); row++) {
      for (int start = 0; start + elements <= tile.cols(); start += elements) {
        int first = tile.offset(row, start);
        if (first % elements != 0) {
          return false;
        }
        for (int i = 1; i < elements; i++) {
          if (tile.offset(row, start + i) != first + i) {
            return false;
          }
        }
      }
    }
    return true;
  }

  @Test
  void offsetFormByteSwizzleAndTmaModeEqualTheOldOnesAndTheBytes() {
    int modes = 0;
    int narrowRows = 0;
    for (Description d : corpus()) {
      Optional<TileLayout> built = d.builder().tryBuild();
      if (built.isEmpty()) {
        continue;
      }
      TileLayout tile = built.get();
      MaskTileLayout old = d.oracle().build();
      String oldOffsetForm;
      int stride = tile.strided().atomRowStride();
      if (d.withinEachRow() && !d.swizzle().isIdentity() && Integer.bitCount(stride) == 1
          && stride < 1 << (d.swizzle().base() + d.swizzle().bits())) {
        // A row form on a power-of-two row narrower than its pattern: its XOR carries into the row
        // past the tile, so no swizzle of the offset is it; the old code claimed
        // Swizzle<B, M, S + R - M - B> (equal on the tile only) or threw. The solver makes the row
        // form only for rows that are no power of two.
        assertFalse(tile.readsTheOffset(), d.toString());
        assertEquals(Optional.empty(), tile.inOffsetForm(), d.toString());
        narrowRows++;
        continue;
      }
      oldOffsetForm = old.inOffsetForm().map(Object::toString).orElse("none");
      assertEquals(oldOffsetForm, tile.inOffsetForm().map(Object::toString).orElse("none"),
          d.toString());
      assertEquals(old.byteSwizzle(), tile.byteSwizzle(), d.toString());
      assertEquals(old.tmaSwizzle(), tile.tmaSwizzle(), d.toString());
      assertEquals(tile.byteSwizzle().map(XorMap::of), tile.byteMap(), d.toString());
      if (tile.inOffsetForm().isPresent()) {
        assertTrue(tile.readsTheOffset());
        assertEquals(tile.inner(), tile.inOffsetForm().get().inner(), d.toString());
      }
      // Element by element, byte by byte: the mode's pattern is the tile's byte map over a stage.
      int bytes = tile.dtype().bytes();
      if (tile.tmaSwizzle().isPresent()) {
        modes++;
        XorMap pattern = tile.tmaSwizzle().get().byteMap();
        for (int linear = 0; linear < tile.strided().stageElements(); linear++) {
          for (int b = 0; b < bytes; b++) {
            assertEquals(pattern.apply(linear * bytes + b), tile.swizzle(linear) * bytes + b,
                d + " byte " + (linear * bytes + b));
          }
        }
      } else if (tile.byteMap().isPresent()) {
        // No mode: each mode's pattern differs from the byte map on some byte offset (one bit).
        XorMap map = tile.byteMap().get();
        for (TmaSwizzle mode : TmaSwizzle.values()) {
          boolean differs = false;
          for (int bit = 0; bit < 31 && !differs; bit++) {
            differs = mode.byteMap().apply(1 << bit) != map.apply(1 << bit);
          }
          assertTrue(differs, d + " is not " + mode);
        }
      }
    }
    assertTrue(modes > 300, "tiles in a TMA mode " + modes);
    assertTrue(narrowRows < 200, "narrow rows " + narrowRows);
  }

  @Test
  void theRowFormOnAPowerOfTwoRowIsItsOffsetForm() {
    for (int bits = 1; bits <= 3; bits++) {
      for (int base = 0; base <= 3; base++) {
        for (int shift = bits; shift <= bits + 3; shift++) {
          for (int log2Stride = base + bits; log2Stride <= 8; log2Stride++) {
            int stride = 1 << log2Stride;
            TileLayout rowForm =
                TileLayout.builder(DType.HALF, Swizzle.of(bits, base, shift), 16, stride)
                    .swizzleWithinEachRow(true).rowStride(stride).alignment(128).build();
            assertTrue(rowForm.readsTheOffset());
            assertEquals(stride, rowForm.wordCols());
            assertEquals(XorMap.of(Swizzle.of(bits, base, shift + log2Stride - base - bits)),
                rowForm.inner());
          }
          // A row of 24: the word's row is 32.
          TileLayout padded =
              TileLayout.builder(DType.HALF, Swizzle.of(bits, base, shift), 16, 1 << (base + bits))
                  .swizzleWithinEachRow(true).rowStride(24 << (base + bits)).alignment(128).build();
          assertFalse(padded.readsTheOffset());
          assertEquals(32 << (base + bits), padded.wordCols());
        }
      }
    }
  }
}
