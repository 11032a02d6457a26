package dev.swizzlegen.runtime.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Problem;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The laws every swizzle obeys, checked exhaustively on small atoms and randomly on all offsets. */
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
          List<Problem> problems = Swizzle.check(b, m, s, false);
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
      BitMatrix forward = sw.matrix(n);
      BitMatrix backward = BitMatrix.ofLinear(n, sw::applyInverse);
      assertEquals(BitMatrix.identity(n), forward.times(backward), sw.toString());
      assertEquals(n, forward.rank(), sw.toString());
      for (int i = 0; i < n; i++) {
        assertEquals(1, forward.get(i, i), sw + " diagonal");
      }
    }
  }

  @Property(tries = 2000)
  void applyEqualsCuteBitByBit(@ForAll("anySwizzle") Swizzle sw, @ForAll @IntRange(min = 0) int offset) {
    assertEquals(cuteBitByBit(sw.bits(), sw.base(), sw.shift(), offset), sw.apply(offset));
  }

  @Property(tries = 2000)
  void unswizzleUndoesSwizzle(@ForAll("anySwizzle") Swizzle sw, @ForAll @IntRange(min = 0) int offset) {
    assertEquals(offset, sw.applyInverse(sw.apply(offset)));
    assertEquals(offset, sw.apply(sw.applyInverse(offset)));
  }

  @Property(tries = 2000)
  void swizzleIsLinearOverGf2(
      @ForAll("anySwizzle") Swizzle sw, @ForAll @IntRange(min = 0) int a, @ForAll @IntRange(min = 0) int b) {
    assertEquals(sw.apply(a) ^ sw.apply(b), sw.apply(a ^ b));
  }

  @Property(tries = 1000)
  void nonOverlappingSwizzleIsAnInvolution(
      @ForAll("cuteSwizzle") Swizzle sw, @ForAll @IntRange(min = 0) int offset) {
    assertEquals(offset, sw.apply(sw.apply(offset)));
  }

  @Provide
  Arbitrary<Swizzle> anySwizzle() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 15),
            Arbitraries.integers().between(0, 20),
            Arbitraries.integers().between(-20, 20))
        .as((b, m, s) -> Swizzle.check(b, m, s, true).isEmpty() ? Swizzle.overlapping(b, m, s) : null)
        .filter(sw -> sw != null);
  }

  @Provide
  Arbitrary<Swizzle> cuteSwizzle() {
    return anySwizzle().filter(sw -> !sw.masksOverlap());
  }
}
