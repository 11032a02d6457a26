package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import org.junit.jupiter.api.Test;

/** The facts every kernel author knows, as the model must reproduce them. */
class CanonicalFactsTest {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  private AccessReport analyze(DType dtype, Swizzle swizzle, int rows, int cols, AccessPattern access) {
    return analyzer.analyze(TileLayout.builder(dtype, swizzle, rows, cols)
        .rowStride(cols).alignment(128).build(), access);
  }

  /** SPEC 4: 32 wavefronts per LDS.128 unswizzled, 4 with Swizzle<3,3,3>. */
  @Test
  void halfTile64x64ReadByColumnsWith16ByteLoads() {
    AccessPattern columns = VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.ROW_MAJOR);
    AccessReport plain = analyze(DType.HALF, Swizzle.IDENTITY, 64, 64, columns);
    assertEquals(8, plain.degree());
    assertEquals(32.0, plain.wavefrontsPerInstruction());
    assertEquals(4.0, plain.idealWavefrontsPerInstruction());
    AccessReport swizzled = analyze(DType.HALF, Swizzle.of(3, 3, 3), 64, 64, columns);
    assertTrue(swizzled.conflictFree());
    assertEquals(4.0, swizzled.wavefrontsPerInstruction());
  }

  @Test
  void ldmatrixX4On128x64Half() {
    AccessPattern ldmatrix = MatrixAccess.ldmatrix(4, false);
    AccessReport plain = analyze(DType.HALF, Swizzle.IDENTITY, 128, 64, ldmatrix);
    assertEquals(8, plain.degree());
    assertEquals(32.0, plain.wavefrontsPerInstruction());
    assertEquals(32, plain.instructions());
    AccessReport twoBits = analyze(DType.HALF, Swizzle.of(2, 3, 3), 128, 64, ldmatrix);
    assertEquals(2, twoBits.degree());
    assertEquals(8.0, twoBits.wavefrontsPerInstruction());
    AccessReport threeBits = analyze(DType.HALF, Swizzle.of(3, 3, 3), 128, 64, ldmatrix);
    assertTrue(threeBits.conflictFree());
    assertEquals(4.0, threeBits.wavefrontsPerInstruction());
  }

  @Test
  void floatTile32x32ReadByColumnsWith4ByteLoads() {
    AccessPattern column = VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR);
    AccessReport plain = analyze(DType.FLOAT, Swizzle.IDENTITY, 32, 32, column);
    assertEquals(32, plain.degree());
    assertEquals(32.0, plain.wavefrontsPerInstruction());
    assertEquals(1.0, plain.idealWavefrontsPerInstruction());
    // Five row bits XORed into the five column bits: every lane of a column in its own bank.
    assertTrue(analyze(DType.FLOAT, Swizzle.of(5, 0, 5), 32, 32, column).conflictFree());
  }

  @Test
  void witnessNamesTheLanesAndTheirBank() {
    AccessReport plain =
        analyze(DType.HALF, Swizzle.IDENTITY, 128, 64, MatrixAccess.ldmatrix(4, false));
    Witness witness = plain.witness().orElseThrow();
    assertEquals(0, witness.instruction());
    assertEquals(0, witness.phase());
    assertEquals(0, witness.bank());
    assertEquals(8, witness.lanes().size());
    for (int i = 0; i < 8; i++) {
      LaneAccess lane = witness.lanes().get(i);
      assertEquals(i, lane.lane());
      assertEquals(i, lane.row());
      assertEquals(0, lane.col());
    }
  }

  /** Lanes on the same 4-byte word share it: the cost counts distinct words, not lanes. */
  @Test
  void lanesOnOneWordAreBroadcast() {
    // 8 rows x 4 bytes per phase: 32 one-byte lanes on 8 words, 4 lanes per word, 8 banks.
    TileLayout bytes = TileLayout.builder(DType.UINT8, Swizzle.IDENTITY, 32, 4)
        .rowStride(4).alignment(128).build();
    assertTrue(analyzer.analyze(bytes, VectorAccess.grid(Op.LOAD, 1, 8, 4, Order.ROW_MAJOR))
        .conflictFree());
    // 16 rows 128 bytes apart, 2 lanes on each row's first word: 16 distinct words in bank 0.
    TileLayout halves = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64)
        .rowStride(64).alignment(128).build();
    AccessReport pairs =
        analyzer.analyze(halves, VectorAccess.grid(Op.LOAD, 2, 16, 2, Order.ROW_MAJOR));
    assertEquals(16, pairs.degree());
    assertEquals(16, pairs.witness().orElseThrow().lanes().size());
  }
}
