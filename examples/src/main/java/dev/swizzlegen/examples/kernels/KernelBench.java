package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The GEMM launches {@code bench/gpu/kernels.sh} measures on the GPU, and the traffic estimator's
 * recommendation of a block order and tile size for each problem, fixed here before anything is
 * measured.
 *
 * <p>Per problem: cuBLAS; the Ampere-style kernel's three variants (swizzled, unswizzled, padded) in
 * the recommended order; the swizzled kernel in row-major order and in every generated order at the
 * estimator's best tile size for that order; where the grid outgrows a wave, {@code STRIPS} at tile
 * sizes 1 to 32, to see the fastest order on the GPU; and the Hopper kernel (same block tile) in the
 * recommended order, in row-major order and in every order at its best tile size.
 */
public final class KernelBench {
  private KernelBench() {}

  /** The block tile of the kernels (ampere_gemm.cu, hopper_gemm.cu, blackwell_gemm.cu), FP16 operands. */
  static final int BLOCK_M = 128;
  static final int BLOCK_N = 256;
  static final int ELEMENT_BYTES = 2;

  /**
   * The machine of the predictions: an H100 SXM (132 SMs, 50 MB of L2 in two partitions), one block
   * of either kernel an SM (192 KB of shared memory).
   */
  static final TrafficEstimator.Machine MACHINE = TrafficEstimator.Machine.of(Gpu.H100, 1);

  /** The largest tile size the estimator tries. */
  static final int MAX_TILE_SIZE = 64;

  /** The tile sizes of the {@code STRIPS} sweep. */
  static final List<Integer> SWEEP = List.of(1, 2, 4, 8, 16, 32);

  /** C (M x N) = A (M x K) B (N x K)^T. */
  public record Shape(int m, int n, int k) {
    public String id() {
      return m + "x" + n + "x" + k;
    }

    TrafficEstimator.Gemm gemm() {
      return new TrafficEstimator.Gemm(m, n, k, BLOCK_M, BLOCK_N, ELEMENT_BYTES);
    }

    /** Whether the grid of output tiles holds more than one wave of the machine. */
    boolean outgrowsAWave() {
      return (long) gemm().gridX() * gemm().gridY() > MACHINE.waveBlocks();
    }
  }

  /** Square problems of 1024 to 8192, and two LLM-shaped ones: a projection and a decode step. */
  public static final List<Shape> SHAPES = List.of(
      new Shape(1024, 1024, 1024), new Shape(2048, 2048, 2048), new Shape(4096, 4096, 4096),
      new Shape(8192, 8192, 8192), new Shape(8192, 1024, 8192), new Shape(16, 8192, 8192));

  /** The problems profiled with Nsight Compute (L2 hit rate, DRAM bytes) in every order. */
  public static final List<Shape> PROFILED = List.of(new Shape(4096, 4096, 4096),
      new Shape(8192, 8192, 8192));

  /** The generated orders, in the order ties are broken. */
  static final List<Rasterizer> ORDERS = List.of(GemmStripsRaster.RASTERIZER,
      GemmCutlassIdentityRaster.RASTERIZER, GemmGroupedRaster.RASTERIZER,
      GemmSerpentineRaster.RASTERIZER, GemmMortonRaster.RASTERIZER);

  /**
   * The tile size of each order (in {@link #ORDERS}' order) that the H100 run measured at each
   * problem ({@code bench/results/kernels-h100-*}), and first the order and tile size the three tile
   * variants ran in: the picks of the estimator of that run (per wave, before issue 43's model), kept
   * so that the launch list stays the one measured. {@link Launch#recommended()} is the current
   * estimator's pick.
   */
  static final Map<String, int[]> MEASURED_TILE_SIZES = Map.of(
      "1024x1024x1024", new int[] {0, 1, 1, 1, 1, 1, 1},
      "2048x2048x2048", new int[] {0, 1, 1, 1, 1, 1, 1},
      "4096x4096x4096", new int[] {3, 9, 3, 4, 5, 9, 1},
      "8192x8192x8192", new int[] {3, 7, 8, 8, 16, 7, 1},
      "8192x1024x8192", new int[] {2, 32, 4, 4, 32, 4, 1},
      "16x8192x8192", new int[] {0, 1, 1, 1, 1, 1, 1});

  /** The order the tile variants of a problem ran in: {@code MEASURED_TILE_SIZES}' first two. */
  static Rasterizer measuredOrder(Shape shape) {
    return ORDERS.get(MEASURED_TILE_SIZES.get(shape.id())[0]);
  }

