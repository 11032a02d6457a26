package dev.swizzlegen.processor.emit;

import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;

/**
 * A tile's constants, decided once for the header ({@code kRowStride}) and the Java helper
 * ({@code ROW_STRIDE}), in one order: an element's bytes only where it fills whole bytes, an atom's
 * elements only for a grid of atoms, bits, base and shift only where a {@code Swizzle<B,M,S>} names
 * the map.
 */
public final class TileConstants {
  private TileConstants() {}

  /** One constant; {@code signed}, declared {@code int} (a swizzle's parameters), not unsigned. */
  public record Constant(String cudaName, String javaName, boolean signed, int value) {}

  /** The constants of {@code layout}, in the order both files list them. */
  public static List<Constant> of(TileLayout layout) {
    List<Constant> constants = new ArrayList<>();
    constants.add(unsigned("kRows", "ROWS", layout.rows()));
    constants.add(unsigned("kCols", "COLS", layout.cols()));
    constants.add(unsigned("kRowStride", "ROW_STRIDE", layout.rowStride()));
    if (layout.elementBits() % 8 == 0) {
      constants.add(unsigned("kElementBytes", "ELEMENT_BYTES", layout.elementBytes()));
    }
    if (layout.dtype().bits() < 8) {
      // The value's bits: 4 packed two to a byte (no element bytes), or 4 or 6 in a byte slot.
      constants.add(unsigned("kElementBits", "ELEMENT_BITS", layout.dtype().bits()));
    }
    constants.add(unsigned("kAlignmentBytes", "ALIGNMENT", layout.alignment()));
    constants.add(unsigned("kAtomRows", "ATOM_ROWS", layout.atomRows()));
    constants.add(unsigned("kAtomCols", "ATOM_COLS", layout.atomCols()));
    if (!layout.isOneAtom()) {
      constants.add(unsigned("kAtomElements", "ATOM_ELEMENTS", layout.strided().atomElements()));
    }
    constants.add(unsigned("kStages", "STAGES", layout.stages()));
    constants.add(unsigned("kStageElements", "STAGE_ELEMENTS", layout.stageStride()));
    if (layout.hasSwizzle()) {
      Swizzle swizzle = layout.swizzle();
      constants.add(new Constant("kBits", "BITS", true, swizzle.bits()));
      constants.add(new Constant("kBase", "BASE", true, swizzle.base()));
      constants.add(new Constant("kShift", "SHIFT", true, swizzle.shift()));
    }
    return constants;
  }

  private static Constant unsigned(String cudaName, String javaName, int value) {
    return new Constant(cudaName, javaName, false, value);
  }
}
