package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A shared-memory tile: {@code rows} rows of {@code cols} elements, consecutive rows
 * {@code rowStride} elements apart, whose elements are permuted by a {@link Swizzle} in one of two
 * {@link SwizzleForm forms}:
 *
 * <pre>
 *   OFFSET:  offset(row, col) = swizzle(row * rowStride + col)
 *   ROW:     offset(row, col) = row * rowStride + (col ^ (((row >> (S - B)) &amp; (2^B - 1)) &lt;&lt; M))
 * </pre>
 *
 * <p>The swizzle must map the tile's offsets onto themselves, so that the tile occupies exactly the
 * elements it would occupy unswizzled. The tile's base address is {@code alignment}-byte aligned.
 * Immutable.
 */
public final class TileLayout implements Layout {
  /** The most shared memory one thread block can use on sm_90: 227 KB. */
  public static final int MAX_SHARED_BYTES = 227 * 1024;

  private final DType dtype;
  private final SwizzleForm form;
  private final Swizzle swizzle;
  private final int rows;
  private final int cols;
  private final int rowStride;
  private final int alignment;

  private TileLayout(DType dtype, SwizzleForm form, Swizzle swizzle, int rows, int cols,
      int rowStride, int alignment) {
    this.dtype = dtype;
    this.form = form;
    this.swizzle = swizzle;
    this.rows = rows;
    this.cols = cols;
    this.rowStride = rowStride;
    this.alignment = alignment;
  }

  /**
   * A tile; throws {@link InvalidDescriptionException} with every {@link #check problem} found.
   *
   * @param alignment bytes the base address is aligned to
   */
  public static TileLayout of(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return of(SwizzleForm.OFFSET, dtype, swizzle, rows, cols, rowStride, alignment);
  }

  /** A tile whose swizzle has the given form; throws like {@link #of(DType, Swizzle, int, int, int, int)}. */
  public static TileLayout of(SwizzleForm form,
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    InvalidDescriptionException.throwIfAny(
        check(form, dtype, swizzle, rows, cols, rowStride, alignment));
    return new TileLayout(dtype, form, swizzle, rows, cols, rowStride, alignment);
  }

  /** The swizzle's atom: {@code 2^B} rows of {@code 2^(M+|S|)} elements, 128-byte aligned. */
  public static TileLayout atom(DType dtype, Swizzle swizzle) {
    return of(dtype, swizzle, swizzle.atomRows(), swizzle.atomCols(), swizzle.atomCols(), 128);
  }

  /** Every reason the description is not a valid tile; empty if it is one. */
  public static List<Problem> check(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    return check(SwizzleForm.OFFSET, dtype, swizzle, rows, cols, rowStride, alignment);
  }

  /** Every reason the description is not a valid tile in the given form; empty if it is one. */
  public static List<Problem> check(SwizzleForm form,
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    Objects.requireNonNull(form, "form");
    Objects.requireNonNull(dtype, "dtype");
    Objects.requireNonNull(swizzle, "swizzle");
    List<Problem> problems = new ArrayList<>();
    if (rows <= 0) {
      problems.add(new Problem(Parameter.ROWS, "rows must be positive, not " + rows + "."));
    }
    if (cols <= 0) {
      problems.add(new Problem(Parameter.COLS, "cols must be positive, not " + cols + "."));
    }
    if (rowStride < cols) {
      problems.add(new Problem(Parameter.ROW_STRIDE,
          "rowStride " + rowStride + " is less than cols " + cols + ", so rows would overlap."));
    }
    if (alignment < dtype.bytes() || Integer.bitCount(alignment) != 1) {
      problems.add(new Problem(Parameter.ALIGNMENT,
          "alignment must be a power of two of at least " + dtype.bytes() + " bytes (one "
              + dtype + "), not " + alignment + "."));
    }
    if (form == SwizzleForm.ROW && swizzle.shift() < swizzle.bits()) {
      problems.add(new Problem(Parameter.SHIFT, "the row form reads its B = " + swizzle.bits()
          + " bits from the row, so shift must be at least bits, not " + swizzle.shift() + "."));
    }
    if (!problems.isEmpty()) {
      return problems;
    }
    long extentBytes = ((long) (rows - 1) * rowStride + cols) * dtype.bytes();
    if (extentBytes > MAX_SHARED_BYTES) {
      problems.add(new Problem(Parameter.ROWS,
          "the " + rows + " x " + cols + " " + dtype + " tile spans " + extentBytes
              + " bytes, more than the " + MAX_SHARED_BYTES + " bytes (227 KB) of shared memory a"
              + " thread block can have."));
      return problems;
    }
    TileLayout tile = new TileLayout(dtype, form, swizzle, rows, cols, rowStride, alignment);
    tile.closureProblem().ifPresent(problems::add);
    return problems;
  }

