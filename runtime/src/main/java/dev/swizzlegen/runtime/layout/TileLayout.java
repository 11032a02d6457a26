package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.violation.Cell;
import dev.swizzlegen.runtime.violation.LayoutViolation.AtomColsNotDivisor;
import dev.swizzlegen.runtime.violation.LayoutViolation.AtomHoldsPartOfPeriod;
import dev.swizzlegen.runtime.violation.LayoutViolation.AtomNotClosed;
import dev.swizzlegen.runtime.violation.LayoutViolation.AtomRowsNotDivisor;
import dev.swizzlegen.runtime.violation.LayoutViolation.BadAlignment;
import dev.swizzlegen.runtime.violation.LayoutViolation.BytesPastOffsetBits;
import dev.swizzlegen.runtime.violation.LayoutViolation.ColsNotPositive;
import dev.swizzlegen.runtime.violation.LayoutViolation.ElementsPastOffsetBits;
import dev.swizzlegen.runtime.violation.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.violation.LayoutViolation.MapNotClosed;
import dev.swizzlegen.runtime.violation.LayoutViolation.PaddedDenseAtoms;
import dev.swizzlegen.runtime.violation.LayoutViolation.PaddedUnitSplit;
import dev.swizzlegen.runtime.violation.LayoutViolation.RowFormShiftBelowBits;
import dev.swizzlegen.runtime.violation.LayoutViolation.RowFormWithAtoms;
import dev.swizzlegen.runtime.violation.LayoutViolation.RowsNotPositive;
import dev.swizzlegen.runtime.violation.LayoutViolation.RowsOverlap;
import dev.swizzlegen.runtime.violation.LayoutViolation.SplitsStorageUnits;
import dev.swizzlegen.runtime.violation.LayoutViolation.StagesBelowOne;
import dev.swizzlegen.runtime.violation.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.violation.LayoutViolation.WholePeriods;
import dev.swizzlegen.runtime.violation.Violation;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

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
 * the inner part, in one of two ways (the one place a description becomes a map and a word:
 * {@link Builder#swizzleWithinEachRow}); or the inner part is declared as any invertible
 * {@link XorMap} on the atom's offset ({@link #builder(DType, XorMap, int, int)}: TMA's
 * {@code SWIZZLE_128B_ATOM_32B_FLIP_8B}, a CuTe layout, a Triton base list), a tile that has a
 * {@link Swizzle} only where the map is one ({@link #hasSwizzle()}):
 *
 * <pre>
 *   on the offset:     wordCols = atomRowStride: the word is the offset, the inner map the swizzle
 *                      atomOffset(r, c) = swizzle(r * atomRowStride + c)        (CuTe's composition)
 *   within each row:   wordCols = 2^P, the least power of two of at least atomRowStride and 2^(M+B);
 *                      the inner map is Swizzle&lt;B, M, P + S - B - M&gt; on the word (row bits XORed
 *                      into column bits), so that
 *                      atomOffset(r, c) = r * atomRowStride + (c ^ (((r &gt;&gt; (S - B)) &amp; (2^B - 1)) &lt;&lt; M))
 *   an XOR map:        wordCols = atomRowStride: the word is the offset, the inner map the map
 *                      atomOffset(r, c) = map(r * atomRowStride + c)
 * </pre>
 *
 * <p>Within each row, the swizzle's {@code 2^(M+B)}-column pattern repeats along every row, rows keep
 * their place whatever their stride (seed 001's 8 x 24 is the 8 x 8 pattern three times; Triton's
 * {@code vec = 2^M}, {@code perPhase = 2^(S-B)}, {@code maxPhase = 2^B}). Where its stride is a power
 * of two {@code 2^P >= 2^(M+B)} its word is its offset, and it is the swizzle
 * {@code Swizzle<B, M, S + P - M - B>} of the offset ({@link #inOffsetForm}).
 *
 * <p>The atom is a row-major {@code atomRows x atomCols} block to which the {@link Swizzle} applies;
 * its rows are {@code atomRowStride} elements apart: the tile's {@code rowStride} when the atom spans
 * the whole row (padding), else {@code atomCols} (atoms are dense). The default atom is the whole
 * tile, one atom: then the layout is {@code swizzle(row * rowStride + col)}, the swizzled row-major
 * tile. Stages are {@code stageStride} elements apart: by default {@code rows * rowStride}, one after
 * another; declared, further apart, a gap after each ({@link StageStrides}).
 *
 * <p>The swizzle must map each atom's offsets onto themselves, so that the tile occupies exactly the
 * elements it would occupy unswizzled. The tile's (and every stage's) base address is
 * {@code alignment}-byte aligned. Immutable.
 *
 * <p>Sub-byte types ({@link DType}): offsets always count elements. A packed FP4 tile's swizzle is
 * declared in bytes, the unit anything addresses ({@link DType#unitBytes()}); its inner map, on
 * element words, is the {@link #elementSwizzle() element swizzle}, the declared one with a base one
 * bit higher, which never moves the bit that picks an element within its byte; its byte offsets are
 * {@code offset / 2}. A padded tile's elements are one-byte slots of 16-byte units: its rows, pitch
 * and atoms are whole units and its swizzle keeps every unit whole.
 */
public final class TileLayout implements Layout {
  /**
   * The most shared memory one thread block can use on sm_90 (and sm_100): 227 KB, the most of any
   * {@link Architecture}; the limit where none is given ({@link Builder#architecture}).
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

  private TileLayout(Builder b) {
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
  public static Builder builder(DType dtype, Swizzle swizzle, int rows, int cols) {
    return new Builder(dtype, Objects.requireNonNull(swizzle, "swizzle"), null, rows, cols);
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
  public static Builder builder(DType dtype, XorMap map, int rows, int cols) {
    Objects.requireNonNull(map, "map");
    map.onBytes(Objects.requireNonNull(dtype, "dtype").storageBits());
    Optional<Swizzle> swizzle = map.asSwizzle().flatMap(onElements -> inUnits(dtype, onElements));
    if (swizzle.isPresent()) {
      return builder(dtype, swizzle.get(), rows, cols);
    }
    return new Builder(dtype, null, map, rows, cols);
  }

  /** This tile's description, to change some of it. */
  public Builder toBuilder() {
    if (swizzle == null) {
      return builder(dtype, inner, rows, cols).rowStride(rowStride).alignment(alignment)
          .atom(atomRows, atomCols, atomOrder).stages(stages).stageStride(declaredStageStride());
    }
    return toBuilder(swizzle);
  }

  /**
   * This tile's description with another swizzle (acting on the offset or within each row as this
   * tile's does), to change some of it.
   */
  public Builder toBuilder(Swizzle newSwizzle) {
    return builder(dtype, newSwizzle, rows, cols).swizzleWithinEachRow(swizzlesWithinEachRow())
        .rowStride(rowStride).alignment(alignment).atom(atomRows, atomCols, atomOrder)
        .stages(stages).stageStride(declaredStageStride());
  }

  /** The stage stride as a description gives it: 0 for the default, {@link #stageElements()}. */
  private int declaredStageStride() {
    return stageStride == stageElements() ? 0 : stageStride;
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
   * A tile's description: what {@link #check} validates and {@link #build} makes. Mutable. An atom side
   * left 0 is the whole tile's; a solver reads it as its own to choose, as it does the swizzle.
   */
  public static final class Builder {
    private final DType dtype;
    /** The swizzle that names the inner map; null where {@link #map} does. */
    private Swizzle swizzle;
    /** The inner map on the offset where no swizzle names it; else null. */
    private XorMap map;
    private int rows;
    private final int cols;
    private boolean withinEachRow;
    private int rowStride;
    private int alignment = 128;
    private int atomRows;
    private int atomCols;
    private Order atomOrder = Order.COL_MAJOR;
    private int stages = 1;
    private int stageStride;
    private Optional<Architecture> architecture = Optional.empty();

    private Builder(DType dtype, Swizzle swizzle, XorMap map, int rows, int cols) {
      this.dtype = Objects.requireNonNull(dtype, "dtype");
      this.swizzle = swizzle;
      this.map = map;
      this.rows = rows;
      this.cols = cols;
    }

    /** An independent copy of this description. */
    public Builder copy() {
      return new Builder(dtype, swizzle, map, rows, cols).swizzleWithinEachRow(withinEachRow)
          .rowStride(rowStride).alignment(alignment).atom(atomRows, atomCols, atomOrder)
          .stages(stages).stageStride(stageStride).architecture(architecture);
    }

    /**
     * Another swizzle, named as this description names its swizzle (on the offset or per row); in
     * place of the map of a description by an XOR map, on the offset.
     */
    public Builder swizzle(Swizzle swizzle) {
      this.swizzle = Objects.requireNonNull(swizzle, "swizzle");
      this.map = null;
      return this;
    }

    /**
     * The architecture whose thread block's shared memory the tile must fit
     * ({@link Architecture#sharedMemoryBytes()}); none (the default) is the most any has,
     * {@link #MAX_SHARED_BYTES}. Not part of the tile: what {@link #check} measures it against.
     */
    public Builder architecture(Optional<Architecture> architecture) {
      this.architecture = Objects.requireNonNull(architecture, "architecture");
      return this;
    }

    /**
     * Whether the swizzle acts within each row (its {@code 2^(M+B)}-column pattern repeated along
     * every row, rows kept in place) rather than on the atom's row-major offset (the default). The one
     * place a description becomes the layout's two inner pieces, {@link #innerMap()} and
     * {@link #wordCols(XorMap)}; another way of naming a map (a CuTe layout, a Triton base list) is another
     * such pair.
     */
    public Builder swizzleWithinEachRow(boolean withinEachRow) {
      if (withinEachRow && map != null) {
        throw new IllegalStateException("an XOR map acts on the atom's offset, not within each row: "
            + this);
      }
      this.withinEachRow = withinEachRow;
      return this;
    }

    /** Another number of rows, the rest of the description kept. */
    public Builder rows(int rows) {
      this.rows = rows;
      return this;
    }

    /** Elements between row starts; 0 (the default) is {@code cols}. */
    public Builder rowStride(int rowStride) {
      this.rowStride = rowStride;
      return this;
    }

    public Builder alignment(int alignment) {
      this.alignment = alignment;
      return this;
    }

    /** The swizzle atom and how atoms are numbered; 0 rows or cols is the whole tile's. */
    public Builder atom(int atomRows, int atomCols, Order atomOrder) {
      this.atomRows = atomRows;
      this.atomCols = atomCols;
      this.atomOrder = Objects.requireNonNull(atomOrder, "atomOrder");
      return this;
    }

    public Builder stages(int stages) {
      this.stages = stages;
      return this;
    }

    /**
     * Elements from one stage's start to the next; 0 (the default) is {@code rows * rowStride}, the
     * stages one after another. At least the elements a stage spans, a multiple of the alignment
     * ({@link StageStrides}).
     */
    public Builder stageStride(int stageStride) {
      this.stageStride = stageStride;
      return this;
    }

    /** Elements from one stage's start to the next: {@code rows * rowStride} unless told otherwise. */
    public int stageStride() {
      return StageStrides.resolve(stageStride, rows, rowStride());
    }

    /** Elements between row starts: {@code cols} unless told otherwise. */
    public int rowStride() {
      return rowStride == 0 ? cols : rowStride;
    }

    private int atomRows() {
      return atomRows == 0 ? rows : atomRows;
    }

    private int atomCols() {
      return atomCols == 0 ? cols : atomCols;
    }

    public DType dtype() {
      return dtype;
    }

    public int rows() {
      return rows;
    }

    public int cols() {
      return cols;
    }

    /** The atom's rows as described: 0 where they are left to the default (or a solver). */
    public int describedAtomRows() {
      return atomRows;
    }

    /** The atom's columns as described: 0 where they are left to the default (or a solver). */
    public int describedAtomCols() {
      return atomCols;
    }

    /** Whether some side of the atom is described rather than left to the default (or a solver). */
    public boolean atomDescribed() {
      return atomRows != 0 || atomCols != 0;
    }

    public Order atomOrder() {
      return atomOrder;
    }

    public int alignment() {
      return alignment;
    }

    /**
     * Elements per row of the word the inner map reads: the atom's row stride (the word is the
     * offset), or within each row {@code 2^P}, the least power of two that holds the row and the
     * swizzle's {@code 2^(M+B)}-column pattern; the stride where the map moves nothing.
     */
    private int wordCols(XorMap innerMap) {
      int stride = atomCols() == cols ? rowStride() : atomCols();
      return !withinEachRow || innerMap.isIdentity() ? stride : 1 << wordBits(stride);
    }

    /** {@code P}: the bits of a word row within each row. */
    private int wordBits(int stride) {
      Swizzle onElements = elementSwizzle();
      return Math.max(32 - Integer.numberOfLeadingZeros(stride - 1),
          onElements.base() + onElements.bits());
    }

    /**
     * The declared swizzle on element offsets: itself, whose units are elements; for packed FP4,
     * declared in bytes, the same bits, shift and a base one higher ({@code Swizzle<3,4,3>} on bytes
     * is {@code Swizzle<3,5,3>} on elements), which the element that picks a nibble never reaches.
     * Null for a description by an XOR map. Requires {@link #elementsFit}.
     */
    private Swizzle elementSwizzle() {
      int shift = Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
      return swizzle == null || shift == 0 || swizzle.isIdentity() ? swizzle
          : Swizzle.overlapping(swizzle.bits(), swizzle.base() + shift, swizzle.shift());
    }

    /** Whether the declared swizzle, moved onto element offsets, stays within an offset's bits. */
    private boolean elementsFit() {
      int shift = Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
      return swizzle == null || shift == 0 || swizzle.isIdentity()
          || Swizzle.check(swizzle.bits(), swizzle.base() + shift, swizzle.shift(), true).isEmpty();
    }

    /**
     * The inner map: the swizzle itself on the offset; within each row, the row's {@code B} bits from
     * {@code S - B} up XORed into the column's bits {@code M..M+B-1}: on the word
     * {@code row * 2^P + col}, {@code Swizzle<B, M, P + S - B - M>}.
     *
     * <pre>
     *   word bits   ... | row: r(S-1) .. r(S-B) ... r0 | col: P-1 ... (M+B-1 .. M) ... 0
     *                          '------- XORed into -------------------'
     * </pre>
     */
    private XorMap innerMap() {
      if (map != null) {
        return map;
      }
      Swizzle swizzle = elementSwizzle();
      if (!withinEachRow || swizzle.isIdentity()) {
        return XorMap.of(swizzle);
      }
      int stride = atomCols() == cols ? rowStride() : atomCols();
      int p = wordBits(stride);
      int[] images = new int[XorMap.OFFSET_BITS];
      for (int j = 0; j < images.length; j++) {
        images[j] = 1 << j;
      }
      for (int i = 0; i < swizzle.bits(); i++) {
        long read = (long) p + swizzle.shift() - swizzle.bits() + i;
        if (read < XorMap.OFFSET_BITS) {
          // Past bit 30 no row of a tile reaches: those row bits are always 0.
          images[(int) read] |= 1 << (swizzle.base() + i);
        }
      }
      return XorMap.ofImages(images);
    }

    /** Every reason the description is not a valid tile; empty if it is one. */
    public List<Violation> check() {
      List<Violation> problems = new ArrayList<>();
      if (rows <= 0) {
        problems.add(new RowsNotPositive(rows));
      }
      if (cols <= 0) {
        problems.add(new ColsNotPositive(cols));
      }
      if (rowStride() < cols) {
        problems.add(new RowsOverlap(rowStride(), cols));
      }
      if (alignment < dtype.unitBytes() || Integer.bitCount(alignment) != 1) {
        problems.add(new BadAlignment(alignment, dtype));
      }
      if (withinEachRow && swizzle.shift() < swizzle.bits()) {
        problems.add(new RowFormShiftBelowBits(swizzle.bits(), swizzle.shift()));
      }
      if (stages < 1) {
        problems.add(new StagesBelowOne(stages));
      }
      if (rows > 0 && (atomRows() <= 0 || rows % atomRows() != 0)) {
        problems.add(new AtomRowsNotDivisor(atomRows(), rows));
      }
      if (cols > 0 && (atomCols() <= 0 || cols % atomCols() != 0)) {
        problems.add(new AtomColsNotDivisor(atomCols(), cols));
      }
      if (!withinEachRow && map == null) {
        // The header, the report and TMA work on byte offsets: the swizzle must fit there too, the
        // identity (bits = 0) included, whose byte form every generated file states. Moving to bytes
        // adds to base. (A map's bytes were checked when it was described.)
        int byteBase = swizzle.base() + Integer.numberOfTrailingZeros(dtype.unitBytes());
        if (!Swizzle.check(swizzle.bits(), byteBase, swizzle.shift(), true).isEmpty()) {
          problems.add(new BytesPastOffsetBits(swizzle, dtype, byteBase));
        }
      }
      if (!elementsFit()) {
        problems.add(new ElementsPastOffsetBits(swizzle, dtype,
            swizzle.base() + Integer.numberOfTrailingZeros(dtype.elementsPerUnit())));
      }
      // A sub-byte type's storage unit (a byte of packed FP4, a 16-byte unit of a padded type) is
      // never split by a row, its pitch or an atom.
      int unit = dtype.isPadded() ? 16 : dtype.elementsPerUnit();
      if (unit > 1 && cols > 0
          && (cols % unit != 0 || rowStride() % unit != 0 || atomCols() % unit != 0)) {
        problems.add(new SplitsStorageUnits(dtype, unit, cols, rowStride(), atomCols()));
      }
      if (problems.isEmpty()) {
        StageStrides.belowSpan(stageStride, rows, cols, rowStride()).ifPresent(problems::add);
      }
      if (!problems.isEmpty()) {
        return problems;
      }
      if (withinEachRow && (atomRows() != rows || atomCols() != cols)) {
        problems.add(new RowFormWithAtoms(rows, cols, atomRows(), atomCols()));
        return problems;
      }
      if (rowStride() != cols && atomCols() != cols) {
        // Atoms as wide as the tile take padding only where the swizzle keeps padded atoms whole.
        List<Violation> wideAtoms = copy().atom(atomRows, cols, atomOrder).check();
        problems.add(new PaddedDenseAtoms(cols, atomCols(), wideAtoms.stream().findFirst()));
        return problems;
      }
      // Whole bytes: a packed FP4 tile's sides are even.
      int bits = dtype.storageBits();
      long strideBytes = (long) stageStride() * bits / 8;
      long extentBytes = (stages - 1) * strideBytes
          + ((long) (rows - 1) * rowStride() + cols) * bits / 8;
      int capacity = architecture.map(Architecture::sharedMemoryBytes).orElse(MAX_SHARED_BYTES);
      if (extentBytes > capacity) {
        long stageExtentBytes = ((long) (rows - 1) * rowStride() + cols) * bits / 8;
        problems.add(new ExceedsSharedMemory(rows, cols, dtype, stages, extentBytes,
            stageExtentBytes, capacity, architecture));
        return problems;
      }
      Optional<Violation> misaligned =
          StageStrides.misaligned(dtype, stageStride, rows, rowStride(), stages, alignment);
      if (misaligned.isPresent()) {
        problems.add(misaligned.get());
        return problems;
      }
      TileLayout tile = new TileLayout(this);
      tile.closureProblem().ifPresent(problems::add);
      if (problems.isEmpty() && dtype.isPadded()) {
        tile.splitUnit().ifPresent(problems::add);
      }
      return problems;
    }

    /**
     * {@code "HALF 64x64 pitch 72 Swizzle<3,3,3> atoms 8x0 col-major stages 1 aligned 128"}: the
     * description as it stands, an atom side left 0 shown as 0.
     */
    @Override
    public String toString() {
      return dtype + " " + rows + "x" + cols + (rowStride != 0 ? " pitch " + rowStride : "") + " "
          + (map != null ? "map " + map : swizzle) + (withinEachRow ? " per row" : "") + " atoms "
          + atomRows + "x" + atomCols
          + " " + atomOrder + " stages " + stages
          + (stageStride != 0 ? " stride " + stageStride : "") + " aligned " + alignment;
    }

    /** The tile, if the description has no {@link #check problem}. */
    public Optional<TileLayout> tryBuild() {
      return check().isEmpty() ? Optional.of(new TileLayout(this)) : Optional.empty();
    }

    /** The tile; throws {@link InvalidDescriptionException} with every {@link #check problem}. */
    public TileLayout build() {
      InvalidDescriptionException.throwIfAny(check());
      return new TileLayout(this);
    }
  }

  /**
   * A violation if the swizzle moves some element of an atom outside it, naming the first such
   * element in row-major order.
   */
  private Optional<Violation> closureProblem() {
    int stride = atomRowStride();
    // The inner map repeats every 2^span offsets.
    long period = 1L << inner.span();
    // A declared swizzle's atoms hold whole periods; a map's need only be mapped onto themselves.
    if (swizzle != null && !isOneAtom() && wordCols == stride && stride == atomCols
        && ((long) atomRows * atomCols) % period != 0) {
      // Several atoms: each must hold whole periods of its swizzle, as CuTe's atoms do; a mask past
      // the atom would be half dead and the atoms would not repeat one pattern.
      return Optional.of(new AtomHoldsPartOfPeriod(swizzle,
          Long.numberOfTrailingZeros(period / 2), period, rows, atomRows, atomCols,
          wholePeriodsAdvice(period)));
    }
    if (closedByAlgebra()) {
      return Optional.empty();
    }
    // Not closed (or not decided by the algebra): the first element whose word leaves the atom's
    // words, in row-major order, names the witness (on a padded word a column pushed past the row's
    // end may read, as an offset, like a cell of the next row: the word says it left). In a dense word
    // the map changes only bits below 2^written: words in whole blocks of 2^written stay in their
    // block, so only the last, partial block can leave the atom.
    int first = 0;
    if (wordCols == atomCols && !inner.isIdentity()) {
      long block = 1L << inner.writtenBits();
      first = (int) ((long) atomRows * atomCols / block * block);
    }
    for (int linear = first; linear < atomRows * atomCols; linear++) {
      int row = linear / atomCols;
      int col = linear % atomCols;
      int word = inner.apply(row * wordCols + col);
      int imageRow = word / wordCols;
      int imageCol = word % wordCols;
      int image = unword(word);
      if (imageRow < atomRows && imageCol < atomCols) {
        continue;
      }
      if (swizzle == null) {
        return Optional.of(new MapNotClosed(inner, isOneAtom(), atomRows, atomCols, stride,
            new Cell(row, col), image, new Cell(imageRow, imageCol)));
      }
      if (isOneAtom()) {
        return Optional.of(new TileNotClosed(swizzle, swizzlesWithinEachRow(), rows, cols, rowStride,
            new Cell(row, col), image, new Cell(imageRow, imageCol)));
      }
      return Optional.of(new AtomNotClosed(swizzle, swizzlesWithinEachRow(), atomRows, atomCols, stride,
          new Cell(row, col), image, new Cell(imageRow, imageCol)));
    }
    return Optional.empty();
  }

  /**
   * For a padded sub-byte tile, a violation if the layout splits, reorders or misaligns one of the
   * 16-element units shared memory holds as 16 bytes, naming the first in row-major order.
   */
  private Optional<Violation> splitUnit() {
    if (keepsRunsWhole(16)) {
      return Optional.empty();
    }
    for (int row = 0; row < rows; row++) {
      for (int col = 0; col < cols; col += 16) {
        int start = offset(row, col);
        boolean whole = start % 16 == 0;
        for (int i = 1; i < 16 && whole; i++) {
          whole = offset(row, col + i) == start + i;
        }
        if (!whole) {
          return Optional.of(new PaddedUnitSplit(dtype, row, col));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * How to give each of several dense atoms whole periods of the swizzle, each checked to pass this
   * check: the fewest rows of {@code atomCols} that hold a multiple of {@code period} elements
   * (CuTe's 8-row atoms for its canonical swizzles), when they divide the tile's rows; else that
   * many rows with the tile's rows rounded up to a multiple of them, or a swizzle of fewer bits.
   */
  private WholePeriods wholePeriodsAdvice(long period) {
    // atomRows * atomCols is a multiple of the power of two `period` exactly when atomRows is a
    // multiple of period / gcd(period, atomCols).
    long step = period / Math.min(period, Integer.lowestOneBit(atomCols));
    if (step <= rows && valid(toBuilder().atom((int) step, atomCols, atomOrder))) {
      return new WholePeriods(step, true, OptionalLong.empty(), Optional.empty());
    }
    long paddedRows = (rows + step - 1) / step * step;
    OptionalLong padded = paddedRows <= Integer.MAX_VALUE
        && valid(toBuilder().rows((int) paddedRows).atom((int) step, atomCols, atomOrder))
        ? OptionalLong.of(paddedRows) : OptionalLong.empty();
    // A swizzle of fewer bits has a shorter period: the first that fits the atoms as declared.
    for (int bits = swizzle.bits() - 1; bits >= 1; bits--) {
      if (Swizzle.check(bits, swizzle.base(), swizzle.shift(), false).isEmpty()
          && valid(toBuilder(Swizzle.of(bits, swizzle.base(), swizzle.shift())))) {
        return new WholePeriods(step, false, padded,
            Optional.of(Swizzle.of(bits, swizzle.base(), swizzle.shift())));
      }
    }
    return new WholePeriods(step, false, padded, Optional.empty());
  }

  private static boolean valid(Builder description) {
    return description.check().isEmpty();
  }

  /**
   * Whether the inner map certainly sends the atom's words onto themselves. Exact where the atom's
   * words are a coordinate subspace (rows and columns powers of two, the word's row a power of two):
   * the map preserves it; and where the map XORs each word row into its columns
   * ({@link #rowXorTerms}). Otherwise sufficient conditions, {@code false} meaning "look element by
   * element": the map reads no bit of the atom's words; or it writes only bits below {@code 2^w}, and
   * the atom is whole blocks of {@code 2^w} (a dense word), or its columns and word rows are.
   */
  private boolean closedByAlgebra() {
    int subspace = atomWordMask();
    if (subspace != -1) {
      return inner.preserves(subspace);
    }
    Optional<List<XorTerm>> rowXor = rowXorTerms();
    if (rowXor.isPresent()) {
      // Rows stay; row r's columns c ^ rowXor(r), c < atomCols, stay below atomCols exactly when
      // atomCols is a multiple of 2^(bit length of rowXor(r)) (XOR by x permutes each aligned block
      // of 2^(bit length of x), and leaves a partial last block). rowXor is linear, so over the rows
      // below atomRows its bit length is greatest at a row of one bit.
      int reached = 0;
      for (int bit = 0; bit < 31 && (1L << bit) < atomRows; bit++) {
        reached |= rowXor(rowXor.get(), 1 << bit);
      }
      return atomCols % (1L << (32 - Integer.numberOfLeadingZeros(reached))) == 0;
    }
    if (readsNoBitOfTheAtom()) {
      return true;
    }
    long block = 1L << inner.writtenBits();
    if (wordCols == atomCols && ((long) atomRows * atomCols) % block == 0) {
      return true;
    }
    return atomCols % block == 0 && (atomRows == 1 || wordCols % block == 0);
  }

  /**
   * The bits of the atom's words {@code row * wordCols + col} when they are exactly the words under
   * a mask (a coordinate subspace: {@code atomCols} a power of two, and one row or {@code atomRows}
   * and {@code wordCols} powers of two); -1 when they are not.
   */
  private int atomWordMask() {
    if (Integer.bitCount(atomCols) != 1) {
      return -1;
    }
    if (atomRows == 1) {
      return atomCols - 1;
    }
    if (Integer.bitCount(atomRows) != 1 || Integer.bitCount(wordCols) != 1) {
      return -1;
    }
    long mask = (atomCols - 1) | ((long) (atomRows - 1) << Integer.numberOfTrailingZeros(wordCols));
    return mask > Integer.MAX_VALUE ? -1 : (int) mask;
  }

  /** Whether the inner map leaves every word of an atom as it is: it reads only bits all of them lack. */
  private boolean readsNoBitOfTheAtom() {
    long lastWord = (long) (atomRows - 1) * wordCols + atomCols - 1;
    return inner.lowestBitRead() >= 64 - Long.numberOfLeadingZeros(lastWord);
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
    return readsNoBitOfTheAtom()
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

  /**
   * The inner map as an XOR of each word row into its own columns, where it is one:
   * {@code inner(row * wordCols + col) = row * wordCols + (col ^ rowXor(row))}, {@code rowXor(row)}
   * the XOR of these terms of the row ({@link XorTerm#of}). Present where the word's rows are a power
   * of two {@code 2^P} wide and every term of the map reads only row bits (from {@code P} up) and
   * writes only column bits (below {@code P}): every swizzle within each row, on
   * {@code ((row >> (S - B)) & (2^B - 1)) << M}; empty for a word whose rows are no power of two, or a
   * map that moves bits within the column or into the row.
   *
   * <pre>
   *   word term  (w &amp; mask) &gt;&gt; shift,  mask = rowMask &lt;&lt; P   is   row term  (row &amp; rowMask) &gt;&gt; (shift - P)
   * </pre>
   */
  public Optional<List<XorTerm>> rowXorTerms() {
    if (Integer.bitCount(wordCols) != 1) {
      return Optional.empty();
    }
    int p = Integer.numberOfTrailingZeros(wordCols);
    List<XorTerm> rowTerms = new ArrayList<>();
    for (XorTerm term : inner.terms()) {
      long mask = term.mask() & 0xFFFF_FFFFL;
      long written = term.shift() >= 0 ? mask >>> term.shift() : mask << -term.shift();
      if (mask >>> p << p != mask || written >= wordCols) {
        return Optional.empty();
      }
      rowTerms.add(new XorTerm((int) (mask >>> p), term.shift() - p));
    }
    return Optional.of(List.copyOf(rowTerms));
  }

  /** The XOR of the terms of {@code row}: what a row XOR adds to the row's columns. */
  private static int rowXor(List<XorTerm> rowTerms, int row) {
    int xor = 0;
    for (XorTerm term : rowTerms) {
      xor ^= term.of(row);
    }
    return xor;
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
  private int unword(int word) {
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

  /**
   * The same tile with its swizzle on the offset, if one swizzle of the atom's row-major offset equals
   * its inner map on its word: always where the declared swizzle acts on the offset; within each row
   * when {@code atomRowStride} is a power of two {@code 2^R} holding the pattern, where it is
   * {@code Swizzle<B, M, S + R - M - B>}, or when it has no bits.
   */
  public Optional<TileLayout> inOffsetForm() {
    return offsetSwizzle().flatMap(onElements -> inUnits(dtype, onElements)).map(offsetSwizzle -> {
      Builder description = builder(dtype, offsetSwizzle, rows, cols).rowStride(rowStride)
          .alignment(alignment).atom(atomRows, atomCols, atomOrder).stages(stages)
          .stageStride(declaredStageStride());
      TileLayout same = new TileLayout(description);
      return same.equals(this) ? this : description.build();
    });
  }

  /**
   * The swizzle of the atom's offset that the inner map is, if one is: the declared swizzle where it
   * is the map on the offset (its parameters kept, the identity's included); else, where the word is
   * the offset, the swizzle the map equals ({@code Swizzle<B, M, S + R - M - B>} within rows of
   * {@code 2^R}); empty for a word that is not the offset. On element offsets, as the inner map is:
   * for packed FP4 the {@link #elementSwizzle()}, not the declared swizzle on bytes.
   */
  public Optional<Swizzle> offsetSwizzle() {
    if (!readsTheOffset()) {
      return Optional.empty();
    }
    return swizzle != null && XorMap.of(elementSwizzle).equals(inner)
        ? Optional.of(elementSwizzle) : inner.asSwizzle();
  }

  /**
   * A swizzle of element offsets in the units a swizzle of {@code dtype} is declared in: itself, or
   * for packed FP4 on bytes (base one lower), where it moves whole bytes.
   */
  private static Optional<Swizzle> inUnits(DType dtype, Swizzle onElements) {
    int shift = Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
    if (shift == 0 || onElements.isIdentity()) {
      return Optional.of(onElements);
    }
    if (onElements.base() < shift) {
      return Optional.empty();
    }
    return Optional.of(
        Swizzle.overlapping(onElements.bits(), onElements.base() - shift, onElements.shift()));
  }

  /** The bank of (row, col)'s first byte, for a base address in bank 0. */
  public int bank(int row, int col) {
    return BankModel.NVIDIA.bank(byteOffset(row, col));
  }

  /**
   * The same swizzle acting on byte offsets: that of its {@link #inOffsetForm}, empty when it has none.
   */
  public Optional<Swizzle> byteSwizzle() {
    return inOffsetForm().map(tile -> tile.swizzle.inBytes(dtype.unitBytes()));
  }

  /**
   * The inner map on byte offsets, where it reads the atom's offset: what the tile's bytes undergo
   * within an atom; empty for a word that is not the offset.
   */
  public Optional<XorMap> byteMap() {
    return readsTheOffset() ? Optional.of(inner.onBytes(elementBits())) : Optional.empty();
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
