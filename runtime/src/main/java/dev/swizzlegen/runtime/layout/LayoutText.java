package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tile layout as one line of text, and back: how a generated helper spells its {@code LAYOUT}, so
 * that compiled helpers depend on {@link TileLayout#parse} alone, not on the builder, the element types
 * and the swizzle's factories (issue 19). {@code parse(format(layout))} equals {@code layout} for every
 * valid layout.
 *
 * <pre>
 *   HALF 128x128 Swizzle&lt;3,3,3&gt; atoms 8x64 col-major stages 3 aligned 1024
 *   HALF 16x64 pitch 72 Swizzle&lt;0,0,0&gt; aligned 16
 *   HALF 8x192 Swizzle&lt;3,3,3&gt; per row aligned 128
 *   HALF 128x96 Swizzle&lt;2,3,2&gt; per row of 192 atoms 2x32 row-major aligned 128
 *   HALF 64x64 map o ^ ((o &amp; 0x30) &gt;&gt; 2) ^ ((o &amp; 0x40) &gt;&gt; 4) aligned 512
 *   HALF 8x64 Swizzle&lt;3,3,3&gt; stages 2 stride 1024 aligned 128
 * </pre>
 *
 * <p>In order: the element type, {@code rows x cols}, {@code pitch} (the row stride, when it is not
 * {@code cols}), the swizzle (acting within each row: {@code per row}; within rows of a stage's
 * plain offsets, {@link TileLayout#swizzleRow()}: {@code per row of} their elements), or for a tile declared by an
 * XOR map that no swizzle is, {@code map} and the map's terms as {@link XorMap#toString()} writes
 * them, {@code atoms} with their order
 * (unless the tile is one atom in the default order), {@code stages} (when more than one),
 * {@code stride} (the stage stride, when it is not {@code rows x pitch}), the alignment in bytes.
 */
final class LayoutText {
  private static final Pattern LINE = Pattern.compile(
      "(?<dtype>\\w+) (?<rows>\\d+)x(?<cols>\\d+)(?: pitch (?<pitch>\\d+))?"
          + " (?:Swizzle<(?<bits>-?\\d+),(?<base>-?\\d+),(?<shift>-?\\d+)>"
          + "(?<row> per row(?: of (?<rowElements>\\d+))?)?"
          + "|map (?<map>o(?: \\^ (?:\\(\\(o & 0x[0-9a-f]+\\) (?:>>|<<) \\d+\\)"
          + "|\\(o & 0x[0-9a-f]+\\)))*))"
          + "(?: atoms (?<atomRows>\\d+)x(?<atomCols>\\d+) (?<order>col-major|row-major))?"
          + "(?: stages (?<stages>\\d+))?(?: stride (?<stride>\\d+))? aligned (?<alignment>\\d+)");

  /** One term of a map, as {@link XorMap#toString()} writes it. */
  private static final Pattern TERM =
      Pattern.compile("\\(\\(o & 0x(?<mask>[0-9a-f]+)\\) (?<direction>>>|<<) (?<shift>\\d+)\\)"
          + "|\\(o & 0x(?<cleared>[0-9a-f]+)\\)");

  private LayoutText() {}

  static String format(TileLayout layout) {
    StringBuilder text = new StringBuilder()
        .append(layout.dtype()).append(' ').append(layout.rows()).append('x').append(layout.cols());
    if (layout.rowStride() != layout.cols()) {
      text.append(" pitch ").append(layout.rowStride());
    }
    text.append(' ').append(layout.hasSwizzle() ? layout.swizzle() : "map " + layout.inner());
    if (layout.swizzlesWithinEachRow()) {
      text.append(" per row");
      if (layout.swizzleRow() > 0) {
        text.append(" of ").append(layout.swizzleRow());
      }
    }
    if (!layout.isOneAtom() || layout.atomOrder() != Order.COL_MAJOR) {
      text.append(" atoms ").append(layout.atomRows()).append('x').append(layout.atomCols())
          .append(layout.atomOrder() == Order.COL_MAJOR ? " col-major" : " row-major");
    }
    if (layout.stages() > 1) {
      text.append(" stages ").append(layout.stages());
    }
    if (layout.strided().stagesApart()) {
      text.append(" stride ").append(layout.stageStride());
    }
    return text.append(" aligned ").append(layout.alignment()).toString();
  }

  /** The layout {@code text} names; throws {@link IllegalArgumentException} for any other text. */
  static TileLayout parse(String text) {
    Matcher line = LINE.matcher(text);
    if (!line.matches()) {
      throw new IllegalArgumentException("not a tile layout: " + text);
    }
    DType dtype = DType.valueOf(line.group("dtype"));
    int rows = Integer.parseInt(line.group("rows"));
    int cols = Integer.parseInt(line.group("cols"));
    TileDescription builder;
    if (line.group("map") != null) {
      builder = TileLayout.builder(dtype, map(line.group("map")), rows, cols);
    } else {
      int bits = Integer.parseInt(line.group("bits"));
      int base = Integer.parseInt(line.group("base"));
      int shift = Integer.parseInt(line.group("shift"));
      Swizzle swizzle = Math.abs(shift) < bits
          ? Swizzle.overlapping(bits, base, shift)
          : Swizzle.of(bits, base, shift);
      builder = TileLayout.builder(dtype, swizzle, rows, cols)
          .swizzleWithinEachRow(line.group("row") != null);
      if (line.group("rowElements") != null) {
        builder.swizzleRow(Integer.parseInt(line.group("rowElements")));
      }
    }
    builder.alignment(Integer.parseInt(line.group("alignment")));
    if (line.group("pitch") != null) {
      builder.rowStride(Integer.parseInt(line.group("pitch")));
    }
    if (line.group("atomRows") != null) {
      builder.atom(Integer.parseInt(line.group("atomRows")), Integer.parseInt(line.group("atomCols")),
          line.group("order").equals("col-major") ? Order.COL_MAJOR : Order.ROW_MAJOR);
    }
    if (line.group("stages") != null) {
      builder.stages(Integer.parseInt(line.group("stages")));
    }
    if (line.group("stride") != null) {
      builder.stageStride(Integer.parseInt(line.group("stride")));
    }
    return builder.build();
  }

  /**
   * The map whose terms {@code text} lists ({@code "o ^ ((o & 0x30) >> 2) ^ ..."}): each bit's image
   * is the bit XORed with every term of it. Throws {@link IllegalArgumentException} for terms that
   * make no invertible map of offsets.
   */
  private static XorMap map(String text) {
    List<XorTerm> terms = new ArrayList<>();
    Matcher term = TERM.matcher(text);
    while (term.find()) {
      // A term of shift 0, (o & m), clears the bits under its mask.
      boolean cleared = term.group("cleared") != null;
      long mask = Long.parseLong(cleared ? term.group("cleared") : term.group("mask"), 16);
      int shift = cleared ? 0 : Integer.parseInt(term.group("shift"));
      if (mask > Integer.MAX_VALUE || shift >= XorMap.OFFSET_BITS) {
        throw new IllegalArgumentException("not a term of an XOR map of offsets: " + term.group());
      }
      terms.add(new XorTerm((int) mask, cleared || term.group("direction").equals(">>") ? shift
          : -shift));
    }
    int[] images = new int[XorMap.OFFSET_BITS];
    for (int bit = 0; bit < images.length; bit++) {
      long image = 1L << bit;
      for (XorTerm each : terms) {
        long selected = (1L << bit) & each.mask();
        image ^= each.shift() >= 0 ? selected >>> each.shift() : selected << -each.shift();
      }
      images[bit] = (int) image;
      if (image != images[bit]) {
        throw new IllegalArgumentException("a term of " + text + " moves bit " + bit
            + " past an offset");
      }
    }
    return XorMap.ofImages(images);
  }
}
