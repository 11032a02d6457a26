package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;

/**
 * The words and expressions both writers use to describe a tile's swizzle, in either
 * {@link SwizzleForm}, so that the Java helper and the CUDA header say the same thing.
 */
final class SwizzleText {
  private SwizzleText() {}

  /**
   * The row-form XOR as an expression of {@code row}, constants folded:
   * {@code ((row >>> 1) & 0x3) << 4} in Java, {@code ((row >> 1) & 0x3u) << 4} in CUDA.
   */
  static String rowXorExpression(TileLayout layout, String row, boolean cuda) {
    String shiftRight = cuda ? ">>" : ">>>";
    Swizzle swizzle = layout.swizzle();
    if (swizzle.bits() == 0) {
      return "0";
    }
    int rowShift = swizzle.shift() - swizzle.bits();
    String shifted = rowShift == 0 ? row : "(" + row + " " + shiftRight + " " + rowShift + ")";
    String masked = "(" + shifted + " & " + Swizzle.hex((1 << swizzle.bits()) - 1)
        + (cuda ? "u" : "") + ")";
    return swizzle.base() == 0 ? masked : masked + " << " + swizzle.base();
  }

  /** {@code ((row >> (S - B)) & (2^B - 1)) << M} with the numbers in, for comments. */
  static String rowXorFormula(TileLayout layout) {
    Swizzle swizzle = layout.swizzle();
    return "((row >> " + (swizzle.shift() - swizzle.bits()) + ") & " + ((1 << swizzle.bits()) - 1)
        + ") << " + swizzle.base() + " (Triton's vec = " + (1 << swizzle.base()) + ", perPhase = "
        + (1 << (swizzle.shift() - swizzle.bits())) + ", maxPhase = " + (1 << swizzle.bits()) + ")";
  }

  /**
   * What the swizzle acts on, after its name: {@code "on element offsets (Swizzle<3,4,3> on bytes,
   * TMA mode CU_TENSOR_MAP_SWIZZLE_128B)"}, or for the row form {@code "within each row: its 8 x
   * 64-element pattern repeated along the row, rows 192 elements apart"}.
   */
  static String actsOn(TileLayout layout) {
    if (layout.form() == SwizzleForm.ROW) {
      Swizzle swizzle = layout.swizzle();
      return "within each row: its " + (1 << swizzle.shift()) + " x "
          + (1 << (swizzle.base() + swizzle.bits())) + "-element pattern repeated along the row,"
          + " rows " + layout.rowStride() + " elements apart";
    }
    return "on element offsets (" + layout.byteSwizzle().orElseThrow() + " on bytes"
        + layout.tmaSwizzle().map(mode -> ", TMA mode " + mode.cudaName()).orElse("") + ")";
  }

  /** Words of {@code text} in lines of at most {@code width} characters. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() > 0 ? " " : "").append(word);
    }
    lines.add(line.toString());
    return lines;
  }

  /** The bit diagram and mask summary lines, or the row form's formula. */
  static List<String> diagram(TileLayout layout) {
    Swizzle swizzle = layout.swizzle();
    if (layout.form() == SwizzleForm.ROW) {
      return List.of(
          "offset(row, col) = row * " + layout.rowStride() + " + (col ^ rowXor(row))",
          "rowXor(row)      = " + rowXorFormula(layout));
    }
    return List.of("offset bits  " + swizzle.bitDiagram(), swizzle.maskSummary());
  }
}
