package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.TileLayout;

/**
 * A change to a tile's description that would make every access acceptable where no swizzle of the
 * {@link SwizzleFamily} does: what the solver found, as data; the processor words it.
 */
public sealed interface Alternative {

  /**
   * Padding each row, with no swizzle: the smallest row stride on which the plain tile is acceptable.
   *
   * @param plain the tile as described, without a swizzle: what the padding changes
   * @param padded the same tile on the padded row stride
   */
  record PaddedRows(TileLayout plain, TileLayout padded) implements Alternative {
    /** The elements added to each row. */
    public int paddingElements() {
      return padded.rowStride() - plain.cols();
    }
  }

  /**
   * Another width for one vector access, with the swizzle the solver finds then.
   *
   * @param access the vector access as described
   * @param bytes the width that works, in bytes
   * @param layout the tile the solver finds with that width
   * @param atomChosen whether the search chose the layout's atom (none was described) and it is not
   *     the whole tile: then the atom is part of the change
   */
  record VectorWidth(VectorAccess access, int bytes, TileLayout layout, boolean atomChosen)
      implements Alternative {}

  /**
   * Leaving one access out: derivation then finds {@code layout} for the others (a swizzle where one
   * serves, else a general XOR map).
   *
   * @param access the access left out
   * @param layout what derivation finds for the others
   */
  record DroppedAccess(AccessPattern access, TileLayout layout) implements Alternative {}
}
