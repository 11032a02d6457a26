package dev.swizzlegen.processor;

import static dev.swizzlegen.processor.emit.Expr.call;
import static dev.swizzlegen.processor.emit.Expr.constant;
import static dev.swizzlegen.processor.emit.Expr.mask;
import static dev.swizzlegen.processor.emit.Expr.number;
import static dev.swizzlegen.processor.emit.Expr.param;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.processor.emit.Expr;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;

/**
 * The index functions of a tile, built once as expressions ({@link IndexFunction}) for both generated
 * files: the Java helper and the CUDA header print the same trees. This is the one place that reads a
 * tile's layout ({@link TileLayout}, {@link Swizzle}) to build them. The layout takes one of four
 * shapes: the row form (a row XOR), one atom (a swizzle of the row-major offset), atoms stacked down the
 * rows (the same, by a law), or a grid of atoms (an atom's start plus the swizzle within it); stages
 * are laid one after another in all four.
 */
final class TileFunctions {
  private static final Expr ROW = param("row");
  private static final Expr COL = param("col");
  private static final Expr OFFSET = param("offset");

  private final TileLayout layout;
  private final Swizzle swizzle;
  private final Expr rows;
  private final Expr cols;
  private final Expr rowStride;
  private final Expr atomRows;
  private final Expr atomCols;
  private final Expr stageElements;

  private TileFunctions(TileLayout layout) {
    this.layout = layout;
    this.swizzle = layout.swizzle();
    this.rows = constant("Rows", layout.rows());
    this.cols = constant("Cols", layout.cols());
    this.rowStride = constant("RowStride", layout.rowStride());
    this.atomRows = constant("AtomRows", layout.atomRows());
    this.atomCols = constant("AtomCols", layout.atomCols());
    this.stageElements = constant("StageElements", layout.stageElements());
  }

  /** The tile's functions in the order the files list them. */
  static List<IndexFunction> of(TileLayout layout) {
    return new TileFunctions(layout).functions();
  }

  /**
   * The Java helper's {@code bank(row, col)}: the bank of (row, col)'s first byte, for a base address
   * in bank 0. Java only: a kernel's bank depends on its tile's address.
   */
  static IndexFunction bank(TileLayout layout) {
    return new IndexFunction("bank", List.of("row", "col"), "The bank (0..31) of (row, col)'s first"
        + " byte, for a base address in bank 0: 32 banks of 4 bytes.",
        call("offset", ROW, COL).times(constant("ElementBytes", layout.elementBytes()))
            .div(number(4)).mod(number(32)));
  }

  /**
   * The header's TMA box functions: box {@code i} of a stage's {@code kTmaBoxes} starts at
   * ({@code tma_box_row(i)}, {@code tma_box_col(i)}), boxes by tile row, then column.
   */
  static List<IndexFunction> tmaBoxes(TileLayout layout, int boxRows, int boxCols) {
    Expr box = param("box");
    Expr boxesAcross = constant("Cols", layout.cols()).div(constant("TmaBoxCols", boxCols));
    return List.of(
        new IndexFunction("tmaBoxRow", List.of("box"), "The tile row of box i's first element:"
            + " boxes by tile row, then column.",
            box.div(boxesAcross).times(constant("TmaBoxRows", boxRows))),
        new IndexFunction("tmaBoxCol", List.of("box"), "The tile column of box i's first element.",
            box.mod(boxesAcross).times(constant("TmaBoxCols", boxCols))),
        new IndexFunction("tmaBoxOffset", List.of("box"), "The element offset in a stage where box"
            + " i is written: offset() of its first element.",
            call("offset", call("tmaBoxRow", box), call("tmaBoxCol", box))));
  }