  /**
   * A problem if the swizzle moves some element of the tile outside it, naming the first such element
   * in row-major order and the parameter that would have to change.
   */
  private Optional<Problem> closureProblem() {
    if (closedByStructure()) {
      return Optional.empty();
    }
    for (int row = 0; row < rows; row++) {
      for (int col = 0; col < cols; col++) {
        int image = offset(row, col);
        int imageRow = image / rowStride;
        int imageCol = image % rowStride;
        if (imageRow < rows && imageCol < cols) {
          continue;
        }
        // Rows whose stride is a whole number of atom rows stay whole; otherwise the row length is
        // at fault, else whichever side the witness falls off.
        Parameter blamed = rowStride % swizzle.atomCols() != 0
            ? (rowStride != cols ? Parameter.ROW_STRIDE : Parameter.COLS)
            : imageCol >= cols ? Parameter.COLS : Parameter.ROWS;
        return Optional.of(new Problem(blamed,
            swizzleName() + " does not map the " + shape() + " tile onto itself: it moves (row " + row
                + ", col " + col + ") to offset " + image + ", which is (row " + imageRow + ", col "
                + imageCol + "), outside the tile."));
      }
    }
    return Optional.empty();
  }

  /**
   * A sufficient condition for closure read from the masks, so that most tiles skip the element loop:
   * the swizzle only rewrites bits below a power of two that the tile's extent is a multiple of.
   */
  private boolean closedByStructure() {
    if (readsNoBitOfTheTile()) {
      return true;
    }
    if (form == SwizzleForm.ROW) {
      return cols % (1 << (swizzle.base() + swizzle.bits())) == 0;
    }
    int touched = swizzle.yyyMask() | swizzle.zzzMask();
    long block = Integer.highestOneBit(touched) * 2L;
    return rowStride == cols && ((long) rows * cols) % block == 0;
  }

  /** Whether the swizzle leaves every offset of the tile as it is: it reads only bits all of them lack. */
  private boolean readsNoBitOfTheTile() {
    if (swizzle.isIdentity()) {
      return true;
    }
    if (form == SwizzleForm.ROW) {
      return (rows - 1) >> (swizzle.shift() - swizzle.bits()) == 0;
    }
    int offsetBits = 32 - Integer.numberOfLeadingZeros(extentElements() - 1);
    return Integer.numberOfTrailingZeros(swizzle.yyyMask()) >= offsetBits;
  }

  /**
   * Whether every run of {@code elements} elements (a power of two) starting at a multiple of
   * {@code elements} in a row certainly stays contiguous, in order and aligned: a sufficient
   * condition read from the masks; {@code false} means "look element by element".
   */
  public boolean keepsRunsWhole(int elements) {
    if (Integer.bitCount(elements) != 1 || rowStride % elements != 0) {
      return false;
    }
    if (readsNoBitOfTheTile()) {
      return true;
    }
    int low = elements - 1;
    return form == SwizzleForm.ROW
        ? swizzle.bits() == 0 || swizzle.base() >= Integer.numberOfTrailingZeros(elements)
        : ((swizzle.yyyMask() | swizzle.zzzMask()) & low) == 0;
  }

  @Override
  public DType dtype() {
    return dtype;
  }

  /** What the swizzle acts on: the row-major offset, or each row. */
  public SwizzleForm form() {
    return form;
  }

  public Swizzle swizzle() {
    return swizzle;
  }

