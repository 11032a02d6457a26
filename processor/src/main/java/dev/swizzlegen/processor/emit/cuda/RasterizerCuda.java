package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.List;

/**
 * The CUDA of each threadblock {@link Rasterizer}: the body of the generated
 * {@code get_swizzle_idx(block_idx, grid_x, grid_y, tile_size)}, statement for statement the model's
 * {@link Rasterizer#tile}, its parameters, the launch grid and the arguments of the {@code __device__}
 * overload, and a sentence on each order in CUDA's names. The model keeps the arithmetic; this is
 * emitted code. The raster tests compile each header and compare its every tile with the model's.
 */
public final class RasterizerCuda {
  private RasterizerCuda() {}

  /** One sentence on the order, in CUDA's names ({@code grid_x}, {@code tile_size}). */
  public static String summary(Rasterizer rasterizer) {
    return switch (rasterizer) {
      case STRIPS -> "strips of tile_size columns, each walked row by row from the top, the strips"
          + " left to right; the last strip is grid_x % tile_size wide when tile_size does not"
          + " divide grid_x";
      case CUTLASS_IDENTITY -> "CUTLASS's identity threadblock swizzle, log tile log2(tile_size):"
          + " launched as (grid_y * tile_size) x ceil(grid_x / tile_size) blocks, block (bx, by)"
          + " computes row bx / tile_size and column by * tile_size + bx % tile_size; blocks past"
          + " the last column are idle";
      case GROUPED -> "Triton's grouped ordering, GROUP_M = tile_size: groups of tile_size rows,"
          + " each walked column by column from the left, the groups top to bottom; the last group"
          + " has the rows left";
      case SERPENTINE -> "panels of tile_size columns, each walked row by row, the panels left to"
          + " right, even panels top to bottom and odd panels bottom to top; the last panel is"
          + " grid_x % tile_size wide when tile_size does not divide grid_x";
      case MORTON -> "Z-order over the smallest power-of-two square holding the grid, counting only"
          + " the grid's tiles (a bijection on any grid); tile_size is ignored";
    };
  }

  /**
   * The body of the generated {@code get_swizzle_idx(block_idx, grid_x, grid_y, tile_size)}, which
   * returns a {@code uint2}: the same statements as {@link Rasterizer#tile}, in CUDA, indented by
   * nothing.
   */
  public static String body(Rasterizer rasterizer) {
    return switch (rasterizer) {
      case STRIPS -> STRIPS_CUDA;
      case CUTLASS_IDENTITY -> CUTLASS_IDENTITY_CUDA;
      case GROUPED -> GROUPED_CUDA;
      case SERPENTINE -> SERPENTINE_CUDA;
      case MORTON -> MORTON_CUDA;
    };
  }

  /**
   * The parameters of the generated {@code get_swizzle_idx}, {@code block_idx, grid_x, grid_y,
   * tile_size}, those {@link #body} does not read commented out (strict compilers reject unused
   * parameters): CUTLASS's mapping does not read {@code grid_x}, Morton's not {@code tile_size}.
   */
  public static List<String> parameters(Rasterizer rasterizer) {
    return List.of("uint32_t block_idx",
        rasterizer == Rasterizer.CUTLASS_IDENTITY ? "uint32_t /*grid_x*/" : "uint32_t grid_x",
        "uint32_t grid_y",
        rasterizer.usesTileSize() ? "uint32_t tile_size" : "uint32_t /*tile_size*/");
  }

  /**
   * {@link Rasterizer#launchGrid}'s CUDA expression, a {@code dim3} of {@code grid_x},
   * {@code grid_y}, {@code tile_size}.
   */
  public static String launchGrid(Rasterizer rasterizer) {
    return rasterizer == Rasterizer.CUTLASS_IDENTITY
        ? "dim3(grid_y * tile_size, (grid_x + tile_size - 1) / tile_size)"
        : "dim3(grid_x, grid_y)";
  }

  /**
   * The arguments with which the generated {@code __device__ get_swizzle_idx(tile_size)} calls the
   * pure one: this block's place and the tiles' grid, from {@code blockIdx} and {@code gridDim} of a
   * grid launched as {@link Rasterizer#launchGrid}.
   */
  public static List<String> deviceArguments(Rasterizer rasterizer) {
    // CUTLASS's launch covers gridDim.y * tile_size columns: the real grid_x is not known there, and
    // its mapping does not need it.
    return rasterizer == Rasterizer.CUTLASS_IDENTITY
        ? List.of("blockIdx.y * gridDim.x + blockIdx.x", "gridDim.y * tile_size",
            "gridDim.x / tile_size", "tile_size")
        : List.of("blockIdx.y * gridDim.x + blockIdx.x", "gridDim.x", "gridDim.y", "tile_size");
  }