  static int measuredTileSize(Shape shape) {
    return MEASURED_TILE_SIZES.get(shape.id())[1];
  }

  /** The estimator's pick for a problem: an order and tile size, or no order to pick. */
  public static TrafficEstimator.Choice recommend(Shape shape) {
    return TrafficEstimator.best(shape.gemm(), MACHINE, MAX_TILE_SIZE);
  }

  /**
   * One launch: {@code kernel} is {@code cublas}, {@code ampere} or {@code hopper}; {@code variant}
   * is the tiles ({@code swizzled}, {@code plain}, {@code padded}; {@code -} for cuBLAS);
   * {@code order} is {@code ROW_MAJOR} or a rasterizer's name.
   */
  public record Launch(String id, Shape shape, String kernel, String variant, String order,
      int tileSize) {
    /** Whether the order is the estimator's recommendation for the problem. */
    public boolean recommended() {
      return !kernel.equals("cublas") && recommend(shape) instanceof TrafficEstimator.Pick pick
          && order.equals(pick.rasterizer().name()) && tileSize == pick.tileSize();
    }
  }

  static Launch launch(Shape shape, String kernel, String variant, String order, int tileSize) {
    String id = kernel.equals("cublas") ? shape.id() + "-cublas"
        : shape.id() + "-" + kernel + "-" + variant + "-" + order + "-t" + tileSize;
    return new Launch(id, shape, kernel, variant, order, tileSize);
  }

  /** Every launch, problem by problem (the program allocates each problem once). */
  public static List<Launch> launches() {
    List<Launch> launches = new ArrayList<>();
    for (Shape shape : SHAPES) {
      List<Launch> these = new ArrayList<>();
      String order = measuredOrder(shape).name();
      int tile = measuredTileSize(shape);
      int[] tiles = MEASURED_TILE_SIZES.get(shape.id());
      these.add(launch(shape, "cublas", "-", "-", 0));
      for (String variant : List.of("swizzled", "plain", "padded")) {
        these.add(launch(shape, "ampere", variant, order, tile));
      }
      these.add(launch(shape, "ampere", "swizzled", "ROW_MAJOR", 1));
      for (int i = 0; i < ORDERS.size(); i++) {
        these.add(launch(shape, "ampere", "swizzled", ORDERS.get(i).name(), tiles[2 + i]));
      }
      if (shape.outgrowsAWave()) {
        for (int tileSize : SWEEP) {
          these.add(launch(shape, "ampere", "swizzled", "STRIPS", tileSize));
        }
      }
      these.add(launch(shape, "hopper", "swizzled", order, tile));
      these.add(launch(shape, "hopper", "swizzled", "ROW_MAJOR", 1));
      for (int i = 0; i < ORDERS.size(); i++) {
        these.add(launch(shape, "hopper", "swizzled", ORDERS.get(i).name(), tiles[2 + i]));
      }
      for (Launch l : these) {
        if (launches.stream().noneMatch(other -> other.id().equals(l.id()))) {
          launches.add(l);
        }
      }
    }
    return launches;
  }

  /**
   * The launches of {@code blackwell_gemm.cu} (same block tile): per problem, cuBLAS, every Hopper
   * launch as {@code blackwell}, and the CTA-pair variant ({@code cta_pair}, {@code cta_group::2}) in
   * row-major order. Kept apart from {@link #launches()}, which is what the H100 measures: no Blackwell
   * GPU is available to run them, so no result covers them.
   */
  public static List<Launch> blackwellLaunches() {
    List<Launch> launches = new ArrayList<>();
    for (Shape shape : SHAPES) {
      for (Launch l : launches()) {
        if (!l.shape().equals(shape)) {
          continue;
        }
        if (l.kernel().equals("cublas")) {
          launches.add(l);
        } else if (l.kernel().equals("hopper")) {
          launches.add(launch(shape, "blackwell", l.variant(), l.order(), l.tileSize()));
        }
      }
      launches.add(launch(shape, "blackwell", "cta_pair", "ROW_MAJOR", 1));
    }
    return launches;
  }

  /**
   * The launches Nsight Compute profiles: every launch of {@link #PROFILED} but the unswizzled and
   * padded ones.
   */
  public static List<Launch> profiled() {
    return launches().stream()
        .filter(l -> PROFILED.contains(l.shape()))
        .filter(l -> l.kernel().equals("cublas") || l.variant().equals("swizzled"))
        .toList();
  }
}
