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
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The index functions of a tile ({@link IndexFunction}), built once for the Java helper and the
 * CUDA header from its layout's two parts: the strided part (one atom, atoms stacked down the rows,
 * or a grid of atoms; stages one after another) and the inner map on its word ({@link Within}).
 */
public final class TileFunctions {
  private static final Expr ROW = param("row");
  private static final Expr COL = param("col");
  private static final Expr OFFSET = param("offset");
  private static final List<String> ROW_COL = List.of("row", "col");
  private static final String STORED = "The element offset where (row, col) is stored: ";

  private final TileLayout layout;
  private final Expr rowStride;
  private final Expr atomRows;
  private final Expr atomCols;
  private final Expr atomElements;
  /** The elements between an atom's row starts. */
  private final Expr atomRowStride;
  private final Expr atomsDown;
  private final Expr atomsAcross;
  private final Expr stageElements;
  private final Within within;

  private TileFunctions(TileLayout layout) {
    this.layout = layout;
    this.rowStride = constant("RowStride", layout.rowStride());
    this.atomRows = constant("AtomRows", layout.atomRows());
    this.atomCols = constant("AtomCols", layout.atomCols());
    this.atomElements = constant("AtomElements", layout.strided().atomElements());
    this.atomRowStride = layout.atomCols() == layout.cols() ? rowStride : atomCols;
    this.atomsDown = constant("Rows", layout.rows()).div(atomRows);
    this.atomsAcross = constant("Cols", layout.cols()).div(atomCols);
    this.stageElements = constant("StageElements", layout.stageStride());
    this.within = Within.of(layout);
  }

  /** The tile's functions in the order the files list them. */
  public static List<IndexFunction> of(TileLayout layout) {
    return new TileFunctions(layout).functions();
  }

  /** The Java helper's {@code bank(row, col)}: Java only, as a kernel's depends on its address. */
  public static IndexFunction bank(TileLayout layout) {
    // Packed FP4 has no ElementBytes: its element's byte is offset / 2.
    Expr byteOffset = layout.elementBits() % 8 == 0
        ? call("offset", ROW, COL).times(constant("ElementBytes", layout.elementBytes()))
        : call("offset", ROW, COL).div(number(8 / layout.elementBits()));
    return new IndexFunction("bank", ROW_COL, "The bank (0..31) of (row, col)'s first"
        + " byte, for a base address in bank 0: 32 banks of 4 bytes.",
        byteOffset.div(number(4)).mod(number(32)));
  }