  private List<IndexFunction> functions() {
    boolean rowForm = layout.form() == SwizzleForm.ROW;
    boolean stacked = !rowForm && stacksAtomsDownTheRows(layout);
    List<IndexFunction> functions = new ArrayList<>();
    if (rowForm) {
      functions.add(new IndexFunction("rowXor", List.of("row"), "The value XORed into the columns"
          + " of a row (Triton's vec = " + (1 << swizzle.base()) + ", perPhase = "
          + (1 << (swizzle.shift() - swizzle.bits())) + ", maxPhase = " + (1 << swizzle.bits())
          + ").", rowXor(ROW)));
      functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
          + " (row, col) is stored: the row stays, the column is XORed.",
          ROW.times(rowStride).plus(COL.xor(call("rowXor", ROW)))));
    } else if (layout.isOneAtom()) {
      functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
          + " (row, col) is stored: the swizzled row-major offset.",
          call("swizzle", ROW.times(rowStride).plus(COL))));
    } else {
      functions.add(new IndexFunction("atomStart", List.of("row", "col"), "The element offset where"
          + " the atom holding (row, col) starts: atoms numbered " + (layout.atomOrder()
              == Order.COL_MAJOR ? "down the rows first" : "across the columns first") + ".",
          atomStart()));
      if (stacked) {
        functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
            + " (row, col) is stored: the atoms are whole rows stacked down the tile and the swizzle"
            + " moves no bit past an atom, so this is the swizzled row-major offset (its atom's start"
            + " plus the swizzled offset within the atom, in fewer instructions).",
            call("swizzle", ROW.times(rowStride).plus(COL))));
      } else {
        functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
            + " (row, col) is stored: its atom's start plus the swizzled row-major offset within the"
            + " atom.", call("atomStart", ROW, COL).plus(call("swizzle",
                ROW.mod(atomRows).times(atomRowStride()).plus(COL.mod(atomCols))))));
      }
    }
    functions.add(new IndexFunction("offset", List.of("row", "col", "stage"), "The element offset"
        + " where (row, col) of a pipeline stage is stored.",
        param("stage").times(stageElements).plus(call("offset", ROW, COL))));
    if (rowForm) {
      Expr linear = param("linear");
      functions.add(new IndexFunction("swizzle", List.of("linear"), "The swizzle of a row-major"
          + " offset: its column XORed as its row's columns are.",
          call("offset", linear.div(rowStride), linear.mod(rowStride))));
      functions.add(new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle,"
          + " which is its own inverse: the row it reads is never changed.",
          call("swizzle", OFFSET)));
    } else {
      functions.add(new IndexFunction("swizzle", List.of("offset"), swizzle + (layout.isOneAtom()
          ? "" : stacked ? " of an offset within a stage, atom by atom" : " of an offset within an atom")
          + ": " + swizzle.maskSummary() + ".", xor(swizzle.terms())));
      functions.add(new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle: "
          + swizzle.inverseSummary() + ".", xor(swizzle.inverseTerms())));
    }
    functions.add(new IndexFunction("stage", List.of("offset"), "The pipeline stage stored at an"
        + " element offset.", OFFSET.div(stageElements)));
    Expr inStage = layout.stages() > 1 ? OFFSET.mod(stageElements) : OFFSET;
    Expr row;
    Expr col;
    String words;
    if (rowForm) {
      row = inStage.div(rowStride);
      col = inStage.mod(rowStride).xor(call("rowXor", inStage.div(rowStride)));
      words = ": the row as stored, the column XORed back";
    } else if (layout.isOneAtom() || stacked) {
      row = call("unswizzle", inStage).div(rowStride);
      col = call("unswizzle", inStage).mod(rowStride);
      words = ": the unswizzled row-major offset's";
    } else {
      Expr atom = OFFSET.div(atomElements());
      Expr within = call("unswizzle", OFFSET.mod(atomElements()));
      boolean colMajor = layout.atomOrder() == Order.COL_MAJOR;
      row = (colMajor ? atom.mod(atomsDown()) : atom.div(atomsAcross()).mod(atomsDown()))
          .times(atomRows).plus(within.div(atomRowStride()));
      col = (colMajor ? atom.div(atomsDown()).mod(atomsAcross()) : atom.mod(atomsAcross()))
          .times(atomCols).plus(within.mod(atomRowStride()));
      words = ": its atom's, plus the one within the atom";
    }
    functions.add(new IndexFunction("row", List.of("offset"), "The row stored at an element offset"
        + words + ".", row));
    functions.add(new IndexFunction("col", List.of("offset"), "The column stored at an element"
        + " offset" + words + ".", col));
    return functions;
  }

  /**
   * The row form's XOR of a row, constants folded: {@code ((row >> (S - B)) & (2^B - 1)) << M}; 0
   * for no bits.
   */
  private Expr rowXor(Expr row) {
    if (swizzle.bits() == 0) {
      return number(0);
    }
    int rowShift = swizzle.shift() - swizzle.bits();
    Expr masked = (rowShift == 0 ? row : row.shr(rowShift)).and(mask((1L << swizzle.bits()) - 1));
    return swizzle.base() == 0 ? masked : masked.shl(swizzle.base());
  }

  /** {@code offset ^ ((offset & 0x1c0) >> 3) ^ ...}: {@code offset} alone for no terms. */
  private static Expr xor(List<XorTerm> terms) {
    Expr expression = OFFSET;
    for (XorTerm term : terms) {
      Expr masked = OFFSET.and(mask(term.mask() & 0xFFFF_FFFFL));
      expression = expression.xor(term.shift() >= 0 ? masked.shr(term.shift())
          : masked.shl(-term.shift()));
    }
    return expression;
  }

  /**
   * The element offset of the first element of the atom holding (row, col):
   * {@code ((col / kAtomCols) * (kRows / kAtomRows) + row / kAtomRows) * kAtomElements} when atoms
   * are numbered down the rows first.
   */
  private Expr atomStart() {
    Expr atomRow = ROW.div(atomRows);
    Expr atomCol = COL.div(atomCols);
    Expr number = layout.atomOrder() == Order.COL_MAJOR
        ? atomCol.times(atomsDown()).plus(atomRow)
        : atomRow.times(atomsAcross()).plus(atomCol);
    return number.times(atomElements());
  }

  private Expr atomElements() {
    return constant("AtomElements", layout.atomElements());
  }

  /** Atoms down the rows, as constants: {@code kRows / kAtomRows}. */
  private Expr atomsDown() {
    return rows.div(atomRows);
  }

  /** Atoms across the columns, as constants: {@code kCols / kAtomCols}. */
  private Expr atomsAcross() {
    return cols.div(atomCols);
  }

  /** The constant holding the elements between an atom's row starts. */
  private Expr atomRowStride() {
    return layout.atomCols() == layout.cols() ? rowStride : atomCols;
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
}