  // Each order's statements, as Rasterizer's private method of the same name has them in Java.

  private static final String STRIPS_CUDA = """
        const uint32_t strip_blocks = tile_size * grid_y;  // blocks in a full strip
        const uint32_t strip = block_idx / strip_blocks;
        const uint32_t in_strip = block_idx % strip_blocks;
        // The last strip is narrower when tile_size does not divide grid_x.
        const uint32_t width = strip < grid_x / tile_size ? tile_size : grid_x % tile_size;
        // Seed 003 computes ret.y = strip_flat_idx / gridDim.y, right on square grids only.
        return {strip * tile_size + in_strip % width, in_strip / width};
        """;

  private static final String CUTLASS_IDENTITY_CUDA = """
        // Launched as launch_grid(): gridDim.x = grid_y * tile_size. With tile_size = 2^log_tile,
        // / and % are CUTLASS's m = bx >> log_tile, n = (by << log_tile) + (bx & (tile_size - 1)).
        const uint32_t launch_x = grid_y * tile_size;
        const uint32_t bx = block_idx % launch_x;
        const uint32_t by = block_idx / launch_x;
        // ret.x >= grid_x: an idle block of the last strip, which must return at once.
        return {by * tile_size + bx % tile_size, bx / tile_size};
        """;

  private static final String GROUPED_CUDA = """
        const uint32_t group_blocks = tile_size * grid_x;  // Triton's num_pid_in_group
        const uint32_t group = block_idx / group_blocks;
        const uint32_t in_group = block_idx % group_blocks;
        const uint32_t first_row = group * tile_size;      // Triton's first_pid_m
        // Triton's group_size_m = min(num_pid_m - first_pid_m, GROUP_M): the last group shrinks.
        const uint32_t height = grid_y - first_row < tile_size ? grid_y - first_row : tile_size;
        return {in_group / height, first_row + in_group % height};
        """;

  private static final String SERPENTINE_CUDA = """
        const uint32_t panel_blocks = tile_size * grid_y;  // blocks in a full panel
        const uint32_t panel = block_idx / panel_blocks;
        const uint32_t in_panel = block_idx % panel_blocks;
        // The last panel is narrower when tile_size does not divide grid_x.
        const uint32_t width = panel < grid_x / tile_size ? tile_size : grid_x % tile_size;
        const uint32_t row = in_panel / width;
        // Odd panels run bottom to top: each panel starts on the rows where the last one ended.
        return {panel * tile_size + in_panel % width, panel % 2 == 0 ? row : grid_y - 1 - row};
        """;

  private static final String MORTON_CUDA = """
        // The side of the smallest power-of-two square holding the grid.
        uint32_t side = (grid_x > grid_y ? grid_x : grid_y) - 1;
        side |= side >> 1;
        side |= side >> 2;
        side |= side >> 4;
        side |= side >> 8;
        side |= side >> 16;
        side += 1;
        // Descend the square one level a step: of its quadrants, in Z order (top left, top right,
        // bottom left, bottom right), skip those whose tiles inside the grid all come before rank.
        uint32_t x = 0, y = 0, rank = block_idx;
        for (uint32_t half = side >> 1; half > 0; half >>= 1) {
          // In-grid columns of the left and right halves, in-grid rows of the top and bottom halves.
          const uint32_t left = grid_x - x < half ? grid_x - x : half;
          const uint32_t right = grid_x - x - left < half ? grid_x - x - left : half;
          const uint32_t top = grid_y - y < half ? grid_y - y : half;
          const uint32_t bottom = grid_y - y - top < half ? grid_y - y - top : half;
          const uint32_t top_tiles = (left + right) * top;
          if (rank < top_tiles) {           // the top half: left quadrant, then right
            if (rank >= left * top) {
              rank -= left * top;
              x += half;
            }
          } else {                          // the bottom half: left quadrant, then right
            rank -= top_tiles;
            y += half;
            if (rank >= left * bottom) {
              rank -= left * bottom;
              x += half;
            }
          }
        }
        return {x, y};
        """;
}