  /** {@code "Swizzle<3,3,3>"}, or {@code "Swizzle<3,3,3> within each row"} for the row form. */
  public String swizzleName() {
    return form == SwizzleForm.ROW ? swizzle + " within each row" : swizzle.toString();
  }

  /**
   * The value XORed into a column of {@code row} in the row form:
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

  /** Elements from the first to one past the last: {@code (rows - 1) * rowStride + cols}. */
  public int extentElements() {
    return (rows - 1) * rowStride + cols;
  }

  /** Bytes from the first element to one past the last. */
  public int extentBytes() {
    return extentElements() * dtype.bytes();
  }

  /** The unswizzled row-major offset of (row, col). */
  public int linearOffset(int row, int col) {
    return row * rowStride + col;
  }

  /** The element offset where (row, col) is stored: {@code swizzle(row * rowStride + col)}. */
  @Override
  public int offset(int row, int col) {
    return form == SwizzleForm.ROW
        ? row * rowStride + (col ^ rowXor(row))
        : swizzle.apply(linearOffset(row, col));
  }

  /**
   * The swizzle as a map of row-major offsets, also past the tile: {@code offset(o / rowStride,
   * o % rowStride)} for the row form.
   */
  public int swizzle(int linearOffset) {
    return form == SwizzleForm.ROW
        ? offset(linearOffset / rowStride, linearOffset % rowStride)
        : swizzle.apply(linearOffset);
  }

  /** The inverse of {@link #swizzle(int)}; the row form is its own inverse. */
  public int unswizzle(int offset) {
    return form == SwizzleForm.ROW ? swizzle(offset) : swizzle.applyInverse(offset);
  }

  /** The row stored at an element offset: the inverse of {@link #offset}. */
  public int row(int offset) {
    return form == SwizzleForm.ROW ? offset / rowStride : swizzle.applyInverse(offset) / rowStride;
  }

  /** The column stored at an element offset: the inverse of {@link #offset}. */
  public int col(int offset) {
    return form == SwizzleForm.ROW
        ? (offset % rowStride) ^ rowXor(offset / rowStride)
        : swizzle.applyInverse(offset) % rowStride;
  }

  /**
   * The same tile in the offset form, if one swizzle of the row-major offset equals it: always for
   * the offset form; for the row form when {@code rowStride} is a power of two {@code 2^R}, where it
   * is {@code Swizzle<B, M, S + R - M - B>}, or when it has no bits.
   */
  public Optional<TileLayout> inOffsetForm() {
    if (form == SwizzleForm.OFFSET) {
      return Optional.of(this);
    }
    if (swizzle.isIdentity()) {
      return Optional.of(new TileLayout(dtype, SwizzleForm.OFFSET, swizzle, rows, cols, rowStride,
          alignment));
    }
    if (Integer.bitCount(rowStride) != 1) {
      return Optional.empty();
    }
    int log2Stride = Integer.numberOfTrailingZeros(rowStride);
    Swizzle equivalent = Swizzle.of(swizzle.bits(), swizzle.base(),
        swizzle.shift() + log2Stride - swizzle.base() - swizzle.bits());
    return Optional.of(new TileLayout(dtype, SwizzleForm.OFFSET, equivalent, rows, cols, rowStride,
        alignment));
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

  /** The TMA mode that writes exactly this swizzle, if one does. */
  public Optional<TmaSwizzle> tmaSwizzle() {
    return byteSwizzle().flatMap(TmaSwizzle::of);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TileLayout that
        && dtype == that.dtype
        && form == that.form
        && swizzle.equals(that.swizzle)
        && rows == that.rows
        && cols == that.cols
        && rowStride == that.rowStride
        && alignment == that.alignment;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dtype, form, swizzle, rows, cols, rowStride, alignment);
  }

  /** {@code "128 x 64 HALF, row stride 64, Swizzle<3,3,3>, 128-byte aligned"}. */
  @Override
  public String toString() {
    return shape() + " " + dtype + ", row stride " + rowStride + ", " + swizzleName() + ", "
        + alignment + "-byte aligned";
  }
}
