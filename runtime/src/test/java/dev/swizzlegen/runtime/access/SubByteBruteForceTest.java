package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessViolation.TransNeeds8Or16Bit;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sm_100 ldmatrix and stmatrix shapes and the sub-byte tiles against the brute-force count: the
 * analyzer's wavefronts, ideal and degree for each new shape equal a count of distinct 4-byte words
 * per bank per phase on random tiles (swizzled, and random permutations of 16-byte units); vectors
 * on packed FP4 likewise; and the shapes that touch m8n8's addresses cost exactly what m8n8 does on
 * the same tile, an m16n16 matrix what the two m8n8 matrices stacked on its 16-byte column cost.
 */
class SubByteBruteForceTest {
  private static final DType[] TYPES = {DType.UINT8, DType.FP8_E4M3, DType.INT8, DType.FP4_E2M1,
      DType.FP4_E2M1_PADDED, DType.FP6_E3M2, DType.FP6_E2M3};
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  @Test
  void newShapesAndPackedVectorsAgreeWithBruteForce() {
    SplittableRandom random = new SplittableRandom(100);
    int compared = 0;
    int conflicting = 0;
    int[] byShape = new int[MatrixShape.values().length];
    int vectors = 0;
    while (compared < 1200) {
      Layout tile = random.nextInt(5) == 0 ? permutedUnits(random) : randomTile(random);
      if (tile == null) {
        continue;
      }
      AccessPattern access;
      BruteForce.Count expected;
      if (random.nextInt(4) == 0) {
        int bytes = 1 << random.nextInt(5);
        if (random.nextBoolean()) {
          int threadRows = 1 << random.nextInt(6);
          Order order = random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR;
          access = VectorAccess.grid(Op.LOAD, bytes, threadRows, 32 / threadRows, order);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected = BruteForce.vectorGrid(tile, bytes, threadRows, 32 / threadRows, order);
        } else {
          access = VectorAccess.coalesced(Op.STORE, bytes);
          if (!access.check(tile).isEmpty()) {
            continue;
          }
          expected = BruteForce.vectorCoalesced(tile, bytes);
        }
        vectors++;
      } else {
        MatrixShape shape = MatrixShape.values()[1 + random.nextInt(3)];
        int matrices = shape == MatrixShape.M16N16 ? 1 + random.nextInt(2) : 1 << random.nextInt(3);
        access = switch (shape) {
          case M8N16 -> MatrixAccess.ldmatrix(matrices, false).withShape(shape);
          case M16N16 -> MatrixAccess.ldmatrix(matrices, true).withShape(shape);
          default -> MatrixAccess.stmatrix(matrices, true).withShape(shape);
        };
        if (!access.check(tile).isEmpty()) {
          continue;
        }
        expected = BruteForce.matrices(tile, shape.rows());
        byShape[shape.ordinal()]++;
      }
      AccessReport report = analyzer.analyze(tile, access);
      String what = tile + " " + access.label();
      assertEquals(expected.wavefronts(), report.wavefronts(), what);
      assertEquals(expected.ideal(), report.idealWavefronts(), what);
      assertEquals(expected.degree(), report.degree(), what);
      assertEquals(report.degree() > 1, report.witness().isPresent(), what);
      compared++;
      conflicting += report.conflictFree() ? 0 : 1;
    }
    for (MatrixShape shape : new MatrixShape[] {MatrixShape.M8N16, MatrixShape.M16N16,
        MatrixShape.M16N8}) {
      assertTrue(byShape[shape.ordinal()] > 150, shape + ": " + byShape[shape.ordinal()]);
    }
    assertTrue(vectors > 100, "vectors: " + vectors);
    assertTrue(conflicting > compared / 8 && conflicting < compared * 7 / 8,
        "a fair mix of conflicting and clean cases: " + conflicting + " of " + compared);
  }

  @Test
  void anM16n16MatrixCostsTheTwoM8n8MatricesStackedOnItsColumn() {
    SplittableRandom random = new SplittableRandom(101);
    int compared = 0;
    while (compared < 300) {
      Layout tile = random.nextInt(4) == 0 ? permutedUnits(random) : randomTile(random);
      if (tile == null) {
        continue;
      }
      for (int matrices : new int[] {1, 2}) {
        AccessPattern m16n16 = MatrixAccess.ldmatrix(matrices, true).withShape(MatrixShape.M16N16);
        // m8n8 without trans: the addresses are the same (m8n8TransOnBytesIsTheNonTransFormsAddresses).
        AccessPattern m8n8 = MatrixAccess.ldmatrix(2 * matrices, false);
        if (!m16n16.check(tile).isEmpty() || !m8n8.check(tile).isEmpty()) {
          continue;
        }
        assertSamePhases(tile, m16n16, m8n8);
        compared++;
      }
    }
  }

  @Test
  void m8n16AndTheTransposedM16n8TouchWhatM8n8Touches() {
    SplittableRandom random = new SplittableRandom(102);
    int compared = 0;
    while (compared < 300) {
      Layout tile = random.nextInt(4) == 0 ? permutedUnits(random) : randomTile(random);
      if (tile == null) {
        continue;
      }
      int matrices = 1 << random.nextInt(3);
      AccessPattern m8n16 = MatrixAccess.ldmatrix(matrices, false).withShape(MatrixShape.M8N16);
      AccessPattern ldmatrix = MatrixAccess.ldmatrix(matrices, false);
      if (m8n16.check(tile).isEmpty() && ldmatrix.check(tile).isEmpty()) {
        assertSamePhases(tile, m8n16, ldmatrix);
        compared++;
      }
      AccessPattern m16n8 = MatrixAccess.stmatrix(matrices, true).withShape(MatrixShape.M16N8);
      AccessPattern stmatrix = MatrixAccess.stmatrix(matrices, false);
      if (m16n8.check(tile).isEmpty() && stmatrix.check(tile).isEmpty()) {
        assertSamePhases(tile, m16n8, stmatrix);
        compared++;
      }
    }
  }

