package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomColsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomHoldsPartOfPeriod;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomRowsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.BadAlignment;
import dev.swizzlegen.runtime.layout.LayoutViolation.BytesPastOffsetBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.ColsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.layout.LayoutViolation.PaddedDenseAtoms;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowFormShiftBelowBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowFormWithAtoms;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsOverlap;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageMisaligned;
import dev.swizzlegen.runtime.layout.LayoutViolation.StagesBelowOne;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.WholePeriods;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The test oracle: {@code TileLayout} as it was before the XorMap (issue 19), closure by masks and an
 * element loop, runs whole by masks, the offset form by the swizzle's parameters, kept verbatim but
 * for its name, its own {@link Form}, and its problems, which are typed violations as the model's are
 * (their prose moved to the processor), so that every fact of the new {@code TileLayout} can be checked
 * against it.
 *
 * <p>A shared-memory tile: swizzled atoms placed in a {@code rows x cols} tile, the tile stored
 * {@code stages} times one after another (CuTe's {@code tile_to_shape(atom, Shape<rows, cols,
 * stages>)}).
 *
 * <pre>
 *   offset(row, col, stage) = stage * stageElements
 *                           + atomNumber(row / atomRows, col / atomCols) * atomElements
 *                           + atomOffset(row % atomRows, col % atomCols)
 *
 *   atomNumber(i, j) = i + j * (rows / atomRows)         atomOrder COL_MAJOR (tile_to_shape's)
 *                    = i * (cols / atomCols) + j         atomOrder ROW_MAJOR
 *
 *   atomOffset(r, c) = swizzle(r * atomRowStride + c)                       Form.OFFSET
 *                    = r * atomRowStride + (c ^ (((r >> (S - B)) &amp; (2^B - 1)) &lt;&lt; M))   ROW
 * </pre>
 *
 * <p>The atom is a row-major {@code atomRows x atomCols} block to which the {@link Swizzle} applies;
 * its rows are {@code atomRowStride} elements apart: the tile's {@code rowStride} when the atom spans
 * the whole row (padding), else {@code atomCols} (atoms are dense). The default atom is the whole
 * tile, one atom: then the layout is {@code swizzle(row * rowStride + col)}, the swizzled row-major
 * tile. Stages are {@code rows * rowStride} elements apart.
 *
 * <p>The swizzle must map each atom's offsets onto themselves, so that the tile occupies exactly the
 * elements it would occupy unswizzled. The tile's (and every stage's) base address is
 * {@code alignment}-byte aligned. Immutable.
 */
final class MaskTileLayout implements Layout {
  /**
   * What the swizzle acts on (the old {@code SwizzleForm}, which {@code TileLayout} no longer has: it
   * reads its inner map and word instead).
   *
   * <pre>
   *   OFFSET:  offset(row, col) = swizzle(row * rowStride + col)                 CuTe's composition
   *   ROW:     offset(row, col) = row * rowStride + (col ^ (((row >> (S - B)) &amp; (2^B - 1)) &lt;&lt; M))
   * </pre>
   */
  enum Form {
    /** The swizzle permutes the tile's row-major element offset. */
    OFFSET,
    /** The swizzle's atom is repeated along each row. */
    ROW
  }

  /** The most shared memory one thread block can use on sm_90: 227 KB. */
  public static final int MAX_SHARED_BYTES = 227 * 1024;

  private final DType dtype;
  private final Form form;
  private final Swizzle swizzle;
  private final int rows;
  private final int cols;
  private final int rowStride;
  private final int alignment;
  private final int atomRows;
  private final int atomCols;
  private final Order atomOrder;
  private final int stages;

  private MaskTileLayout(Builder b) {
    this.dtype = b.dtype;
    this.form = b.form;
    this.swizzle = b.swizzle;
    this.rows = b.rows;
    this.cols = b.cols;
    this.rowStride = b.rowStride();
    this.alignment = b.alignment;
    this.atomRows = b.atomRows();
    this.atomCols = b.atomCols();
    this.atomOrder = b.atomOrder;
    this.stages = b.stages;
  }

  /**
   * A description of a tile to check or build: {@code rows x cols} elements of {@code dtype}, one
   * atom, one stage, rows {@code cols} apart, 128-byte aligned, the swizzle on the row-major offset,
   * until told otherwise.
   */
  public static Builder builder(DType dtype, Swizzle swizzle, int rows, int cols) {
    return new Builder(dtype, swizzle, rows, cols);
  }

  /** The tile of a description without checking it (the closure oracle enumerates such atoms). */
  static MaskTileLayout uncheckedForTests(Builder description) {
    return new MaskTileLayout(description);
  }

