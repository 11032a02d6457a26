package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBaseMisaligned;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;

/** The rule every vector-wide access shares: the layout must keep each vector whole and aligned. */
final class Vectors {
  private Vectors() {}

  /**
   * A violation if the layout splits, reorders or misaligns some vector of {@code elements} elements
   * starting at a column that is a multiple of {@code elements}, which an access of {@code kind}
   * moves whole; the first such vector is named.
   */
  static Optional<Violation> firstBrokenVector(Layout layout, int elements, AccessKind kind) {
    int vectorBytes = layout.bytesOf(elements);
    if (layout.alignment() < vectorBytes) {
      return Optional.of(new VectorBaseMisaligned(kind, vectorBytes, layout.alignment()));
    }
    if (layout instanceof TileLayout tile && tile.keepsRunsWhole(elements)) {
      return Optional.empty();
    }
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col + elements <= layout.cols(); col += elements) {
        Optional<VectorBroken> broken = broken(layout, kind, row, col, elements);
        if (broken.isPresent()) {
          return Optional.of(broken.get());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The vector of {@code elements} elements at (row, col) as the layout breaks it: its start, its
   * first element out of place, and the tile's swizzle where its base is below the vector's; empty
   * where the layout keeps it whole and aligned.
   */
  static Optional<VectorBroken> broken(Layout layout, AccessKind kind, int row, int col,
      int elements) {
    int start = layout.offset(row, col);
    int out = start % elements != 0 ? col : -1;
    for (int i = 1; i < elements && out < 0; i++) {
      out = layout.offset(row, col + i) == start + i ? -1 : col + i;
    }
    if (out < 0) {
      return Optional.empty();
    }
    Optional<Swizzle> narrow = layout instanceof TileLayout tile
        ? tile.offsetSwizzle().filter(sw -> !sw.isIdentity() && (1L << sw.base()) < elements)
        : Optional.empty();
    return Optional.of(new VectorBroken(kind, layout.bytesOf(elements), row, col,
        col + elements - 1, elements, start, out, layout.offset(row, out), narrow));
  }
}
