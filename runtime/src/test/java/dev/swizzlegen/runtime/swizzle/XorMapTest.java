package dev.swizzlegen.runtime.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The laws of {@link XorMap}, each against the function it replaces: a swizzle's map applies as the
 * swizzle does on every offset, inverts as it does, prints the same terms; a general map's terms
 * evaluate to it; and seed 001's matrices print as they did.
 */
class XorMapTest {

  private static List<String> rows(String... bitRows) {
    return Arrays.stream(bitRows).map(r -> String.join(" ", r.split(""))).toList();
  }

  @Test
  void seed001Swizzle303() {
    assertEquals(rows("100100", "010010", "001001", "000100", "000010", "000001"),
        Swizzle.of(3, 0, 3).xorMap().rows(6));
  }

  @Test
  void seed001Swizzle305() {
    assertEquals(
        rows("10000100", "01000010", "00100001", "00010000", "00001000", "00000100", "00000010",
            "00000001"),
        Swizzle.of(3, 0, 5).xorMap().rows(8));
  }

  /**
   * Seed 001 writes this layout's formula as {@code p ^ ((p & (7 << 2)) >> 3)}, but its matrix (and
   * Swizzle<3,0,2>) shift by 2; the matrix is right.
   */
  @Test
  void seed001Swizzle302WithOverlap() {
    assertEquals(rows("10100", "01010", "00101", "00010", "00001"),
        Swizzle.overlapping(3, 0, 2).xorMap().rows(5));
  }

  @Test
  void seed001Swizzle203() {
    assertEquals(rows("10010", "01001", "00100", "00010", "00001"),
        Swizzle.of(2, 0, 3).xorMap().rows(5));
  }

  @Test
  void seed001Swizzle212() {
    assertEquals(rows("100000", "010100", "001010", "000100", "000010", "000001"),
        Swizzle.of(2, 1, 2).xorMap().rows(6));
  }

  @Test
  void seed001Swizzle213() {
    assertEquals(rows("100000", "010010", "001001", "000100", "000010", "000001"),
        Swizzle.of(2, 1, 3).xorMap().rows(6));
  }

