package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import org.junit.jupiter.api.Test;

/**
 * The bank model costs accesses on tiles in TMA's Blackwell modes as the brute force counts them,
 * the FLIP mode (an XOR map that no swizzle is) included: the analyzer reads the tile's offsets, not
 * its swizzle.
 */
class TmaModeTilesBruteForceTest {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  @Test
  void everyAccessOnEveryBlackwellModeTileAgreesWithBruteForce() {
    int compared = 0;
    int conflicting = 0;
    for (TmaSwizzle mode : TmaSwizzle.values()) {
      if (!mode.isBlackwell()) {
        continue;
      }
      for (DType dtype : new DType[] {DType.UINT8, DType.HALF, DType.FLOAT, DType.DOUBLE}) {
        XorMap elements = mode.byteMap().inElements(dtype.bytes()).orElseThrow();
        int rowElements = 128 / dtype.bytes();
        for (TileLayout tile : new TileLayout[] {
            TileLayout.builder(dtype, elements, 32, rowElements).alignment(512).build(),
            TileLayout.builder(dtype, elements, 32, 2 * rowElements).alignment(512)
                .atom(8, rowElements, Order.COL_MAJOR).build()}) {
          for (int bytes : new int[] {4, 8, 16}) {
            for (int threadRows : new int[] {1, 8, 32}) {
              for (Order order : Order.values()) {
                AccessPattern access =
                    VectorAccess.grid(Op.LOAD, bytes, threadRows, 32 / threadRows, order);
                if (bytes < dtype.bytes() || !access.check(tile).isEmpty()) {
                  continue;
                }
                conflicting += compare(tile, access,
                    BruteForce.vectorGrid(tile, bytes, threadRows, 32 / threadRows, order));
                compared++;
              }
            }
          }
          AccessPattern ldmatrix = MatrixAccess.ldmatrix(1, false);
          if (ldmatrix.check(tile).isEmpty()) {
            conflicting += compare(tile, ldmatrix, BruteForce.matrices(tile));
            compared++;
          }
          AccessPattern accumulator = MmaAccumulatorAccess.of(Op.STORE);
          if (accumulator.check(tile).isEmpty()) {
            conflicting += compare(tile, accumulator, BruteForce.accumulator(tile));
            compared++;
          }
        }
      }
    }
    assertTrue(compared > 100, "accesses compared: " + compared);
    assertTrue(conflicting > 0 && conflicting < compared, conflicting + " of " + compared);
  }

  /** 1 where the access conflicts. */
  private int compare(TileLayout tile, AccessPattern access, BruteForce.Count expected) {
    AccessReport report = analyzer.analyze(tile, access);
    String what = tile + " " + access.label();
    assertEquals(expected.wavefronts(), report.wavefronts(), what);
    assertEquals(expected.ideal(), report.idealWavefronts(), what);
    assertEquals(expected.degree(), report.degree(), what);
    return report.conflictFree() ? 0 : 1;
  }

  /**
   * FLIP swaps the 8-byte halves of every 16 bytes in odd rows: 16-byte vectors (and ldmatrix's
   * rows) are not contiguous in order there, 8-byte ones are.
   */
  @Test
  void theFlipModeBreaks16ByteVectorsButNot8ByteOnes() {
    TileLayout tile = TileLayout.builder(DType.HALF, TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B
        .byteMap().inElements(2).orElseThrow(), 32, 64).alignment(512).build();
    assertTrue(VectorAccess.coalesced(Op.STORE, 16).check(tile).stream()
        .anyMatch(VectorBroken.class::isInstance));
    assertFalse(MatrixAccess.ldmatrix(1, false).check(tile).isEmpty());
    assertTrue(VectorAccess.coalesced(Op.STORE, 8).check(tile).isEmpty());
    // Rows of 128 bytes, 8-byte vectors: each half-warp phase one row, conflict-free.
    assertTrue(analyzer.analyze(tile, VectorAccess.coalesced(Op.STORE, 8)).conflictFree());
  }
}
