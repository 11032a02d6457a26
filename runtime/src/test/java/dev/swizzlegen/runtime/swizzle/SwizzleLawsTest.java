package dev.swizzlegen.runtime.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The laws every swizzle obeys, checked exhaustively on small atoms and, with a fixed seed, on random
 * swizzles and offsets over the whole 31-bit range.
 */
class SwizzleLawsTest {

  /** Every (B, M, S) with B, M <= 6 and |S| <= 10 that is valid when overlapping masks are allowed. */
  static List<Swizzle> smallSwizzles() {
    List<Swizzle> all = new ArrayList<>();
    for (int b = 0; b <= 6; b++) {
      for (int m = 0; m <= 6; m++) {
        for (int s = -10; s <= 10; s++) {
          if (Swizzle.check(b, m, s, true).isEmpty()) {
            all.add(Swizzle.overlapping(b, m, s));
          }
        }
      }
    }
    return all;
  }

  /**
   * CuTe's definition read bit by bit, independently of {@link Swizzle#apply}: output bit
   * {@code zzz_i} is input bit {@code zzz_i} XOR input bit {@code yyy_i}.
   */
  static int cuteBitByBit(int bits, int base, int shift, int offset) {
    int yyyLow = base + Math.max(0, shift);
    int zzzLow = base - Math.min(0, shift);
    int out = offset;
    for (int i = 0; i < bits; i++) {
      int y = (offset >>> (yyyLow + i)) & 1;
      out ^= y << (zzzLow + i);
    }
    return out;
  }

  @Test
  void everySmallSwizzleIsABijectionOnItsAtomWithItsInverse() {
    List<Swizzle> swizzles = smallSwizzles();
    assertTrue(swizzles.size() > 700, "enumerated " + swizzles.size());
    for (Swizzle sw : swizzles) {
      int size = 1 << sw.atomBits();
      boolean[] hit = new boolean[size];
      boolean involution = true;
      for (int o = 0; o < size; o++) {
        int image = sw.apply(o);
        assertTrue(image >= 0 && image < size, sw + " leaves its atom at " + o);
        assertFalse(hit[image], sw + " maps two offsets to " + image);
        hit[image] = true;
        assertEquals(o, sw.applyInverse(image), sw + " inverse at " + o);
        involution &= sw.apply(image) == o;
      }
      assertEquals(!sw.masksOverlap(), involution, sw + " is an involution iff its masks are apart");
      assertEquals(sw.masksOverlap(), Math.abs(sw.shift()) < sw.bits(), sw.toString());
    }
  }

  @Test
  void cuteValidityIsAbsShiftAtLeastBits() {
    for (int b = 0; b <= 6; b++) {
      for (int m = 0; m <= 6; m++) {
        for (int s = -10; s <= 10; s++) {
          List<Violation> problems = Swizzle.check(b, m, s, false);
          assertEquals(Math.abs(s) >= b, problems.isEmpty(), "Swizzle<" + b + "," + m + "," + s + ">");
        }
      }
    }
  }

  @Test
  void matrixIsUnipotentAndInvertsWithTheInverse() {
    for (Swizzle sw : smallSwizzles()) {
      if (sw.atomBits() > 16) {
        continue;
      }
      int n = sw.atomBits();
      XorMap forward = sw.xorMap();
      XorMap backward = XorMap.ofImages(
          java.util.stream.IntStream.range(0, n).map(j -> sw.applyInverse(1 << j)).toArray());
      assertEquals(XorMap.IDENTITY, forward.compose(backward), sw.toString());
      assertEquals(backward, forward.inverse(), sw.toString());
      for (int i = 0; i < n; i++) {
        assertEquals(1, (forward.image(i) >>> i) & 1, sw + " diagonal");
      }
    }
  }

  /** Random valid swizzles (overlapping masks included) with B <= 15, M <= 20, |S| <= 20. */
  private static List<Swizzle> randomSwizzles(SplittableRandom random, int count) {
    List<Swizzle> swizzles = new ArrayList<>();
    while (swizzles.size() < count) {
      int b = random.nextInt(16);
      int m = random.nextInt(21);
      int s = random.nextInt(-20, 21);
      if (Swizzle.check(b, m, s, true).isEmpty()) {
        swizzles.add(Swizzle.overlapping(b, m, s));
      }
    }
    return swizzles;
  }

  @Test
  void randomSwizzlesObeyTheLawsOnRandomOffsets() {
    SplittableRandom random = new SplittableRandom(20261121);
    for (Swizzle sw : randomSwizzles(random, 500)) {
      for (int i = 0; i < 200; i++) {
        int offset = random.nextInt(Integer.MAX_VALUE);
        int other = random.nextInt(Integer.MAX_VALUE);
        assertEquals(cuteBitByBit(sw.bits(), sw.base(), sw.shift(), offset), sw.apply(offset),
            sw + " at " + offset);
        assertEquals(offset, sw.applyInverse(sw.apply(offset)), sw + " at " + offset);
        assertEquals(offset, sw.apply(sw.applyInverse(offset)), sw + " at " + offset);
        assertEquals(sw.apply(offset) ^ sw.apply(other), sw.apply(offset ^ other), sw + " is linear");
        if (!sw.masksOverlap()) {
          assertEquals(offset, sw.apply(sw.apply(offset)), sw + " is an involution");
        }
      }
    }
  }
}
