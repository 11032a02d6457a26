package dev.swizzlegen.processor.emit;

import static dev.swizzlegen.processor.emit.Expr.number;
import static dev.swizzlegen.processor.emit.Expr.param;

import dev.swizzlegen.processor.emit.Expr.Op;
import dev.swizzlegen.processor.emit.Routine.Assign;
import dev.swizzlegen.processor.emit.Routine.Comment;
import dev.swizzlegen.processor.emit.Routine.Halving;
import dev.swizzlegen.processor.emit.Routine.If;
import dev.swizzlegen.processor.emit.Routine.Let;
import dev.swizzlegen.processor.emit.Routine.Return;
import dev.swizzlegen.processor.emit.Routine.Statement;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Each threadblock {@link Rasterizer}'s {@code get_swizzle_idx(block_idx, grid_x, grid_y,
 * tile_size)} as one {@link Routine}, statement for statement the model's {@link Rasterizer#tile}:
 * the rasterizer header prints it, and the Java twin's {@code getSwizzleIdx} is it compiled to
 * bytecode after the model's argument check ({@link Rasterizer#checkArguments}).
 */
public final class RasterRoutines {
  private RasterRoutines() {}

  /** The one definition of {@code get_swizzle_idx} of {@code rasterizer}. */
  public static Routine of(Rasterizer rasterizer) {
    return new Routine(PARAMETERS, switch (rasterizer) {
      case STRIPS -> strips();
      case CUTLASS_IDENTITY -> cutlassIdentity();
      case GROUPED -> grouped();
      case SERPENTINE -> serpentine();
      case MORTON -> morton();
    });
  }

  /** The routine's parameters, as the header names them. */
  public static final List<String> PARAMETERS =
      List.of("block_idx", "grid_x", "grid_y", "tile_size");

  private static final Expr BLOCK_IDX = param("block_idx");
  private static final Expr GRID_X = param("grid_x");
  private static final Expr GRID_Y = param("grid_y");
  private static final Expr TILE_SIZE = param("tile_size");

  private static Statement let(String name, Expr value) {
    return new Let(name, value, "", 0);
  }

  private static Statement comment(String... lines) {
    return new Comment(List.of(lines));
  }

  private static List<Statement> strips() {
    Expr strip = param("strip");
    Expr inStrip = param("in_strip");
    Expr width = param("width");
    return List.of(
        new Let("strip_blocks", TILE_SIZE.times(GRID_Y), "blocks in a full strip", 0),
        let("strip", BLOCK_IDX.div(param("strip_blocks"))),
        let("in_strip", BLOCK_IDX.mod(param("strip_blocks"))),
        comment("The last strip is narrower when tile_size does not divide grid_x."),
        let("width", strip.lessThan(GRID_X.div(TILE_SIZE)).choose(TILE_SIZE,
            GRID_X.mod(TILE_SIZE))),
        comment("Not strip_flat_idx / gridDim.y, which is right on square grids only."),
        new Return(strip.times(TILE_SIZE).plus(inStrip.mod(width)), inStrip.div(width)));
  }

  private static List<Statement> cutlassIdentity() {
    Expr bx = param("bx");
    Expr by = param("by");
    return List.of(
        comment("Launched as launch_grid(): gridDim.x = grid_y * tile_size. With tile_size ="
            + " 2^log_tile,", "/ and % are CUTLASS's m = bx >> log_tile, n = (by << log_tile) + (bx"
            + " & (tile_size - 1))."),
        let("launch_x", GRID_Y.times(TILE_SIZE)),
        let("bx", BLOCK_IDX.mod(param("launch_x"))),
        let("by", BLOCK_IDX.div(param("launch_x"))),
        comment("ret.x >= grid_x: an idle block of the last strip, which must return at once."),
        new Return(by.times(TILE_SIZE).plus(bx.mod(TILE_SIZE)), bx.div(TILE_SIZE)));
  }

