package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A shared-memory tile: swizzled atoms placed in a {@code rows x cols} tile, the tile stored
 * {@code stages} times one after another (CuTe's {@code tile_to_shape(atom, Shape<rows, cols,
 * stages>)}).
 *
 * <pre>
 *   offset(row, col, stage) = stage * stageStride
 *                           + atomNumber(row / atomRows, col / atomCols) * atomElements
 *                           + atomOffset(row % atomRows, col % atomCols)
 *
 *   atomNumber(i, j) = i + j * (rows / atomRows)         atomOrder COL_MAJOR (tile_to_shape's)
 *                    = i * (cols / atomCols) + j         atomOrder ROW_MAJOR
 *
 *   atomOffset(r, c) = unword(inner(r * wordCols + c))
 *   unword(w)        = (w / wordCols) * atomRowStride + w % wordCols
 * </pre>
 *
 * <p>The model is these two parts: the strided part above (atom grid, pitch, padding, stages) and an
 * {@link #inner() inner} {@link XorMap} applied to a word that holds the atom's coordinates,
 * {@code row * wordCols + col}. Every fact about the layout (closure, vectors kept whole, the TMA mode,
 * the index functions a header prints) is read from these parts. The declared {@link Swizzle} names
 * the inner part, on the offset or within each row, or an invertible {@link XorMap} on the offset
 * does ({@link TileDescription} says how each becomes a map and a word); a tile has a
 * {@link Swizzle} only where the map is one ({@link #hasSwizzle()}).
 *
 * <p>The atom is a row-major {@code atomRows x atomCols} block to which the {@link Swizzle} applies;
 * its rows are {@code atomRowStride} elements apart: the tile's {@code rowStride} when the atom spans
 * the whole row (padding), else {@code atomCols} (atoms are dense). The default atom is the whole
 * tile, one atom: then the layout is {@code swizzle(row * rowStride + col)}, the swizzled row-major
 * tile. Stages are {@code stageStride} elements apart: by default {@code rows * rowStride}, one after
 * another; declared, further apart, a gap after each ({@link StageStrides}).
 *
 * <p>The tile's (and every stage's) base address is {@code alignment}-byte aligned. Immutable. Its
 * rules, the swizzle closed on each atom among them, are {@link LayoutRules}; sub-byte types and the
 * forms on bytes, {@link LayoutForms}.
 */
public final class TileLayout implements Layout {
  /**
   * The most shared memory one thread block can use on sm_90 (and sm_100): 227 KB, the most of any
   * {@link Architecture}; the limit where none is given ({@link TileDescription#architecture}).
   */
  public static final int MAX_SHARED_BYTES = 227 * 1024;

  private final DType dtype;
  /**
   * The declared swizzle: the name of the inner part (on the offset, or within each row); null for a
   * tile declared by an XOR map that is no swizzle.
   */
  private final Swizzle swizzle;
  /**
   * The declared swizzle on element offsets: itself, but for packed FP4 (declared in bytes); null
   * where {@link #swizzle} is.
   */
  private final Swizzle elementSwizzle;
  private final int rows;
  private final int cols;
  private final int rowStride;
  private final int alignment;
  private final int atomRows;
  private final int atomCols;
  private final Order atomOrder;
  private final int stages;
  /** Elements from one stage's start to the next. */
  private final int stageStride;
  /** The XOR part, on the word {@code row * wordCols + col} of the atom. */
  private final XorMap inner;
  private final XorMap innerInverse;
  /** Elements per row of the word; {@code atomRowStride} when the word is the atom's offset. */
  private final int wordCols;
  /** {@code log2(wordCols)} when the word is not the offset (then a power of two); else -1. */
  private final int wordShift;

  /** The tile {@code b} describes; {@link TileDescription#check} has found no problem in it. */
  TileLayout(TileDescription b) {
    this.dtype = b.dtype;
    this.swizzle = b.swizzle;
    this.elementSwizzle = b.elementSwizzle();
    this.rows = b.rows;
    this.cols = b.cols;
    this.rowStride = b.rowStride();
    this.alignment = b.alignment;
    this.atomRows = b.atomRows();
    this.atomCols = b.atomCols();
    this.atomOrder = b.atomOrder;
    this.stages = b.stages;
    this.stageStride = b.stageStride();
    this.inner = b.innerMap();
    this.innerInverse = inner.inverse();
    this.wordCols = b.wordCols(inner);
    this.wordShift = wordCols == atomRowStride() ? -1 : Integer.numberOfTrailingZeros(wordCols);
  }

  /**
   * A description of a tile to check or build: {@code rows x cols} elements of {@code dtype}, one
   * atom, one stage, rows {@code cols} apart, 128-byte aligned, the swizzle on the row-major offset,
   * until told otherwise.
   */
  public static TileDescription builder(DType dtype, Swizzle swizzle, int rows, int cols) {
    return TileDescription.of(dtype, swizzle, rows, cols);
  }

  /**
   * A description of a tile whose inner part is {@code map}, any invertible XOR map of the atom's
   * row-major element offset (as {@link #builder(DType, Swizzle, int, int)} describes one, the map in
   * place of the swizzle on the offset): TMA's {@code SWIZZLE_128B_ATOM_32B_FLIP_8B}, which no
   * {@code Swizzle<B,M,S>} is, or a map read from a CuTe layout or a Triton base list. A map that is
   * one {@code Swizzle<B,M,S>} ({@link XorMap#asSwizzle}) describes the tile of that swizzle, equal to
   * it; any other has no swizzle ({@link #hasSwizzle()}). Its atoms need only be mapped onto
   * themselves (no swizzle's period to hold whole). Throws {@link IllegalArgumentException} when the
   * map on byte offsets of {@code dtype} would reach past bit 30 or, for packed FP4, split a byte
   * ({@link XorMap#onBytes}). The map is on element offsets; a swizzle it is becomes the tile's in
   * the units a swizzle of {@code dtype} counts (bytes for packed FP4: {@link #elementSwizzle()}).
   */
  public static TileDescription builder(DType dtype, XorMap map, int rows, int cols) {
    return TileDescription.of(dtype, map, rows, cols);
  }

  /** This tile's description, to change some of it. */
  public TileDescription toBuilder() {
    return TileDescription.of(this);
  }

  /**
   * This tile's description with another swizzle (acting on the offset or within each row as this
   * tile's does), to change some of it.
   */
  public TileDescription toBuilder(Swizzle newSwizzle) {
    return TileDescription.of(this, newSwizzle);
  }

  /**
   * A one-atom, one-stage tile; throws {@link InvalidDescriptionException} with every problem found.
   *
   * @param alignment bytes the base address is aligned to
   */
  public static TileLayout of(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return builder(dtype, swizzle, rows, cols).rowStride(rowStride).alignment(alignment).build();
  }

  /**
   * A one-atom, one-stage tile whose swizzle's pattern repeats within each row; throws like
   * {@link #of(DType, Swizzle, int, int, int, int)}.
   */
  public static TileLayout withinEachRow(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return builder(dtype, swizzle, rows, cols).swizzleWithinEachRow(true).rowStride(rowStride)
        .alignment(alignment).build();
  }

  /**
   * The layout a line of {@link #text()} names, such as {@code "HALF 128x128 Swizzle<3,3,3> atoms 8x64
   * col-major stages 3 aligned 1024"}: how a generated helper spells its {@code LAYOUT}. Throws
   * {@link IllegalArgumentException} for text that names no valid layout.
   */
  public static TileLayout parse(String text) {
    return LayoutText.parse(text);
  }

  /** This layout as one line of text, which {@link #parse} reads back to an equal layout. */
  public String text() {
    return LayoutText.format(this);
  }

  /** The swizzle's atom: {@code 2^B} rows of {@code 2^(M+|S|)} elements, 128-byte aligned. */
  public static TileLayout atom(DType dtype, Swizzle swizzle) {
    return of(dtype, swizzle, swizzle.atomRows(), swizzle.atomCols(), swizzle.atomCols(), 128);
  }

  /** Every reason the one-atom description is not a valid tile; empty if it is one. */
  public static List<Violation> check(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return builder(dtype, swizzle, rows, cols).rowStride(rowStride).alignment(alignment).check();
  }


  /**
   * Whether every run of {@code elements} elements (a power of two) starting at a multiple of
   * {@code elements} in a row certainly stays contiguous, in order and aligned: a sufficient
   * condition read from the inner map ({@code false} means "look element by element"): the map
   * leaves the run's low bits of the word alone, or touches no word of the atom.
   */
  public boolean keepsRunsWhole(int elements) {
    if (Integer.bitCount(elements) != 1 || atomRowStride() % elements != 0
        || atomCols % elements != 0) {
      return false;
    }
    return LayoutRules.readsNoBitOfTheAtom(this)
        || inner.keepsLowBits(Integer.numberOfTrailingZeros(elements));
  }

  @Override
  public DType dtype() {
    return dtype;
  }

  /**
   * Whether the declared swizzle names a pattern repeated within each row rather than a map of the
   * atom's offset: read off the two inner pieces, the word is not the offset or the map on it is not
   * the declared swizzle. Names and texts ask it ({@link #swizzleName}, {@link #text}); the model
   * reads {@link #inner()} and {@link #wordCols()}. Where both ways of naming give one map on one word
   * (a row of exactly {@code 2^(M+B)} elements) the layout is the swizzle of the offset.
   */
  public boolean swizzlesWithinEachRow() {
    return swizzle != null && (!readsTheOffset() || !inner.equals(XorMap.of(elementSwizzle)));
  }

  /**
   * The XOR part of the layout: the invertible map over GF(2) applied to the word
   * {@code row * wordCols() + col} of an atom's (row, col).
   */
  public XorMap inner() {
    return inner;
  }

  /**
   * Elements per row of the word the {@link #inner()} map reads: {@code atomRowStride} where the word
   * is the atom's row-major offset; else a power of two of at least {@code atomRowStride} (the row
   * form on a row that is no power of two), the map's output read back as
   * {@code (w / wordCols) * atomRowStride + w % wordCols}.
   */
  public int wordCols() {
    return wordCols;
  }

  /** Whether the {@link #inner()} map reads the atom's row-major offset itself. */
  public boolean readsTheOffset() {
    return wordShift < 0;
  }

  /**
   * The declared swizzle, which names the inner map (on the offset or within each row), in the units
   * of {@link DType#unitBytes()}: elements, or the bytes of a packed FP4 tile; throws
   * {@link IllegalStateException} for a tile declared by an XOR map that is no swizzle
   * ({@link #hasSwizzle()}): its inner map is {@link #inner()}, its name {@link #swizzleName()}.
   */
  public Swizzle swizzle() {
    if (swizzle == null) {
      throw new IllegalStateException(this + " is declared by its XOR map, which no"
          + " Swizzle<B,M,S> is: read inner() and swizzleName()");
    }
    return swizzle;
  }

  /**
   * The declared swizzle on element offsets: {@link #swizzle()}, but for packed FP4, whose swizzle
   * counts bytes, the same with a base one higher ({@code Swizzle<3,4,3>} on bytes is
   * {@code Swizzle<3,5,3>} on its elements). Throws as {@link #swizzle()} does.
   */
  public Swizzle elementSwizzle() {
    swizzle();
    return elementSwizzle;
  }

  /**
   * Whether a {@code Swizzle<B,M,S>} names the inner map ({@link #swizzle()}): every tile but one
   * declared by an XOR map that no swizzle is ({@link #builder(DType, XorMap, int, int)}), which has
   * no bits, base and shift.
   */
  public boolean hasSwizzle() {
    return swizzle != null;
  }

  /**
   * {@code "Swizzle<3,3,3>"}, or {@code "Swizzle<3,3,3> within each row"}; for a tile declared by an
   * XOR map that is no swizzle, the map's terms on the element offset,
   * {@code "XOR map o ^ ((o & 0x30) >> 2) ^ ((o & 0x40) >> 4)"}.
   */
  public String swizzleName() {
    if (swizzle == null) {
      return "XOR map " + inner;
    }
    return swizzlesWithinEachRow() ? swizzle + " within each row" : swizzle.toString();
  }

  /** The inner map as an XOR of each word row into its columns, if it is one ({@link LayoutForms}). */
  public Optional<List<XorTerm>> rowXorTerms() {
    return LayoutForms.rowXorTerms(this);
  }

  @Override
  public int rows() {
    return rows;
  }

  @Override
  public int cols() {
    return cols;
  }

  public int rowStride() {
    return rowStride;
  }

  @Override
  public int alignment() {
    return alignment;
  }

  /** Rows of the swizzle atom. */
  public int atomRows() {
    return atomRows;
  }

  /** Columns of the swizzle atom. */
  public int atomCols() {
    return atomCols;
  }

  /** How atoms are numbered over the tile: down the rows first (COL_MAJOR) or across. */
  public Order atomOrder() {
    return atomOrder;
  }

  /** Pipeline stages stored one after another. */
  public int stages() {
    return stages;
  }

  /** Whether the whole tile is one atom: the swizzled row-major tile. */
  public boolean isOneAtom() {
    return atomRows == rows && atomCols == cols;
  }

  /** Elements between an atom's row starts: {@code rowStride} for atoms as wide as the tile, else {@code atomCols}. */
  public int atomRowStride() {
    return atomCols == cols ? rowStride : atomCols;
  }

  /** Elements from one atom's start to the next: {@code atomRows * atomRowStride}. */
  public int atomElements() {
    return atomRows * atomRowStride();
  }

  /** Atoms down the tile's rows. */
  public int atomsDown() {
    return rows / atomRows;
  }

  /** Atoms across the tile's columns. */
  public int atomsAcross() {
    return cols / atomCols;
  }

  /** The number of the atom at (atomRow, atomCol) of the tile's grid of atoms, in {@link #atomOrder}. */
  public int atomNumber(int atomRow, int atomCol) {
    return atomOrder == Order.COL_MAJOR
        ? atomRow + atomCol * atomsDown()
        : atomRow * atomsAcross() + atomCol;
  }

  /** {@code "8 x 64"}. */
  public String atomShape() {
    return atomRows + " x " + atomCols;
  }

  /**
   * The elements of a stage's rows, {@code rows * rowStride}: the default {@link #stageStride()},
   * stages one after another.
   */
  public int stageElements() {
    return rows * rowStride;
  }

  /**
   * Elements from one stage's start to the next: {@link #stageElements()}, or a declared stride at
   * least {@link #stageExtentElements()} that leaves a gap after each stage.
   */
  public int stageStride() {
    return stageStride;
  }

  /** Elements from the first element of one stage to one past its last: the stage's span. */
  public int stageExtentElements() {
    return StageStrides.span(rows, cols, rowStride);
  }

  /** Elements from the first element of stage 0 to one past the last of the last stage. */
  public int extentElements() {
    return (stages - 1) * stageStride + stageExtentElements();
  }

  /** Bytes from the first element to one past the last, every stage. */
  public int extentBytes() {
    return bytesOf(extentElements());
  }

  /** The element offset where (row, col) of stage 0 is stored. */
  @Override
  public int offset(int row, int col) {
    return atomNumber(row / atomRows, col / atomCols) * atomElements()
        + atomOffset(row % atomRows, col % atomCols);
  }

  /** The element offset where (row, col) of {@code stage} is stored. */
  public int offset(int row, int col, int stage) {
    return stage * stageStride + offset(row, col);
  }

  /** The element offset of (row, col) of an atom from the atom's start. */
  public int atomOffset(int row, int col) {
    return unword(inner.apply(row * wordCols + col));
  }

  /** The word of an offset {@code row * atomRowStride + col} (col below the stride). */
  private int word(int linearOffset) {
    return wordShift < 0 ? linearOffset
        : (linearOffset / atomRowStride() << wordShift) + linearOffset % atomRowStride();
  }

  /** The offset {@code row * atomRowStride + col} of a word {@code row * wordCols + col}. */
  int unword(int word) {
    return wordShift < 0 ? word
        : (word >>> wordShift) * atomRowStride() + (word & (wordCols - 1));
  }

  /**
   * The atom's swizzle as a map of its row-major offsets, also past the atom: the inner map on the
   * offset's word, {@code atomOffset(o / atomRowStride, o % atomRowStride)}. For a one-atom tile, of
   * the tile's row-major offsets.
   */
  public int swizzle(int linearOffset) {
    return unword(inner.apply(word(linearOffset)));
  }

  /** The inverse of {@link #swizzle(int)}: the inner map's inverse on the word. */
  public int unswizzle(int offset) {
    return unword(innerInverse.apply(word(offset)));
  }

  /**
   * The stage stored at an element offset. Like {@link #row} and {@link #col}, defined on the tile's
   * offsets: an offset in a row's padding or in the gap after a stage holds no element of the tile.
   */
  public int stage(int offset) {
    return offset / stageStride;
  }

  /** The row stored at an element offset: with {@link #col} and {@link #stage}, the inverse of {@link #offset}. */
  public int row(int offset) {
    int inStage = offset % stageStride;
    int atom = inStage / atomElements();
    int atomRow = atomOrder == Order.COL_MAJOR ? atom % atomsDown() : atom / atomsAcross();
    return atomRow * atomRows + unswizzle(inStage % atomElements()) / atomRowStride();
  }

  /** The column stored at an element offset: with {@link #row} and {@link #stage}, the inverse of {@link #offset}. */
  public int col(int offset) {
    int inStage = offset % stageStride;
    int atom = inStage / atomElements();
    int atomCol = atomOrder == Order.COL_MAJOR ? atom / atomsDown() : atom % atomsAcross();
    return atomCol * atomCols + unswizzle(inStage % atomElements()) % atomRowStride();
  }

  /** The same tile with its swizzle on the offset, if one is its map ({@link LayoutForms}). */
  public Optional<TileLayout> inOffsetForm() {
    return LayoutForms.inOffsetForm(this);
  }

  /** The swizzle of the atom's offset the inner map is, if one is ({@link LayoutForms}). */
  public Optional<Swizzle> offsetSwizzle() {
    return LayoutForms.offsetSwizzle(this);
  }

  /** The bank of (row, col)'s first byte, for a base address in bank 0. */
  public int bank(int row, int col) {
    return BankModel.NVIDIA.bank(byteOffset(row, col));
  }

  /** The same swizzle on byte offsets: its {@link #inOffsetForm}'s, empty when it has none. */
  public Optional<Swizzle> byteSwizzle() {
    return LayoutForms.byteSwizzle(this);
  }

  /** The inner map on byte offsets, if it reads the offset ({@link LayoutForms#byteMap}). */
  public Optional<XorMap> byteMap() {
    return LayoutForms.byteMap(this);
  }

  /**
   * The TMA mode whose byte pattern is this tile's swizzle, if one is: the mode whose byte map equals
   * {@link #byteMap()}. Whether TMA can fill the tile in that mode also depends on its rows and atoms:
   * see {@code TmaFill}.
   */
  public Optional<TmaSwizzle> tmaSwizzle() {
    return byteMap().flatMap(TmaSwizzle::of);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TileLayout that
        && dtype == that.dtype
        && Objects.equals(swizzle, that.swizzle)
        && inner.equals(that.inner)
        && wordCols == that.wordCols
        && rows == that.rows
        && cols == that.cols
        && rowStride == that.rowStride
        && alignment == that.alignment
        && atomRows == that.atomRows
        && atomCols == that.atomCols
        && atomOrder == that.atomOrder
        && stages == that.stages
        && stageStride == that.stageStride;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dtype, swizzle, inner, wordCols, rows, cols, rowStride, alignment, atomRows,
        atomCols, atomOrder, stages, stageStride);
  }

  /**
   * {@code "128 x 64 HALF, row stride 64, Swizzle<3,3,3>, 128-byte aligned"}; a tile of several atoms
   * names them ({@code "Swizzle<3,3,3> on 8 x 64 atoms, column-major"}), several stages their number.
   */
  @Override
  public String toString() {
    return shape() + " " + dtype + ", row stride " + rowStride + ", " + swizzleName()
        + (isOneAtom() ? "" : " on " + atomShape() + " atoms, "
            + (atomOrder == Order.COL_MAJOR ? "column-major" : "row-major"))
        + (stages > 1 ? ", " + stages + " stages" : "")
        + (stageStride != stageElements() ? " " + stageStride + " elements apart" : "") + ", "
        + alignment + "-byte aligned";
  }
}