  /** This tile's description, to change some of it. */
  public Builder toBuilder() {
    return toBuilder(swizzle);
  }

  /** This tile's description with another swizzle (in the same form), to change some of it. */
  public Builder toBuilder(Swizzle newSwizzle) {
    return builder(dtype, newSwizzle, rows, cols).form(form).rowStride(rowStride)
        .alignment(alignment).atom(atomRows, atomCols, atomOrder).stages(stages);
  }

  /**
   * A one-atom, one-stage tile; throws {@link InvalidDescriptionException} with every problem found.
   *
   * @param alignment bytes the base address is aligned to
   */
  public static MaskTileLayout of(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return of(Form.OFFSET, dtype, swizzle, rows, cols, rowStride, alignment);
  }

  /** A one-atom, one-stage tile whose swizzle has the given form; throws like {@link #of(DType, Swizzle, int, int, int, int)}. */
  public static MaskTileLayout of(Form form,
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return builder(dtype, swizzle, rows, cols).form(form).rowStride(rowStride).alignment(alignment)
        .build();
  }

  /** The swizzle's atom: {@code 2^B} rows of {@code 2^(M+|S|)} elements, 128-byte aligned. */
  public static MaskTileLayout atom(DType dtype, Swizzle swizzle) {
    return of(dtype, swizzle, swizzle.atomRows(), swizzle.atomCols(), swizzle.atomCols(), 128);
  }

  /** Every reason the one-atom description is not a valid tile; empty if it is one. */
  public static List<Violation> check(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return builder(dtype, swizzle, rows, cols).rowStride(rowStride).alignment(alignment).check();
  }

  /** A tile's description: what {@link #check} validates and {@link #build} makes. Mutable. */
  public static final class Builder {
    private final DType dtype;
    private final Swizzle swizzle;
    private final int rows;
    private final int cols;
    private Form form = Form.OFFSET;
    private int rowStride;
    private int alignment = 128;
    private int atomRows;
    private int atomCols;
    private Order atomOrder = Order.COL_MAJOR;
    private int stages = 1;

    private Builder(DType dtype, Swizzle swizzle, int rows, int cols) {
      this.dtype = Objects.requireNonNull(dtype, "dtype");
      this.swizzle = Objects.requireNonNull(swizzle, "swizzle");
      this.rows = rows;
      this.cols = cols;
    }

