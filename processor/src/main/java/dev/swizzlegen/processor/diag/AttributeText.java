package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteStages;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

/**
 * Layouts as {@code @SwizzledTile} attributes, for the suggestions of the messages: annotation
 * syntax is the processor's, not the model's.
 */
public final class AttributeText {
  private AttributeText() {}

  /**
   * The {@code @SwizzledTile} attributes that make {@code from} the tile {@code to}, as a kernel
   * author pastes them: the swizzle always ({@code "bits = 1, base = 2, shift = 3"}), and the atom,
   * its order, the row stride and a stage stride that leaves a gap where they differ from
   * {@code from}'s
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
    if (to.strided().stagesApart() && to.stageStride() != from.stageStride()) {
      attributes.append(", stageStride = ").append(to.stageStride());
    }
    return attributes.toString();
  }

  /**
   * The tile's size and row stride as attributes, for a tile declared with {@code layout} whose
   * swizzle swizzlegen is to derive: {@code "rows = 32, cols = 48"}, with {@code rowStride} where
   * the rows are padded, {@code stages} where there are several and {@code stageStride} where a gap
   * follows each.
   */
  static String geometry(TileLayout to) {
    return "rows = " + to.rows() + ", cols = " + to.cols()
        + (to.rowStride() != to.cols() ? ", rowStride = " + to.rowStride() : "")
        + (to.stages() > 1 ? ", stages = " + to.stages() : "")
        + (to.strided().stagesApart() ? ", stageStride = " + to.stageStride() : "");
  }

  /**
   * The attributes that declare {@code to} in CuTe's notation: its {@code layout}, the whole tile or
   * its atom, and for an atom the tile's rows and cols and the atoms' order, and its stages:
   * {@code "layout = \"Sw<1,2,3> o _0 o (_8,_8):(_8,_1)\", rows = 64, cols = 64, atomOrder =
   * Order.COL_MAJOR"}; stages with a gap after each as the whole tile, its stage mode's stride
   * theirs. Empty where CuTe's notation does not write the tile (a swizzle within each row, an XOR
   * map no swizzle is).
   */
  public static Optional<String> layoutAttribute(TileLayout to) {
    if (to.strided().stagesApart()) {
      return CuteStages.wholeWithStages(to).map(whole -> "layout = \"" + whole + "\"");
    }
    return CuteLayout.atomOf(to).map(atom -> "layout = \"" + atom + "\""
        + (to.isOneAtom() ? "" : ", rows = " + to.rows() + ", cols = " + to.cols()
            + ", atomOrder = Order." + to.atomOrder())
        + (to.stages() > 1 ? ", stages = " + to.stages() : ""));
  }

  /**
   * A suggested tile as a kernel author pastes it: {@code attributes}, or for a tile declared in
   * CuTe's notation ({@code pasted}) the {@code layout} that declares {@code to} where it writes it.
   */
  static String declaring(TileLayout to, String attributes, boolean pasted) {
    return pasted ? layoutAttribute(to).orElse(attributes) : attributes;
  }
}
