package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.RotatedLayout;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The analyzer agrees with the brute-force count on random tiles and accesses. */
class ConflictAnalyzerBruteForceTest {
  private static final DType[] TYPES = {DType.HALF, DType.FLOAT, DType.UINT8, DType.DOUBLE, DType.BF16};
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  /**
   * Swizzled tiles, and one layout in four that repeats nowhere (seed 004's rotation with random
   * steps, or a random permutation of the tile's 16-byte units): the analyzer walks every phase of
   * any layout, so it must agree on those too.
   */
  @Test
  void randomTilesAndAccessesAgreeWithBruteForce() {
    SplittableRandom random = new SplittableRandom(4);
    int compared = 0;
    int conflicting = 0;
    int unswizzled = 0;
    while (compared < 800) {
      Layout tile = switch (random.nextInt(8)) {
        case 0 -> randomRotation(random);
        case 1 -> PermutedUnits.random(random);
        default -> randomTile(random);
      };
      if (tile == null) {
        continue;
      }
      AccessPattern access;
      BruteForce.Count expected;
      switch (random.nextInt(4)) {
        case 0 -> {
          int bytes = 1 << random.nextInt(5);
          int threadRows = 1 << random.nextInt(6);
          Order order = random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR;
          int rowsAsOne = random.nextInt(3) == 0 ? 2 : 1;
          access = VectorAccess.grid(Op.LOAD, bytes, threadRows, 32 / threadRows, order)
              .withRowsAsOne(rowsAsOne);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected =
              BruteForce.vectorGrid(tile, bytes, threadRows, 32 / threadRows, order, rowsAsOne);
        }
        case 1 -> {
          int bytes = 1 << random.nextInt(5);
          access = VectorAccess.coalesced(Op.STORE, bytes);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected = BruteForce.vectorCoalesced(tile, bytes);
        }
        case 2 -> {
          access = MatrixAccess.ldmatrix(1, false);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected = BruteForce.matrices(tile);
        }
        default -> {
          access = MmaAccumulatorAccess.of(Op.STORE);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected = BruteForce.accumulator(tile);
        }
      }
      AccessReport report = analyzer.analyze(tile, access);
      String what = tile + " " + access.label();
      assertEquals(expected.wavefronts(), report.wavefronts(), what);
      assertEquals(expected.ideal(), report.idealWavefronts(), what);
      assertEquals(expected.degree(), report.degree(), what);
      assertEquals(report.degree() > 1, report.witness().isPresent(), what);
      report.witness().ifPresent(w -> assertEquals(report.degree(), w.lanes().size(), what));
      compared++;
      conflicting += report.conflictFree() ? 0 : 1;
      unswizzled += tile instanceof TileLayout ? 0 : 1;
    }
    assertTrue(unswizzled > 100, "layouts that no swizzle describes: " + unswizzled);
    assertTrue(conflicting > compared / 8 && conflicting < compared * 7 / 8,
        "a fair mix of conflicting and clean cases: " + conflicting + " of " + compared);
  }

  /** Seed 004's rotation of 16-byte units with random rows, row length, steps and period. */
  static Layout randomRotation(SplittableRandom random) {
    int units = 2 << random.nextInt(4);
    return new RotatedLayout(DType.HALF, 16 << random.nextInt(3), units * 8, 8,
        1 + random.nextInt(3), 1 + random.nextInt(units), 128);
  }

  /**
   * A tile whose 16-byte units are stored in a random order: vectors of up to 16 bytes stay whole,
   * and no two rows, atoms or instructions look alike.
   */
  record PermutedUnits(DType dtype, int rows, int cols, int[] unitAt) implements Layout {
    static PermutedUnits random(SplittableRandom random) {
      DType dtype = random.nextBoolean() ? DType.HALF : DType.FLOAT;
      int rows = 8 << random.nextInt(3);
      int cols = (16 / dtype.bytes()) << random.nextInt(4);
      int units = rows * cols * dtype.bytes() / 16;
      int[] unitAt = new int[units];
      for (int i = 0; i < units; i++) {
        unitAt[i] = i;
      }
      for (int i = units - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int swap = unitAt[i];
        unitAt[i] = unitAt[j];
        unitAt[j] = swap;
      }
      return new PermutedUnits(dtype, rows, cols, unitAt);
    }

    @Override
    public int alignment() {
      return 128;
    }

    @Override
    public int offset(int row, int col) {
      int unitElements = 16 / dtype.bytes();
      int linear = row * cols + col;
      return unitAt[linear / unitElements] * unitElements + linear % unitElements;
    }
  }

  static TileLayout randomTile(SplittableRandom random) {
    DType dtype = TYPES[random.nextInt(TYPES.length)];
    int bits = random.nextInt(5);
    int base = random.nextInt(5);
    int shift = bits == 0 ? 0 : (random.nextBoolean() ? 1 : -1) * (bits + random.nextInt(4));
    Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
    int rows = 1 << (3 + random.nextInt(4));
    // One tile in four swizzles each row of a row length that need not be a power of two.
    boolean withinEachRow = random.nextInt(4) == 0 && shift >= bits;
    int cols = withinEachRow
        ? 8 * random.nextInt(1, 25)
        : 1 << (3 + random.nextInt(5));
    int rowStride = random.nextInt(4) == 0 && (bits == 0 || withinEachRow)
        ? cols + 4 * random.nextInt(1, 5)
        : cols;
    // One tile in two is made of several atoms, numbered either way, in one to three stages.
    boolean atoms = rowStride == cols && random.nextBoolean();
    int atomRows = atoms ? rows >> random.nextInt(3) : rows;
    int atomCols = atoms ? Math.max(1, cols >> random.nextInt(3)) : cols;
    Order atomOrder = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
    TileDescription tile = TileLayout.builder(dtype, swizzle, rows, cols)
        .swizzleWithinEachRow(withinEachRow)
        .rowStride(rowStride).atom(atomRows, atomCols, atomOrder).stages(1 + random.nextInt(3));
    return tile.check().isEmpty() ? tile.build() : null;
  }
}
