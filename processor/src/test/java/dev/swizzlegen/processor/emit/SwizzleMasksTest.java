package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.swizzle.Swizzle;
import org.junit.jupiter.api.Test;

/**
 * The words for a swizzle in the generated comments: the sentences the runtime's tests asserted
 * before the model stopped writing them.
 */
class SwizzleMasksTest {

  @Test
  void bitDiagramsShowWhatMoves() {
    assertEquals("...YYYZZZxxx", SwizzleMasks.bitDiagram(Swizzle.of(3, 3, 3)));
    assertEquals("...ZZxxxYYxxx", SwizzleMasks.bitDiagram(Swizzle.of(2, 3, -5)));
    assertEquals("...YY#ZZ", SwizzleMasks.bitDiagram(Swizzle.overlapping(3, 0, 2)));
    assertEquals("...x", SwizzleMasks.bitDiagram(Swizzle.of(0, 4, 3)));
  }

  @Test
  void masksSayWhatIsXoredIntoWhat() {
    assertEquals("YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)",
        SwizzleMasks.masks(Swizzle.of(3, 3, 3)));
    assertEquals("YYY = 0x1c (bits 2..4) is XORed into ZZZ = 0x7 (bits 0..2); the masks overlap",
        SwizzleMasks.masks(Swizzle.overlapping(3, 0, 2)));
    assertEquals("B = 0: no bits move, the identity", SwizzleMasks.masks(Swizzle.IDENTITY));
  }

  @Test
  void inversesSayHowTheyAreComputed() {
    assertEquals("the swizzle is its own inverse", SwizzleMasks.inverse(Swizzle.of(3, 3, 3)));
    assertEquals("the identity", SwizzleMasks.inverse(Swizzle.IDENTITY));
    assertEquals("the masks overlap, so the inverse XORs 2 terms, N + N^2 + ... over GF(2)",
        SwizzleMasks.inverse(Swizzle.overlapping(3, 0, 2)));
  }
}
