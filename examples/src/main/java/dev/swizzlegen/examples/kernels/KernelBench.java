package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
   * The machine of the predictions: an H100 SXM's 132 SMs, one block of either kernel an SM (192 KB of
   * shared memory), and one 25 MB L2 partition kept between
   * waves (the model whose ranking agreed best with the H100 in {@code bench/results/raster-h100.csv}).
   */
  static final TrafficEstimator.Machine MACHINE = new TrafficEstimator.Machine(132, 1, 25L << 20);

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
   * The estimator's pick for a problem: the order and tile size predicted to read the fewest DRAM
   * bytes (ties: the earlier order of {@link #ORDERS}, then the smaller tile size).
   *
   * @param everyChoiceTies whether every order and tile size reads the same bytes (one wave, or an L2
   *     that holds the operands), so that the pick means nothing
   */
  public record Recommendation(Rasterizer order, int tileSize, long bytes, boolean everyChoiceTies) {}

  /** The best tile size of every order for a problem. */
  static List<TrafficEstimator.Choice> bestPerOrder(Shape shape) {
    List<TrafficEstimator.Choice> choices = new ArrayList<>();
    for (Rasterizer order : ORDERS) {
      choices.add(TrafficEstimator.bestTileSize(shape.gemm(), MACHINE, order, MAX_TILE_SIZE));
    }
    return choices;
  }

  public static Recommendation recommend(Shape shape) {
    List<TrafficEstimator.Choice> choices = bestPerOrder(shape);
    TrafficEstimator.Choice best = choices.stream()
        .min(Comparator.comparingLong(choice -> choice.estimate().bytes())).orElseThrow();
    boolean ties = choices.stream().allMatch(choice -> choice.everyTileSizeTies() || !choice.rasterizer().usesTileSize())
        && choices.stream().allMatch(choice -> choice.estimate().bytes() == best.estimate().bytes());
    return new Recommendation(best.rasterizer(), best.tileSize(), best.estimate().bytes(), ties);
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
      Recommendation r = recommend(shape);
      return !kernel.equals("cublas") && order.equals(r.order().name()) && tileSize == r.tileSize();
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
      Recommendation r = recommend(shape);
      these.add(launch(shape, "cublas", "-", "-", 0));
      for (String variant : List.of("swizzled", "plain", "padded")) {
        these.add(launch(shape, "ampere", variant, r.order().name(), r.tileSize()));
      }
      these.add(launch(shape, "ampere", "swizzled", "ROW_MAJOR", 1));
      for (TrafficEstimator.Choice choice : bestPerOrder(shape)) {
        these.add(launch(shape, "ampere", "swizzled", choice.rasterizer().name(), choice.tileSize()));
      }
      if (shape.outgrowsAWave()) {
        for (int tileSize : SWEEP) {
          these.add(launch(shape, "ampere", "swizzled", "STRIPS", tileSize));
        }
      }
      these.add(launch(shape, "hopper", "swizzled", r.order().name(), r.tileSize()));
      these.add(launch(shape, "hopper", "swizzled", "ROW_MAJOR", 1));
      for (TrafficEstimator.Choice choice : bestPerOrder(shape)) {
        these.add(launch(shape, "hopper", "swizzled", choice.rasterizer().name(), choice.tileSize()));
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
