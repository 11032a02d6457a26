package dev.swizzlegen.runtime.raster;

import dev.swizzlegen.runtime.Architecture.Gpu;
import java.util.ArrayList;
import java.util.List;

/**
 * Predicts the DRAM bytes a tiled GEMM reads in a given launch order, to pick the order and
 * {@code tileSize}, and says when there is no order to pick.
 *
 * <p>The model streams the launch's panels through the target's L2. The block of tile {@code (x, y)}
 * reads A's row-panel {@code y} ({@code blockM x K}) and B's column-panel {@code x}
 * ({@code K x blockN}) in {@link #CHUNKS} slices along K, one after the other over its lifetime, and
 * writes its C tile at its end. The GPU runs {@link Machine#waveBlocks()} blocks at once, in launch order,
 * each next block taking the place of one that ended (idle blocks, CUTLASS's padded strip, take none).
 * L2 is a least-recently-used store of {@link Machine#keptBytes()}: its size over its partitions,
 * since each partition caches what the SMs of its own half read and every SM reads the panels, which
 * are so held twice. A slice not in it is read from DRAM.
 *
 * <p>When blocks start is the one thing the hardware does not say. They run in lock-step waves
 * ({@link Timing#WAVES}: a wave starts when the last ends), or drift apart until each block starts
 * {@code 1 / waveBlocks} of a lifetime after the one before it ({@link Timing#SLIDING}). The
 * estimate is the geometric mean of the two, weighted by {@link Machine#drift()}: 0 for one resident
 * block per SM, whose waves stayed waves on the GPU, {@link #DRIFT} for more, whose blocks, sharing
 * their SMs, drift apart (both measured: docs/measurements.md).
 *
 * <p>It ignores: blocks that run at different speeds within a wave, L2's sectors, hashing and sets
 * (it is fully associative here), C's write-back, and any traffic but A's and B's reads; so it is
 * right to about {@link #MODEL_ERROR} (docs/measurements.md has its error on the GPU).
 */
public final class TrafficEstimator {

  /** Slices of K each panel is read in. */
  static final int CHUNKS = 8;

  /** The weight of {@link Timing#SLIDING} for kernels of two or more blocks per SM. */
  public static final double DRIFT = 0.3;

  /**
   * How far the estimate is from the GPU's bytes on most launches: 0.25. Where every order reads
   * within it of the compulsory bytes there is no order to pick.
   */
  public static final double MODEL_ERROR = 0.25;

