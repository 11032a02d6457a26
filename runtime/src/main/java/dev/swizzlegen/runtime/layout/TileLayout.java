package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A shared-memory tile: swizzled atoms placed in a {@code rows x cols} tile, the tile stored
 * {@code stages} times (CuTe's {@code tile_to_shape(atom, Shape<rows, cols, stages>)}).
 *
 * <pre>
 *   offset(row, col, stage) = stage * stageStride + atomStart(row, col)     the strided part
 *                           + atomOffset(row % atomRows, col % atomCols)   the inner map
 *
 *   atomOffset(r, c) = unword(inner(r * wordCols + c))
 *   unword(w)        = (w / wordCols) * atomRowStride + w % wordCols
 * </pre>
 *
 * <p>The model is these two parts: the {@link #strided() strided part} (atom grid, pitch, padding,
 * stages: {@link StridedPart}) and an
 * {@link #inner() inner} {@link XorMap} applied to a word that holds the atom's coordinates,
 * {@code row * wordCols + col}. Every fact about the layout (closure, vectors kept whole, the TMA mode,
 * the index functions a header prints) is read from these parts. The declared {@link Swizzle} names
 * the inner part, on the offset or within each row, or an invertible {@link XorMap} on the offset
 * does ({@link TileDescription} says how each becomes a map and a word); a tile has a
 * {@link Swizzle} only where the map is one ({@link #hasSwizzle()}).
 *
 * <p>The atom is a row-major {@code atomRows x atomCols} block to which the {@link Swizzle}
 * applies. The default atom is the whole tile, one atom: then the layout is
 * {@code swizzle(row * rowStride + col)}, the swizzled row-major tile.
 *
 * <p>The tile's (and every stage's) base address is {@code alignment}-byte aligned. Immutable. Its
 * rules, the swizzle closed on each atom among them, are {@link LayoutRules}; sub-byte types are one
 * {@link Recast} step; the forms on bytes, {@link LayoutForms}.
 */
public final class TileLayout implements Layout {
  private final DType dtype;
  /**
   * The declared swizzle: the name of the inner part (on the offset, or within each row); null for a
   * tile declared by an XOR map that is no swizzle.
   */
  private final Swizzle swizzle;
  private final StridedPart strided;
  private final int alignment;
  /** The XOR part, on the word {@code row * wordCols + col} of the atom. */
  private final XorMap inner;
  private final XorMap innerInverse;
  /** Elements per row of the word; {@code atomRowStride} when the word is the atom's offset. */
  private final int wordCols;
  /** {@code log2(wordCols)} when the word is not the offset (then a power of two); else -1. */
  private final int wordShift;
  /**
   * Elements of each row a swizzle within each row acts in, along a stage's plain offsets, where those
   * rows are not the tile's own (a tile of atoms, CUTLASS 2.x's crosswise rows); else 0.
   */
  private final int swizzleRow;
  /** Elements between the starts of the word's rows: {@link #swizzleRow}, or the atom's row stride. */
  private final int wordPitch;

  /** The tile {@code b} describes; {@link TileDescription#check} has found no problem in it. */
  TileLayout(TileDescription b) {
    this.dtype = b.dtype;
    this.swizzle = b.swizzle;
    this.strided = b.strided();
    this.alignment = b.alignment;
    this.inner = b.innerMap();
    this.innerInverse = inner.inverse();
    this.wordCols = b.wordCols(inner);
    // Rows of a one-atom tile's own stride are the plain within-each-row form.
    this.swizzleRow = b.withinEachRow && b.swizzleRow > 0 && !inner.isIdentity()
        && !(strided.isOneAtom() && b.swizzleRow == strided.rowStride()) ? b.swizzleRow : 0;
    this.wordPitch = swizzleRow > 0 ? swizzleRow : strided.atomRowStride();
    this.wordShift = swizzleRow == 0 && wordCols == strided.atomRowStride() ? -1
        : Integer.numberOfTrailingZeros(wordCols);
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
   * row-major element offset in place of a swizzle: TMA's {@code SWIZZLE_128B_ATOM_32B_FLIP_8B},
   * which no {@code Swizzle<B,M,S>} is, or a map read from a CuTe layout or a Triton base list. A map
   * that is a swizzle ({@link XorMap#asSwizzle}, in {@code dtype}'s units: {@link Recast}) describes
   * that swizzle's tile, equal to it; any other has none ({@link #hasSwizzle()}), and its atoms need
   * only be mapped onto themselves (no period to hold whole). Throws {@link IllegalArgumentException}
   * when the map on bytes would reach past bit 30 or split a byte ({@link XorMap#onBytes}).
   */
  public static TileDescription builder(DType dtype, XorMap map, int rows, int cols) {
    return TileDescription.of(dtype, map, rows, cols);
  }

  /** This tile's description, to change some of it. */
  public TileDescription toBuilder() {
    return TileDescription.of(this);
  }

  /** This tile's description with another swizzle, named as this tile's (on the offset or per row). */
  public TileDescription toBuilder(Swizzle newSwizzle) {
    return TileDescription.of(this, newSwizzle);
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
    return builder(dtype, swizzle, swizzle.atomRows(), swizzle.atomCols()).build();
  }

  /**
   * Whether every run of {@code elements} elements (a power of two) starting at a multiple of
   * {@code elements} in a row certainly stays contiguous, in order and aligned; {@code false} means
   * "look element by element" ({@link LayoutRules#keepsRunsWhole}).
   */
  public boolean keepsRunsWhole(int elements) {
    return LayoutRules.keepsRunsWhole(this, elements);
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
    return swizzle != null
        && (!readsTheOffset() || !inner.equals(XorMap.of(Recast.onElements(dtype, swizzle))));
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

  /**
   * Elements of each row the swizzle acts within, along each stage's plain offsets (the strided part's
   * offset of (row, col), before the swizzle), where those rows are not the tile's own: CUTLASS 2.x's
   * crosswise operand at 3 stages is {@code Swizzle<2,3,2>} within each 192-element row of its
   * 2 x 32 atoms laid across the row first. 0 where the inner map acts within each atom (on its
   * offset, or within each of its rows).
   *
   * <pre>
   *   offset(row, col) = R * swizzleRow + (w ^ rowXor(R)),   R = plain / swizzleRow, w = plain % swizzleRow
   *   plain(row, col)  = atomStart(row, col) + (row % atomRows) * atomRowStride + col % atomCols
   * </pre>
   */
  public int swizzleRow() {
    return swizzleRow;
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
   * The declared swizzle on element offsets ({@link Recast}): {@code Swizzle<3,4,3>} on a packed FP4
   * tile's bytes is {@code Swizzle<3,5,3>} on its elements. Throws as {@link #swizzle()} does.
   */
  public Swizzle elementSwizzle() {
    return Recast.onElements(dtype, swizzle());
  }

  /**
   * Whether a {@code Swizzle<B,M,S>} names the inner map ({@link #swizzle()}): every tile but one
   * declared by an XOR map that no swizzle is ({@link #builder(DType, XorMap, int, int)}).
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
    return !swizzlesWithinEachRow() ? swizzle.toString()
        : swizzleRow > 0 ? swizzle + " within each " + swizzleRow + "-element row"
        : swizzle + " within each row";
  }

  /** The inner map as an XOR of each word row into its columns, if it is one ({@link LayoutForms}). */
  public Optional<List<XorTerm>> rowXorTerms() {
    return LayoutForms.rowXorTerms(this);
  }

  /** The strided part: atom grid, pitch, padding and stages ({@link StridedPart}). */
  public StridedPart strided() {
    return strided;
  }

  @Override
  public int rows() {
    return strided.rows();
  }

  @Override
  public int cols() {
    return strided.cols();
  }

  @Override
  public int alignment() {
    return alignment;
  }

  /** Elements between row starts. */
  public int rowStride() {
    return strided.rowStride();
  }

  /** Rows of the swizzle atom. */
  public int atomRows() {
    return strided.atomRows();
  }

  /** Columns of the swizzle atom. */
  public int atomCols() {
    return strided.atomCols();
  }

  /** How atoms are numbered over the tile: down the rows first (COL_MAJOR) or across. */
  public Order atomOrder() {
    return strided.atomOrder();
  }

  /** Pipeline stages, {@link #stageStride()} elements apart. */
  public int stages() {
    return strided.stages();
  }

  /**
   * Elements from one stage's start to the next: {@code rows * rowStride}, or a declared stride at
   * least a stage's span that leaves a gap after each stage ({@link StageStrides}).
   */
  public int stageStride() {
    return strided.stageStride();
  }

  /** Whether the whole tile is one atom: the swizzled row-major tile. */
  public boolean isOneAtom() {
    return strided.isOneAtom();
  }

  /** Bytes from the first element to one past the last, every stage. */
  public int extentBytes() {
    return bytesOf(strided.extentElements());
  }

  /** The element offset where (row, col) of stage 0 is stored. */
  @Override
  public int offset(int row, int col) {
    if (swizzleRow > 0) {
      return swizzle(plain(row, col));
    }
    int word = row % strided.atomRows() * wordCols + col % strided.atomCols();
    return strided.atomStart(row, col) + unword(inner.apply(word));
  }

  /** The element offset where (row, col) of {@code stage} is stored. */
  public int offset(int row, int col, int stage) {
    return stage * strided.stageStride() + offset(row, col);
  }

  /**
   * The offset of (row, col) in stage 0 before the swizzle: its atom's start plus its row-major offset
   * in the atom, what {@link #swizzle(int)} maps where the swizzle's rows are not the tile's own.
   */
  public int plain(int row, int col) {
    return strided.atomStart(row, col) + row % strided.atomRows() * strided.atomRowStride()
        + col % strided.atomCols();
  }

  /** The word of an offset {@code row * wordPitch + col} (col below the pitch). */
  private int word(int linearOffset) {
    return wordShift < 0 ? linearOffset
        : (linearOffset / wordPitch << wordShift) + linearOffset % wordPitch;
  }

  /** The offset {@code row * wordPitch + col} of a word {@code row * wordCols + col}. */
  int unword(int word) {
    return wordShift < 0 ? word
        : (word >>> wordShift) * wordPitch + (word & (wordCols - 1));
  }

  /**
   * The atom's swizzle as a map of its row-major offsets, also past the atom: the inner map on the
   * offset's word, {@code atomOffset(o / atomRowStride, o % atomRowStride)}. For a one-atom tile, of
   * the tile's row-major offsets; where the swizzle's rows are not the tile's own
   * ({@link #swizzleRow()}), of a stage's plain offsets ({@link #plain}).
   */
  public int swizzle(int linearOffset) {
    return unword(inner.apply(word(linearOffset)));
  }

  /** The inverse of {@link #swizzle(int)}: the inner map's inverse on the word. */
  public int unswizzle(int offset) {
    return unword(innerInverse.apply(word(offset)));
  }

  /** The stage stored at an element offset ({@link StridedPart#stage}). */
  public int stage(int offset) {
    return strided.stage(offset);
  }

  /** The row stored at an element offset: with {@link #col} and {@link #stage}, the inverse of {@link #offset}. */
  public int row(int offset) {
    if (swizzleRow > 0) {
      int plain = unswizzle(offset % strided.stageStride());
      return strided.atomFirstRow(plain) + strided.inAtom(plain) / strided.atomRowStride();
    }
    return strided.atomFirstRow(offset)
        + unswizzle(strided.inAtom(offset)) / strided.atomRowStride();
  }

  /** The column stored at an element offset: with {@link #row} and {@link #stage}, the inverse of {@link #offset}. */
  public int col(int offset) {
    if (swizzleRow > 0) {
      int plain = unswizzle(offset % strided.stageStride());
      return strided.atomFirstCol(plain) + strided.inAtom(plain) % strided.atomRowStride();
    }
    return strided.atomFirstCol(offset)
        + unswizzle(strided.inAtom(offset)) % strided.atomRowStride();
  }

  /** The same tile with its swizzle on the offset, if one is its map ({@link LayoutForms}). */
  public Optional<TileLayout> inOffsetForm() {
    return LayoutForms.inOffsetForm(this);
  }

  /** The swizzle of the atom's offset the inner map is, if one is ({@link LayoutForms}). */
  public Optional<Swizzle> offsetSwizzle() {
    return LayoutForms.offsetSwizzle(this);
  }

  /** The same swizzle on byte offsets: its {@link #inOffsetForm}'s, empty when it has none. */
  public Optional<Swizzle> byteSwizzle() {
    return LayoutForms.byteSwizzle(this);
  }

  /**
   * Whether the inner map composed over each stage's whole strided offset, as CuTe composes a
   * swizzle ({@code Sw o L}), is the tile: {@code offset(row, col) == inner().apply(plain(row, col))}
   * and {@code byteOffset(row, col) == byteMap(bytesOf(plain(row, col)))} ({@link LayoutForms}).
   */
  public boolean swizzlesTheWholeOffset() {
    return LayoutForms.swizzlesTheWholeOffset(this);
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
        && swizzleRow == that.swizzleRow
        && strided.equals(that.strided)
        && alignment == that.alignment;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dtype, swizzle, inner, wordCols, swizzleRow, strided, alignment);
  }

  /**
   * {@code "128 x 64 HALF, row stride 64, Swizzle<3,3,3>, 128-byte aligned"}; a tile of several atoms
   * names them ({@code "Swizzle<3,3,3> on 8 x 64 atoms, column-major"}), several stages their number.
   */
  @Override
  public String toString() {
    StridedPart s = strided;
    return shape() + " " + dtype + ", row stride " + s.rowStride() + ", " + swizzleName()
        + (s.isOneAtom() ? "" : " on " + s.atomShape() + " atoms, "
            + (s.atomOrder() == Order.COL_MAJOR ? "column-major" : "row-major"))
        + (s.stages() > 1 ? ", " + s.stages() + " stages" : "")
        + (s.stagesApart() ? " " + s.stageStride() + " elements apart" : "") + ", "
        + alignment + "-byte aligned";
  }
}
