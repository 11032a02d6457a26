package dev.swizzlegen.processor;

import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;

/**
 * The index functions of a tile, defined once for both generated files: the Java helper and the CUDA
 * header give the same functions, each spelled in its language ({@code row_xor} and {@code kRowStride}
 * in CUDA, {@code rowXor} and {@code ROW_STRIDE} in Java, {@code >>} or {@code >>>}). Every function
 * takes and returns unsigned 32-bit values in CUDA and non-negative {@code int}s in Java, constants
 * folded in by the compilers.
 */
final class TileFunctions {
  private TileFunctions() {}

  /**
   * One function: {@code name(parameters...) = body}.
   *
   * @param name the name in the target language
   * @param comment one sentence for the comment or Javadoc
   * @param parameters the parameters' names
   * @param body the returned expression
   */
  record Function(String name, String comment, List<String> parameters, String body) {}

  /** The functions in the order the files list them. */
  static List<Function> of(TileLayout layout, boolean cuda) {
    Swizzle swizzle = layout.swizzle();
    List<Function> functions = new ArrayList<>();
    String rowStride = SwizzleText.constant("RowStride", cuda);
    String stageElements = SwizzleText.constant("StageElements", cuda);
    String rowXor = SwizzleText.function("rowXor", cuda);
    boolean rowForm = layout.form() == SwizzleForm.ROW;
    boolean stacked = !rowForm && stacksAtomsDownTheRows(layout);
    if (rowForm) {
      functions.add(new Function(rowXor, "The value XORed into the columns of a row: "
          + SwizzleText.rowXorFormula(layout) + ".", List.of("row"),
          SwizzleText.rowXorExpression(layout, "row", cuda)));
      functions.add(new Function("offset", "The element offset where (row, col) is stored: the row"
          + " stays, the column is XORed.", List.of("row", "col"),
          "row * " + rowStride + " + (col ^ " + rowXor + "(row))"));
    } else if (layout.isOneAtom()) {
      functions.add(new Function("offset", "The element offset where (row, col) is stored: the"
          + " swizzled row-major offset.", List.of("row", "col"),
          "swizzle(row * " + rowStride + " + col)"));
    } else {
      functions.add(new Function(SwizzleText.function("atomStart", cuda), "The element offset where"
          + " the atom holding (row, col) starts: atoms numbered " + (layout.atomOrder()
              == Order.COL_MAJOR ? "down the rows first" : "across the columns first") + ".",
          List.of("row", "col"), SwizzleText.atomStartExpression(layout, cuda)));
      if (stacked) {
        functions.add(new Function("offset", "The element offset where (row, col) is stored: the"
            + " atoms are whole rows stacked down the tile and the swizzle moves no bit past an atom,"
            + " so this is the swizzled row-major offset (its atom's start plus the swizzled offset"
            + " within the atom, in fewer instructions).", List.of("row", "col"),
            "swizzle(row * " + rowStride + " + col)"));
      } else {
        functions.add(new Function("offset", "The element offset where (row, col) is stored: its"
            + " atom's start plus the swizzled row-major offset within the atom.",
            List.of("row", "col"), SwizzleText.atomOffsetExpression(layout, cuda)));
      }
    }
    functions.add(new Function("offset", "The element offset where (row, col) of a pipeline stage"
        + " is stored.", List.of("row", "col", "stage"),
        "stage * " + stageElements + " + offset(row, col)"));
    if (rowForm) {
      functions.add(new Function("swizzle", "The swizzle of a row-major offset: its column XORed by "
          + rowXor + " of its row.", List.of("linear"),
          "offset(linear / " + rowStride + ", linear % " + rowStride + ")"));
      functions.add(new Function("unswizzle", "The inverse of swizzle, which is its own inverse:"
          + " the row it reads is never changed.", List.of("offset"), "swizzle(offset)"));
    } else {
      functions.add(new Function("swizzle", swizzle + (layout.isOneAtom() ? ""
          : stacked ? " of an offset within a stage, atom by atom" : " of an offset within an atom")
          + ": " + swizzle.maskSummary() + ".", List.of("offset"),
          xorExpression(swizzle.terms(), cuda)));
      functions.add(new Function("unswizzle", "The inverse of swizzle: "
          + swizzle.inverseSummary() + ".", List.of("offset"),
          xorExpression(swizzle.inverseTerms(), cuda)));
    }
    functions.add(new Function("stage", "The pipeline stage stored at an element offset.",
        List.of("offset"), "offset / " + stageElements));
    // The offset within its stage, alone and as an operand.
    String inStage = layout.stages() > 1 ? "offset % " + stageElements : "offset";
    String inStageTerm = layout.stages() > 1 ? "(" + inStage + ")" : inStage;
    String row;
    String col;
    if (rowForm) {
      row = inStageTerm + " / " + rowStride;
      col = "(" + inStageTerm + " % " + rowStride + ") ^ " + rowXor + "(" + inStageTerm + " / "
          + rowStride + ")";
    } else if (layout.isOneAtom() || stacked) {
      row = "unswizzle(" + inStage + ") / " + rowStride;
      col = "unswizzle(" + inStage + ") % " + rowStride;
    } else {
      row = SwizzleText.atomInverseExpression(layout, true, cuda);
      col = SwizzleText.atomInverseExpression(layout, false, cuda);
    }
    String within = layout.isOneAtom() ? "" : ": its atom's, plus the one within the atom";
    functions.add(new Function("row", "The row stored at an element offset" + within + ".",
        List.of("offset"), row));
    functions.add(new Function("col", "The column stored at an element offset" + within + ".",
        List.of("offset"), col));
    return functions;
  }

  /**
   * Whether the tile's atoms are whole rows stacked down it (one column of atoms) of a power-of-two
   * number of elements, and the swizzle reads and writes only bits inside an atom: then an atom's
   * start is a multiple of its size that the swizzle leaves alone, and {@code atomStart(row, col) +
   * swizzle(inner)} is {@code swizzle(row * rowStride + col)}.
   */
  static boolean stacksAtomsDownTheRows(TileLayout layout) {
    int atomElements = layout.atomElements();
    if (layout.isOneAtom() || layout.atomCols() != layout.cols() || Integer.bitCount(atomElements) != 1) {
      return false;
    }
    for (XorTerm term : layout.swizzle().terms()) {
      long written = term.shift() >= 0 ? (long) term.mask() >>> term.shift() : (long) term.mask() << -term.shift();
      if (term.mask() >= atomElements || written >= atomElements) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code offset ^ ((offset & 0x1c0u) >> 3)} in CUDA, {@code offset ^ ((offset & 0x1c0) >>> 3)} in
   * Java; {@code offset} alone for no terms.
   */
  static String xorExpression(List<XorTerm> terms, boolean cuda) {
    StringBuilder expression = new StringBuilder("offset");
    for (XorTerm term : terms) {
      String shift = term.shift() >= 0
          ? (cuda ? " >> " : " >>> ") + term.shift()
          : " << " + -term.shift();
      expression.append(" ^ ((offset & ").append(Swizzle.hex(term.mask())).append(cuda ? "u" : "")
          .append(')').append(shift).append(')');
    }
    return expression.toString();
  }
}
