package dev.swizzlegen.runtime.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 001 prints the linear layout of each swizzle it derives; ours must equal them. */
class BitMatrixTest {

  private static List<String> rows(String... bitRows) {
    return Arrays.stream(bitRows).map(r -> String.join(" ", r.split(""))).toList();
  }

  @Test
  void seed001Swizzle303() {
    assertEquals(rows("100100", "010010", "001001", "000100", "000010", "000001"),
        Swizzle.of(3, 0, 3).matrix(6).rows());
  }

  @Test
  void seed001Swizzle305() {
    assertEquals(
        rows("10000100", "01000010", "00100001", "00010000", "00001000", "00000100", "00000010",
            "00000001"),
        Swizzle.of(3, 0, 5).matrix(8).rows());
  }

  /**
   * Seed 001 writes this layout's formula as {@code p ^ ((p & (7 << 2)) >> 3)}, but its matrix (and
   * Swizzle<3,0,2>) shift by 2; the matrix is right.
   */
  @Test
  void seed001Swizzle302WithOverlap() {
    assertEquals(rows("10100", "01010", "00101", "00010", "00001"),
        Swizzle.overlapping(3, 0, 2).matrix(5).rows());
  }

  @Test
  void seed001Swizzle203() {
    assertEquals(rows("10010", "01001", "00100", "00010", "00001"),
        Swizzle.of(2, 0, 3).matrix(5).rows());
  }

  @Test
  void seed001Swizzle212() {
    assertEquals(rows("100000", "010100", "001010", "000100", "000010", "000001"),
        Swizzle.of(2, 1, 2).matrix(6).rows());
  }

  @Test
  void seed001Swizzle213() {
    assertEquals(rows("100000", "010010", "001001", "000100", "000010", "000001"),
        Swizzle.of(2, 1, 3).matrix(6).rows());
  }

  @Test
  void applyAgreesWithTheFunction() {
    Swizzle sw = Swizzle.overlapping(3, 1, -2);
    BitMatrix m = sw.matrix(12);
    for (int o = 0; o < 1 << 12; o++) {
      assertEquals(sw.apply(o), m.apply(o));
    }
  }

  @Test
  void rankCountsIndependentColumns() {
    assertEquals(3, BitMatrix.ofLinear(4, x -> x & 0b0111).rank());
    assertEquals(1, BitMatrix.ofLinear(3, x -> Integer.bitCount(x) & 1).rank());
    assertEquals(0, BitMatrix.ofLinear(5, x -> 0).rank());
  }
}
