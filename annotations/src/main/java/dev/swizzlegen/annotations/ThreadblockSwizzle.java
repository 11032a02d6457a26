package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Emits a threadblock rasterizer for the annotated type: the CUDA function
 * {@code get_swizzle_idx(tile_size)} that maps a launch's block index to the output tile it should
 * compute, in an order that keeps a wave's operands in L2, and its Java twin.
 *
 * <pre>{@code
 * @ThreadblockSwizzle(tileSize = 4)   // swizzlegen/gemm.cuh: struct Gemm; Java: GemmRaster
 * interface Gemm {}
 * }</pre>
 *
 * <p>The header's {@code struct} has {@code kTileSize}, {@code launch_grid(grid_x, grid_y,
 * tile_size)}, the pure {@code __host__ __device__ uint2 get_swizzle_idx(block_idx, grid_x, grid_y,
 * tile_size)} and the {@code __device__ uint2 get_swizzle_idx(tile_size = kTileSize)}, which
 * reads {@code blockIdx} and {@code gridDim}; {@code .x} is the tile's column, {@code .y} its row.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ThreadblockSwizzle {
  /**
   * Width of a strip or panel, or height of a group, in tiles; the generated functions take it as a
   * default. 1 to 1024; a power of two for {@link RasterOrder#CUTLASS_IDENTITY} (its log tile);
   * ignored by {@link RasterOrder#MORTON}.
   */
  int tileSize() default 4;

  /** The rasterization order. */
  RasterOrder order() default RasterOrder.STRIPS;

  /**
   * Overrides the generated names: the CUDA struct and the stem of the header file name. Must be a
   * C++ and Java identifier that collides with nothing of the generated headers (as
   * {@link SwizzledTile#name}: not {@code get_swizzle_idx}, {@code uint2}, {@code dim3}, ...). Empty:
   * the annotated type's simple name.
   */
  String name() default "";
}
