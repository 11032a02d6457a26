package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;

/**
 * The block orders of the GEMM kernels in {@code examples/kernels}: every order the processor
 * generates. The kernels call {@code get_swizzle_idx(tile_size)} with the tile size of the launch,
 * which the traffic estimator picks ({@code KernelBenchGenerator}); {@code tileSize} here is only the
 * header's default.
 */
public final class GemmRasters {
  private GemmRasters() {}

  @ThreadblockSwizzle(order = RasterOrder.STRIPS, tileSize = 8, name = "GemmStrips")
  public interface Strips {}

  @ThreadblockSwizzle(order = RasterOrder.CUTLASS_IDENTITY, tileSize = 8, name = "GemmCutlassIdentity")
  public interface CutlassIdentity {}

  @ThreadblockSwizzle(order = RasterOrder.GROUPED, tileSize = 8, name = "GemmGrouped")
  public interface Grouped {}

  @ThreadblockSwizzle(order = RasterOrder.SERPENTINE, tileSize = 8, name = "GemmSerpentine")
  public interface Serpentine {}

  @ThreadblockSwizzle(order = RasterOrder.MORTON, name = "GemmMorton")
  public interface Morton {}
}