  /** The old BitMatrix's printing, kept as the oracle: entry (i, j) is bit i of f(1 << j). */
  private static List<String> matrixOracle(Swizzle swizzle, int n) {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder row = new StringBuilder();
      for (int j = 0; j < n; j++) {
        row.append(j > 0 ? " " : "").append((swizzle.apply(1 << j) >>> i) & 1);
      }
      rows.add(row.toString());
    }
    return rows;
  }

  @Test
  void printsEverySmallSwizzleAsTheMatrixOfItsFunction() {
    for (Swizzle sw : SwizzleLawsTest.smallSwizzles()) {
      for (int n = sw.atomBits(); n <= Math.min(sw.atomBits() + 2, 31); n++) {
        assertEquals(matrixOracle(sw, n), sw.xorMap().rows(n), sw + " in " + n + " bits");
      }
    }
    assertThrows(IllegalArgumentException.class, () -> Swizzle.of(3, 3, 3).xorMap().rows(8));
  }

  @Test
  void appliesAsTheSwizzleOnEveryOffsetOfSmallAtoms() {
    for (Swizzle sw : SwizzleLawsTest.smallSwizzles()) {
      if (sw.atomBits() > 14) {
        continue;
      }
      XorMap map = XorMap.of(sw);
      XorMap inverse = map.inverse();
      for (int o = 0; o < 1 << (sw.atomBits() + 1); o++) {
        assertEquals(sw.apply(o), map.apply(o), sw + " at " + o);
        assertEquals(sw.applyInverse(o), inverse.apply(o), sw + " inverse at " + o);
      }
    }
  }

  @Test
  void appliesAsTheSwizzleOnRandomOffsetsOfRandomSwizzles() {
    SplittableRandom random = new SplittableRandom(19);
    for (Swizzle sw : randomSwizzles(random, 2000)) {
      XorMap map = XorMap.of(sw);
      XorMap inverse = map.inverse();
      for (int t = 0; t < 200; t++) {
        int o = random.nextInt() & Integer.MAX_VALUE;
        assertEquals(sw.apply(o), map.apply(o), sw + " at " + o);
        assertEquals(sw.applyInverse(o), inverse.apply(o), sw + " inverse at " + o);
      }
    }
  }

  @Test
  void swizzleTermsAreTheMapsTerms() {
    SplittableRandom random = new SplittableRandom(7);
    List<Swizzle> all = new ArrayList<>(SwizzleLawsTest.smallSwizzles());
    all.addAll(randomSwizzles(random, 2000));
    for (Swizzle sw : all) {
      XorMap map = XorMap.of(sw);
      assertEquals(sw.terms(), map.terms(), sw.toString());
      assertEquals(sw.inverseTerms(), map.inverse().terms(), sw + " inverse");
    }
  }

  @Test
  void asSwizzleFindsTheSwizzleItEquals() {
    SplittableRandom random = new SplittableRandom(3);
    List<Swizzle> all = new ArrayList<>(SwizzleLawsTest.smallSwizzles());
    all.addAll(randomSwizzles(random, 2000));
    for (Swizzle sw : all) {
      Optional<Swizzle> back = XorMap.of(sw).asSwizzle();
      assertTrue(back.isPresent(), sw.toString());
      assertEquals(XorMap.of(sw), XorMap.of(back.get()), sw.toString());
      if (!sw.isIdentity()) {
        assertEquals(sw, back.get());
      }
      if (sw.masksOverlap()) {
        // The inverse of an overlapping swizzle XORs several terms: no swizzle.
        assertFalse(XorMap.of(sw).inverse().asSwizzle().isPresent(), sw + " inverse");
      }
    }
    // Two swizzles composed are no swizzle.
    XorMap two = Swizzle.of(3, 4, 3).xorMap().compose(Swizzle.of(2, 0, 2).xorMap());
    assertFalse(two.asSwizzle().isPresent());
  }

  @Test
  void inBytesIsTheSwizzleInBytes() {
    for (Swizzle sw : SwizzleLawsTest.smallSwizzles()) {
      for (int bytes = 1; bytes <= 16; bytes *= 2) {
        if (sw.atomBits() + Integer.numberOfTrailingZeros(bytes) > 31) {
          continue;
        }
        XorMap map = XorMap.of(sw).inBytes(bytes);
        assertEquals(XorMap.of(sw.inBytes(bytes)), map, sw + " on " + bytes + " bytes");
        for (int e = 0; e < 1 << Math.min(sw.atomBits(), 12); e++) {
          for (int b = 0; b < bytes; b++) {
            assertEquals(sw.apply(e) * bytes + b, map.apply(e * bytes + b), sw + " " + e + "." + b);
          }
        }
      }
    }
    assertThrows(IllegalArgumentException.class,
        () -> Swizzle.of(3, 0, 27).xorMap().inBytes(4));
  }

  @Test
  void tmaModesAreTheirSwizzlesOnBytes() {
    assertEquals(XorMap.IDENTITY, TmaSwizzle.NONE.byteMap());
    assertEquals(XorMap.of(Swizzle.of(1, 4, 3)), TmaSwizzle.SWIZZLE_32B.byteMap());
    assertEquals(XorMap.of(Swizzle.of(2, 4, 3)), TmaSwizzle.SWIZZLE_64B.byteMap());
    assertEquals(XorMap.of(Swizzle.of(3, 4, 3)), TmaSwizzle.SWIZZLE_128B.byteMap());
    for (TmaSwizzle mode : TmaSwizzle.values()) {
      assertEquals(Optional.of(mode), TmaSwizzle.of(mode.byteMap()));
      // Element by element: the map is the byte swizzle on every byte of its repeat, where the
      // mode is one swizzle (every mode but the FLIP one).
      mode.byteSwizzle().ifPresent(swizzle -> {
        for (int b = 0; b < 2 * mode.alignmentBytes(); b++) {
          assertEquals(swizzle.apply(b), mode.byteMap().apply(b), mode + " at " + b);
        }
      });
    }
    assertEquals(Optional.of(TmaSwizzle.NONE), TmaSwizzle.of(Swizzle.of(0, 5, 0)));
    assertEquals(Optional.empty(), TmaSwizzle.of(Swizzle.of(3, 3, 3).xorMap()));
  }

  /** A random invertible map: the identity with random bits added to random others. */
  static XorMap randomMap(SplittableRandom random, int n) {
    int[] images = new int[n];
    for (int j = 0; j < n; j++) {
      images[j] = 1 << j;
    }
    for (int step = 0; step < 3 * n; step++) {
      int from = random.nextInt(n);
      int to = random.nextInt(n);
      if (from == to) {
        int other = random.nextInt(n);
        int swap = images[from];
        images[from] = images[other];
        images[other] = swap;
      } else {
        images[to] ^= images[from];
      }
    }
    return XorMap.ofImages(images);
  }

  /** The terms, evaluated as a code printer prints them: {@code o ^ ((o & m) >> s) ^ ...}. */
  private static int evaluateTerms(List<XorTerm> terms, int o) {
    int value = o;
    for (XorTerm term : terms) {
      value ^= term.shift() >= 0 ? (o & term.mask()) >>> term.shift()
          : (o & term.mask()) << -term.shift();
    }
    return value;
  }

  /** The map's own definition, kept as the oracle: the XOR of the images of the set bits. */
  private static int byImages(XorMap map, int o) {
    int value = 0;
    for (int j = 0; j < 31; j++) {
      if (((o >>> j) & 1) != 0) {
        value ^= map.image(j);
      }
    }
    return value;
  }

  @Test
  void generalMapsInvertComposeAndPrintAsTheirTerms() {
    SplittableRandom random = new SplittableRandom(11);
    for (int t = 0; t < 3000; t++) {
      int n = 1 + random.nextInt(31);
      XorMap map = randomMap(random, n);
      XorMap other = randomMap(random, 1 + random.nextInt(31));
      XorMap inverse = map.inverse();
      assertEquals(XorMap.IDENTITY, map.compose(inverse));
      assertEquals(XorMap.IDENTITY, inverse.compose(map));
      assertEquals(map, inverse.inverse());
      assertEquals(map, XorMap.ofImages(map.images()));
      assertEquals(map.hashCode(), XorMap.ofImages(map.images()).hashCode());
      for (int k = 0; k < 50; k++) {
        int o = random.nextInt() & Integer.MAX_VALUE;
        assertEquals(byImages(map, o), map.apply(o));
        assertEquals(map.apply(o), evaluateTerms(map.terms(), o), map.toString());
        assertEquals(o, inverse.apply(map.apply(o)));
        assertEquals(map.apply(other.apply(o)), map.compose(other).apply(o));
      }
      for (XorTerm term : map.terms()) {
        assertTrue(term.mask() != 0);
      }
      if (map.span() <= 10) {
        for (int o = 0; o < 1 << map.span(); o++) {
          assertTrue(map.apply(o) < 1 << map.span());
        }
        int high = 1 << map.span();
        assertEquals(high, map.apply(high));
      }
    }
  }

  @Test
  void aMapThatClearsABitPrintsTheClearingTermWithoutAShift() {
    // Bit 0 goes to bit 1 and bit 1 to bit 0: o ^ (o & 3) ^ ((o & 1) << 1) ^ ((o & 2) >> 1).
    XorMap swap = XorMap.ofImages(2, 1);
    assertEquals(List.of(new XorTerm(3, 0), new XorTerm(2, 1), new XorTerm(1, -1)), swap.terms());
    for (int o = 0; o < 8; o++) {
      assertEquals(evaluateTerms(swap.terms(), o), swap.apply(o));
    }
    assertEquals("o ^ (o & 0x3) ^ ((o & 0x2) >> 1) ^ ((o & 0x1) << 1)", swap.toString());
    assertEquals(Optional.empty(), swap.asSwizzle());
  }

  @Test
  void rejectsWhatIsNoInvertibleMap() {
    assertThrows(IllegalArgumentException.class, () -> XorMap.ofImages(1, 1));
    assertThrows(IllegalArgumentException.class, () -> XorMap.ofImages(0b10));
    assertThrows(IllegalArgumentException.class, () -> XorMap.ofImages(1 << 31));
    assertEquals(XorMap.IDENTITY, XorMap.ofImages(1, 2, 4));
  }

  @Test
  void subspacesAndLowBits() {
    XorMap sw333 = Swizzle.of(3, 3, 3).xorMap();
    assertTrue(sw333.preserves(0x3f << 3));
    assertTrue(sw333.preserves(0x1ff));
    assertTrue(sw333.preserves(0xff));
    assertFalse(sw333.preserves(0x1c0));
    assertTrue(sw333.keepsLowBits(3));
    assertFalse(sw333.keepsLowBits(4));
    assertEquals(9, sw333.span());
    assertEquals(6, sw333.writtenBits());
    assertEquals(6, sw333.lowestBitRead());
    // Swizzle<2,1,-4> reads bit 1 into bit 5: runs of 4 break, runs of 2 stay.
    XorMap up = Swizzle.of(2, 1, -4).xorMap();
    assertTrue(up.keepsLowBits(1));
    assertFalse(up.keepsLowBits(2));
  }

  /** Random valid swizzles (overlapping masks included) with B <= 15, M <= 20, |S| <= 20. */
  static List<Swizzle> randomSwizzles(SplittableRandom random, int count) {
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
}
