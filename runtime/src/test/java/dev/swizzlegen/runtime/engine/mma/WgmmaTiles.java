package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;

/** CuTe's GMMA layout atoms (8 rows of 16 to 128 bytes) tiled to an operand, as swizzlegen declares them. */
final class WgmmaTiles {
  private WgmmaTiles() {}

  /** {@code Swizzle<bits, log2(16 / element bytes), 3>}, the mode's element form; no swizzle for 0 bits. */
  static Swizzle modeSwizzle(DType dtype, int bits) {
    return bits == 0 ? Swizzle.IDENTITY
        : Swizzle.of(bits, 4 - Integer.numberOfTrailingZeros(dtype.bytes()), 3);
  }

  /** The mode's repeat, or 128 bytes without a swizzle. */
  static int alignment(int bits) {
    return TmaSwizzle.values()[bits].alignmentBytes();
  }

  /** A K-major operand: M (or N) rows, K cols, 8 x atomCols atoms down the rows first. */
  static TileLayout kMajor(DType dtype, int bits, int rows, int cols, int atomCols, int stages) {
    return TileLayout.builder(dtype, modeSwizzle(dtype, bits), rows, cols).alignment(alignment(bits))
        .atom(8, atomCols, Order.COL_MAJOR).stages(stages).build();
  }

  /** An MN-major operand: K rows, M (or N) cols, 8 x atomCols atoms across the columns first. */
  static TileLayout mnMajor(DType dtype, int bits, int rows, int cols, int atomCols, int stages) {
    return TileLayout.builder(dtype, modeSwizzle(dtype, bits), rows, cols).alignment(alignment(bits))
        .atom(8, atomCols, Order.ROW_MAJOR).stages(stages).build();
  }
}
