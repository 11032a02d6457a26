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
 * {@code rowStride} elements apart, whose row-major offsets are permuted by a {@link Swizzle}:
 *
 * <pre>
 *   offset(row, col) = swizzle(row * rowStride + col)
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
  private final Swizzle swizzle;
  private final int rows;
  private final int cols;
  private final int rowStride;
  private final int alignment;

  private TileLayout(DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
    this.dtype = dtype;
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
    InvalidDescriptionException.throwIfAny(check(dtype, swizzle, rows, cols, rowStride, alignment));
    return new TileLayout(dtype, swizzle, rows, cols, rowStride, alignment);
  }

  /** The swizzle's atom: {@code 2^B} rows of {@code 2^(M+|S|)} elements, 128-byte aligned. */
  public static TileLayout atom(DType dtype, Swizzle swizzle) {
    return of(dtype, swizzle, swizzle.atomRows(), swizzle.atomCols(), swizzle.atomCols(), 128);
  }

  /** Every reason the description is not a valid tile; empty if it is one. */
  public static List<Problem> check(
      DType dtype, Swizzle swizzle, int rows, int cols, int rowStride, int alignment) {
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
    TileLayout tile = new TileLayout(dtype, swizzle, rows, cols, rowStride, alignment);
    tile.closureProblem().ifPresent(problems::add);
    return problems;
  }

  /**
   * A problem if the swizzle moves some element of the tile outside it, naming the first such element
   * in row-major order and the parameter that would have to change.
   */
  private Optional<Problem> closureProblem() {
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
            swizzle + " does not map the " + shape() + " tile onto itself: it moves (row " + row
                + ", col " + col + ") to offset " + image + ", which is (row " + imageRow + ", col "
                + imageCol + "), outside the tile."));
      }
    }
    return Optional.empty();
  }

  @Override
  public DType dtype() {
    return dtype;
  }

  public Swizzle swizzle() {
    return swizzle;
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
    return swizzle.apply(linearOffset(row, col));
  }

  /** The row stored at an element offset: the inverse of {@link #offset}. */
  public int row(int offset) {
    return swizzle.applyInverse(offset) / rowStride;
  }

  /** The column stored at an element offset: the inverse of {@link #offset}. */
  public int col(int offset) {
    return swizzle.applyInverse(offset) % rowStride;
  }

  /** The bank of (row, col)'s first byte, for a base address in bank 0. */
  public int bank(int row, int col) {
    return BankModel.NVIDIA.bank(byteOffset(row, col));
  }

  /** The same swizzle acting on byte offsets. */
  public Swizzle byteSwizzle() {
    return swizzle.inBytes(dtype.bytes());
  }

  /** The TMA mode that writes exactly this swizzle, if one does. */
  public Optional<TmaSwizzle> tmaSwizzle() {
    return TmaSwizzle.of(byteSwizzle());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TileLayout that
        && dtype == that.dtype
        && swizzle.equals(that.swizzle)
        && rows == that.rows
        && cols == that.cols
        && rowStride == that.rowStride
        && alignment == that.alignment;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dtype, swizzle, rows, cols, rowStride, alignment);
  }

  /** {@code "128 x 64 HALF, row stride 64, Swizzle<3,3,3>, 128-byte aligned"}. */
  @Override
  public String toString() {
    return shape() + " " + dtype + ", row stride " + rowStride + ", " + swizzle + ", "
        + alignment + "-byte aligned";
  }
}