  /**
   * A GEMM {@code C[M x N] = A[M x K] * B[K x N]}, computed in {@code blockM x blockN} output
   * tiles; A, B and C of {@code elementBytes}.
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

    /** Bytes of one C tile. */
    long cTileBytes() {
      return (long) blockM * blockN * elementBytes;
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
   * The GPU running one kernel, as the model sees it.
   *
   * @param multiprocessors SMs (132 on an H100 SXM or an H200)
   * @param blocksPerMultiprocessor the kernel's resident blocks per SM (its occupancy)
   * @param l2Bytes the L2's bytes, as the CUDA runtime reports them
   * @param l2Partitions the L2's partitions, each caching what its SMs read
   */
  public record Machine(int multiprocessors, int blocksPerMultiprocessor, long l2Bytes,
      int l2Partitions) {
    public Machine {
      if (multiprocessors < 1 || blocksPerMultiprocessor < 1 || l2Bytes < 0 || l2Partitions < 1) {
        throw new IllegalArgumentException("a machine of " + multiprocessors + " SMs x "
            + blocksPerMultiprocessor + " blocks, " + l2Bytes + " bytes of L2 in " + l2Partitions
            + " partitions");
      }
    }

    /** A kernel of {@code blocksPerMultiprocessor} resident blocks per SM on {@code gpu}. */
    public static Machine of(Gpu gpu, int blocksPerMultiprocessor) {
      return new Machine(gpu.multiprocessors(), blocksPerMultiprocessor, gpu.l2Bytes(),
          gpu.l2Partitions());
    }

    /** The blocks running at once: a wave. */
    public int waveBlocks() {
      return multiprocessors * blocksPerMultiprocessor;
    }

    /** The bytes of panels L2 keeps: one partition's worth. */
    public long keptBytes() {
      return l2Bytes / l2Partitions;
    }

    /** The weight of {@link Timing#SLIDING} in the estimate: 0 for one block per SM, else {@link #DRIFT}. */
    public double drift() {
      return blocksPerMultiprocessor == 1 ? 0 : DRIFT;
    }
  }

  /** When blocks start: the two bounds the estimate lies between. */
  public enum Timing {
    /** In waves: all {@code waveBlocks} blocks of a wave start together, when the last wave ended. */
    WAVES,
    /** Sliding: block {@code j} starts {@code j / waveBlocks} of a block's lifetime in. */
    SLIDING
  }

  /**
   * What an order reads.
   *
   * @param bytes A and B bytes read from DRAM: the estimate
   * @param wavesBytes with blocks in lock-step waves
   * @param slidingBytes with blocks started one after another
   * @param waves the launch's working blocks over a wave's
   */
  public record Estimate(long bytes, long wavesBytes, long slidingBytes, double waves) {}

  /** What the estimator picks: an order and tile size, or none, since none reads less. */
  public sealed interface Choice {
    /** What the pick reads, or, where there is none, the most any order reads. */
    Estimate estimate();
  }

  /** The order to launch: {@code rasterizer} with {@code tileSize} reads the fewest bytes. */
  public record Pick(Rasterizer rasterizer, int tileSize, Estimate estimate) implements Choice {}

  /**
   * No order to pick: every order and tile size tried reads within {@link #MODEL_ERROR} of the
   * compulsory bytes (the operands and the output fit in the L2 the kernel can use, say).
   *
   * @param estimate the most any of them reads
   */
  public record NoOrderToPick(Estimate estimate) implements Choice {}

  private TrafficEstimator() {}

  /** The bytes a rasterizer reads with {@code tileSize}, launched as its {@link Rasterizer#launchGrid}. */
  public static Estimate estimate(Gemm gemm, Machine machine, Rasterizer rasterizer, int tileSize) {
    int gridX = gemm.gridX();
    int gridY = gemm.gridY();
    Tiles tiles = new Tiles(gridX * gridY);
    rasterizer.forEachBlock(gridX, gridY, tileSize, (blockIdx, x, y) -> {
      if (x < gridX && y < gridY) {  // an idle block returns at once and takes no place
        tiles.add(x, y);
      }
    });
    return estimate(gemm, machine, tiles);
  }

  /** The bytes of the plain launch, block {@code (bx, by)} on tile {@code (bx, by)}: the baseline. */
  public static Estimate rowMajor(Gemm gemm, Machine machine) {
    Tiles tiles = new Tiles(gemm.gridX() * gemm.gridY());
    for (int y = 0; y < gemm.gridY(); y++) {
      for (int x = 0; x < gemm.gridX(); x++) {
        tiles.add(x, y);
      }
    }
    return estimate(gemm, machine, tiles);
  }

  /** The tiles of a launch's working blocks, in launch order. */
  private static final class Tiles {
    final int[] x;
    final int[] y;
    int size;

    Tiles(int capacity) {
      x = new int[capacity];
      y = new int[capacity];
    }

    void add(int tileX, int tileY) {
      x[size] = tileX;
      y[size] = tileY;
      size++;
    }
  }

  private static Estimate estimate(Gemm gemm, Machine machine, Tiles tiles) {
    long waves = new PanelStream(gemm, machine, tiles, Timing.WAVES).dramBytes();
    double drift = machine.drift();
    long sliding = drift == 0 ? waves : new PanelStream(gemm, machine, tiles, Timing.SLIDING).dramBytes();
    long bytes = Math.round(Math.exp((1 - drift) * Math.log(waves) + drift * Math.log(sliding)));
    return new Estimate(bytes, waves, sliding, (double) tiles.size / machine.waveBlocks());
  }

  /**
   * The {@code tileSize} from 1 to {@code maxTileSize} with which a rasterizer reads the fewest bytes
   * (the smallest on a tie; powers of two only for {@link Rasterizer#CUTLASS_IDENTITY}; 1 for
   * {@link Rasterizer#MORTON}, which ignores it), or {@link NoOrderToPick} where row-major order and
   * every tile size read within {@link #MODEL_ERROR} of the compulsory bytes.
   */
  public static Choice bestTileSize(Gemm gemm, Machine machine, Rasterizer rasterizer, int maxTileSize) {
    Pick best = null;
    Estimate worst = rowMajor(gemm, machine);
    int last = rasterizer.usesTileSize() ? maxTileSize : 1;
    for (int tileSize = 1; tileSize <= last; tileSize++) {
      if (rasterizer.tileSizeViolation(tileSize).isPresent()) {
        continue;
      }
      Estimate estimate = estimate(gemm, machine, rasterizer, tileSize);
      if (estimate.bytes() > worst.bytes()) {
        worst = estimate;
      }
      if (best == null || estimate.bytes() < best.estimate().bytes()) {
        best = new Pick(rasterizer, tileSize, estimate);
      }
    }
    if (best == null) {
      throw new IllegalArgumentException("no tile size from 1 to " + maxTileSize + " for " + rasterizer);
    }
    return noOrderMatters(gemm, worst.bytes()) ? new NoOrderToPick(worst) : best;
  }

  /**
   * The order and tile size (up to {@code maxTileSize}) that read the fewest bytes of all
   * rasterizers, or {@link NoOrderToPick} where every one reads within {@link #MODEL_ERROR} of the
   * compulsory bytes.
   */
  public static Choice best(Gemm gemm, Machine machine, int maxTileSize) {
    List<Choice> choices = new ArrayList<>();
    for (Rasterizer rasterizer : Rasterizer.values()) {
      choices.add(bestTileSize(gemm, machine, rasterizer, maxTileSize));
    }
    return best(choices);
  }

  /**
   * The best of each rasterizer's {@link #bestTileSize} answers: the {@link Pick} that reads the
   * fewest bytes (the earlier on a tie), or, where every one is {@link NoOrderToPick}, the one that
   * reads the most.
   */
  public static Choice best(List<Choice> choices) {
    Pick best = null;
    Choice worst = null;
    for (Choice choice : choices) {
      if (choice instanceof Pick pick) {
        if (best == null || pick.estimate().bytes() < best.estimate().bytes()) {
          best = pick;
        }
      } else if (worst == null || choice.estimate().bytes() > worst.estimate().bytes()) {
        worst = choice;
      }
    }
    return best == null ? worst : best;
  }

  private static boolean noOrderMatters(Gemm gemm, long most) {
    return most <= (1 + MODEL_ERROR) * gemm.compulsoryBytes();
  }

  /**
   * One launch's panel slices and C tiles, in the order the blocks touch them, through a
   * least-recently-used L2 of {@link Machine#keptBytes()}.
   */
  private static final class PanelStream {
    private final Gemm gemm;
    private final Machine machine;
    private final Tiles tiles;
    private final Timing timing;

    PanelStream(Gemm gemm, Machine machine, Tiles tiles, Timing timing) {
      this.gemm = gemm;
      this.machine = machine;
      this.tiles = tiles;
      this.timing = timing;
    }

    /**
     * The bytes DRAM gives. Time runs in units of a block's lifetime over {@code wave * CHUNKS}:
     * block {@code j} starts at its wave's start ({@link Timing#WAVES}) or at {@code j * CHUNKS}
     * ({@link Timing#SLIDING}), reads slice {@code c} of its panels at {@code start + c * wave} and
     * writes its C tile at {@code start + CHUNKS * wave}; what happens at one time goes in block order.
     */
    long dramBytes() {
      int wave = machine.waveBlocks();
      long keep = machine.keptBytes();
      long cTile = gemm.cTileBytes();
      Lru lru = new Lru((gemm.gridX() + gemm.gridY()) * CHUNKS,
          (int) Math.min(tiles.size, keep / Math.max(1, cTile) + 2), keep);
      long missed = 0;
      int n = tiles.size;
      if (timing == Timing.WAVES) {
        for (int first = 0; first < n; first += wave) {
          int last = Math.min(n, first + wave);
          for (int c = 0; c <= CHUNKS; c++) {
            for (int j = first; j < last; j++) {
              missed += step(lru, j, c);
            }
          }
        }
        return missed;
      }
      // SLIDING: stream c holds slice c of every block, at times j * CHUNKS + c * wave; merged.
      int[] next = new int[CHUNKS + 1];
      for (long events = (long) n * (CHUNKS + 1); events > 0; events--) {
        int c = -1;
        long time = Long.MAX_VALUE;
        for (int s = 0; s <= CHUNKS; s++) {
          if (next[s] < n) {
            long t = (long) next[s] * CHUNKS + (long) s * wave;
            if (t < time || t == time && next[s] < next[c]) {
              time = t;
              c = s;
            }
          }
        }
        missed += step(lru, next[c]++, c);
      }
      return missed;
    }

    /** Block {@code j}'s slice {@code c} of its panels, or its C tile for {@code c == CHUNKS}. */
    private long step(Lru lru, int j, int c) {
      if (c == CHUNKS) {
        lru.write(gemm.cTileBytes());
        return 0;
      }
      int y = tiles.y[j];
      int x = tiles.x[j];
      return read(lru, y, gemm.aPanelBytes(y), c) + read(lru, gemm.gridY() + x, gemm.bPanelBytes(x), c);
    }

    /** Slice {@code c} of a panel of {@code size} bytes: the bytes DRAM gives, 0 on a hit. */
    private static long read(Lru lru, int panel, long size, int c) {
      long slice = size * (c + 1) / CHUNKS - size * c / CHUNKS;
      return lru.touch(panel * CHUNKS + c, slice) ? 0 : slice;
    }
  }

  /**
   * A least-recently-used store of byte-sized entries: panel slices (ids {@code 0 .. slices - 1})
   * and C tiles, each written once and never read (a ring of ids after the slices'), as an
   * intrusive doubly linked list over arrays.
   */
  private static final class Lru {
    private final long capacity;
    private final int slices;
    private final int writeSlots;
    private final long[] size;
    private final int[] prev;
    private final int[] next;
    private final boolean[] resident;
    private final int head;  // sentinel: next[head] is the eldest, prev[head] the newest
    private long bytes;
    private int nextWrite;

    Lru(int slices, int writeSlots, long capacity) {
      this.capacity = capacity;
      this.slices = slices;
      this.writeSlots = writeSlots;
      int n = slices + writeSlots + 1;
      size = new long[n];
      prev = new int[n];
      next = new int[n];
      resident = new boolean[n];
      head = n - 1;
      prev[head] = head;
      next[head] = head;
    }

    /** Whether entry {@code id} was resident; either way it is now, the newest. */
    boolean touch(int id, long bytesOfEntry) {
      boolean hit = resident[id];
      if (hit) {
        unlink(id);
      } else {
        resident[id] = true;
        size[id] = bytesOfEntry;
        bytes += bytesOfEntry;
      }
      append(id);
      evict();
      return hit;
    }

    /** A C tile written: it takes room until evicted. */
    void write(long bytesOfTile) {
      int id = slices + nextWrite;
      nextWrite = (nextWrite + 1) % writeSlots;
      if (resident[id]) {  // the ring came round to a tile still held: it goes first
        remove(id);
      }
      touch(id, bytesOfTile);
    }

    private void evict() {
      while (bytes > capacity && next[head] != head) {
        remove(next[head]);
      }
    }

    private void remove(int id) {
      unlink(id);
      resident[id] = false;
      bytes -= size[id];
    }

    private void unlink(int id) {
      next[prev[id]] = next[id];
      prev[next[id]] = prev[id];
    }

    private void append(int id) {
      int newest = prev[head];
      next[newest] = id;
      prev[id] = newest;
      next[id] = head;
      prev[head] = id;
    }
  }
}