    public Builder form(Form form) {
      this.form = Objects.requireNonNull(form, "form");
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

    private int rowStride() {
      return rowStride == 0 ? cols : rowStride;
    }

    private int atomRows() {
      return atomRows == 0 ? rows : atomRows;
    }

    private int atomCols() {
      return atomCols == 0 ? cols : atomCols;
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
      if (alignment < dtype.bytes() || Integer.bitCount(alignment) != 1) {
        problems.add(new BadAlignment(alignment, dtype));
      }
      if (form == Form.ROW && swizzle.shift() < swizzle.bits()) {
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
      if (form == Form.OFFSET) {
        // The header, the report and TMA work on byte offsets: the swizzle must fit there too, the
        // identity (bits = 0) included, whose byte form every generated file states. Moving to bytes
        // adds to base, so base is blamed.
        int byteBase = swizzle.base() + Integer.numberOfTrailingZeros(dtype.bytes());
        if (!Swizzle.check(swizzle.bits(), byteBase, swizzle.shift(), true).isEmpty()) {
          problems.add(new BytesPastOffsetBits(swizzle, dtype, byteBase));
        }
      }
      if (!problems.isEmpty()) {
        return problems;
      }
      if (form == Form.ROW && (atomRows() != rows || atomCols() != cols)) {
        problems.add(new RowFormWithAtoms(rows, cols, atomRows(), atomCols()));
        return problems;
      }
      if (rowStride() != cols && atomCols() != cols) {
        // Atoms as wide as the tile take padding only where the swizzle keeps padded atoms whole.
        List<Violation> wideAtoms = new Builder(dtype, swizzle, rows, cols).form(form)
            .rowStride(rowStride).alignment(alignment).atom(atomRows, cols, atomOrder)
            .stages(stages).check();
        problems.add(new PaddedDenseAtoms(cols, atomCols(), wideAtoms.stream().findFirst()));
        return problems;
      }
      long stageBytes = (long) rows * rowStride() * dtype.bytes();
      long extentBytes = (stages - 1) * stageBytes
          + ((long) (rows - 1) * rowStride() + cols) * dtype.bytes();
      if (extentBytes > MAX_SHARED_BYTES) {
        long stageExtentBytes = ((long) (rows - 1) * rowStride() + cols) * dtype.bytes();
        problems.add(new ExceedsSharedMemory(rows, cols, dtype, stages, extentBytes,
            stageExtentBytes, MAX_SHARED_BYTES));
        return problems;
      }
      if (stages > 1 && stageBytes % alignment != 0) {
        // The least stage stride, in elements, whose bytes are a multiple of the alignment.
        long aligned = (stageBytes + alignment - 1) / alignment * alignment / dtype.bytes();
        problems.add(new StageMisaligned(stageBytes, alignment, aligned));
        return problems;
      }
      new MaskTileLayout(this).closureProblem().ifPresent(problems::add);
      return problems;
    }

    /** The tile, if the description has no {@link #check problem}. */
    public Optional<MaskTileLayout> tryBuild() {
      return check().isEmpty() ? Optional.of(new MaskTileLayout(this)) : Optional.empty();
    }

    /** The tile; throws {@link InvalidDescriptionException} with every {@link #check problem}. */
    public MaskTileLayout build() {
      InvalidDescriptionException.throwIfAny(check());
      return new MaskTileLayout(this);
    }
  }

  /**
   * A problem if the swizzle moves some element of an atom outside it, naming the first such element
   * in row-major order and the parameter that would have to change.
   */
  private Optional<Violation> closureProblem() {
    int stride = atomRowStride();
    long period = swizzlePeriod();
    if (!isOneAtom() && form == Form.OFFSET && stride == atomCols
        && ((long) atomRows * atomCols) % period != 0) {
      // Several atoms: each must hold whole periods of its swizzle, as CuTe's atoms do; a mask past
      // the atom would be half dead and the atoms would not repeat one pattern.
      return Optional.of(new AtomHoldsPartOfPeriod(swizzle,
          Long.numberOfTrailingZeros(period / 2), period, rows, atomRows, atomCols,
          wholePeriodsAdvice(period)));
    }
    if (closedByStructure()) {
      return Optional.empty();
    }
    // In a dense atom in the offset form, f changes only ZZZ bits, all below 2^z: offsets in whole
    // blocks of 2^z stay in their block, so only the last, partial block can leave the atom.
    int first = 0;
    if (form == Form.OFFSET && stride == atomCols && swizzle.zzzMask() != 0) {
      long block = Integer.highestOneBit(swizzle.zzzMask()) * 2L;
      first = (int) ((long) atomRows * atomCols / block * block);
    }
    for (int linear = first; linear < atomRows * atomCols; linear++) {
      int row = linear / atomCols;
      int col = linear % atomCols;
      int image = atomOffset(row, col);
      int imageRow = image / stride;
      int imageCol = image % stride;
      if (imageRow < atomRows && imageCol < atomCols) {
        continue;
      }
      if (isOneAtom()) {
        return Optional.of(new TileNotClosed(swizzle, form == Form.ROW, rows, cols, rowStride,
            new Cell(row, col), image, new Cell(imageRow, imageCol)));
      }
      return Optional.of(new AtomNotClosed(swizzle, form == Form.ROW, atomRows, atomCols, stride,
          new Cell(row, col), image, new Cell(imageRow, imageCol)));
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
    if (step <= rows && valid(described(rows, swizzle).atom((int) step, atomCols, atomOrder))) {
      return new WholePeriods(step, true, OptionalLong.empty(), Optional.empty());
    }
    long paddedRows = (rows + step - 1) / step * step;
    OptionalLong padded = paddedRows <= Integer.MAX_VALUE
        && valid(described((int) paddedRows, swizzle).atom((int) step, atomCols, atomOrder))
        ? OptionalLong.of(paddedRows) : OptionalLong.empty();
    // A swizzle of fewer bits has a shorter period: the first that fits the atoms as declared.
    for (int bits = swizzle.bits() - 1; bits >= 1; bits--) {
      if (Swizzle.check(bits, swizzle.base(), swizzle.shift(), false).isEmpty()
          && valid(described(rows, Swizzle.of(bits, swizzle.base(), swizzle.shift())))) {
        return new WholePeriods(step, false, padded,
            Optional.of(Swizzle.of(bits, swizzle.base(), swizzle.shift())));
      }
    }
    return new WholePeriods(step, false, padded, Optional.empty());
  }

  /** This tile's description with another row count and swizzle, to try a suggestion on. */
  private Builder described(int newRows, Swizzle newSwizzle) {
    return new Builder(dtype, newSwizzle, newRows, cols).form(form).rowStride(rowStride)
        .alignment(alignment).atom(atomRows, atomCols, atomOrder).stages(stages);
  }

  private static boolean valid(Builder description) {
    return description.check().isEmpty();
  }

  /**
   * A sufficient condition for closure read from the masks, so that most tiles skip the element loop:
   * the swizzle only rewrites bits below a power of two that the atom's extent is a multiple of.
   */
  private boolean closedByStructure() {
    if (readsNoBitOfTheAtom()) {
      return true;
    }
    if (form == Form.ROW) {
      return atomCols % (1 << (swizzle.base() + swizzle.bits())) == 0;
    }
    if (atomRowStride() != atomCols) {
      return false;
    }
    long elements = (long) atomRows * atomCols;
    if (elements % swizzlePeriod() == 0) {
      return true;
    }
    if (Long.bitCount(elements) != 1) {
      return false;
    }
    // A dense atom of 2^n elements: f flips the bits shiftr(o & yyy, S), and for offsets below 2^n
    // those are at most shiftr(yyy & (2^n - 1), S); the atom is closed exactly when all stay below
    // 2^n (a reachable flip at or above bit n moves some offset out, the one with only its YYY bit).
    int inAtom = swizzle.yyyMask() & (int) (elements - 1);
    int shift = swizzle.shift();
    long flipped = shift >= 0 ? inAtom >>> shift : (long) inAtom << -shift;
    return flipped < elements;
  }

  /**
   * The elements after which the offset-form swizzle repeats: twice the highest bit it reads or
   * writes; 1 for the identity.
   */
  private long swizzlePeriod() {
    int touched = swizzle.yyyMask() | swizzle.zzzMask();
    return touched == 0 ? 1 : Integer.highestOneBit(touched) * 2L;
  }

  /** Whether the swizzle leaves every offset of an atom as it is: it reads only bits all of them lack. */
  private boolean readsNoBitOfTheAtom() {
    if (swizzle.isIdentity()) {
      return true;
    }
    if (form == Form.ROW) {
      return (atomRows - 1) >> (swizzle.shift() - swizzle.bits()) == 0;
    }
    int atomExtent = (atomRows - 1) * atomRowStride() + atomCols;
    int offsetBits = 32 - Integer.numberOfLeadingZeros(atomExtent - 1);
    return Integer.numberOfTrailingZeros(swizzle.yyyMask()) >= offsetBits;
  }

  /**
   * Whether every run of {@code elements} elements (a power of two) starting at a multiple of
   * {@code elements} in a row certainly stays contiguous, in order and aligned: a sufficient
   * condition read from the masks; {@code false} means "look element by element".
   */
  public boolean keepsRunsWhole(int elements) {
    if (Integer.bitCount(elements) != 1 || atomRowStride() % elements != 0
        || atomCols % elements != 0) {
      return false;
    }
    if (readsNoBitOfTheAtom()) {
      return true;
    }
    int low = elements - 1;
    return form == Form.ROW
        ? swizzle.bits() == 0 || swizzle.base() >= Integer.numberOfTrailingZeros(elements)
        : ((swizzle.yyyMask() | swizzle.zzzMask()) & low) == 0;
  }

  @Override
  public DType dtype() {
    return dtype;
  }

  /** What the swizzle acts on: the atom's row-major offset, or each row of the atom. */
  public Form form() {
    return form;
  }

  public Swizzle swizzle() {
    return swizzle;
  }

  /** {@code "Swizzle<3,3,3>"}, or {@code "Swizzle<3,3,3> within each row"} for the row form. */
  public String swizzleName() {
    return form == Form.ROW ? swizzle + " within each row" : swizzle.toString();
  }

  /**
   * The value XORed into a column of {@code row} (of the atom) in the row form:
   * {@code ((row >> (S - B)) & (2^B - 1)) << M}.
   */
  public int rowXor(int row) {
    return ((row >> (swizzle.shift() - swizzle.bits())) & ((1 << swizzle.bits()) - 1))
        << swizzle.base();
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

  /** Elements from one stage's start to the next: {@code rows * rowStride}. */
  public int stageElements() {
    return rows * rowStride;
  }

  /** Elements from the first element of one stage to one past its last. */
  public int stageExtentElements() {
    return (rows - 1) * rowStride + cols;
  }

  /** Elements from the first element of stage 0 to one past the last of the last stage. */
  public int extentElements() {
    return (stages - 1) * stageElements() + stageExtentElements();
  }

  /** Bytes from the first element to one past the last, every stage. */
  public int extentBytes() {
    return extentElements() * dtype.bytes();
  }

  /** The element offset where (row, col) of stage 0 is stored. */
  @Override
  public int offset(int row, int col) {
    return atomNumber(row / atomRows, col / atomCols) * atomElements()
        + atomOffset(row % atomRows, col % atomCols);
  }

  /** The element offset where (row, col) of {@code stage} is stored. */
  public int offset(int row, int col, int stage) {
    return stage * stageElements() + offset(row, col);
  }

  /** The element offset of (row, col) of an atom from the atom's start. */
  public int atomOffset(int row, int col) {
    return form == Form.ROW
        ? row * atomRowStride() + (col ^ rowXor(row))
        : swizzle.apply(row * atomRowStride() + col);
  }

  /**
   * The atom's swizzle as a map of its row-major offsets, also past the atom: {@code atomOffset(o /
   * atomRowStride, o % atomRowStride)} for the row form. For a one-atom tile, of the tile's row-major
   * offsets.
   */
  public int swizzle(int linearOffset) {
    return form == Form.ROW
        ? atomOffset(linearOffset / atomRowStride(), linearOffset % atomRowStride())
        : swizzle.apply(linearOffset);
  }

  /** The inverse of {@link #swizzle(int)}; the row form is its own inverse. */
  public int unswizzle(int offset) {
    return form == Form.ROW ? swizzle(offset) : swizzle.applyInverse(offset);
  }

  /** The stage stored at an element offset. */
  public int stage(int offset) {
    return offset / stageElements();
  }

  /** The row stored at an element offset: with {@link #col} and {@link #stage}, the inverse of {@link #offset}. */
  public int row(int offset) {
    int inStage = offset % stageElements();
    int atom = inStage / atomElements();
    int atomRow = atomOrder == Order.COL_MAJOR ? atom % atomsDown() : atom / atomsAcross();
    return atomRow * atomRows + unswizzle(inStage % atomElements()) / atomRowStride();
  }

  /** The column stored at an element offset: with {@link #row} and {@link #stage}, the inverse of {@link #offset}. */
  public int col(int offset) {
    int inStage = offset % stageElements();
    int atom = inStage / atomElements();
    int atomCol = atomOrder == Order.COL_MAJOR ? atom / atomsDown() : atom % atomsAcross();
    return atomCol * atomCols + unswizzle(inStage % atomElements()) % atomRowStride();
  }

  /**
   * The same tile in the offset form, if one swizzle of the atom's row-major offset equals it: always
   * for the offset form; for the row form when {@code atomRowStride} is a power of two {@code 2^R},
   * where it is {@code Swizzle<B, M, S + R - M - B>}, or when it has no bits.
   */
  public Optional<MaskTileLayout> inOffsetForm() {
    if (form == Form.OFFSET) {
      return Optional.of(this);
    }
    if (swizzle.isIdentity()) {
      return Optional.of(toBuilder().form(Form.OFFSET).build());
    }
    int stride = atomRowStride();
    if (Integer.bitCount(stride) != 1) {
      return Optional.empty();
    }
    int log2Stride = Integer.numberOfTrailingZeros(stride);
    Swizzle equivalent = Swizzle.of(swizzle.bits(), swizzle.base(),
        swizzle.shift() + log2Stride - swizzle.base() - swizzle.bits());
    return Optional.of(builder(dtype, equivalent, rows, cols).rowStride(rowStride)
        .alignment(alignment).atom(atomRows, atomCols, atomOrder).stages(stages).build());
  }

  /** The bank of (row, col)'s first byte, for a base address in bank 0. */
  public int bank(int row, int col) {
    return BankModel.NVIDIA.bank(byteOffset(row, col));
  }

  /**
   * The same swizzle acting on byte offsets; for the row form, that of its {@link #inOffsetForm}, and
   * empty when it has none.
   */
  public Optional<Swizzle> byteSwizzle() {
    return inOffsetForm().map(tile -> tile.swizzle.inBytes(dtype.bytes()));
  }

  /**
   * The TMA mode whose byte pattern is this tile's swizzle, if one is. Whether TMA can fill the tile
   * in that mode also depends on its rows and atoms: see {@code TmaFill}.
   */
  public Optional<TmaSwizzle> tmaSwizzle() {
    return byteSwizzle().flatMap(TmaSwizzle::of);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MaskTileLayout that
        && dtype == that.dtype
        && form == that.form
        && swizzle.equals(that.swizzle)
        && rows == that.rows
        && cols == that.cols
        && rowStride == that.rowStride
        && alignment == that.alignment
        && atomRows == that.atomRows
        && atomCols == that.atomCols
        && atomOrder == that.atomOrder
        && stages == that.stages;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dtype, form, swizzle, rows, cols, rowStride, alignment, atomRows, atomCols,
        atomOrder, stages);
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
        + (stages > 1 ? ", " + stages + " stages" : "") + ", " + alignment + "-byte aligned";
  }
}
