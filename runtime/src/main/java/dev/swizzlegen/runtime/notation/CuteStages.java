package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.StridedPart;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.CuteViolation.StagesInterleaved;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The stage mode of a CuTe layout (its third top-level mode) in the model's terms: a stage stride
 * ({@link TileLayout#stageStride()}), stages one after another or with a gap after each; stages
 * stored inside each other's span, which no tile's are; and back, a tile's whole layout with its
 * stage mode, where the stride is not the default that {@code stages} alone says.
 */
public final class CuteStages {
  private CuteStages() {}

  /**
   * The stride of the stage mode of a three-mode layout of several stages: where it puts stage 1's
   * first element from stage 0's; absent (the default) for any other layout, or one outside a
   * tile's offsets.
   */
  static OptionalInt stride(CuteLayout layout, int stages) {
    if (layout.rank() != 3 || stages < 2) {
      return OptionalInt.empty();
    }
    long stride = (long) layout.strided(0, 0, 1) - layout.strided(0, 0, 0);
    return stride > 0 && stride <= Integer.MAX_VALUE
        ? OptionalInt.of((int) stride) : OptionalInt.empty();
  }

  /**
   * Stages of a three-mode layout stored inside each other: a stage stride below {@code span}, the
   * elements CuTe puts stage 0 on; with why the layout with its stages as columns (as CUTLASS 2.x
   * views its multistage buffer) is no tile either, where it is not one.
   */
  static Optional<Violation> interleaved(CuteLayout layout, DType dtype, long span) {
    long stride = (long) layout.strided(0, 0, 1) - layout.strided(0, 0, 0);
    if (stride >= span) {
      return Optional.empty();
    }
    CuteLayout columns = asColumns(layout);
    CuteTile.Described described = CuteTile.describe(columns, dtype, 0, 0, 0, Order.COL_MAJOR);
    Optional<Violation> problem = described.tile().isPresent() ? Optional.empty()
        : described.problems().stream().findFirst();
    return Optional.of(
        new StagesInterleaved(layout.text(), stride, span, columns.toString(), problem));
  }

  /**
   * The layout with its stage mode nested in its column mode: {@code ((_2,_64),_32,_4):((_32,_256),
   * _1,_64)} becomes {@code ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))}, whose column {@code k + 32 s}
   * is column {@code k} of stage {@code s}.
   */
  static CuteLayout asColumns(CuteLayout layout) {
    CuteLayout.Mode row = layout.mode(0);
    CuteLayout.Mode col = layout.mode(1);
    CuteLayout.Mode stage = layout.mode(2);
    return CuteLayout.parse(layout.composed("(" + row.shapeText() + ",(" + col.shapeText() + ","
        + stage.shapeText() + ")):(" + row.strideText() + ",(" + col.strideText() + ","
        + stage.strideText() + "))"));
  }

  /**
   * A tile's whole layout in CuTe's notation, stage mode included, where its stages are not one after
   * another (which an atom and {@code stages} say): {@code Sw<3,3,3> o _0 o (_8,_64,_2):(_64,_1,_1024)};
   * atoms as {@code tile_to_shape} prints them, each mode an atom's leaf and the atoms' count. Empty
   * for stages one after another, a tile whose inner map no swizzle of the offset is, or a stride that
   * is no multiple of the swizzle's period (CuTe swizzles the whole offset, the stage's included).
   */
  public static Optional<CuteLayout> wholeWithStages(TileLayout tile) {
    if (!tile.strided().stagesApart()
        || tile.stageStride() % (1L << tile.inner().span()) != 0) {
      return Optional.empty();
    }
    return tile.offsetSwizzle().map(swizzle -> {
      String stage = "_" + tile.stages();
      String stageStride = "_" + tile.stageStride();
      String strided;
      if (tile.isOneAtom()) {
        strided = "(_" + tile.rows() + ",_" + tile.cols() + "," + stage + "):(_" + tile.rowStride()
            + ",_1," + stageStride + ")";
      } else {
        StridedPart grid = tile.strided();
        long atom = grid.atomElements();
        boolean colMajor = grid.atomOrder() == Order.COL_MAJOR;
        long down = colMajor ? atom : atom * grid.atomsAcross();
        long across = colMajor ? atom * grid.atomsDown() : atom;
        strided = "((_" + grid.atomRows() + ",_" + grid.atomsDown() + "),(_" + grid.atomCols()
            + ",_" + grid.atomsAcross() + ")," + stage + "):((_" + grid.atomRowStride() + ",_"
            + down + "),(_1,_" + across + ")," + stageStride + ")";
      }
      return CuteLayout.parse(
          swizzled(Optional.of(swizzle).filter(sw -> !sw.isIdentity()), strided));
    });
  }

  /** {@code strided} after {@code swizzle}, where there is one, as CuTe prints it; offset 0. */
  static String swizzled(Optional<Swizzle> swizzle, String strided) {
    return swizzle.map(s -> "Sw<" + s.bits() + "," + s.base() + "," + s.shift()
        + "> o _0 o " + strided).orElse(strided);
  }
}
