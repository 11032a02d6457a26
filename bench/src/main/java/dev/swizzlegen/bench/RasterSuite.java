package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.util.ArrayList;
import java.util.List;

/**
 * The rasterizer benchmark, declared with the real annotation: seed 003's tiled GEMM (32 x 32 output
 * tiles, fp32) launched in every order the processor generates, with seed 003's tile size 4 and the
 * tile size the {@link TrafficEstimator} predicts best, and in plain row-major order, at seed 003's
 * sizes. {@code bench/gpu/raster_gemm.cu} includes the generated headers.
 */
public final class RasterSuite {
  private RasterSuite() {}

  @ThreadblockSwizzle(order = RasterOrder.STRIPS, tileSize = 4, name = "Strips")
  interface StripsOrder {}

  @ThreadblockSwizzle(order = RasterOrder.CUTLASS_IDENTITY, tileSize = 4, name = "CutlassIdentity")
  interface CutlassOrder {}

  @ThreadblockSwizzle(order = RasterOrder.GROUPED, tileSize = 4, name = "Grouped")
  interface GroupedOrder {}

  @ThreadblockSwizzle(order = RasterOrder.SERPENTINE, tileSize = 4, name = "Serpentine")
  interface SerpentineOrder {}

  @ThreadblockSwizzle(order = RasterOrder.MORTON, name = "Morton")
  interface MortonOrder {}

  /** The block tile of seed 003's kernels, {@code matmul_smem<32>}: 32 x 32 outputs, one per thread. */
  static final int BLOCK_TILE = 32;
  /** fp32. */
  static final int ELEMENT_BYTES = 4;

  /**
   * The machine the predictions assume: an H100 SXM, 132 SMs and 2 resident blocks per SM. The
   * kernel's blocks are 1024 threads with 8 KB of shared memory and 32 registers a thread
   * ({@code __launch_bounds__(1024, 2)}), so an SM's 2048 threads and 65536 registers hold two;
   * {@code raster.sh} reads the real occupancy, SM count and L2 size off the device.
   *
   * <p>The L2 the second prediction keeps between waves is 25 MB, one of the H100's two 25 MB L2
   * partitions: each partition caches what the SMs of its own GPCs read, so operands that every SM
   * reads are held in both, and the distinct bytes L2 holds are about one partition's worth. (Chosen
   * after the first H100 run: the whole 50 MB predicted no difference at 2048, where the GPU showed
   * one, and predicted tile size 64 best at 4096, where the GPU thrashed.)
   */
  static final int SMS = 132;
  static final int BLOCKS_PER_SM = 2;
  static final long L2_BYTES = 25L << 20;

  /** Seed 003's sizes: M = N = K = 1024, 2048, 4096, and the narrow M = N = 1024, K = 128. */
  static final List<int[]> SIZES = List.of(
      new int[] {1024, 1024, 1024}, new int[] {2048, 2048, 2048}, new int[] {4096, 4096, 4096},
      new int[] {1024, 1024, 128});

  /** The largest tile size the estimator tries. */
  static final int MAX_TILE_SIZE = 64;

  /** The seed's tile size. */
  static final int SEED_TILE_SIZE = 4;

  /** One generated rasterizer: the Java twin's constants. */
  record Order(Rasterizer rasterizer, int tileSize, String header, String cudaType) {}

  /** Every generated rasterizer, by order. */
  static List<Order> orders() {
    return List.of(
        new Order(StripsRaster.RASTERIZER, StripsRaster.TILE_SIZE, StripsRaster.CUDA_HEADER,
            StripsRaster.CUDA_TYPE),
        new Order(CutlassIdentityRaster.RASTERIZER, CutlassIdentityRaster.TILE_SIZE,
            CutlassIdentityRaster.CUDA_HEADER, CutlassIdentityRaster.CUDA_TYPE),
        new Order(GroupedRaster.RASTERIZER, GroupedRaster.TILE_SIZE, GroupedRaster.CUDA_HEADER,
            GroupedRaster.CUDA_TYPE),
        new Order(SerpentineRaster.RASTERIZER, SerpentineRaster.TILE_SIZE,
            SerpentineRaster.CUDA_HEADER, SerpentineRaster.CUDA_TYPE),
        new Order(MortonRaster.RASTERIZER, MortonRaster.TILE_SIZE, MortonRaster.CUDA_HEADER,
            MortonRaster.CUDA_TYPE));
  }

  /**
   * One launch to measure.
   *
   * @param id its name, such as {@code 2048x2048x2048-STRIPS-t16}
   * @param order {@code ROW_MAJOR} or a rasterizer's name
   * @param tileSize its tile size (1 for row-major; ignored by MORTON)
   * @param bestTileSize the tile size the estimator predicts best for the order at this size
   */
  record Run(String id, int m, int n, int k, String order, int tileSize, int bestTileSize) {
    TrafficEstimator.Gemm gemm() {
      return new TrafficEstimator.Gemm(m, n, k, BLOCK_TILE, BLOCK_TILE, ELEMENT_BYTES);
    }
  }

  /** The machine of the predictions, with L2 between waves or without. */
  static TrafficEstimator.Machine machine(boolean withL2) {
    return new TrafficEstimator.Machine(SMS, BLOCKS_PER_SM, withL2 ? L2_BYTES : 0);
  }

  /** The tile sizes of the STRIPS sweep at the sizes whose operands outgrow the SMs' waves. */
  static final List<Integer> SWEEP = List.of(1, 2, 4, 8, 16, 32, 64);

  /**
   * Per size: row-major; every order at seed 003's tile size 4; every order whose tile size matters
   * at the estimator's best tile size (without L2 between waves), where that is not 4; and at 2048
   * and 4096, STRIPS at every tile size of {@link #SWEEP}, to see the best tile size on the GPU.
   */
  static List<Run> runs() {
    List<Run> runs = new ArrayList<>();
    for (int[] size : SIZES) {
      String shape = size[0] + "x" + size[1] + "x" + size[2];
      TrafficEstimator.Gemm gemm =
          new TrafficEstimator.Gemm(size[0], size[1], size[2], BLOCK_TILE, BLOCK_TILE, ELEMENT_BYTES);
      runs.add(new Run(shape + "-ROW_MAJOR", size[0], size[1], size[2], "ROW_MAJOR", 1, 1));
      for (Order order : orders()) {
        Rasterizer rasterizer = order.rasterizer();
        int best = TrafficEstimator.bestTileSize(gemm, machine(false), rasterizer, MAX_TILE_SIZE)
            .tileSize();
        runs.add(new Run(shape + "-" + rasterizer + "-t" + order.tileSize(), size[0], size[1], size[2],
            rasterizer.name(), order.tileSize(), best));
        if (rasterizer.usesTileSize() && best != order.tileSize()) {
          runs.add(new Run(shape + "-" + rasterizer + "-t" + best, size[0], size[1], size[2],
              rasterizer.name(), best, best));
        }
        if (rasterizer == Rasterizer.STRIPS && size[0] >= 2048 && size[2] >= 2048) {
          for (int tileSize : SWEEP) {
            String id = shape + "-STRIPS-t" + tileSize;
            if (runs.stream().noneMatch(run -> run.id().equals(id))) {
              runs.add(new Run(id, size[0], size[1], size[2], "STRIPS", tileSize, best));
            }
          }
        }
      }
    }
    return runs;
  }
}
