package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageMisaligned;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageStrideBelowSpan;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageStrideMisaligned;
import java.util.Optional;

/**
 * The rules of a tile's stage stride, the elements from one stage's start to the next: by default a
 * stage's {@code rows x rowStride} elements (stages one after another, as CuTe's {@code tile_to_shape}
 * stores them); declared, any stride at least the elements one stage spans, so that stages may lie
 * further apart than that, with a gap after each (a CuTe layout whose stage mode's stride is more than
 * the stage's size):
 *
 * <pre>
 *   stage 0                     gap      stage 1                     gap
 *   |-- span: (rows-1) x rowStride + cols --|......|-- span --|......
 *   |-------------- stageStride -------------------|
 * </pre>
 *
 * <p>Every stage's base keeps the tile's alignment, so that the proofs made at stage 0 (banks, TMA
 * placement, descriptors) hold at every stage: the stride is a multiple of the alignment, and of a
 * sub-byte type's storage unit.
 */
final class StageStrides {
  private StageStrides() {}

  /** The stride of a description: {@code declared}, or 0 for the default {@code rows x rowStride}. */
  static int resolve(int declared, int rows, int rowStride) {
    return declared != 0 ? declared : rows * rowStride;
  }

  /** Elements from the first element of one stage to one past its last. */
  static int span(int rows, int cols, int rowStride) {
    return (rows - 1) * rowStride + cols;
  }

  /**
   * A declared stride below the stage's span; checked once the shape is valid (positive rows and
   * columns, rows that do not overlap).
   */
  static Optional<Violation> belowSpan(int declared, int rows, int cols, int rowStride) {
    int span = span(rows, cols, rowStride);
    return declared != 0 && declared < span
        ? Optional.of(new StageStrideBelowSpan(declared, span)) : Optional.empty();
  }

  /**
   * A stride that leaves some stage's base off the alignment (or splits a storage unit): the
   * default's as {@link StageMisaligned}, another declared one's as {@link StageStrideMisaligned}.
   * One stage has no other base to keep aligned.
   */
  static Optional<Violation> misaligned(DType dtype, int declared, int rows, int rowStride,
      int stages, int alignment) {
    int stride = resolve(declared, rows, rowStride);
    int step = step(dtype, alignment);
    if (stages <= 1 || stride % step == 0) {
      return Optional.empty();
    }
    long aligned = ((long) stride + step - 1) / step * step;
    if (stride != rows * rowStride) {
      return Optional.of(new StageStrideMisaligned(declared, step, alignment, aligned));
    }
    long stageBytes = (long) stride * dtype.storageBits() / 8;
    return Optional.of(new StageMisaligned(stageBytes, alignment, aligned));
  }

  /**
   * The elements a stage stride must be a multiple of: those of {@code alignment} bytes, and of a
   * storage unit (16 elements of a padded type; a byte of packed FP4, which any alignment holds).
   */
  private static int step(DType dtype, int alignment) {
    int elements = (int) Math.max(1, (long) alignment * 8 / dtype.storageBits());
    return Math.max(elements, Recast.keptWhole(dtype));
  }
}
