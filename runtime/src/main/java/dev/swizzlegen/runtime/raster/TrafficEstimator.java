package dev.swizzlegen.runtime.raster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Predicts the DRAM bytes a tiled GEMM reads in a given launch order, to compare rasterizers and pick
 * {@code tileSize}.
 *
 * <p>The model: the GPU runs the launch in waves of {@link Machine#waveBlocks()} blocks
 * ({@code multiprocessors x blocksPerMultiprocessor}), in launch order; idle blocks (CUTLASS's padded
 * strip) take no place in a wave. The block of tile {@code (x, y)} reads A's row-panel {@code y}
 * ({@code blockM x K} elements) and B's column-panel {@code x} ({@code K x blockN}). A wave reads
 * each distinct panel its blocks need once; a panel is read from DRAM unless it is still in L2 from an
 * earlier wave. L2 is a least-recently-used store of whole panels of {@link Machine#l2Bytes()};
 * {@code l2Bytes = 0} keeps nothing between waves, so every wave loads all of its distinct panels.
 * C's writes are not counted: the model is of {@code dram__bytes_read}.
 *
 * <p>It is a model, not a simulator: blocks of one wave do not start together, panels stream through
 * L2 a K-slice at a time, and the hardware's L2 is sectored, hashed and split in two partitions.
 */
public final class TrafficEstimator {

  /**
   * A GEMM {@code C[M x N] = A[M x K] * B[K x N]}, row-major operands, computed in
   * {@code blockM x blockN} output tiles.
   */
  public record Gemm(int m, int n, int k, int blockM, int blockN, int elementBytes) {
    public Gemm {
      if (m < 1 || n < 1 || k < 1 || blockM < 1 || blockN < 1 || elementBytes < 1) {
        throw new IllegalArgumentException("every size of " + m + " x " + n + " x " + k + ", block "
            + blockM + " x " + blockN + ", " + elementBytes + "-byte elements must be positive");
      }
    }

    /** Tile columns, {@code ceil(N / blockN)}. */
    public int gridX() {
      return (n + blockN - 1) / blockN;
    }

    /** Tile rows, {@code ceil(M / blockM)}. */
    public int gridY() {
      return (m + blockM - 1) / blockM;
    }

    /** Bytes of A's row-panel {@code y}: its rows (the last may be short) times K. */
    long aPanelBytes(int y) {
      return (long) Math.min(blockM, m - y * blockM) * k * elementBytes;
    }

    /** Bytes of B's column-panel {@code x}: K times its columns (the last may be short). */
    long bPanelBytes(int x) {
      return (long) Math.min(blockN, n - x * blockN) * k * elementBytes;
    }

    /** A and B read once each: the least any order can read. */
    public long compulsoryBytes() {
      return ((long) m * k + (long) k * n) * elementBytes;
    }

    @Override
    public String toString() {
      return "M=" + m + " N=" + n + " K=" + k + ", " + blockM + "x" + blockN + " tiles of "
          + elementBytes + "-byte elements";
    }
  }

  /**
   * The GPU, as the model sees it.
   *
   * @param multiprocessors SMs (132 on an H100 SXM)
   * @param blocksPerMultiprocessor the kernel's resident blocks per SM (its occupancy)
   * @param l2Bytes L2 bytes that keep panels between waves; 0 keeps none
   */
  public record Machine(int multiprocessors, int blocksPerMultiprocessor, long l2Bytes) {
    public Machine {
      if (multiprocessors < 1 || blocksPerMultiprocessor < 1 || l2Bytes < 0) {
        throw new IllegalArgumentException("a machine of " + multiprocessors + " SMs x "
            + blocksPerMultiprocessor + " blocks, " + l2Bytes + " bytes of L2");
      }
    }

    /** The blocks running at once: a wave. */
    public int waveBlocks() {
      return multiprocessors * blocksPerMultiprocessor;
    }
  }

  /** A launch order: the tile of the {@code blockIdx}-th block launched. */
  @FunctionalInterface
  private interface LaunchOrder {
    TileCoord tile(int blockIdx);
  }

  /**
   * What an order reads.
   *
   * @param bytes A and B bytes read from DRAM
   * @param aBytes of which A's
   * @param bBytes of which B's
   * @param waves the waves of working blocks
   * @param panelsPerWave the mean distinct panels (A and B) a wave needs
   */
  public record Estimate(long bytes, long aBytes, long bBytes, int waves, double panelsPerWave) {}

  /**
   * The best {@code tileSize} for an order and what it reads.
   *
   * @param everyTileSizeTies whether every tile size tried reads the same bytes, so that none is
   *     better (an L2 that holds the whole problem, say)
   */
  public record Choice(Rasterizer rasterizer, int tileSize, Estimate estimate,
      boolean everyTileSizeTies) {}

  private TrafficEstimator() {}

  /** The bytes a rasterizer reads with {@code tileSize}, launched as its {@link Rasterizer#launchGrid}. */
  public static Estimate estimate(Gemm gemm, Machine machine, Rasterizer rasterizer, int tileSize) {
    Simulation simulation = new Simulation(gemm, machine);
    rasterizer.forEachBlock(gemm.gridX(), gemm.gridY(), tileSize,
        (blockIdx, x, y) -> simulation.run(x, y));
    return simulation.finish();
  }

  /** The bytes of the plain launch, block {@code (bx, by)} on tile {@code (bx, by)}: the baseline. */
  public static Estimate rowMajor(Gemm gemm, Machine machine) {
    int gridX = gemm.gridX();
    return estimate(gemm, machine, (long) gridX * gemm.gridY(),
        blockIdx -> new TileCoord(blockIdx % gridX, blockIdx / gridX));
  }

  /** The bytes any launch order of {@code blocks} blocks reads. */
  private static Estimate estimate(Gemm gemm, Machine machine, long blocks, LaunchOrder order) {
    Simulation simulation = new Simulation(gemm, machine);
    for (long blockIdx = 0; blockIdx < blocks; blockIdx++) {
      TileCoord tile = order.tile((int) blockIdx);
      simulation.run(tile.x(), tile.y());
    }
    return simulation.finish();
  }

  /**
   * The {@code tileSize} from 1 to {@code maxTileSize} with which a rasterizer reads the fewest bytes
   * (the smallest on a tie, and {@link Choice#everyTileSizeTies} when all tie); powers of two only for {@link Rasterizer#CUTLASS_IDENTITY}; 1 for
   * {@link Rasterizer#MORTON}, which ignores it.
   */
  public static Choice bestTileSize(Gemm gemm, Machine machine, Rasterizer rasterizer, int maxTileSize) {
    Choice best = null;
    boolean ties = true;
    int last = rasterizer.usesTileSize() ? maxTileSize : 1;
    for (int tileSize = 1; tileSize <= last; tileSize++) {
      if (rasterizer.tileSizeProblem(tileSize).isPresent()) {
        continue;
      }
      Estimate estimate = estimate(gemm, machine, rasterizer, tileSize);
      if (best != null && estimate.bytes() != best.estimate().bytes()) {
        ties = false;
      }
      if (best == null || estimate.bytes() < best.estimate().bytes()) {
        best = new Choice(rasterizer, tileSize, estimate, false);
      }
    }
    if (best == null) {
      throw new IllegalArgumentException("no tile size from 1 to " + maxTileSize + " for " + rasterizer);
    }
    return new Choice(rasterizer, best.tileSize(), best.estimate(), ties && rasterizer.usesTileSize());
  }

  /** The waves of one launch, block by block. */
  private static final class Simulation {
    private final Gemm gemm;
    private final Machine machine;
    private final int gridX;
    private final int gridY;
    /** Per panel, the last wave that needed it. Panel ids: A's rows, then B's columns. */
    private final int[] lastWave;
    private final List<Integer> wavePanels = new ArrayList<>();
    private final Cache cache;
    private long aBytes;
    private long bBytes;
    private long panels;
    private int wave;
    private int blocksInWave;

    Simulation(Gemm gemm, Machine machine) {
      this.gemm = gemm;
      this.machine = machine;
      this.gridX = gemm.gridX();
      this.gridY = gemm.gridY();
      this.lastWave = new int[gridY + gridX];
      Arrays.fill(lastWave, -1);
      this.cache = new Cache(machine.l2Bytes());
    }

    /** The next block launched, on tile {@code (x, y)}. */
    void run(int x, int y) {
      if (x < 0 || y < 0 || x >= gridX || y >= gridY) {
        return;  // an idle block returns at once and holds no place in a wave
      }
      need(y);
      need(gridY + x);
      if (++blocksInWave == machine.waveBlocks()) {
        endWave();
      }
    }

    private void need(int panel) {
      if (lastWave[panel] != wave) {
        lastWave[panel] = wave;
        wavePanels.add(panel);
      }
    }

    private void endWave() {
      for (int panel : wavePanels) {
        boolean isA = panel < gridY;
        long size = isA ? gemm.aPanelBytes(panel) : gemm.bPanelBytes(panel - gridY);
        if (!cache.touch(panel, size)) {
          if (isA) {
            aBytes += size;
          } else {
            bBytes += size;
          }
        }
      }
      cache.evictToCapacity();
      panels += wavePanels.size();
      wavePanels.clear();
      wave++;
      blocksInWave = 0;
    }

    Estimate finish() {
      if (blocksInWave > 0) {
        endWave();
      }
      return new Estimate(aBytes + bBytes, aBytes, bBytes, wave, wave == 0 ? 0 : (double) panels / wave);
    }
  }

  /** L2 as a least-recently-used store of whole panels. */
  private static final class Cache {
    private final long capacity;
    private final LinkedHashMap<Integer, Long> panels = new LinkedHashMap<>(16, 0.75f, true);
    private long resident;

    Cache(long capacity) {
      this.capacity = capacity;
    }

    /** Whether the panel was resident; either way it is now, and the most recently used. */
    boolean touch(int panel, long size) {
      if (panels.get(panel) != null) {
        return true;
      }
      panels.put(panel, size);
      resident += size;
      return false;
    }

    void evictToCapacity() {
      Iterator<Map.Entry<Integer, Long>> eldest = panels.entrySet().iterator();
      while (resident > capacity && eldest.hasNext()) {
        resident -= eldest.next().getValue();
        eldest.remove();
      }
    }
  }
}