  /**
   * m8n8's {@code .trans} on 8-bit elements (FlashAttention-3's FP8 V, {@code ldmatrix.x4.trans})
   * moves 16-bit pairs from the non-trans form's addresses: the same instructions, phases and lanes,
   * and so the same cost, which is also the brute-force count; every check agrees but where the type
   * is neither 8- nor 16-bit, which {@code .trans} would split or which are no 8-bit elements.
   */
  @Test
  void m8n8TransOnBytesIsTheNonTransFormsAddresses() {
    SplittableRandom random = new SplittableRandom(103);
    int compared = 0;
    int conflicting = 0;
    while (compared < 400) {
      Layout tile = random.nextInt(4) == 0 ? permutedUnits(random) : randomTile(random);
      if (tile == null || tile.dtype().bits() != 8) {
        continue;
      }
      int matrices = 1 << random.nextInt(3);
      boolean load = random.nextBoolean();
      AccessPattern trans = load ? MatrixAccess.ldmatrix(matrices, true)
          : MatrixAccess.stmatrix(matrices, true);
      AccessPattern plain = load ? MatrixAccess.ldmatrix(matrices, false)
          : MatrixAccess.stmatrix(matrices, false);
      assertEquals(plain.check(tile), trans.check(tile), tile + " " + trans.label());
      if (!plain.check(tile).isEmpty()) {
        continue;
      }
      assertSamePhases(tile, trans, plain);
      AccessReport report = analyzer.analyze(tile, trans);
      BruteForce.Count expected = BruteForce.matrices(tile, 8);
      assertEquals(expected.wavefronts(), report.wavefronts(), tile + " " + trans.label());
      assertEquals(expected.degree(), report.degree(), tile + " " + trans.label());
      compared++;
      conflicting += report.conflictFree() ? 0 : 1;
    }
    assertTrue(conflicting > compared / 8 && conflicting < compared * 7 / 8,
        "a fair mix of conflicting and clean cases: " + conflicting + " of " + compared);
    for (DType dtype : DType.values()) {
      int rows = 16;
      int cols = dtype.storageBits() >= 8 ? 1024 / dtype.storageBits() : 256;
      TileLayout tile = TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols)
          .rowStride(cols).alignment(128).build();
      java.util.List<Violation> withTrans = MatrixAccess.ldmatrix(4, true).check(tile);
      boolean allowed = dtype.bits() == 8 || dtype.bits() == 16;
      assertEquals(allowed ? java.util.List.of() : java.util.List.of(
          new TransNeeds8Or16Bit(AccessKind.LDMATRIX, dtype)), withTrans, dtype.name());
    }
  }

  /** The same instructions, phases and lanes, and so the same report. */
  private void assertSamePhases(Layout tile, AccessPattern access, AccessPattern twin) {
    String what = tile + ": " + access.label() + " and " + twin.label();
    java.util.List<Instruction> mine = access.instructions(tile);
    java.util.List<Instruction> theirs = twin.instructions(tile);
    assertEquals(theirs, mine, what);
    AccessReport a = analyzer.analyze(tile, access);
    AccessReport b = analyzer.analyze(tile, twin);
    assertEquals(b.wavefronts(), a.wavefronts(), what);
    assertEquals(b.idealWavefronts(), a.idealWavefronts(), what);
    assertEquals(b.degree(), a.degree(), what);
  }

  /** A swizzled tile of a byte or sub-byte type, or null where the description is no tile. */
  private static TileLayout randomTile(SplittableRandom random) {
    DType dtype = TYPES[random.nextInt(TYPES.length)];
    int bits = random.nextInt(4);
    int base = random.nextInt(6);
    int shift = bits == 0 ? 0 : (random.nextInt(4) == 0 ? -1 : 1) * (bits + random.nextInt(4));
    Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
    int rows = 1 << (3 + random.nextInt(4));
    int cols = 1 << (4 + random.nextInt(5));
    boolean atoms = random.nextBoolean();
    int atomRows = atoms ? rows >> random.nextInt(3) : rows;
    int atomCols = atoms ? Math.max(16, cols >> random.nextInt(3)) : cols;
    Order atomOrder = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
    TileDescription tile = TileLayout.builder(dtype, swizzle, rows, cols)
        .atom(atomRows, atomCols, atomOrder).stages(1 + random.nextInt(2));
    return tile.check().isEmpty() ? tile.build() : null;
  }

  /** A byte or padded tile whose 16-byte units are stored in a random order. */
  private static Layout permutedUnits(SplittableRandom random) {
    DType dtype = random.nextBoolean() ? DType.UINT8 : DType.FP6_E3M2;
    int rows = 16 << random.nextInt(3);
    int cols = 16 << random.nextInt(4);
    int units = rows * cols / 16;
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
    return new Layout() {
      @Override
      public DType dtype() {
        return dtype;
      }

      @Override
      public int rows() {
        return rows;
      }

      @Override
      public int cols() {
        return cols;
      }

      @Override
      public int alignment() {
        return 128;
      }

      @Override
      public int offset(int row, int col) {
        int linear = row * cols + col;
        return unitAt[linear / 16] * 16 + linear % 16;
      }

      @Override
      public String toString() {
        return rows + " x " + cols + " " + dtype + " in permuted 16-byte units";
      }
    };
  }
}
