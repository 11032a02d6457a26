package dev.swizzlegen.processor.emit;

import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;

/**
 * A swizzle's masks in words for the generated comments: its bits as CuTe draws them, what is XORed
 * into what, how its inverse is computed; and a tile's swizzle as a diagram or as the index
 * functions' expressions, which the header and the helper show.
 */
public final class SwizzleMasks {
  private SwizzleMasks() {}

  /**
   * The offset's bits from the highest one the swizzle touches down, CuTe style: {@code Y} read,
   * {@code Z} flipped, {@code #} both, {@code x} kept ({@code "...YYYZZZxxx"} for {@code <3,3,3>}).
   */
  static String bitDiagram(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "...x";
    }
    int top = 31 - Integer.numberOfLeadingZeros(swizzle.yyyMask() | swizzle.zzzMask());
    StringBuilder diagram = new StringBuilder("...");
    for (int bit = top; bit >= 0; bit--) {
      boolean y = ((swizzle.yyyMask() >>> bit) & 1) != 0;
      boolean z = ((swizzle.zzzMask() >>> bit) & 1) != 0;
      diagram.append(y && z ? '#' : y ? 'Y' : z ? 'Z' : 'x');
    }
    return diagram.toString();
  }

  /**
   * One line saying what moves: {@code "YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)"}.
   */
  static String masks(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "B = 0: no bits move, the identity";
    }
    String masks = "YYY = " + bits(swizzle.yyyMask()) + " is XORed into ZZZ = "
        + bits(swizzle.zzzMask());
    return swizzle.masksOverlap() ? masks + "; the masks overlap" : masks;
  }

  /** How the inverse is computed, in words: {@code "the swizzle is its own inverse"}. */
  static String inverse(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "the identity";
    }
    if (!swizzle.masksOverlap()) {
      // Masks apart: applying the swizzle twice gives the offset back.
      return "the swizzle is its own inverse";
    }
    return "the masks overlap, so the inverse XORs " + swizzle.inverseTerms().size()
        + " terms, N + N^2 + ... over GF(2)";
  }

  /** {@code 0x1c0 (bits 6..8)}. */
  private static String bits(int mask) {
    int low = Integer.numberOfTrailingZeros(mask);
    int high = 31 - Integer.numberOfLeadingZeros(mask);
    return "0x" + Integer.toHexString(mask) + " (" + (low == high ? "bit " + low
        : "bits " + low + ".." + high) + ")";
  }

  /**
   * The bit diagram and masks of the swizzle of the offset; where the map's word is not the offset,
   * {@code offset(row, col)} and what it calls with the tile's numbers in, by {@code printer}.
   */
  public static List<String> diagram(TileLayout layout, ExprPrinter printer) {
    if (!layout.readsTheOffset()) {
      List<IndexFunction> functions = TileFunctions.of(layout);
      // offset(row, col) first, then what it calls before it is defined (rowXor(row)).
      IndexFunction offset = functions.stream()
          .filter(f -> f.name().equals("offset") && f.parameters().size() == 2).findFirst()
          .orElseThrow();
      List<IndexFunction> shown = new ArrayList<>(List.of(offset));
      shown.addAll(functions.subList(0, functions.indexOf(offset)));
      int width = shown.stream().mapToInt(f -> f.call(printer).length()).max().orElseThrow();
      return shown.stream().map(f -> f.call(printer) + " ".repeat(width - f.call(printer).length())
          + " = " + printer.withValues().print(f.body())).toList();
    }
    return layout.offsetSwizzle()
        .map(swizzle -> List.of("offset bits  " + bitDiagram(swizzle),
            masks(swizzle)))
        // A general XOR map is its formula, which the line naming the layout already gives.
        .orElseGet(List::of);
  }
}
