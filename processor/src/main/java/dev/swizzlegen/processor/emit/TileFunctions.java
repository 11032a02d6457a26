package dev.swizzlegen.processor.emit;

import static dev.swizzlegen.processor.emit.Expr.call;
import static dev.swizzlegen.processor.emit.Expr.constant;
import static dev.swizzlegen.processor.emit.Expr.mask;
import static dev.swizzlegen.processor.emit.Expr.number;
import static dev.swizzlegen.processor.emit.Expr.param;
import static dev.swizzlegen.processor.emit.Expr.widen;
import static dev.swizzlegen.processor.emit.Expr.wideConstant;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The index functions of a tile, built once as expressions ({@link IndexFunction}) for both generated
 * files: the Java helper and the CUDA header print the same trees. This is the one place that reads a
 * tile's layout ({@link TileLayout}) to build them, from its two parts:
 *
 * <ul>
 *   <li>the strided part: one atom, atoms stacked down the rows (whole rows, where a law lets the
 *       swizzle of the row-major offset stand for the atom's start plus the swizzle within it), or a
 *       grid of atoms (an atom's start plus the offset within it); stages laid one after another;
 *   <li>the inner map on its word ({@link Within}): where the word is the offset, the map's XOR terms
 *       on the offset ({@code offset ^ ((offset & 0x1c0) >> 3)}); where the word's rows are a power of
 *       two wider than the atom's (a swizzle within each row), the map's terms on the row,
 *       {@code rowXor(row)}, XORed into the column while the row stays.
 * </ul>
 *
 * <p>Each part is built on its own and the functions compose them, so another way of naming a map (a
 * CuTe layout, a Triton base list) is another {@link Within}.
 */
public final class TileFunctions {
  private static final Expr ROW = param("row");
  private static final Expr COL = param("col");
  private static final Expr OFFSET = param("offset");

  private final TileLayout layout;
  private final Expr rows;
  private final Expr cols;
  private final Expr rowStride;
  private final Expr atomRows;
  private final Expr atomCols;
  private final Expr stageElements;
  private final Within within;

  private TileFunctions(TileLayout layout) {
    this.layout = layout;
    this.rows = constant("Rows", layout.rows());
    this.cols = constant("Cols", layout.cols());
    this.rowStride = constant("RowStride", layout.rowStride());
    this.atomRows = constant("AtomRows", layout.atomRows());
    this.atomCols = constant("AtomCols", layout.atomCols());
    // Elements from one stage's start to the next: the stage stride, a gap after each stage or none.
    this.stageElements = constant("StageElements", layout.stageStride());
    this.within = Within.of(layout);
  }

  /** The tile's functions in the order the files list them. */
  public static List<IndexFunction> of(TileLayout layout) {
    return new TileFunctions(layout).functions();
  }

  /**
   * The Java helper's {@code bank(row, col)}: the bank of (row, col)'s first byte, for a base address
   * in bank 0. Java only: a kernel's bank depends on its tile's address.
   */
  public static IndexFunction bank(TileLayout layout) {
    // Packed FP4 has no ElementBytes: its element's byte is offset / 2.
    Expr byteOffset = layout.elementBits() % 8 == 0
        ? call("offset", ROW, COL).times(constant("ElementBytes", layout.elementBytes()))
        : call("offset", ROW, COL).div(number(8 / layout.elementBits()));
    return new IndexFunction("bank", List.of("row", "col"), "The bank (0..31) of (row, col)'s first"
        + " byte, for a base address in bank 0: 32 banks of 4 bytes.",
        byteOffset.div(number(4)).mod(number(32)));
  }

  /**
   * The header's TMA box functions: box {@code i} of a stage's {@code kTmaBoxes} starts at
   * ({@code tma_box_row(i)}, {@code tma_box_col(i)}), boxes by tile row, then column.
   */
  public static List<IndexFunction> tmaBoxes(TileLayout layout, int boxRows, int boxCols) {
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

  /**
   * The header's functions of a tensor-core operand, in the coordinates a kernel author means: the
   * tile row and column of operand element (mn, k), {@code mn} counting M (or N) and {@code k}
   * counting K, and its element offset in a stage. Which of row and column each is comes from
   * {@link OperandShape} (the one place the major picks), so the printed bodies are plain
   * parameters ({@code wgmma_row(mn, k) = k} for an MN-major operand) and a consumer never branches
   * on the major. They are named {@code <prefix>Row}, {@code <prefix>Col} and
   * {@code <prefix>Offset} ({@code wgmma_row}, {@code wgmma_mn_row}, {@code umma_row}), their
   * meaning naming {@code k<constants>MnExtent} and {@code k<constants>KExtent} ({@code Wgmma},
   * {@code WgmmaMn}, {@code Umma}).
   */
  public static List<IndexFunction> operand(OperandShape shape, String prefix, String constants) {
    Expr mn = param("mn");
    Expr k = param("k");
    List<Expr> rowCol = shape.rowCol(mn, k);
    // Printed from the same expressions the bodies are: parameters are spelled alike everywhere.
    String cell = "(" + ExprPrinter.CUDA.print(rowCol.get(0)) + ", "
        + ExprPrinter.CUDA.print(rowCol.get(1)) + ")";
    String sides = (shape.major() == Major.K ? "a K-major operand's rows are M (or N), its columns K"
        : "an MN-major operand's rows are K, its columns M (or N)") + ", so (mn, k) is the tile's "
        + cell;
    return List.of(
        new IndexFunction(prefix + "Row", List.of("mn", "k"), "The tile row of operand element"
            + " (mn, k), mn below k" + constants + "MnExtent and k below k" + constants
            + "KExtent: " + sides + ".",
            rowCol.get(0)),
        new IndexFunction(prefix + "Col", List.of("mn", "k"), "The tile column of operand element"
            + " (mn, k).", rowCol.get(1)),
        new IndexFunction(prefix + "Offset", List.of("mn", "k", "stage"), "The element offset where"
            + " operand element (mn, k) of a pipeline stage is stored: offset() of its row and"
            + " column.", call("offset", rowCol.get(0), rowCol.get(1), param("stage"))));
  }

  /**
   * The descriptor function of a tensor-core operand: the 64-bit descriptor of K slice
   * {@code k_slice} of the operand whose M or N starts at {@code mn}, in stage {@code stage} of the
   * tile at shared-memory byte address {@code smem_address}, as the instruction reads it. Every
   * field but the start address is the constant {@code k<constants>Descriptor}
   * ({@link MmaOperand#descriptorWithoutStart}); the start address is the slice's first element's
   * byte address in the descriptor's 14 bits, 16-byte units of an 18-bit address:
   * {@code k<constants>Descriptor | (((smem_address + offset(mn, k_slice * k<constants>K, stage) *
   * kElementBytes) & 0x3ffffu) >> 4)}, with row and column as the operand's major places them.
   * {@code k_slice}, {@code mn} and {@code stage} default to 0 in CUDA.
   *
   * @param name the function's name, lowerCamelCase ({@code "wgmmaDescMn"})
   * @param constants the read's constants' prefix ({@code "WgmmaMn"})
   * @param meaning the function's comment
   */
  public static IndexFunction descriptor(TileLayout layout, MmaOperand operand, String name,
      String constants, String meaning) {
    Expr k = param("k_slice").times(constant(constants + "K", operand.instructionK()));
    List<Expr> rowCol = operand.shape().rowCol(param("mn"), k);
    Expr first = call("offset", rowCol.get(0), rowCol.get(1), param("stage"));
    Expr bytes = layout.elementBits() % 8 == 0
        ? first.times(constant("ElementBytes", layout.elementBytes()))
        // Packed FP4 has no kElementBytes.
        : first.times(constant("ElementBits", layout.elementBits())).div(number(8));
    Expr start = param("smem_address").plus(bytes).and(mask(MmaDescriptor.ADDRESS_MASK)).shr(4);
    Expr body = wideConstant(constants + "Descriptor", operand.descriptorWithoutStart())
        .or(widen(start));
    return new IndexFunction(name, List.of("smem_address", "k_slice", "mn", "stage"), 1, meaning,
        body);
  }

  /**
   * The inner part as expressions: the offset within an atom of the atom's (row, col), the swizzle and
   * unswizzle functions, and the (row, col) an offset within an atom holds, with the words that say
   * so. Read off the layout's inner map and the word it acts on: the one place that does.
   */
  private abstract static class Within {
    /**
     * The inner part of {@code layout}; throws {@link IllegalArgumentException} for a map on a word
     * that no {@code Within} prints yet (a word that is not the offset whose map moves row bits or
     * bits within a column: no layout the model builds has one).
     */
    static Within of(TileLayout layout) {
      if (layout.readsTheOffset()) {
        return new OnTheOffset(layout);
      }
      return layout.rowXorTerms().<Within>map(RowXor::new)
          .orElseThrow(() -> new IllegalArgumentException("no index functions for " + layout
              + ": its inner map " + layout.inner() + " acts on a word of " + layout.wordCols()
              + "-element rows and is no XOR of each row into its columns"));
    }

    /** Functions the others call, listed first: none, or {@code rowXor(row)}. */
    List<IndexFunction> helpers() {
      return List.of();
    }

    /** The offset within an atom of its (row, col), rows {@code stride} apart. */
    abstract Expr offset(Expr row, Expr col, Expr stride);

    /** What {@link #offset} is, after "the element offset where (row, col) is stored: ". */
    abstract String offsetWords();

    /** The same within an atom, after "its atom's start plus the ". */
    abstract String offsetWithinAtomWords();

    /**
     * {@code swizzle} and {@code unswizzle}: the map on a row-major offset and its inverse, over an
     * atom whose rows are {@code stride} apart, or over the tile's stage for one atom or atoms stacked
     * down the rows.
     */
    abstract List<IndexFunction> swizzles(TileLayout layout, boolean stacked, Expr stride);

    /** The atom's row and column an offset within an atom holds, rows {@code stride} apart. */
    abstract Expr[] cell(Expr offset, Expr stride);

    /** How {@link #cell} finds them, for one atom, after "the row stored at an element offset". */
    abstract String cellWords();

    /**
     * Whether the swizzle of an offset within a stage stands for the whole strided part where atoms
     * are whole rows stacked down the tile (see {@link #stacksAtomsDownTheRows}).
     */
    boolean stacks() {
      return false;
    }
  }

  /**
   * The word is the offset: {@code swizzle(offset) = offset ^ ((offset & mask) >> shift) ^ ...}, the
   * map's terms; {@code unswizzle} its inverse's.
   */
  private static final class OnTheOffset extends Within {
    private final TileLayout layout;
    /** The swizzle the map is, by its name: the declared one, or the one the map equals. */
    private final Optional<Swizzle> named;

    OnTheOffset(TileLayout layout) {
      this.layout = layout;
      this.named = layout.offsetSwizzle();
    }

    @Override
    Expr offset(Expr row, Expr col, Expr stride) {
      return call("swizzle", row.times(stride).plus(col));
    }

    @Override
    String offsetWords() {
      return "the swizzled row-major offset.";
    }

    @Override
    String offsetWithinAtomWords() {
      return "swizzled row-major offset within the atom.";
    }

    @Override
    List<IndexFunction> swizzles(TileLayout layout, boolean stacked, Expr stride) {
      XorMap map = layout.inner();
      // A general map's formula is the body itself: the comment does not print it again.
      String what = named.map(SwizzleMasks::masks).orElse("the XOR map of the offset's bits");
      String how = named.map(SwizzleMasks::inverse).orElse("the inverse XOR map");
      return List.of(
          new IndexFunction("swizzle", List.of("offset"), named.map(Swizzle::toString)
              .orElse("The swizzle") + (layout.isOneAtom() ? "" : stacked
                  ? " of an offset within a stage, atom by atom" : " of an offset within an atom")
              + ": " + what + ".", xor(map.terms())),
          new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle: " + how + ".",
              xor(map.inverse().terms())));
    }

    @Override
    Expr[] cell(Expr offset, Expr stride) {
      return new Expr[] {call("unswizzle", offset).div(stride), call("unswizzle", offset).mod(stride)};
    }

    @Override
    String cellWords() {
      return ": the unswizzled row-major offset's";
    }

    @Override
    boolean stacks() {
      return stacksAtomsDownTheRows(layout);
    }
  }

  /**
   * The word's rows are {@code 2^P} elements, wider than the atom's, and the map XORs each row into
   * its columns: the row stays, the column is XORed with {@code rowXor(row)}, the map's terms on the
   * row. Its own inverse, since the row it reads is never changed.
   */
  private static final class RowXor extends Within {
    private final List<XorTerm> terms;

    RowXor(List<XorTerm> terms) {
      this.terms = terms;
    }

    @Override
    List<IndexFunction> helpers() {
      return List.of(new IndexFunction("rowXor", List.of("row"), "The value XORed into the columns"
          + " of a row" + triton() + ".", rowXor(ROW)));
    }

    /** Triton's names for one term of contiguous row bits: {@code " (Triton's vec = 8, ...)"}. */
    private String triton() {
      if (terms.size() != 1 || !contiguous(terms.get(0).mask())) {
        return "";
      }
      XorTerm term = terms.get(0);
      int low = Integer.numberOfTrailingZeros(term.mask());
      return " (Triton's vec = " + (1L << (low - term.shift())) + ", perPhase = " + (1L << low)
          + ", maxPhase = " + (1L << Integer.bitCount(term.mask())) + ")";
    }

    @Override
    Expr offset(Expr row, Expr col, Expr stride) {
      return row.times(stride).plus(col.xor(call("rowXor", row)));
    }

    @Override
    String offsetWords() {
      return "the row stays, the column is XORed.";
    }

    @Override
    String offsetWithinAtomWords() {
      return "atom's row, its column XORed.";
    }

    @Override
    List<IndexFunction> swizzles(TileLayout layout, boolean stacked, Expr stride) {
      Expr linear = param("linear");
      // One atom: the tile's offset function is the atom's.
      Expr swizzled = layout.isOneAtom()
          ? call("offset", linear.div(stride), linear.mod(stride))
          : offset(linear.div(stride), linear.mod(stride), stride);
      return List.of(
          new IndexFunction("swizzle", List.of("linear"), "The swizzle of a row-major offset"
              + (layout.isOneAtom() ? "" : " within an atom") + ": its column XORed as its row's"
              + " columns are.", swizzled),
          new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle, which is its"
              + " own inverse: the row it reads is never changed.", call("swizzle", OFFSET)));
    }

    @Override
    Expr[] cell(Expr offset, Expr stride) {
      return new Expr[] {offset.div(stride),
          offset.mod(stride).xor(call("rowXor", offset.div(stride)))};
    }

    @Override
    String cellWords() {
      return ": the row as stored, the column XORed back";
    }

    /**
     * {@code rowXor(row)}: each term {@code (row & mask) >> shift}, a mask of contiguous bits printed
     * as Triton reads it, {@code ((row >> (S - B)) & (2^B - 1)) << M}; 0 for no terms.
     */
    private Expr rowXor(Expr row) {
      Expr value = null;
      for (XorTerm term : terms) {
        Expr part;
        if (contiguous(term.mask())) {
          int low = Integer.numberOfTrailingZeros(term.mask());
          Expr masked = (low == 0 ? row : row.shr(low))
              .and(mask((1L << Integer.bitCount(term.mask())) - 1));
          int up = low - term.shift();
          part = up == 0 ? masked : up > 0 ? masked.shl(up) : masked.shr(-up);
        } else {
          Expr masked = row.and(mask(term.mask() & 0xFFFF_FFFFL));
          part = term.shift() >= 0 ? masked.shr(term.shift()) : masked.shl(-term.shift());
        }
        value = value == null ? part : value.xor(part);
      }
      return value == null ? number(0) : value;
    }
  }

  private static boolean contiguous(int mask) {
    int low = Integer.numberOfTrailingZeros(mask);
    return Integer.bitCount(mask) == 32 - Integer.numberOfLeadingZeros(mask) - low;
  }

  private List<IndexFunction> functions() {
    if (layout.swizzleRow() > 0) {
      return rowsFunctions();
    }
    boolean stacked = within.stacks();
    List<IndexFunction> functions = new ArrayList<>(within.helpers());
    if (layout.isOneAtom()) {
      functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
          + " (row, col) is stored: " + within.offsetWords(), within.offset(ROW, COL, rowStride)));
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
            within.offset(ROW, COL, rowStride)));
      } else {
        functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
            + " (row, col) is stored: its atom's start plus the " + within.offsetWithinAtomWords(),
            call("atomStart", ROW, COL).plus(
                within.offset(ROW.mod(atomRows), COL.mod(atomCols), atomRowStride()))));
      }
    }
    functions.add(new IndexFunction("offset", List.of("row", "col", "stage"), "The element offset"
        + " where (row, col) of a pipeline stage is stored.",
        param("stage").times(stageElements).plus(call("offset", ROW, COL))));
    functions.addAll(within.swizzles(layout, stacked,
        layout.isOneAtom() || stacked ? rowStride : atomRowStride()));
    boolean gaps = layout.strided().stagesApart();
    functions.add(new IndexFunction("stage", List.of("offset"), "The pipeline stage stored at an"
        + " element offset" + (gaps ? " of the tile's (none of the gap after each stage)" : "")
        + ".", OFFSET.div(stageElements)));
    Expr row;
    Expr col;
    String words;
    if (layout.isOneAtom() || stacked) {
      Expr inStage = layout.stages() > 1 ? OFFSET.mod(stageElements) : OFFSET;
      Expr[] cell = within.cell(inStage, rowStride);
      row = cell[0];
      col = cell[1];
      words = within.cellWords();
    } else {
      // Atoms of one stage run on into the next; past a gap, the offset within the stage counts.
      Expr local = gaps ? OFFSET.mod(stageElements) : OFFSET;
      Expr atom = local.div(atomElements());
      Expr[] cell = within.cell(local.mod(atomElements()), atomRowStride());
      boolean colMajor = layout.atomOrder() == Order.COL_MAJOR;
      row = (colMajor ? atom.mod(atomsDown()) : atom.div(atomsAcross()).mod(atomsDown()))
          .times(atomRows).plus(cell[0]);
      col = (colMajor ? atom.div(atomsDown()).mod(atomsAcross()) : atom.mod(atomsAcross()))
          .times(atomCols).plus(cell[1]);
      words = ": its atom's, plus the one within the atom";
    }
    functions.add(new IndexFunction("row", List.of("offset"), "The row stored at an element offset"
        + words + ".", row));
    functions.add(new IndexFunction("col", List.of("offset"), "The column stored at an element"
        + " offset" + words + ".", col));
    return functions;
  }

  /**
   * The functions of a tile whose swizzle acts within rows of its stages' plain offsets
   * ({@link TileLayout#swizzleRow()}): the plain offset of (row, col) (its atom's start plus its
   * row-major offset in the atom), swizzled within its row, {@code kSwizzleRow} elements; the
   * inverse unswizzles an offset of a stage to its plain offset and reads the atom and the cell off
   * it.
   */
  private List<IndexFunction> rowsFunctions() {
    int pitch = layout.swizzleRow();
    Expr swizzleRow = number(pitch);
    List<IndexFunction> functions = new ArrayList<>(within.helpers());
    Expr inAtom = ROW.mod(atomRows).times(atomRowStride()).plus(COL.mod(atomCols));
    Expr plain;
    String atoms;
    if (layout.isOneAtom()) {
      plain = ROW.times(rowStride).plus(COL);
      atoms = "its row-major offset";
    } else {
      functions.add(new IndexFunction("atomStart", List.of("row", "col"), "The element offset where"
          + " the atom holding (row, col) starts, before the swizzle: atoms numbered " + (layout
              .atomOrder() == Order.COL_MAJOR ? "down the rows first" : "across the columns first")
          + ".", atomStart()));
      plain = call("atomStart", ROW, COL).plus(inAtom);
      atoms = "its atom's start plus its row-major offset in the atom";
    }
    functions.add(new IndexFunction("offset", List.of("row", "col"), "The element offset where"
        + " (row, col) is stored: " + atoms + ", swizzled within its " + pitch + "-element row.",
        call("swizzle", plain)));
    functions.add(new IndexFunction("offset", List.of("row", "col", "stage"), "The element offset"
        + " where (row, col) of a pipeline stage is stored.",
        param("stage").times(stageElements).plus(call("offset", ROW, COL))));
    Expr linear = param("linear");
    functions.add(new IndexFunction("swizzle", List.of("linear"), layout.swizzle() + " within each "
        + pitch + "-element row of a stage's offsets before the swizzle: the row stays, its column is"
        + " XORed with rowXor(row).", linear.div(swizzleRow).times(swizzleRow)
            .plus(linear.mod(swizzleRow).xor(call("rowXor", linear.div(swizzleRow))))));
    functions.add(new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle, which"
        + " is its own inverse: the row it reads is never changed.", call("swizzle", OFFSET)));
    boolean gaps = layout.strided().stagesApart();
    functions.add(new IndexFunction("stage", List.of("offset"), "The pipeline stage stored at an"
        + " element offset" + (gaps ? " of the tile's (none of the gap after each stage)" : "")
        + ".", OFFSET.div(stageElements)));
    Expr local = call("unswizzle", layout.stages() > 1 ? OFFSET.mod(stageElements) : OFFSET);
    Expr row;
    Expr col;
    if (layout.isOneAtom()) {
      row = local.div(rowStride);
      col = local.mod(rowStride);
    } else {
      Expr atom = local.div(atomElements());
      Expr cellOffset = local.mod(atomElements());
      boolean colMajor = layout.atomOrder() == Order.COL_MAJOR;
      row = (colMajor ? atom.mod(atomsDown()) : atom.div(atomsAcross()))
          .times(atomRows).plus(cellOffset.div(atomRowStride()));
      col = (colMajor ? atom.div(atomsDown()) : atom.mod(atomsAcross()))
          .times(atomCols).plus(cellOffset.mod(atomRowStride()));
    }
    String words = ": the offset within its stage unswizzled, then " + (layout.isOneAtom()
        ? "the row-major cell" : "its atom's, plus the one within the atom");
    functions.add(new IndexFunction("row", List.of("offset"), "The row stored at an element offset"
        + words + ".", row));
    functions.add(new IndexFunction("col", List.of("offset"), "The column stored at an element"
        + " offset" + words + ".", col));
    return functions;
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
    return constant("AtomElements", layout.strided().atomElements());
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
    int atomElements = layout.strided().atomElements();
    if (layout.isOneAtom() || layout.atomCols() != layout.cols() || Integer.bitCount(atomElements) != 1) {
      return false;
    }
    if (!layout.readsTheOffset()) {
      return false;
    }
    for (XorTerm term : layout.inner().terms()) {
      long written = term.shift() >= 0 ? (long) term.mask() >>> term.shift() : (long) term.mask() << -term.shift();
      if (term.mask() >= atomElements || written >= atomElements) {
        return false;
      }
    }
    return true;
  }
}
