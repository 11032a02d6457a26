package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A layout's one line of text names exactly that layout: {@code parse(format(layout)) == layout}. */
class LayoutTextTest {

  @Test
  void namedLayoutsPrintAsDocumented() {
    TileLayout staged = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .alignment(1024).atom(8, 64, Order.COL_MAJOR).stages(3).build();
    assertEquals("HALF 128x128 Swizzle<3,3,3> atoms 8x64 col-major stages 3 aligned 1024",
        LayoutText.format(staged));
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64)
        .rowStride(72).alignment(16).build();
    assertEquals("HALF 16x64 pitch 72 Swizzle<0,0,0> aligned 16", LayoutText.format(padded));
    TileLayout rowForm = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192)
        .swizzleWithinEachRow(true)
        .rowStride(192).alignment(128).build();
    assertEquals("HALF 8x192 Swizzle<3,3,3> per row aligned 128", LayoutText.format(rowForm));
    for (TileLayout layout : new TileLayout[] {staged, padded, rowForm}) {
      assertEquals(layout, LayoutText.parse(LayoutText.format(layout)));
    }
  }

  /**
   * What generated helpers spell reads back to the same text, swizzles within each row included
   * (seed 001's rows of 24 vectors, a float tile derived within its rows of 96): the text names the
   * layout read off its map and word, as it was written.
   */
  @Test
  void textsReadBackAsWritten() {
    for (String text : List.of(
        "HALF 8x192 Swizzle<3,3,3> per row aligned 128",
        "FLOAT 16x96 Swizzle<3,2,3> per row aligned 128",
        "HALF 4x6 Swizzle<1,1,3> per row aligned 128",
        "HALF 32x64 pitch 72 Swizzle<2,3,3> per row aligned 16",
        "HALF 128x128 Swizzle<3,3,3> atoms 8x64 col-major stages 3 aligned 1024",
        "HALF 16x64 pitch 72 Swizzle<0,0,0> aligned 16")) {
      TileLayout layout = LayoutText.parse(text);
      assertEquals(text, LayoutText.format(layout));
      assertEquals(text.contains("per row"), layout.swizzlesWithinEachRow(), text);
    }
  }

  @Test
  void everyValidLayoutRoundTrips() {
    SplittableRandom random = new SplittableRandom(19);
    int valid = 0;
    for (int i = 0; i < 20_000; i++) {
      Optional<TileLayout> layout = randomLayout(random);
      if (layout.isPresent()) {
        valid++;
        assertEquals(layout.get(), LayoutText.parse(LayoutText.format(layout.get())),
            LayoutText.format(layout.get()));
      }
    }
    assertTrue(valid > 2_000, "only " + valid + " valid layouts");
  }

  @Test
  void otherTextIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> LayoutText.parse("HALF 8x8"));
    assertThrows(IllegalArgumentException.class,
        () -> LayoutText.parse("HALF 8x8 Swizzle<3,3,3> aligned 128 extra"));
  }

  private static Optional<TileLayout> randomLayout(SplittableRandom random) {
    DType dtype = DType.values()[random.nextInt(DType.values().length)];
    int bits = random.nextInt(4);
    int base = random.nextInt(5);
    int shift = random.nextInt(2) == 0 ? bits : bits + random.nextInt(4) - 1;
    Swizzle swizzle;
    try {
      swizzle = Math.abs(shift) < bits ? Swizzle.overlapping(bits, base, shift)
          : Swizzle.of(bits, base, shift);
    } catch (IllegalArgumentException invalid) {
      return Optional.empty();
    }
    int rows = 1 << random.nextInt(8);
    int cols = (random.nextInt(3) + 1) << random.nextInt(8);
    TileDescription builder = TileLayout.builder(dtype, swizzle, rows, cols)
        .alignment(1 << (random.nextInt(6) + 4))
        .stages(random.nextInt(3) + 1);
    switch (random.nextInt(3)) {
      case 0 -> builder.rowStride(cols + random.nextInt(3) * 8);
      case 1 -> builder.atom(Math.max(1, rows >> random.nextInt(3)), Math.max(1, cols >> random.nextInt(3)),
          random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      default -> builder.swizzleWithinEachRow(random.nextBoolean());
    }
    return builder.tryBuild();
  }
}
