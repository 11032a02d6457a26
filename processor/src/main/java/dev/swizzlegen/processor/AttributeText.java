package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

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
    return attributes(to, to.atomRows() != from.atomRows() || to.atomCols() != from.atomCols(),
        !to.isOneAtom() && to.atomOrder() != from.atomOrder(), to.rowStride() != from.rowStride());
  }

  /**
   * Every attribute that declares {@code to} with bits, base and shift, for a tile declared with
   * {@code layout} that CuTe's notation cannot write again: the swizzle, the atom, its order where
   * there are several, and the row stride where the rows are padded.
   */
  static String attributes(TileLayout to) {
    return attributes(to, true, !to.isOneAtom(), to.rowStride() != to.cols());
  }

  private static String attributes(TileLayout to, boolean atom, boolean atomOrder,
      boolean rowStride) {
    StringBuilder attributes = new StringBuilder()
        .append("bits = ").append(to.swizzle().bits())
        .append(", base = ").append(to.swizzle().base())
        .append(", shift = ").append(to.swizzle().shift());
    if (atom) {
      attributes.append(", atomRows = ").append(to.atomRows())
          .append(", atomCols = ").append(to.atomCols());
    }
    if (atomOrder) {
      attributes.append(", atomOrder = Order.").append(to.atomOrder());
    }
    if (rowStride) {
      attributes.append(", rowStride = ").append(to.rowStride());
    }
    return attributes.toString();
  }

  /**
   * The {@code layout} attribute that declares {@code to} in CuTe's notation, with how its atoms
   * tile: {@code "layout = \"Sw<1,2,3> o _0 o (_8,_8):(_8,_1)\" tiled down the rows first"}; empty
   * where CuTe's notation does not write it (a swizzle within each row, an XOR map no swizzle is).
   */
  static Optional<String> layoutAttribute(TileLayout to) {
    return CuteLayout.atomOf(to).map(atom -> "layout = \"" + atom + "\"" + (to.isOneAtom() ? ""
        : to.atomOrder() == Order.COL_MAJOR ? " tiled down the rows first"
        : " tiled across the columns first (atomOrder = Order.ROW_MAJOR)"));
  }
}
