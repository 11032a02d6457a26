package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.emit.RasterRoutines;
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
   * returns a {@code uint2}: {@link RasterRoutines#of} printed as CUDA, indented by nothing.
   */
  public static String body(Rasterizer rasterizer) {
    return RasterRoutines.of(rasterizer).cuda();
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
}
