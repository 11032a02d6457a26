package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

/** The rule every vector-wide access shares: the layout must keep each vector whole and aligned. */
final class Vectors {
  private Vectors() {}

  /**
   * A problem if the layout splits, reorders or misaligns some vector of {@code elements} elements
   * starting at a column that is a multiple of {@code elements}; the first such vector is named.
   */
  static Optional<Problem> firstBrokenVector(Layout layout, int elements, Parameter blamed,
      String what) {
    int vectorBytes = elements * layout.elementBytes();
    if (layout.alignment() < vectorBytes) {
      return Optional.of(new Problem(blamed, "the tile's base is only " + layout.alignment()
          + "-byte aligned, too little for " + what + "."));
    }
    if (layout instanceof TileLayout tile && tile.keepsRunsWhole(elements)) {
      return Optional.empty();
    }
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col + elements <= layout.cols(); col += elements) {
        int start = layout.offset(row, col);
        boolean whole = start % elements == 0;
        for (int i = 1; i < elements && whole; i++) {
          whole = layout.offset(row, col + i) == start + i;
        }
        if (!whole) {
          return Optional.of(new Problem(blamed, "the layout does not keep the " + vectorBytes
              + " bytes of (row " + row + ", cols " + col + ".." + (col + elements - 1)
              + ") contiguous and aligned, so " + what + " cannot move them"
              + " (a swizzle's base must cover the vector: 2^base >= " + elements + " elements)."));
        }
      }
    }
    return Optional.empty();
  }

  /** The phases of an access of {@code bytes} per lane: 1 of 32 lanes, 2 of 16, or 4 of 8. */
  static int lanesPerPhase(int bytes) {
    return bytes <= 4 ? 32 : 128 / bytes;
  }
}
