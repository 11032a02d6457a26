package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;

/**
 * A tile before its swizzle is chosen: what a solver is given.
 *
 * @param dtype the element type
 * @param rows rows of the tile
 * @param cols elements per row
 * @param rowStride elements from one row's start to the next
 * @param alignment bytes the base address is aligned to
 */
public record TileGeometry(DType dtype, int rows, int cols, int rowStride, int alignment) {

  /** The geometry of a tile, its swizzle set aside. */
  public static TileGeometry of(TileLayout layout) {
    return new TileGeometry(layout.dtype(), layout.rows(), layout.cols(), layout.rowStride(),
        layout.alignment());
  }

  /** Every reason the geometry is not a tile; empty if it is one. */
  public List<Problem> check() {
    return TileLayout.check(dtype, Swizzle.IDENTITY, rows, cols, rowStride, alignment);
  }

  /** The tile without a swizzle. */
  public TileLayout plain() {
    return TileLayout.of(dtype, Swizzle.IDENTITY, rows, cols, rowStride, alignment);
  }

  /** The tile with a swizzle in a form, if the swizzle maps it onto itself. */
  public Optional<TileLayout> with(SwizzleForm form, Swizzle swizzle) {
    return TileLayout.check(form, dtype, swizzle, rows, cols, rowStride, alignment).isEmpty()
        ? Optional.of(TileLayout.of(form, dtype, swizzle, rows, cols, rowStride, alignment))
        : Optional.empty();
  }

  /** The same geometry with another row stride (padding). */
  public TileGeometry withRowStride(int newRowStride) {
    return new TileGeometry(dtype, rows, cols, newRowStride, alignment);
  }

  /** Whether the row stride is a power of two, where the row form adds nothing to the offset form. */
  public boolean rowStrideIsPowerOfTwo() {
    return Integer.bitCount(rowStride) == 1;
  }

  /** {@code log2(16 / element bytes)}: the base of CuTe's canonical atoms, which move 16-byte units. */
  public int unitBase() {
    return Math.max(0, 4 - Integer.numberOfTrailingZeros(dtype.bytes()));
  }
}
