package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteStages;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

/** Layouts as {@code @SwizzledTile} attributes, for the suggestions of the messages. */
public final class AttributeText {
  private AttributeText() {}

  /**
   * The attributes that make {@code from} the tile {@code to}, as a kernel author pastes them: the
   * swizzle always ({@code "bits = 1, base = 2, shift = 3"}), and the atom, its order, the row
   * stride and a stage stride with a gap where they differ from {@code from}'s.
   */
  static String attributesFrom(TileLayout to, TileLayout from) {
    return "bits = " + to.swizzle().bits() + ", base = " + to.swizzle().base() + ", shift = "
        + to.swizzle().shift()
        + (to.atomRows() != from.atomRows() || to.atomCols() != from.atomCols()
            ? ", atomRows = " + to.atomRows() + ", atomCols = " + to.atomCols() : "")
        + (!to.isOneAtom() && to.atomOrder() != from.atomOrder()
            ? ", atomOrder = Order." + to.atomOrder() : "")
        + (to.rowStride() != from.rowStride() ? ", rowStride = " + to.rowStride() : "")
        + (to.strided().stagesApart() && to.stageStride() != from.stageStride()
            ? ", stageStride = " + to.stageStride() : "");
  }

  /**
   * The tile's size, row stride and stages as attributes, for a tile declared with {@code layout}
   * whose swizzle swizzlegen is to derive: {@code "rows = 32, cols = 48"}.
   */
  static String geometry(TileLayout to) {
    return "rows = " + to.rows() + ", cols = " + to.cols()
        + (to.rowStride() != to.cols() ? ", rowStride = " + to.rowStride() : "")
        + (to.stages() > 1 ? ", stages = " + to.stages() : "")
        + (to.strided().stagesApart() ? ", stageStride = " + to.stageStride() : "");
  }

  /**
   * The attributes that declare {@code to} in CuTe's notation: its {@code layout} (the whole tile,
   * for stages with a gap after each, or its atom) and for an atom the tile's rows and cols and the
   * atoms' order, and its stages; empty where CuTe's notation does not write the tile.
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

  /** A suggested tile as pasted: {@code attributes}, or the {@code layout} if {@code pasted}. */
  static String declaring(TileLayout to, String attributes, boolean pasted) {
    return pasted ? layoutAttribute(to).orElse(attributes) : attributes;
  }
}
