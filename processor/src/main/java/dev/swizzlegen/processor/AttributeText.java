package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.layout.TileLayout;

/**
 * Layouts as {@code @SwizzledTile} attributes, for the suggestions of the messages: annotation
 * syntax is the processor's, not the model's.
 */
final class AttributeText {
  private AttributeText() {}

  /**
   * The {@code @SwizzledTile} attributes that make {@code from} the tile {@code to}, as a kernel
   * author pastes them: the swizzle always ({@code "bits = 1, base = 2, shift = 3"}), and the atom,
   * its order and the row stride where they differ from {@code from}'s
   * ({@code ", atomRows = 8, atomCols = 8"}). For a tile whose swizzle acts on the offset, which an
   * annotation declares.
   */
  static String attributesFrom(TileLayout to, TileLayout from) {
    StringBuilder attributes = new StringBuilder()
        .append("bits = ").append(to.swizzle().bits())
        .append(", base = ").append(to.swizzle().base())
        .append(", shift = ").append(to.swizzle().shift());
    if (to.atomRows() != from.atomRows() || to.atomCols() != from.atomCols()) {
      attributes.append(", atomRows = ").append(to.atomRows())
          .append(", atomCols = ").append(to.atomCols());
    }
    if (!to.isOneAtom() && to.atomOrder() != from.atomOrder()) {
      attributes.append(", atomOrder = Order.").append(to.atomOrder());
    }
    if (to.rowStride() != from.rowStride()) {
      attributes.append(", rowStride = ").append(to.rowStride());
    }
    return attributes.toString();
  }
}
