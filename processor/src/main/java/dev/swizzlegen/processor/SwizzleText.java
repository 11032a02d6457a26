package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.annotations.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
  static String actsOn(TileSpec tile) {
    TileLayout layout = tile.layout();
    if (layout.form() == SwizzleForm.ROW) {
      Swizzle swizzle = layout.swizzle();
      return "within each row: its " + (1 << swizzle.shift()) + " x "
          + (1 << (swizzle.base() + swizzle.bits())) + "-element pattern repeated along the row,"
          + " rows " + layout.rowStride() + " elements apart";
    }
    String atoms = layout.isOneAtom() ? "" : " within each " + layout.atomShape() + " atom";
    return "on element offsets" + atoms + " (" + layout.byteSwizzle().orElseThrow() + " on bytes"
        + tile.tmaWhenAligned().map(fill -> ", TMA mode " + fill.mode().cudaName()
            + (layout.alignment() < fill.mode().alignmentBytes()
                ? " from a " + fill.mode().alignmentBytes() + "-byte aligned base" : ""))
            .orElse("") + ")";
  }

  /** A generated constant: {@code kAtomCols} in CUDA, {@code ATOM_COLS} in Java, from {@code "AtomCols"}. */
  static String constant(String name, boolean cuda) {
    return cuda ? "k" + name : name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }

  /** A generated function: {@code atom_start} in CUDA, {@code atomStart} in Java, from {@code "atomStart"}. */
  static String function(String name, boolean cuda) {
    return cuda ? name.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT) : name;
  }

  /** The constant holding the elements between an atom's row starts. */
  private static String atomRowStride(TileLayout layout, boolean cuda) {
    return constant(layout.atomCols() == layout.cols() ? "RowStride" : "AtomCols", cuda);
  }

  /**
   * The element offset of the first element of the atom holding (row, col), for a tile of several
   * atoms: {@code ((col / kAtomCols) * (kRows / kAtomRows) + row / kAtomRows) * kAtomElements} when
   * atoms are numbered down the rows first.
   */
  static String atomStartExpression(TileLayout layout, boolean cuda) {
    String atomRow = "row / " + constant("AtomRows", cuda);
    String atomCol = "col / " + constant("AtomCols", cuda);
    String number = layout.atomOrder() == Order.COL_MAJOR
        ? "(" + atomCol + ") * " + atomsDown(cuda) + " + " + atomRow
        : "(" + atomRow + ") * " + atomsAcross(cuda) + " + " + atomCol;
    return "(" + number + ") * " + constant("AtomElements", cuda);
  }

  /** Atoms down the rows, as constants: {@code (kRows / kAtomRows)}. */
  private static String atomsDown(boolean cuda) {
    return "(" + constant("Rows", cuda) + " / " + constant("AtomRows", cuda) + ")";
  }

  /** Atoms across the columns, as constants: {@code (kCols / kAtomCols)}. */
  private static String atomsAcross(boolean cuda) {
    return "(" + constant("Cols", cuda) + " / " + constant("AtomCols", cuda) + ")";
  }

  /**
   * offset(row, col) of a tile of several atoms: the atom's start plus the swizzled row-major offset
   * within the atom.
   */
  static String atomOffsetExpression(TileLayout layout, boolean cuda) {
    return function("atomStart", cuda) + "(row, col) + swizzle((row % "
        + constant("AtomRows", cuda) + ") * " + atomRowStride(layout, cuda) + " + col % "
        + constant("AtomCols", cuda) + ")";
  }

  /**
   * row(offset) or col(offset) of a tile of several atoms, for an offset in any stage: the atom's
   * place in the grid of atoms, plus the row or column within the atom, unswizzled.
   */
  static String atomInverseExpression(TileLayout layout, boolean row, boolean cuda) {
    String atom = "offset / " + constant("AtomElements", cuda);
    boolean colMajor = layout.atomOrder() == Order.COL_MAJOR;
    String place;
    if (row) {
      place = colMajor
          ? atom + " % " + atomsDown(cuda)
          : atom + " / " + atomsAcross(cuda) + " % " + atomsDown(cuda);
    } else {
      place = colMajor
          ? atom + " / " + atomsDown(cuda) + " % " + atomsAcross(cuda)
          : atom + " % " + atomsAcross(cuda);
    }
    String within = "unswizzle(offset % " + constant("AtomElements", cuda) + ")"
        + (row ? " / " : " % ") + atomRowStride(layout, cuda);
    return "(" + place + ") * " + constant(row ? "AtomRows" : "AtomCols", cuda) + " + " + within;
  }

  /**
   * The atom and its place in the tile, for comments: the atom's shape and numbering, then a map of
   * atom numbers by row and column block (cut to its corners when large); empty for a one-atom tile.
   */
  static List<String> atomMap(TileLayout layout) {
    if (layout.isOneAtom()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    lines.add(layout.swizzleName() + " on " + layout.atomShape() + " atoms of "
        + layout.atomElements() + " elements (" + layout.atomElements() * layout.elementBytes()
        + " bytes), " + layout.atomsDown() + " down x " + layout.atomsAcross() + " across, numbered "
        + (layout.atomOrder() == Order.COL_MAJOR
            ? "down the rows first (column-major, CuTe's tile_to_shape):"
            : "across the columns first (row-major):"));
    List<Integer> shownRows = corners(layout.atomsDown());
    List<Integer> shownCols = corners(layout.atomsAcross());
    int labelWidth = ("rows " + (layout.rows() - layout.atomRows()) + ".." + (layout.rows() - 1))
        .length();
    StringBuilder header = new StringBuilder(" ".repeat(labelWidth));
    List<String> colLabels = new ArrayList<>();
    for (int j : shownCols) {
      colLabels.add(j < 0 ? "..." : "cols " + j * layout.atomCols() + ".."
          + ((j + 1) * layout.atomCols() - 1));
    }
    int cellWidth = colLabels.stream().mapToInt(String::length).max().orElse(3) + 2;
    for (String label : colLabels) {
      header.append(pad(label, cellWidth));
    }
    lines.add(header.toString());
    for (int i : shownRows) {
      StringBuilder line = new StringBuilder(i < 0 ? pad("...", -labelWidth)
          : pad("rows " + i * layout.atomRows() + ".." + ((i + 1) * layout.atomRows() - 1),
              -labelWidth));
      for (int j : shownCols) {
        line.append(pad(i < 0 || j < 0 ? "..." : String.valueOf(layout.atomNumber(i, j)),
            cellWidth));
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  /** 0..n-1, or its first three and last one with -1 for the elided middle when n is above 5. */
  private static List<Integer> corners(int n) {
    List<Integer> shown = new ArrayList<>();
    if (n <= 5) {
      for (int i = 0; i < n; i++) {
        shown.add(i);
      }
      return shown;
    }
    return List.of(0, 1, 2, -1, n - 1);
  }

  /** {@code text} right-aligned in {@code width} characters, or left-aligned for a negative width. */
  private static String pad(String text, int width) {
    return width < 0 ? String.format(Locale.ROOT, "%-" + -width + "s", text)
        : String.format(Locale.ROOT, "%" + width + "s", text);
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
