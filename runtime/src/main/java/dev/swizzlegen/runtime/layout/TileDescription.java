package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * A tile's description: what the annotation says before it is a valid {@link TileLayout}, what
 * {@link #check} validates (the rules, {@link LayoutRules}) and {@link #build} makes. Mutable. The row
 * stride, each atom side and the stage stride may be absent (not described): then the tile takes its
 * default ({@code cols}, the whole tile's side, {@code rows * rowStride}), and a solver reads an absent
 * atom side as its own to choose, as it does the swizzle.
 * Made by {@link TileLayout#builder} and {@link TileLayout#toBuilder()}.
 *
 * <p>How a description names a tile's inner part ({@link TileLayout}). The declared {@link Swizzle} names
 * the inner part, in one of two ways (the one place a description becomes a map and a word:
 * {@link #swizzleWithinEachRow}); or the inner part is declared as any invertible
 * {@link XorMap} on the atom's offset ({@link TileLayout#builder(DType, XorMap, int, int)}: TMA's
 * {@code SWIZZLE_128B_ATOM_32B_FLIP_8B}, a CuTe layout, a Triton base list), a tile that has a
 * {@link Swizzle} only where the map is one ({@link TileLayout#hasSwizzle()}):
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
 * their place whatever their stride (an 8 x 24 tile is the 8 x 8 pattern three times; Triton's
 * {@code vec = 2^M}, {@code perPhase = 2^(S-B)}, {@code maxPhase = 2^B}). Where its stride is a power
 * of two {@code 2^P >= 2^(M+B)} its word is its offset, and it is the swizzle
 * {@code Swizzle<B, M, S + P - M - B>} of the offset ({@link TileLayout#inOffsetForm}).
 *
 * <p>Its fields are package-private: the tile's constructor and {@link LayoutRules} read them as
 * described (empty where absent); the methods of the same names resolve the defaults. A value
 * described is kept as it is, 0 or negative included, for the rules to judge; only the int setters
 * read 0 as absent, as the annotation writes an omitted value.
 */
public final class TileDescription {
  final DType dtype;
  /** The swizzle that names the inner map; null where {@link #map} does. */
  Swizzle swizzle;
  /** The inner map on the offset where no swizzle names it; else null. */
  XorMap map;
  int rows;
  final int cols;
  boolean withinEachRow;
  /**
   * Elements in each row a swizzle within each row acts in, along each stage's plain offsets (the
   * strided part's, before the swizzle); 0 for the tile's own rows (one atom).
   */
  int swizzleRow;
  OptionalInt rowStride = OptionalInt.empty();
  int alignment = 128;
  OptionalInt atomRows = OptionalInt.empty();
  OptionalInt atomCols = OptionalInt.empty();
  Order atomOrder = Order.COL_MAJOR;
  int stages = 1;
  OptionalInt stageStride = OptionalInt.empty();
  Optional<Architecture> architecture = Optional.empty();

  TileDescription(DType dtype, Swizzle swizzle, XorMap map, int rows, int cols) {
    this.dtype = Objects.requireNonNull(dtype, "dtype");
    this.swizzle = swizzle;
    this.map = map;
    this.rows = rows;
    this.cols = cols;
  }

  /** The description {@link TileLayout#builder(DType, Swizzle, int, int)} makes. */
  static TileDescription of(DType dtype, Swizzle swizzle, int rows, int cols) {
    return new TileDescription(dtype, Objects.requireNonNull(swizzle, "swizzle"), null, rows, cols);
  }

  /**
   * The description {@link TileLayout#builder(DType, XorMap, int, int)} makes: that of the swizzle the
   * map is, in the units a swizzle of {@code dtype} counts, if it is one; else of the map.
   */
  static TileDescription of(DType dtype, XorMap map, int rows, int cols) {
    Objects.requireNonNull(map, "map");
    map.onBytes(Objects.requireNonNull(dtype, "dtype").storageBits());
    Optional<Swizzle> swizzle =
        map.asSwizzle().flatMap(onElements -> Recast.inUnits(dtype, onElements));
    if (swizzle.isPresent()) {
      return of(dtype, swizzle.get(), rows, cols);
    }
    return new TileDescription(dtype, null, map, rows, cols);
  }

  /** {@code tile}'s description ({@link TileLayout#toBuilder()}). */
  static TileDescription of(TileLayout tile) {
    if (!tile.hasSwizzle()) {
      return of(tile.dtype(), tile.inner(), tile.rows(), tile.cols()).rowStride(tile.rowStride())
          .alignment(tile.alignment()).atom(tile.atomRows(), tile.atomCols(), tile.atomOrder())
          .stages(tile.stages()).stageStride(declaredStageStride(tile));
    }
    return of(tile, tile.swizzle());
  }

  /** {@code tile}'s description with another swizzle ({@link TileLayout#toBuilder(Swizzle)}). */
  static TileDescription of(TileLayout tile, Swizzle newSwizzle) {
    return of(tile.dtype(), newSwizzle, tile.rows(), tile.cols())
        .swizzleWithinEachRow(tile.swizzlesWithinEachRow()).swizzleRow(tile.swizzleRow())
        .rowStride(tile.rowStride())
        .alignment(tile.alignment()).atom(tile.atomRows(), tile.atomCols(), tile.atomOrder())
        .stages(tile.stages()).stageStride(declaredStageStride(tile));
  }

  /** The stage stride as a description gives it: absent for the default, {@code stageElements()}. */
  static OptionalInt declaredStageStride(TileLayout tile) {
    return !tile.strided().stagesApart() ? OptionalInt.empty() : OptionalInt.of(tile.stageStride());
  }

  /** An independent copy of this description. */
  public TileDescription copy() {
    return new TileDescription(dtype, swizzle, map, rows, cols).swizzleWithinEachRow(withinEachRow)
        .swizzleRow(swizzleRow).rowStride(rowStride).alignment(alignment)
        .atom(atomRows, atomCols, atomOrder)
        .stages(stages).stageStride(stageStride).architecture(architecture);
  }

  /**
   * Another inner part, any invertible XOR map of the atom's row-major element offset, as
   * {@link TileLayout#builder(DType, XorMap, int, int)} takes it: the swizzle it is, if it is one (in
   * {@code dtype}'s units), else the map; on the offset. Throws {@link IllegalArgumentException} as
   * that builder does.
   */
  public TileDescription map(XorMap map) {
    TileDescription described = of(dtype, map, rows, cols);
    this.swizzle = described.swizzle;
    this.map = described.map;
    this.withinEachRow = false;
    this.swizzleRow = 0;
    return this;
  }

  /**
   * Another swizzle, named as this description names its swizzle (on the offset or per row); in
   * place of the map of a description by an XOR map, on the offset.
   */
  public TileDescription swizzle(Swizzle swizzle) {
    this.swizzle = Objects.requireNonNull(swizzle, "swizzle");
    this.map = null;
    return this;
  }

  /**
   * The architecture whose thread block's shared memory the tile must fit
   * ({@link Architecture#sharedMemoryBytes()}); none (the default) is the most any has,
   * {@link Architecture#MAX_SHARED_BYTES}. Not part of the tile: what {@link #check} measures it against.
   */
  public TileDescription architecture(Optional<Architecture> architecture) {
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
  public TileDescription swizzleWithinEachRow(boolean withinEachRow) {
    if (withinEachRow && map != null) {
      throw new IllegalStateException("an XOR map acts on the atom's offset, not within each row: "
          + this);
    }
    this.withinEachRow = withinEachRow;
    return this;
  }

  /**
   * The rows a swizzle within each row acts in: rows of {@code elements} elements along each stage's
   * plain offsets (what the strided part gives, atoms and all, before the swizzle), so that the
   * swizzle's row bits are the number of such a row and its column bits the place in it; 0 (the
   * default) for the tile's own rows, which requires one atom. CUTLASS 2.x's crosswise operands are
   * such rows: two 32-element rows of each of 3 stages make one 192-element row, and
   * {@code Swizzle<2,3,2>} is applied within each. Where the rows are the tile's (one atom,
   * {@code elements} its row stride) it is the plain within-each-row form.
   */
  public TileDescription swizzleRow(int elements) {
    this.swizzleRow = elements;
    return this;
  }

  /** Another number of rows, the rest of the description kept. */
  public TileDescription rows(int rows) {
    this.rows = rows;
    return this;
  }

  /** Elements between row starts; 0, as an omitted annotation value, leaves it absent. */
  public TileDescription rowStride(int rowStride) {
    return rowStride(given(rowStride));
  }

  /** Elements between row starts, or absent (the default): {@code cols}. */
  public TileDescription rowStride(OptionalInt rowStride) {
    this.rowStride = Objects.requireNonNull(rowStride, "rowStride");
    return this;
  }

  public TileDescription alignment(int alignment) {
    this.alignment = alignment;
    return this;
  }

  /**
   * The swizzle atom and how atoms are numbered; 0 rows or cols, as an omitted annotation value,
   * leaves that side absent.
   */
  public TileDescription atom(int atomRows, int atomCols, Order atomOrder) {
    return atom(given(atomRows), given(atomCols), atomOrder);
  }

  /**
   * The swizzle atom and how atoms are numbered; a side absent is the whole tile's (or, to a
   * solver, its own to choose).
   */
  public TileDescription atom(OptionalInt atomRows, OptionalInt atomCols, Order atomOrder) {
    this.atomRows = Objects.requireNonNull(atomRows, "atomRows");
    this.atomCols = Objects.requireNonNull(atomCols, "atomCols");
    this.atomOrder = Objects.requireNonNull(atomOrder, "atomOrder");
    return this;
  }

  public TileDescription stages(int stages) {
    this.stages = stages;
    return this;
  }

  /**
   * Elements from one stage's start to the next; 0, as an omitted annotation value, leaves it absent
   * ({@link #stageStride(OptionalInt)}).
   */
  public TileDescription stageStride(int stageStride) {
    return stageStride(given(stageStride));
  }

  /**
   * Elements from one stage's start to the next, or absent (the default): {@code rows * rowStride},
   * the stages one after another. At least the elements a stage spans, a multiple of the alignment
   * ({@link StageStrides}).
   */
  public TileDescription stageStride(OptionalInt stageStride) {
    this.stageStride = Objects.requireNonNull(stageStride, "stageStride");
    return this;
  }

  /** A value an int setter is given: absent for 0, the annotation's omitted value. */
  private static OptionalInt given(int value) {
    return value == 0 ? OptionalInt.empty() : OptionalInt.of(value);
  }

  /** Elements from one stage's start to the next: {@code rows * rowStride} unless told otherwise. */
  public int stageStride() {
    return StageStrides.resolve(stageStride, rows, rowStride());
  }

  /** Elements between row starts: {@code cols} unless told otherwise. */
  public int rowStride() {
    return rowStride.orElse(cols);
  }

  /** The strided part the description resolves to: its defaults filled in ({@link StridedPart}). */
  StridedPart strided() {
    return new StridedPart(rows, cols, rowStride(), atomRows(), atomCols(), atomOrder, stages,
        stageStride());
  }

  int atomRows() {
    return atomRows.orElse(rows);
  }

  int atomCols() {
    return atomCols.orElse(cols);
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

  /** The atom's rows as described: absent where they are left to the default (or a solver). */
  public OptionalInt describedAtomRows() {
    return atomRows;
  }

  /** The atom's columns as described: absent where they are left to the default (or a solver). */
  public OptionalInt describedAtomCols() {
    return atomCols;
  }

  /** Whether some side of the atom is described rather than left to the default (or a solver). */
  public boolean atomDescribed() {
    return atomRows.isPresent() || atomCols.isPresent();
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
  int wordCols(XorMap innerMap) {
    int stride = swizzleRow > 0 ? swizzleRow : atomCols() == cols ? rowStride() : atomCols();
    return !withinEachRow || innerMap.isIdentity() ? stride : 1 << wordBits(stride);
  }

  /** {@code P}: the bits of a word row within each row. */
  private int wordBits(int stride) {
    Swizzle onElements = Recast.onElements(dtype, swizzle);
    return Math.max(32 - Integer.numberOfLeadingZeros(stride - 1),
        onElements.base() + onElements.bits());
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
  XorMap innerMap() {
    if (map != null) {
      return map;
    }
    Swizzle swizzle = Recast.onElements(dtype, this.swizzle);
    if (!withinEachRow || swizzle.isIdentity()) {
      return XorMap.of(swizzle);
    }
    int stride = swizzleRow > 0 ? swizzleRow : atomCols() == cols ? rowStride() : atomCols();
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

  /** Every reason the description is not a valid tile; empty if it is one ({@link LayoutRules}). */
  public List<Violation> check() {
    return LayoutRules.check(this).problems();
  }

  /**
   * {@code "HALF 64x64 pitch 72 Swizzle<3,3,3> atoms 8x0 col-major stages 1 aligned 128"}: the
   * description as it stands, an absent atom side shown as 0, an absent pitch or stride not shown.
   */
  @Override
  public String toString() {
    return dtype + " " + rows + "x" + cols
        + (rowStride.isPresent() ? " pitch " + rowStride.getAsInt() : "") + " "
        + (map != null ? "map " + map : swizzle) + (withinEachRow ? " per row" : "")
        + (swizzleRow > 0 ? " of " + swizzleRow : "") + " atoms "
        + atomRows.orElse(0) + "x" + atomCols.orElse(0)
        + " " + atomOrder + " stages " + stages
        + (stageStride.isPresent() ? " stride " + stageStride.getAsInt() : "") + " aligned "
        + alignment;
  }

  /** The tile, if the description has no {@link #check problem}. */
  public Optional<TileLayout> tryBuild() {
    return tryBuild(problem -> {});
  }

  /**
   * The tile, checked and built once: empty where the description has a {@link #check problem},
   * each handed to {@code problems}.
   */
  public Optional<TileLayout> tryBuild(Consumer<Violation> problems) {
    LayoutRules.Checked checked = LayoutRules.check(this);
    checked.problems().forEach(problems);
    return checked.tile();
  }

  /** The tile; throws {@link InvalidDescriptionException} with every {@link #check problem}. */
  public TileLayout build() {
    LayoutRules.Checked checked = LayoutRules.check(this);
    InvalidDescriptionException.throwIfAny(checked.problems());
    return checked.tile().orElseThrow();
  }
}