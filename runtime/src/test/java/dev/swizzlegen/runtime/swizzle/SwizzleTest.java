package dev.swizzlegen.runtime.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.NegativeBase;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.NegativeBits;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.OverlappingMasks;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.PastOffsetBits;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.ZeroShift;
import java.util.List;
import org.junit.jupiter.api.Test;

class SwizzleTest {

  @Test
  void masksFollowCuteFormulas() {
    Swizzle sw = Swizzle.of(3, 3, 3);
    assertEquals(0x1c0, sw.yyyMask());
    assertEquals(0x038, sw.zzzMask());
    Swizzle negative = Swizzle.of(2, 3, -3);
    assertEquals(0x018, negative.yyyMask());
    assertEquals(0x0c0, negative.zzzMask());
    assertEquals(0, Swizzle.of(0, 4, 3).yyyMask());
  }

  @Test
  void defaultShiftEqualsBits() {
    assertEquals(Swizzle.of(3, 3, 3), Swizzle.of(3, 3));
    assertEquals(2, Swizzle.of(2, 4).shift());
  }

  /**
   * Seed 002 works Swizzle<B,4,3> by hand on the offset with every bit up to the atom set. Its last
   * result is arithmetically wrong: it XORs 0b1110000 into 511 instead of 1023 and reports 399; the
   * right value is 1023 ^ 112 = 911.
   */
  @Test
  void seed002WorkedNumbers() {
    assertEquals(127, Swizzle.of(0, 4, 3).apply(127));
    assertEquals(239, Swizzle.of(1, 4, 3).apply(255));
    assertEquals(463, Swizzle.of(2, 4, 3).apply(511));
    assertEquals(911, Swizzle.of(3, 4, 3).apply(1023));
    assertNotEquals(399, Swizzle.of(3, 4, 3).apply(1023));
  }

  @Test
  void seed002MasksAndRepeats() {
    assertEquals(0b10000000, Swizzle.of(1, 4, 3).yyyMask());
    assertEquals(0b110000000, Swizzle.of(2, 4, 3).yyyMask());
    assertEquals(0b1110000000, Swizzle.of(3, 4, 3).yyyMask());
    // Swizzle<1,4,3> is the identity below 128 and flips bit 4 from 128 up: 128..159 move up by 16.
    Swizzle sw32 = Swizzle.of(1, 4, 3);
    for (int o = 0; o < 128; o++) {
      assertEquals(o, sw32.apply(o));
    }
    for (int o = 128; o < 144; o++) {
      assertEquals(o + 16, sw32.apply(o));
    }
    // The patterns repeat every 256, 512 and 1024 bytes: the atom sizes.
    assertEquals(256, Swizzle.of(1, 4, 3).atomRows() * Swizzle.of(1, 4, 3).atomCols());
    assertEquals(512, Swizzle.of(2, 4, 3).atomRows() * Swizzle.of(2, 4, 3).atomCols());
    assertEquals(1024, Swizzle.of(3, 4, 3).atomRows() * Swizzle.of(3, 4, 3).atomCols());
  }

  /**
   * Seed 000's Swizzle<2,3,3> on a 16x16 half tile, 8-bank toy model where a bank is 16 bytes
   * (8 halves): row k of the table lists the logical 8-half chunk stored at bank 0..7 of the k-th
   * 128-byte line.
   */
  @Test
  void seed000Table() {
    int[][] chunkAtBank = {
      {0, 1, 2, 3, 4, 5, 6, 7},
      {9, 8, 11, 10, 13, 12, 15, 14},
      {18, 19, 16, 17, 22, 23, 20, 21},
      {27, 26, 25, 24, 31, 30, 29, 28},
    };
    Swizzle sw = Swizzle.of(2, 3, 3);
    for (int line = 0; line < 4; line++) {
      for (int bank = 0; bank < 8; bank++) {
        int logicalChunk = chunkAtBank[line][bank];
        assertEquals((line * 8 + bank) * 8, sw.apply(logicalChunk * 8),
            "chunk " + logicalChunk);
      }
    }
  }

