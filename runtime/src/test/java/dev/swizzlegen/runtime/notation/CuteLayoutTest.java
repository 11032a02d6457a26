package dev.swizzlegen.runtime.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CuTe's notation: what CuTe prints parses, prints back as CuTe prints it, and evaluates as CuTe's
 * layouts do (colexicographic coordinates, the offset and the swizzle after the strided part); text
 * that is no layout is an error at the character at fault.
 */
class CuteLayoutTest {

  @Test
  void readsWhatCutePrintsWithOrWithoutUnderscores() {
    CuteLayout sgemm = CuteLayout.parse("Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))");
    assertEquals(CuteLayout.parse("Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))"), sgemm);
    assertEquals(CuteLayout.parse("  Sw<3,3,3>o(8, (8, 8)) : (8, (1, 64)) "), sgemm);
    assertEquals("Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))", sgemm.toString());
    assertEquals(2, sgemm.rank());
    assertEquals(512, sgemm.size());
    assertEquals(8, sgemm.size(0));
    assertEquals(64, sgemm.size(1));
    assertEquals(Swizzle.of(3, 3, 3), sgemm.swizzle().orElseThrow());
    assertEquals("_32:_1", CuteLayout.parse("32:1").toString());
    assertEquals(1, CuteLayout.parse("_32:_1").rank());
    assertEquals("(_2,_16):(_0,_32)", CuteLayout.parse("(2,16):(0,32)").toString());
    // A GMMA atom prints its swizzle on bytes, with the element's bits: the same on elements.
    assertEquals(CuteLayout.parse("Sw<3,3,3> o _0 o (_64,_8):(_1,_64)"),
        CuteLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)"));
    assertEquals(CuteLayout.parse("Sw<3,4,3> o _0 o (_8,_128):(_128,_1)"),
        CuteLayout.parse("Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)"));
    assertEquals(CuteLayout.parse("Sw<3,2,3> o _0 o (_8,_32):(_32,_1)"),
        CuteLayout.parse("Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)"));
  }

  /**
   * The sgemm atom's values by hand: (row r, col c = c0 + 8 c1) is at Sw<3,3,3>(8 r + c0 + 64 c1),
   * the swizzle XORing bits 6..8 into bits 3..5.
   */
  @Test
  void evaluatesCoordinatesColexicographicallyThroughTheSwizzle() {
    CuteLayout sgemm = CuteLayout.parse("Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))");
    Swizzle swizzle = Swizzle.of(3, 3, 3);
    for (int r = 0; r < 8; r++) {
      for (int c = 0; c < 64; c++) {
        int expected = swizzle.apply(8 * r + c % 8 + 64 * (c / 8));
        assertEquals(expected, sgemm.apply(r, c));
        assertEquals(expected, sgemm.apply(r + 8 * c));
      }
    }
    CuteLayout column = CuteLayout.parse("(_4,(_2,_3)):(_1,(_40,_4))");
    // Column 5 of a (2,3) mode is (5 % 2, 5 / 2) = (1, 2).
    assertEquals(1 + 1 * 40 + 2 * 4, column.apply(1, 5));
  }

  /** Printing and parsing again gives an equal layout that takes every coordinate to the same offset. */
  /**
   * docs/import.md's translation of Triton's shared layout: {@code swizzled_shared<{vec, perPhase,
   * maxPhase, order = [1, 0]}>} on rows of {@code cols} elements is {@code Sw<log2 maxPhase, log2 vec,
   * log2(cols * perPhase / vec)>} on the row-major tile, equal to Triton's own formula (the row's
   * vector index XOR {@code (row / perPhase) % maxPhase}) on every element.
   */
  @Test
  void tritonsSwizzledSharedLayoutIsTheSwizzleTheDocsTranslateItTo() {
    int tiles = 0;
    for (int cols = 16; cols <= 256; cols *= 2) {
      for (int vec = 1; vec <= 16; vec *= 2) {
        for (int perPhase = 1; perPhase <= 8; perPhase *= 2) {
          for (int maxPhase = 1; maxPhase <= 8 && vec * maxPhase <= cols; maxPhase *= 2) {
            int b = Integer.numberOfTrailingZeros(maxPhase);
            int m = Integer.numberOfTrailingZeros(vec);
            int s = Integer.numberOfTrailingZeros(cols * perPhase / vec);
            if (s < b) {
              continue;
            }
            int rows = 64;
            String text = "Sw<" + b + "," + m + "," + s + "> o _0 o (_" + rows + ",_" + cols + "):(_"
                + cols + ",_1)";
            CuteLayout layout = CuteLayout.parse(text);
            for (int row = 0; row < rows; row++) {
              for (int col = 0; col < cols; col++) {
                int triton = row * cols + ((col / vec) ^ (row / perPhase) % maxPhase) * vec + col % vec;
                assertEquals(triton, layout.apply(row, col), text + " at " + row + ", " + col);
              }
            }
            tiles++;
          }
        }
      }
    }
    assertEquals(360, tiles);
  }

