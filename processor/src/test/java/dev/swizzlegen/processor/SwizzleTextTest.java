package dev.swizzlegen.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import org.junit.jupiter.api.Test;

/**
 * The words for a swizzle and a conflict's witness in the generated comments and the messages: the
 * sentences the runtime's tests asserted before the model stopped writing them.
 */
class SwizzleTextTest {

  @Test
  void bitDiagramsShowWhatMoves() {
    assertEquals("...YYYZZZxxx", SwizzleText.bitDiagram(Swizzle.of(3, 3, 3)));
    assertEquals("...ZZxxxYYxxx", SwizzleText.bitDiagram(Swizzle.of(2, 3, -5)));
    assertEquals("...YY#ZZ", SwizzleText.bitDiagram(Swizzle.overlapping(3, 0, 2)));
    assertEquals("...x", SwizzleText.bitDiagram(Swizzle.of(0, 4, 3)));
  }

  @Test
  void masksSayWhatIsXoredIntoWhat() {
    assertEquals("YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)",
        SwizzleText.masks(Swizzle.of(3, 3, 3)));
    assertEquals("YYY = 0x1c (bits 2..4) is XORed into ZZZ = 0x7 (bits 0..2); the masks overlap",
        SwizzleText.masks(Swizzle.overlapping(3, 0, 2)));
    assertEquals("B = 0: no bits move, the identity", SwizzleText.masks(Swizzle.IDENTITY));
  }

  @Test
  void inversesSayHowTheyAreComputed() {
    assertEquals("the swizzle is its own inverse", SwizzleText.inverse(Swizzle.of(3, 3, 3)));
    assertEquals("the identity", SwizzleText.inverse(Swizzle.IDENTITY));
    assertEquals("the masks overlap, so the inverse XORs 2 terms, N + N^2 + ... over GF(2)",
        SwizzleText.inverse(Swizzle.overlapping(3, 0, 2)));
  }

  /** ldmatrix on a plain 128 x 64 half tile: the eight rows of a column all in bank 0. */
  @Test
  void aWitnessNamesTheLanesAndTheirBank() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 128, 64).build();
    assertEquals("in phase 0 of instruction 0, lanes 0, 1 and 6 more touch (row 0, col 0),"
        + " (row 1, col 0) and 6 more, distinct words all in bank 0",
        ConflictChecker.witness(ConflictAnalyzer.nvidia()
            .analyze(plain, MatrixAccess.ldmatrix(4, false)).witness().orElseThrow(), 2));
  }
}
