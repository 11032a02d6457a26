package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.swizzle.Swizzle;
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
 * </pre>
 *
 * <p>In order: the element type, {@code rows x cols}, {@code pitch} (the row stride, when it is not
 * {@code cols}), the swizzle (acting within each row: {@code per row}), {@code atoms} with their order
 * (unless the tile is one atom in the default order), {@code stages} (when more than one), the alignment in bytes.
 */
final class LayoutText {
  private static final Pattern LINE = Pattern.compile(
      "(?<dtype>\\w+) (?<rows>\\d+)x(?<cols>\\d+)(?: pitch (?<pitch>\\d+))?"
          + " Swizzle<(?<bits>-?\\d+),(?<base>-?\\d+),(?<shift>-?\\d+)>(?<row> per row)?"
          + "(?: atoms (?<atomRows>\\d+)x(?<atomCols>\\d+) (?<order>col-major|row-major))?"
          + "(?: stages (?<stages>\\d+))? aligned (?<alignment>\\d+)");

  private LayoutText() {}

  static String format(TileLayout layout) {
    Swizzle swizzle = layout.swizzle();
    StringBuilder text = new StringBuilder()
        .append(layout.dtype()).append(' ').append(layout.rows()).append('x').append(layout.cols());
    if (layout.rowStride() != layout.cols()) {
      text.append(" pitch ").append(layout.rowStride());
    }
    text.append(' ').append(swizzle);
    if (layout.swizzlesWithinEachRow()) {
      text.append(" per row");
    }
    if (!layout.isOneAtom() || layout.atomOrder() != Order.COL_MAJOR) {
      text.append(" atoms ").append(layout.atomRows()).append('x').append(layout.atomCols())
          .append(layout.atomOrder() == Order.COL_MAJOR ? " col-major" : " row-major");
    }
    if (layout.stages() > 1) {
      text.append(" stages ").append(layout.stages());
    }
    return text.append(" aligned ").append(layout.alignment()).toString();
  }

  /** The layout {@code text} names; throws {@link IllegalArgumentException} for any other text. */
  static TileLayout parse(String text) {
    Matcher line = LINE.matcher(text);
    if (!line.matches()) {
      throw new IllegalArgumentException("not a tile layout: " + text);
    }
    int bits = Integer.parseInt(line.group("bits"));
    int base = Integer.parseInt(line.group("base"));
    int shift = Integer.parseInt(line.group("shift"));
    Swizzle swizzle = Math.abs(shift) < bits
        ? Swizzle.overlapping(bits, base, shift)
        : Swizzle.of(bits, base, shift);
    TileLayout.Builder builder = TileLayout.builder(DType.valueOf(line.group("dtype")), swizzle,
            Integer.parseInt(line.group("rows")), Integer.parseInt(line.group("cols")))
        .alignment(Integer.parseInt(line.group("alignment")));
    if (line.group("pitch") != null) {
      builder.rowStride(Integer.parseInt(line.group("pitch")));
    }
    builder.swizzleWithinEachRow(line.group("row") != null);
    if (line.group("atomRows") != null) {
      builder.atom(Integer.parseInt(line.group("atomRows")), Integer.parseInt(line.group("atomCols")),
          line.group("order").equals("col-major") ? Order.COL_MAJOR : Order.ROW_MAJOR);
    }
    if (line.group("stages") != null) {
      builder.stages(Integer.parseInt(line.group("stages")));
    }
    return builder.build();
  }
}