  private static List<Statement> grouped() {
    Expr firstRow = param("first_row");
    Expr inGroup = param("in_group");
    Expr height = param("height");
    String groupBlocks = "const uint32_t group_blocks = tile_size * grid_x;";
    return List.of(
        new Let("group_blocks", TILE_SIZE.times(GRID_X), "Triton's num_pid_in_group", 0),
        let("group", BLOCK_IDX.div(param("group_blocks"))),
        let("in_group", BLOCK_IDX.mod(param("group_blocks"))),
        // Its note under the one above.
        new Let("first_row", param("group").times(TILE_SIZE), "Triton's first_pid_m",
            groupBlocks.length() + 2),
        comment("Triton's group_size_m = min(num_pid_m - first_pid_m, GROUP_M): the last group"
            + " shrinks."),
        let("height", GRID_Y.minus(firstRow).lessThan(TILE_SIZE).choose(GRID_Y.minus(firstRow),
            TILE_SIZE)),
        new Return(inGroup.div(height), firstRow.plus(inGroup.mod(height))));
  }

  private static List<Statement> serpentine() {
    Expr panel = param("panel");
    Expr inPanel = param("in_panel");
    Expr width = param("width");
    Expr row = param("row");
    return List.of(
        new Let("panel_blocks", TILE_SIZE.times(GRID_Y), "blocks in a full panel", 0),
        let("panel", BLOCK_IDX.div(param("panel_blocks"))),
        let("in_panel", BLOCK_IDX.mod(param("panel_blocks"))),
        comment("The last panel is narrower when tile_size does not divide grid_x."),
        let("width", panel.lessThan(GRID_X.div(TILE_SIZE)).choose(TILE_SIZE,
            GRID_X.mod(TILE_SIZE))),
        let("row", inPanel.div(width)),
        comment("Odd panels run bottom to top: each panel starts on the rows where the last one"
            + " ended."),
        new Return(panel.times(TILE_SIZE).plus(inPanel.mod(width)),
            panel.mod(number(2)).equalTo(number(0)).choose(row,
                GRID_Y.minus(number(1)).minus(row))));
  }

  private static List<Statement> morton() {
    Expr side = param("side");
    Expr x = param("x");
    Expr y = param("y");
    Expr rank = param("rank");
    Expr half = param("half");
    Expr left = param("left");
    Expr right = param("right");
    Expr top = param("top");
    Expr bottom = param("bottom");
    List<Statement> out = new ArrayList<>();
    out.add(comment("The side of the smallest power-of-two square holding the grid."));
    out.add(new Let(List.of("side"),
        List.of(GRID_X.greaterThan(GRID_Y).choose(GRID_X, GRID_Y).minus(number(1))), true, "", 0));
    for (int shift = 1; shift <= 16; shift *= 2) {
      out.add(new Assign("side", Op.OR, side.shr(shift)));
    }
    out.add(new Assign("side", Op.ADD, number(1)));
    out.add(comment("Descend the square one level a step: of its quadrants, in Z order (top left,"
        + " top right,", "bottom left, bottom right), skip those whose tiles inside the grid all"
        + " come before rank."));
    out.add(new Let(List.of("x", "y", "rank"), List.of(number(0), number(0), BLOCK_IDX), true,
        "", 0));
    Expr columnsLeft = GRID_X.minus(x);
    Expr rowsLeft = GRID_Y.minus(y);
    int column = "if (rank < top_tiles) {".length() + 11;
    out.add(new Halving("half", side.shr(1), List.of(
        comment("In-grid columns of the left and right halves, in-grid rows of the top and bottom"
            + " halves."),
        let("left", columnsLeft.lessThan(half).choose(columnsLeft, half)),
        let("right", columnsLeft.minus(left).lessThan(half).choose(columnsLeft.minus(left), half)),
        let("top", rowsLeft.lessThan(half).choose(rowsLeft, half)),
        let("bottom", rowsLeft.minus(top).lessThan(half).choose(rowsLeft.minus(top), half)),
        let("top_tiles", left.plus(right).times(top)),
        new If(rank.lessThan(param("top_tiles")),
            List.of(new If(rank.atLeast(left.times(top)),
                List.of(new Assign("rank", Op.SUB, left.times(top)),
                    new Assign("x", Op.ADD, half)), List.of(), "", "", 0)),
            List.of(new Assign("rank", Op.SUB, param("top_tiles")),
                new Assign("y", Op.ADD, half),
                new If(rank.atLeast(left.times(bottom)),
                    List.of(new Assign("rank", Op.SUB, left.times(bottom)),
                        new Assign("x", Op.ADD, half)), List.of(), "", "", 0)),
            "the top half: left quadrant, then right", "the bottom half: left quadrant, then right",
            column))));
    out.add(new Return(x, y));
    return out;
  }
}