  @Test
  void printedLayoutsParseBackToTheSameFunction() {
    Random random = new Random(21);
    for (int trial = 0; trial < 500; trial++) {
      String text = randomLayout(random);
      CuteLayout layout = CuteLayout.parse(text);
      CuteLayout again = CuteLayout.parse(layout.toString());
      assertEquals(layout, again, text);
      assertEquals(layout.toString(), again.toString());
      for (int i = 0; i < layout.size(); i++) {
        assertEquals(layout.apply(i), again.apply(i), text);
      }
    }
  }

  private static String randomLayout(Random random) {
    StringBuilder shape = new StringBuilder();
    StringBuilder stride = new StringBuilder();
    tuple(random, 0, shape, stride);
    String swizzle = random.nextBoolean() ? "" : "Sw<" + random.nextInt(4) + ","
        + random.nextInt(4) + "," + (3 + random.nextInt(2)) + "> o " + (random.nextBoolean() ? "_0 o " : "");
    return swizzle + shape + ":" + stride;
  }

  private static void tuple(Random random, int depth, StringBuilder shape, StringBuilder stride) {
    if (depth > 0 && (depth > 2 || random.nextInt(3) > 0)) {
      shape.append(random.nextBoolean() ? "_" : "").append(1 + random.nextInt(4));
      stride.append(random.nextBoolean() ? "_" : "").append(random.nextInt(70));
      return;
    }
    int modes = 1 + random.nextInt(3);
    shape.append('(');
    stride.append('(');
    for (int i = 0; i < modes; i++) {
      if (i > 0) {
        shape.append(',');
        stride.append(',');
      }
      tuple(random, depth + 1, shape, stride);
    }
    shape.append(')');
    stride.append(')');
  }

  /**
   * A digit CuTe never prints, such as the full-width {@code ８} (U+FF18), which {@link Character#isDigit}
   * takes and {@link Integer#parseInt} reads as 8, is no digit of the notation: an error at its
   * character, as {@code ∘} in place of {@code o} is (issue 30.12).
   */
  @Test
  void aNonAsciiDigitIsAnErrorAtItsCharacter() {
    Object[][] cases = {
        {"(_\uFF18,_64):(_64,_1)", 2},
        {"(_6\u0664,_8):(_1,_64)", 3},
        {"Sw<\uFF13,3,3> o _0 o (_8,_64):(_64,_1)", 3},
        {"(_8,_64):(_64,_\u0661)", 15},
        {"Sw<3,3,3> \u2218 (_8,_64):(_64,_1)", 10}};
    for (Object[] each : cases) {
      String text = (String) each[0];
      CuteLayout.SyntaxException e = assertThrows(CuteLayout.SyntaxException.class,
          () -> CuteLayout.parse(text), text);
      assertEquals((int) each[1], e.index(), text + ": " + e.getMessage());
      if (text.indexOf('\u2218') < 0) {
        assertTrue(e.expected().startsWith("an ASCII digit 0-9, not '" + text.charAt(e.index())),
            e.expected());
      }
    }
  }

  /** Each fault names its character (1-based in messages, 0-based here) and what fits there. */
  @Test
  void textThatIsNoLayoutIsAnErrorAtTheCharacterAtFault() {
    List<Object[]> cases = new ArrayList<>(List.of(
        new Object[] {"Sw<3,3> o (8,8):(8,1)", 6, "',' in Sw<B,M,S>"},
        new Object[] {"(8,8):(8,1", 10, "')'"},
        new Object[] {"(8,8):8", 6, "a tuple of 2 strides"},
        new Object[] {"(8,(4,2)):(8,(1,64),3)", 19, "')'"},
        new Object[] {"8:1 x", 4, "the end of the layout"},
        new Object[] {"(8,0):(8,1)", 3, "a positive shape"},
        new Object[] {"(8,8)", 5, "':' between the shape and the stride"},
        new Object[] {"Sw<3,3,1> o (8,8):(8,1)", 0, "a swizzle CuTe accepts"},
        new Object[] {"(8,x):(8,1)", 3, "a shape"},
        new Object[] {"(65536,65536):(1,65536)", 0, "a shape of fewer than 2^31 elements"},
        new Object[] {"", 0, "a shape"}));
    for (Object[] each : cases) {
      CuteLayout.SyntaxException e = assertThrows(CuteLayout.SyntaxException.class,
          () -> CuteLayout.parse((String) each[0]), (String) each[0]);
      assertEquals((int) each[1], e.index(), (String) each[0] + ": " + e.getMessage());
      assertTrue(e.expected().startsWith((String) each[2]), e.expected());
    }
  }
}