  /** The header's TMA box functions: where box {@code i} of a stage starts. */
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
   * A tensor-core operand's {@code <prefix>Row}, {@code <prefix>Col} and {@code <prefix>Offset} of
   * operand element (mn, k), placed by {@link OperandShape} so that a consumer never branches on
   * the major; {@code constants} prefixes the extents the meaning names ({@code kWgmmaMnExtent}).
   */
  public static List<IndexFunction> operand(OperandShape shape, String prefix, String constants) {
    Expr mn = param("mn");
    Expr k = param("k");
    List<Expr> rowCol = shape.rowCol(mn, k);
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
   * The 64-bit descriptor {@code name} of K slice {@code k_slice} at {@code mn} in {@code stage} of
   * the tile at shared-memory byte address {@code smem_address}: every field but the start address
   * is the constant {@code k<constants>Descriptor} ({@link MmaOperand#descriptorWithoutStart}); the
   * start address is the slice's first byte in 16-byte units of an 18-bit address (14 bits).
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

  /** What the inner map's functions say of themselves, after the words that lead to them. */
  private record Words(String offset, String withinAtom, String cell) {}

  /** The inner map on its word as expressions, with the words that say so. */
  private sealed interface Within {
    /** The inner part of {@code layout}; no layout the model builds has a map no record prints. */
    static Within of(TileLayout layout) {
      if (layout.readsTheOffset()) {
        return new OnTheOffset(layout, layout.offsetSwizzle(), stacksAtomsDownTheRows(layout),
            new Words("the swizzled row-major offset.", "swizzled row-major offset within the"
                + " atom.", ": the unswizzled row-major offset's"));
      }
      Words words = new Words("the row stays, the column is XORed.",
          "atom's row, its column XORed.", ": the row as stored, the column XORed back");
      return layout.rowXorTerms().<Within>map(terms -> new RowXor(layout, terms, words))
          .orElseThrow(() -> new IllegalArgumentException("no index functions for " + layout
              + ": its inner map " + layout.inner() + " acts on a word of " + layout.wordCols()
              + "-element rows and is no XOR of each row into its columns"));
    }

    /** Functions the others call, listed first. */
    default List<IndexFunction> helpers() {
      return List.of();
    }

    /** The offset within an atom of its (row, col), rows {@code stride} apart. */
    Expr offset(Expr row, Expr col, Expr stride);

    /** The atom's row and column an offset within an atom holds, rows {@code stride} apart. */
    Expr[] cell(Expr offset, Expr stride);

    /** {@code swizzle} and {@code unswizzle} over an atom, or a stage of atoms {@code stacked}. */
    List<IndexFunction> swizzles(boolean stacked, Expr stride);

    Words words();

    default boolean stacks() {
      return false;
    }
  }

  /**
   * The word is the offset: {@code swizzle(offset) = offset ^ ((offset & mask) >> shift) ^ ...}, the
   * map's terms, {@code unswizzle} its inverse's; {@code named}, the swizzle the map is, if one is.
   */
  private record OnTheOffset(TileLayout layout, Optional<Swizzle> named, boolean stacks,
      Words words) implements Within {
    @Override
    public Expr offset(Expr row, Expr col, Expr stride) {
      return call("swizzle", row.times(stride).plus(col));
    }

    @Override
    public Expr[] cell(Expr offset, Expr stride) {
      return rowMajor(call("unswizzle", offset), stride);
    }

    @Override
    public List<IndexFunction> swizzles(boolean stacked, Expr stride) {
        String what = named.map(SwizzleMasks::masks).orElse("the XOR map of the offset's bits");
      String how = named.map(SwizzleMasks::inverse).orElse("the inverse XOR map");
      return List.of(
          new IndexFunction("swizzle", List.of("offset"), named.map(Swizzle::toString)
              .orElse("The swizzle") + (layout.isOneAtom() ? "" : stacked
                  ? " of an offset within a stage, atom by atom" : " of an offset within an atom")
              + ": " + what + ".", xor(layout.inner().terms())),
          new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle: " + how + ".",
              xor(layout.inner().inverse().terms())));
    }
  }

  /**
   * The word's rows are {@code 2^P} elements, wider than the atom's, and the map XORs each row into
   * its columns: the row stays, the column is XORed with {@code rowXor(row)}, the map's terms on the
   * row. Its own inverse, since the row it reads is never changed.
   */
  private record RowXor(TileLayout layout, List<XorTerm> terms, Words words) implements Within {
    @Override
    public List<IndexFunction> helpers() {
      return List.of(new IndexFunction("rowXor", List.of("row"), "The value XORed into the columns"
          + " of a row" + triton() + ".", rowXor()));
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

    /** {@code rowXor(row)}: contiguous bits as Triton reads them, {@code ((row >> l) & m) << s}. */
    private Expr rowXor() {
      Expr value = null;
      for (XorTerm term : terms) {
        int low = Integer.numberOfTrailingZeros(term.mask());
        Expr part = contiguous(term.mask())
            ? shifted(ROW.shr(low).and(mask((1L << Integer.bitCount(term.mask())) - 1)),
                term.shift() - low)
            : shifted(ROW.and(mask(Integer.toUnsignedLong(term.mask()))), term.shift());
        value = value == null ? part : value.xor(part);
      }
      return value == null ? number(0) : value;
    }

    @Override
    public Expr offset(Expr row, Expr col, Expr stride) {
      return row.times(stride).plus(col.xor(call("rowXor", row)));
    }

    @Override
    public Expr[] cell(Expr offset, Expr stride) {
      return new Expr[] {offset.div(stride),
          offset.mod(stride).xor(call("rowXor", offset.div(stride)))};
    }

    @Override
    public List<IndexFunction> swizzles(boolean stacked, Expr stride) {
      Expr linear = param("linear");
      Expr swizzled = layout.isOneAtom()
          ? call("offset", linear.div(stride), linear.mod(stride))
          : offset(linear.div(stride), linear.mod(stride), stride);
      return List.of(new IndexFunction("swizzle", List.of("linear"), "The swizzle of a row-major"
          + " offset" + (layout.isOneAtom() ? "" : " within an atom") + ": its column XORed as its"
          + " row's columns are.", swizzled), ownInverse());
    }
  }

  /** {@code unswizzle} of a swizzle that reads no bit it writes: {@code swizzle} itself. */
  private static IndexFunction ownInverse() {
    return new IndexFunction("unswizzle", List.of("offset"), "The inverse of swizzle, which is its"
        + " own inverse: the row it reads is never changed.", call("swizzle", OFFSET));
  }

  private static boolean contiguous(int mask) {
    int low = Integer.numberOfTrailingZeros(mask);
    return Integer.bitCount(mask) == 32 - Integer.numberOfLeadingZeros(mask) - low;
  }

  /** {@code value >> shift}, or {@code value << -shift} for a negative shift. */
  private static Expr shifted(Expr value, int shift) {
    return shift >= 0 ? value.shr(shift) : value.shl(-shift);
  }

  /** {@code offset ^ ((offset & 0x1c0) >> 3) ^ ...}: {@code offset} alone for no terms. */
  private static Expr xor(List<XorTerm> terms) {
    Expr expression = OFFSET;
    for (XorTerm term : terms) {
      expression = expression.xor(
          shifted(OFFSET.and(mask(Integer.toUnsignedLong(term.mask()))), term.shift()));
    }
    return expression;
  }

  /** The row and column of a row-major {@code offset}, rows {@code stride} apart. */
  private static Expr[] rowMajor(Expr offset, Expr stride) {
    return new Expr[] {offset.div(stride), offset.mod(stride)};
  }

  /** The functions; a swizzle within rows of a stage's plain offsets unswizzles first. */
  private List<IndexFunction> functions() {
    int pitch = layout.swizzleRow();
    boolean stacked = pitch == 0 && within.stacks();
    List<IndexFunction> functions = new ArrayList<>(within.helpers());
    if (!layout.isOneAtom()) {
      functions.add(new IndexFunction("atomStart", ROW_COL, "The element offset where the atom"
          + " holding (row, col) starts" + (pitch > 0 ? ", before the swizzle" : "") + ": atoms"
          + " numbered " + (layout.atomOrder() == Order.COL_MAJOR ? "down the rows first"
              : "across the columns first") + ".", atomStart()));
    }
    if (pitch > 0) {
      Expr plain = layout.isOneAtom() ? ROW.times(rowStride).plus(COL) : call("atomStart", ROW, COL)
          .plus(ROW.mod(atomRows).times(atomRowStride).plus(COL.mod(atomCols)));
      functions.add(new IndexFunction("offset", ROW_COL, STORED + (layout.isOneAtom()
          ? "its row-major offset" : "its atom's start plus its row-major offset in the atom")
          + ", swizzled within its " + pitch + "-element row.", call("swizzle", plain)));
    } else if (layout.isOneAtom() || stacked) {
      functions.add(new IndexFunction("offset", ROW_COL, STORED + (stacked ? "the atoms are whole"
          + " rows stacked down the tile and the swizzle moves no bit past an atom, so this is the"
          + " swizzled row-major offset (its atom's start plus the swizzled offset within the atom,"
          + " in fewer instructions)." : within.words().offset()),
          within.offset(ROW, COL, rowStride)));
    } else {
      functions.add(new IndexFunction("offset", ROW_COL, STORED + "its atom's start plus the "
          + within.words().withinAtom(), call("atomStart", ROW, COL).plus(
              within.offset(ROW.mod(atomRows), COL.mod(atomCols), atomRowStride))));
    }
    functions.add(new IndexFunction("offset", List.of("row", "col", "stage"), "The element offset"
        + " where (row, col) of a pipeline stage is stored.",
        param("stage").times(stageElements).plus(call("offset", ROW, COL))));
    if (pitch > 0) {
      Expr linear = param("linear");
      Expr swizzleRow = number(pitch);
      functions.add(new IndexFunction("swizzle", List.of("linear"), layout.swizzle() + " within"
          + " each " + pitch + "-element row of a stage's offsets before the swizzle: the row"
          + " stays, its column is XORed with rowXor(row).",
          within.offset(linear.div(swizzleRow), linear.mod(swizzleRow), swizzleRow)));
      functions.add(ownInverse());
    } else {
      functions.addAll(within.swizzles(stacked,
          layout.isOneAtom() || stacked ? rowStride : atomRowStride));
    }
    boolean gaps = layout.strided().stagesApart();
    functions.add(new IndexFunction("stage", List.of("offset"), "The pipeline stage stored at an"
        + " element offset" + (gaps ? " of the tile's (none of the gap after each stage)" : "")
        + ".", OFFSET.div(stageElements)));
    Expr inStage = layout.stages() > 1 ? OFFSET.mod(stageElements) : OFFSET;
    Expr[] cell;
    String words;
    if (pitch > 0) {
      Expr local = call("unswizzle", inStage);
      cell = layout.isOneAtom() ? rowMajor(local, rowStride)
          : inGrid(local, false, rowMajor(local.mod(atomElements), atomRowStride));
      words = ": the offset within its stage unswizzled, then " + (layout.isOneAtom()
          ? "the row-major cell" : "its atom's, plus the one within the atom");
    } else if (layout.isOneAtom() || stacked) {
      cell = within.cell(inStage, rowStride);
      words = within.words().cell();
    } else {
      // Atoms of one stage run on into the next; past a gap, the offset within the stage counts.
      Expr local = gaps ? OFFSET.mod(stageElements) : OFFSET;
      cell = inGrid(local, true, within.cell(local.mod(atomElements), atomRowStride));
      words = ": its atom's, plus the one within the atom";
    }
    functions.add(new IndexFunction("row", List.of("offset"), "The row stored at an element offset"
        + words + ".", cell[0]));
    functions.add(new IndexFunction("col", List.of("offset"), "The column stored at an element"
        + " offset" + words + ".", cell[1]));
    return functions;
  }

  /**
   * The tile row and column of {@code local}, an offset of atoms in order, its cell in the atom
   * {@code inAtom}; {@code wrap}: atoms run on past a stage's, so taken modulo the tile's.
   */
  private Expr[] inGrid(Expr local, boolean wrap, Expr[] inAtom) {
    Expr atom = local.div(atomElements);
    boolean colMajor = layout.atomOrder() == Order.COL_MAJOR;
    Expr atomRow = colMajor ? atom.mod(atomsDown)
        : wrap ? atom.div(atomsAcross).mod(atomsDown) : atom.div(atomsAcross);
    Expr atomCol = !colMajor ? atom.mod(atomsAcross)
        : wrap ? atom.div(atomsDown).mod(atomsAcross) : atom.div(atomsDown);
    return new Expr[] {atomRow.times(atomRows).plus(inAtom[0]),
        atomCol.times(atomCols).plus(inAtom[1])};
  }

  /** The element offset of the first element of the atom holding (row, col). */
  private Expr atomStart() {
    Expr atomRow = ROW.div(atomRows);
    Expr atomCol = COL.div(atomCols);
    Expr number = layout.atomOrder() == Order.COL_MAJOR
        ? atomCol.times(atomsDown).plus(atomRow)
        : atomRow.times(atomsAcross).plus(atomCol);
    return number.times(atomElements);
  }

  /**
   * Whether the tile's atoms are whole rows stacked down it (one column of atoms) of a power-of-two
   * number of elements, and the swizzle reads and writes only bits inside an atom: then an atom's
   * start is a multiple of its size that the swizzle leaves alone, and {@code atomStart(row, col) +
   * swizzle(inner)} is {@code swizzle(row * rowStride + col)}.
   */
  static boolean stacksAtomsDownTheRows(TileLayout layout) {
    int atomElements = layout.strided().atomElements();
    return !layout.isOneAtom() && layout.atomCols() == layout.cols()
        && Integer.bitCount(atomElements) == 1 && layout.readsTheOffset()
        && layout.inner().terms().stream().allMatch(term -> term.mask() < atomElements
            && (term.shift() >= 0 ? (long) term.mask() >>> term.shift()
                : (long) term.mask() << -term.shift()) < atomElements);
  }
}
