package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.RotatedLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import org.junit.jupiter.api.Test;

/** The seeds' figures, recomputed with the real 32-bank model. */
class SeedFiguresTest {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
  private static final TileLayout SEED_000 =
      TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 16)
          .rowStride(16).alignment(128).build();
  private static final TileLayout SEED_000_PLAIN =
      TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 16).rowStride(16).alignment(128).build();

  /**
   * Seed 000's table: the coalesced 16-byte copy writes logical chunks 8k..8k+7 in phase k, which
   * Swizzle<2,3,3> spreads over the 8 sixteen-byte bank groups of line k: conflict-free.
   */
  @Test
  void seed000AccessRowsAreConflictFree() {
    AccessReport report = analyzer.analyze(SEED_000, VectorAccess.coalesced(Op.STORE, 16));
    assertEquals(1, report.instructions());
    assertTrue(report.conflictFree());
    assertEquals(4, report.wavefronts());
  }

  /**
   * ColMajor<16,2> at 128 bits: lanes 0..7 hold rows 0..7 of the first vector column, chunks 0, 2,
   * ..., 14, which the swizzle moves to bank groups 0, 2, 4, 6, 1, 3, 5, 7 (seed 000's figure). Without
   * it rows r and r + 4 share a group: 2-way.
   */
  @Test
  void seed000ColMajor16x2At128Bits() {
    VectorAccess colMajor = VectorAccess.grid(Op.STORE, 16, 16, 2, Order.COL_MAJOR);
    AccessReport swizzled = analyzer.analyze(SEED_000, colMajor);
    assertTrue(swizzled.conflictFree());
    assertEquals(4.0, swizzled.wavefrontsPerInstruction());
    AccessReport plain = analyzer.analyze(SEED_000_PLAIN, colMajor);
    assertEquals(2, plain.degree());
    assertEquals(8.0, plain.wavefrontsPerInstruction());
  }

  /** RowMajor<16,2> at 128 bits: a phase is 4 whole rows, 128 contiguous bytes, with or without it. */
  @Test
  void seed000RowMajor16x2At128Bits() {
    VectorAccess rowMajor = VectorAccess.grid(Op.STORE, 16, 16, 2, Order.ROW_MAJOR);
    assertTrue(analyzer.analyze(SEED_000, rowMajor).conflictFree());
    assertTrue(analyzer.analyze(SEED_000_PLAIN, rowMajor).conflictFree());
  }

  /**
   * ColMajor<16,2> at 64 bits: a phase is 16 lanes down rows 0..15 of one 4-half column; their
   * 16-byte groups under Swizzle<2,3,3> are 0,2,4,6, 1,3,5,7, 2,0,6,4, 3,1,7,5, each twice: 2-way
   * (4-way unswizzled, where rows r, r+4, r+8, r+12 share a group).
   */
  @Test
  void seed000ColMajor16x2At64Bits() {
    VectorAccess colMajor = VectorAccess.grid(Op.STORE, 8, 16, 2, Order.COL_MAJOR);
    AccessReport swizzled = analyzer.analyze(SEED_000, colMajor);
    assertEquals(2, swizzled.instructions());
    assertEquals(2, swizzled.degree());
    assertEquals(4.0, swizzled.wavefrontsPerInstruction());
    assertEquals(2.0, swizzled.idealWavefrontsPerInstruction());
    assertEquals(4, analyzer.analyze(SEED_000_PLAIN, colMajor).degree());
  }

  /**
   * RowMajor<16,2> at 64 bits: a phase is rows 0..7 (or 8..15), both 8-byte halves of each row's
   * chunk: groups 0,2,4,6,1,3,5,7 are distinct under the swizzle; unswizzled rows r and r + 4 collide.
   */
  @Test
  void seed000RowMajor16x2At64Bits() {
    VectorAccess rowMajor = VectorAccess.grid(Op.STORE, 8, 16, 2, Order.ROW_MAJOR);
    AccessReport swizzled = analyzer.analyze(SEED_000, rowMajor);
    assertTrue(swizzled.conflictFree());
    assertEquals(2.0, swizzled.wavefrontsPerInstruction());
    assertEquals(2, analyzer.analyze(SEED_000_PLAIN, rowMajor).degree());
  }

  /** The rotation is seed 004's index arithmetic, term for term. */
  @Test
  void rotatedLayoutIsSeed004sArithmetic() {
    Layout operand = RotatedLayout.seed004Operand(64);
    Layout accumulator = RotatedLayout.seed004Accumulator(32);
    for (int row = 0; row < 64; row++) {
      for (int col = 0; col < 32; col++) {
        // smem[row][((col / 8 + (row % 8) / 2) % 4) * 8 + col % 8], AB_SMEM_STRIDE = 32
        assertEquals(row * 32 + ((col / 8 + (row % 8) / 2) % 4) * 8 + col % 8,
            operand.offset(row, col));
      }
    }
    for (int row = 0; row < 32; row++) {
      for (int col = 0; col < 128; col++) {
        // (col + (row % 8) * PERMUTED_OFFSET) % C_SMEM_STRIDE, with 8-half units kept whole
        assertEquals(row * 128 + ((col / 8 + row % 8) % 16) * 8 + col % 8,
            accumulator.offset(row, col));
      }
    }
  }

  /**
   * What the model says of seed 004's four accesses. The seed claims the global-to-shared stores and
   * the shared-to-global loads still conflict; the model says every one is conflict-free (a phase of
   * the stores covers two 64-byte rows, one 128-byte line). The H100 decides (issue 4's table).
   */
  @Test
  void seed004PermutedLayoutAccesses() {
    Layout operand = RotatedLayout.seed004Operand(64);
    Layout accumulator = RotatedLayout.seed004Accumulator(32);
    AccessReport copyIn =
        analyzer.analyze(operand, VectorAccess.grid(Op.STORE, 16, 8, 4, Order.ROW_MAJOR));
    AccessReport ldmatrixA = analyzer.analyze(operand, MatrixAccess.ldmatrix(4, false));
    AccessReport ldmatrixB = analyzer.analyze(operand, MatrixAccess.ldmatrix(2, false));
    AccessReport epilogue = analyzer.analyze(accumulator, MmaAccumulatorAccess.of(Op.STORE));
    AccessReport copyOut =
        analyzer.analyze(accumulator, VectorAccess.grid(Op.LOAD, 16, 2, 16, Order.ROW_MAJOR));
    for (AccessReport report : new AccessReport[] {copyIn, ldmatrixA, ldmatrixB, epilogue, copyOut}) {
      assertTrue(report.conflictFree(), report.access().label() + " is " + report.degree() + "-way");
    }
    assertEquals(1.0, epilogue.wavefrontsPerInstruction());
    // Without the rotation, 8 rows of 64 bytes put one 16-byte column in only 2 bank groups: 4-way.
    assertEquals(4, analyzer.analyze(
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 32)
            .rowStride(32).alignment(128).build(), MatrixAccess.ldmatrix(4, false))
        .degree());
  }
}
