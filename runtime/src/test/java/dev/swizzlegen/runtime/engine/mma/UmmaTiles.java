package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;

/**
 * CuTe's UMMA layout atoms ({@code UMMA::Layout_<major>_<mode>_Atom<T>}: 8 rows of the layout's row,
 * 4 rows of 128 bytes for {@code SWIZZLE_128B_BASE32B}) tiled to an operand, as swizzlegen declares
 * them: a K-major operand has M (or N) as rows and K as cols, an MN-major one K as rows and M (or N)
 * as cols.
 */
final class UmmaTiles {
  private UmmaTiles() {}

  /** The layout's repeat, or 128 bytes (the default) where it repeats sooner. */
  static int alignment(MmaLayoutType layoutType) {
    return Math.max(128, layoutType.alignmentBytes());
  }

  /** The atom's columns: one row of the layout, in elements (two a byte for packed FP4). */
  static int atomCols(MmaLayoutType layoutType, DType dtype) {
    return layoutType.rowBytes() * 8 / dtype.storageBits();
  }

  /**
   * A K-major operand: M (or N) rows, K cols, the layout's atoms numbered down the rows first, as
   * {@code tile_to_shape} numbers them.
   */
  static TileLayout kMajor(DType dtype, MmaLayoutType layoutType, int mn, int k, int stages) {
    return TileLayout.builder(dtype, layoutType.elementSwizzle(dtype.unitBytes()), mn, k)
        .alignment(alignment(layoutType))
        .atom(layoutType.groupRows(), atomCols(layoutType, dtype), Order.COL_MAJOR)
        .stages(stages).build();
  }

  /**
   * An MN-major operand: K rows, M (or N) cols, the layout's atoms numbered {@code order}:
   * {@code ROW_MAJOR} (across M or N first) is a plain {@code tile_to_shape(atom, (MN, K))},
   * {@code COL_MAJOR} (down K first) the {@code Step<_2,_1,_3>} of CUTLASS's mainloops.
   */
  static TileLayout mnMajor(DType dtype, MmaLayoutType layoutType, int mn, int k, int stages,
      Order order) {
    return TileLayout.builder(dtype, layoutType.elementSwizzle(dtype.unitBytes()), k, mn)
        .alignment(alignment(layoutType))
        .atom(layoutType.groupRows(), atomCols(layoutType, dtype), order)
        .stages(stages).build();
  }
}
