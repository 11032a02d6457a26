package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.util.ArrayList;
import java.util.List;

/**
 * The rasterizer benchmark: the repository's two GEMMs launched in plain row-major order, in Morton
 * order and in every other order the processor generates at tile sizes 1 to 32, at 2048^3, 4096^3,
 * 8192^3 and 8192 x 2048 x 8192. {@code bench/gpu/raster.sh} runs it: seed 003's SIMT GEMM in
 * {@code bench/gpu/raster_gemm.cu} through the rasterizer headers declared here, the Hopper GEMM in
 * {@code examples/kernels/hopper_gemm.cu} through the examples' ({@code GemmRasters}).
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

  /** One generated rasterizer: the Java twin's constants. */
  record Order(Rasterizer rasterizer, int tileSize, String header, String cudaType) {}

  /** Every generated rasterizer of raster_gemm.cu, by order. */
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
   * A GEMM kernel of the suite.
   *
   * @param name {@code hopper} or {@code simt}, the launches' prefix
   * @param blocksPerMultiprocessor its occupancy, which {@code raster.sh} reads off the device
   */
  record Kernel(String name, int blockM, int blockN, int elementBytes, int blocksPerMultiprocessor) {
    TrafficEstimator.Machine machine(Gpu gpu) {
      return TrafficEstimator.Machine.of(gpu, blocksPerMultiprocessor);
    }
  }

  /**
   * examples/kernels/hopper_gemm.cu: fp16, 128 x 256 x 64 tiles, TMA and wgmma, 384 threads and 193 KB
   * of shared memory, so one block per SM.
   */
  static final Kernel HOPPER = new Kernel("hopper", 128, 256, 2, 1);

  /**
   * Seed 003's {@code matmul_smem<32>}: fp32, 32 x 32 tiles, 1024 threads of 32 registers and 8 KB of
   * shared memory a block ({@code __launch_bounds__(1024, 2)}), so two blocks per SM.
   */
  static final Kernel SIMT = new Kernel("simt", 32, 32, 4, 2);

  static final List<Kernel> KERNELS = List.of(HOPPER, SIMT);

  /** M, N, K: three squares and a tall one. */
  static final List<int[]> SIZES = List.of(new int[] {2048, 2048, 2048},
      new int[] {4096, 4096, 4096}, new int[] {8192, 8192, 8192}, new int[] {8192, 2048, 8192});

  /** The tile sizes of every order that has one. */
  static final List<Integer> TILE_SIZES = List.of(1, 2, 4, 8, 16, 32);

  /** The largest tile size the estimator tries when it picks. */
  static final int MAX_TILE_SIZE = 32;

  /**
   * One launch to measure.
   *
   * @param id its name, such as {@code simt-2048x2048x2048-STRIPS-t16}
   * @param order {@code ROW_MAJOR} or a rasterizer's name
   * @param tileSize its tile size (1 for row-major and Morton)
   */
  record Run(String id, Kernel kernel, int m, int n, int k, String order, int tileSize) {
    TrafficEstimator.Gemm gemm() {
      return new TrafficEstimator.Gemm(m, n, k, kernel.blockM(), kernel.blockN(),
          kernel.elementBytes());
    }

    String shape() {
      return m + "x" + n + "x" + k;
    }

    /** The estimator's bytes for this launch on {@code gpu}. */
    TrafficEstimator.Estimate estimate(Gpu gpu) {
      TrafficEstimator.Machine machine = kernel.machine(gpu);
      return order.equals("ROW_MAJOR")
          ? TrafficEstimator.rowMajor(gemm(), machine)
          : TrafficEstimator.estimate(gemm(), machine, Rasterizer.valueOf(order), tileSize);
    }
  }

  /**
   * The estimator's picks (on the H100 and the H200) that the tile sizes of {@link #TILE_SIZES} miss:
   * measured too, beside the sweep, so that the pick's time is known. {@code RasterResultsTest} fails
   * when a pick of the current estimator is measured neither here nor in the sweep.
   */
  static final List<String> PICKS_BEYOND_THE_SWEEP = List.of(
      "simt-8192x8192x8192-SERPENTINE-t22", "simt-8192x2048x8192-SERPENTINE-t22");

  /**
   * Per kernel and size: row-major, Morton, every other order at every tile size, then the picks
   * beyond them.
   */
  static List<Run> runs() {
    List<Run> runs = new ArrayList<>();
    for (Kernel kernel : KERNELS) {
      for (int[] size : SIZES) {
        runs.addAll(runs(kernel, size[0], size[1], size[2]));
      }
    }
    return runs;
  }

  static List<Run> runs(Kernel kernel, int m, int n, int k) {
    List<Run> runs = new ArrayList<>();
    String prefix = kernel.name() + "-" + m + "x" + n + "x" + k + "-";
    runs.add(new Run(prefix + "ROW_MAJOR", kernel, m, n, k, "ROW_MAJOR", 1));
    runs.add(new Run(prefix + "MORTON", kernel, m, n, k, "MORTON", 1));
    for (Rasterizer rasterizer : List.of(Rasterizer.STRIPS, Rasterizer.CUTLASS_IDENTITY,
        Rasterizer.GROUPED, Rasterizer.SERPENTINE)) {
      for (int tileSize : TILE_SIZES) {
        runs.add(new Run(prefix + rasterizer + "-t" + tileSize, kernel, m, n, k, rasterizer.name(),
            tileSize));
      }
    }
    for (String pick : PICKS_BEYOND_THE_SWEEP) {
      if (pick.startsWith(prefix)) {
        String[] orderAndTile = pick.substring(prefix.length()).split("-t");
        runs.add(new Run(pick, kernel, m, n, k, orderAndTile[0], Integer.parseInt(orderAndTile[1])));
      }
    }
    return runs;
  }
}