  @Test
  void overlappingMasksNeedPermission() {
    InvalidDescriptionException e =
        assertThrows(InvalidDescriptionException.class, () -> Swizzle.of(3, 0, 2));
    assertEquals(List.of(new OverlappingMasks(3, 2)), e.violations());
    Swizzle overlapping = Swizzle.overlapping(3, 0, 2);
    assertTrue(overlapping.masksOverlap());
    assertFalse(overlapping.isInvolution());
    assertEquals(List.of(new XorTerm(0b11100, 2), new XorTerm(0b10000, 4)),
        overlapping.inverseTerms());
  }

  @Test
  void invalidParametersAreViolationsNamingTheirValues() {
    assertEquals(List.of(new NegativeBits(-1)), Swizzle.check(-1, 3, 3, false));
    assertEquals(List.of(new NegativeBase(-2)), Swizzle.check(3, -2, 3, false));
    // Both are reported at once, and nothing that depends on them.
    assertEquals(List.of(new NegativeBits(-1), new NegativeBase(-2)),
        Swizzle.check(-1, -2, 0, false));
    // 3 + 20 + 10 bits reach bit 32, past bit 30.
    assertEquals(List.of(new PastOffsetBits(3, 20, 10, 32, Swizzle.OFFSET_BITS)),
        Swizzle.check(3, 20, 10, false));
    assertEquals(List.of(new ZeroShift(2)), Swizzle.check(2, 3, 0, true));
    assertEquals(List.of(new OverlappingMasks(3, -2)), Swizzle.check(3, 3, -2, false));
    assertTrue(Swizzle.check(0, 0, 0, false).isEmpty());
    assertTrue(Swizzle.check(3, 25, 3, false).isEmpty());
  }

  @Test
  void byteSwizzleAddsLogOfElementSize() {
    assertEquals(Swizzle.of(3, 4, 3), Swizzle.of(3, 3, 3).inBytes(2));
    assertEquals(Swizzle.of(3, 4, 3), Swizzle.of(3, 2, 3).inBytes(4));
    assertEquals(Swizzle.of(2, 4, 3), Swizzle.of(2, 4, 3).inBytes(1));
    // The same permutation: byte b of element e moves with e.
    Swizzle elements = Swizzle.of(2, 3, 3);
    Swizzle bytes = elements.inBytes(2);
    for (int e = 0; e < 256; e++) {
      assertEquals(elements.apply(e) * 2, bytes.apply(e * 2));
      assertEquals(elements.apply(e) * 2 + 1, bytes.apply(e * 2 + 1));
    }
  }

  @Test
  void tmaModesAreTheByteSwizzles() {
    assertEquals(TmaSwizzle.SWIZZLE_128B, TmaSwizzle.of(Swizzle.of(3, 3, 3).inBytes(2)).orElseThrow());
    assertEquals(TmaSwizzle.SWIZZLE_64B, TmaSwizzle.of(Swizzle.of(2, 4, 3)).orElseThrow());
    assertEquals(TmaSwizzle.SWIZZLE_32B, TmaSwizzle.of(Swizzle.of(1, 2, 3).inBytes(4)).orElseThrow());
    assertEquals(TmaSwizzle.NONE, TmaSwizzle.of(Swizzle.of(0, 4, 3)).orElseThrow());
    assertTrue(TmaSwizzle.of(Swizzle.of(3, 4, 4)).isEmpty());
    assertTrue(TmaSwizzle.of(Swizzle.of(2, 3, 3)).isEmpty());
    assertEquals(1024, TmaSwizzle.SWIZZLE_128B.alignmentBytes());
    assertEquals("CU_TENSOR_MAP_SWIZZLE_64B", TmaSwizzle.SWIZZLE_64B.cudaName());
  }

  @Test
  void toStringIsCuteSpelling() {
    assertEquals("Swizzle<3,3,3>", Swizzle.of(3, 3, 3).toString());
    assertEquals("Swizzle<2,3,-3>", Swizzle.of(2, 3, -3).toString());
  }
}
