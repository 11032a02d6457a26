package dev.swizzlegen.runtime;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The GPU architecture a tile is built for ({@code -Aswizzlegen.arch}): how much shared memory one
 * thread block can have, and which of the instructions and engines swizzlegen models it has. Without
 * one every feature is allowed and a tile may have {@link #MAX_SHARED_BYTES} (227 KB). Its
 * {@link Gpu}s carry the L2 facts the rasterizers' traffic estimate needs.
 *
 * <pre>
 *   arch     GPUs                     shared memory per block     TMA  Blackwell TMA modes  stmatrix  wgmma  tcgen05 (UMMA)
 *   sm_80    A100                     163 KB = 166912 (opt-in)    -    -                    -         -      -
 *   sm_90a   H100, H200               227 KB = 232448             yes  -                    yes       yes    -
 *   sm_100a  B200, GB200              227 KB                      yes  yes                  yes       -      yes
 *   sm_103a  B300, GB300              227 KB                      yes  yes                  yes       -      yes
 *   sm_120a  RTX 50, RTX PRO 6000     99 KB = 101376              yes  yes                  yes       -      -
 * </pre>
 *
 * <p>The capacities are the CUDA C++ Programming Guide's "maximum amount of shared memory per thread
 * block" (the opt-in maximum, {@code cudaFuncAttributeMaxDynamicSharedMemorySize}). wgmma exists only
 * on sm_90a; tcgen05 only on sm_100a and sm_103a (the "a" targets: arch-specific features); TMA's
 * Blackwell modes ({@code TmaSwizzle.isBlackwell()}) are named by {@code cuda.h} from CUDA 12.8.
 * Violations are data ({@link #check(AccessKind)}; a TMA mode is checked by {@code
 * engine.tma.TmaFill#check(Architecture)}); the processor words them.
 */
public enum Architecture {
  /** Ampere datacenter (A100): 163 KB per block, opt-in; no TMA, stmatrix, wgmma or tcgen05. */
  SM_80(163 * 1024, EnumSet.noneOf(Feature.class)),
  /** Hopper (H100, H200): TMA, stmatrix, wgmma; 227 KB per block. */
  SM_90A(227 * 1024, EnumSet.of(Feature.TMA, Feature.STMATRIX, Feature.WGMMA)),
  /** Blackwell datacenter (B200): TMA with Blackwell's modes, stmatrix, tcgen05; no wgmma. */
  SM_100A(227 * 1024, EnumSet.of(Feature.TMA, Feature.BLACKWELL_TMA_MODES, Feature.STMATRIX,
      Feature.UMMA)),
  /** Blackwell Ultra (B300): as {@link #SM_100A}. */
  SM_103A(227 * 1024, EnumSet.of(Feature.TMA, Feature.BLACKWELL_TMA_MODES, Feature.STMATRIX,
      Feature.UMMA)),
  /** Blackwell for workstations and gaming (RTX 50): TMA, stmatrix; no wgmma or tcgen05; 99 KB. */
  SM_120A(99 * 1024, EnumSet.of(Feature.TMA, Feature.BLACKWELL_TMA_MODES, Feature.STMATRIX));

  /**
   * The GPUs of an architecture that the traffic estimator ({@code raster.TrafficEstimator}) knows:
   * their SMs and their L2, which is what tells an H100 from an H200. {@link #l2Bytes()} is what the
   * CUDA runtime reports ({@code cudaDeviceProp::l2CacheSize}), and the L2 is split in
   * {@link #l2Partitions()} halves, each caching what the SMs of its own GPCs read (NVIDIA's A100
   * and H100 whitepapers).
   *
   * <pre>
   *   GPU          arch     SMs  L2 (bytes the runtime reports)   partitions
   *   A100 SXM     sm_80    108  40 MiB = 41943040                2
   *   H100 SXM     sm_90a   132  50 MiB = 52428800 ("50 MB")      2
   *   H200         sm_90a   132  60 MiB = 62914560 ("62.9 MB")    2
   * </pre>
   */
  public enum Gpu {
    A100(SM_80, 108, 40L << 20, 2),
    H100(SM_90A, 132, 50L << 20, 2),
    H200(SM_90A, 132, 60L << 20, 2);

    private final Architecture architecture;
    private final int multiprocessors;
    private final long l2Bytes;
    private final int l2Partitions;

    Gpu(Architecture architecture, int multiprocessors, long l2Bytes, int l2Partitions) {
      this.architecture = architecture;
      this.multiprocessors = multiprocessors;
      this.l2Bytes = l2Bytes;
      this.l2Partitions = l2Partitions;
    }

    public Architecture architecture() {
      return architecture;
    }

    /** Streaming multiprocessors. */
    public int multiprocessors() {
      return multiprocessors;
    }

    /** The L2's bytes, as {@code cudaDeviceProp::l2CacheSize} reports them. */
    public long l2Bytes() {
      return l2Bytes;
    }

    /** The L2's partitions. */
    public int l2Partitions() {
      return l2Partitions;
    }
  }

  /** The GPUs of this architecture the traffic estimator knows, in {@link Gpu}'s order. */
  public List<Gpu> gpus() {
    List<Gpu> gpus = new ArrayList<>();
    for (Gpu gpu : Gpu.values()) {
      if (gpu.architecture() == this) {
        gpus.add(gpu);
      }
    }
    return gpus;
  }

  /** What an architecture may have or lack, among what swizzlegen models. */
  public enum Feature {
    /** The bulk tensor copy engine, {@code cp.async.bulk.tensor} (sm_90 on). */
    TMA,
    /** TMA's {@code CU_TENSOR_MAP_SWIZZLE_128B_ATOM_*} modes (sm_100 on, CUDA 12.8). */
    BLACKWELL_TMA_MODES,
    /** {@code stmatrix} (sm_90 on). */
    STMATRIX,
    /** {@code wgmma.mma_async} (sm_90a only). */
    WGMMA,
    /** {@code tcgen05.mma}, read through a UMMA shared-memory descriptor (sm_100a, sm_103a). */
    UMMA
  }

  /**
   * The most shared memory one thread block can use on sm_90 (and sm_100): 227 KB, the most of any
   * architecture; a tile's limit where none is given ({@code TileDescription.architecture}).
   */
  public static final int MAX_SHARED_BYTES = 227 * 1024;

  private final int sharedMemoryBytes;
  private final Set<Feature> features;

  Architecture(int sharedMemoryBytes, Set<Feature> features) {
    this.sharedMemoryBytes = sharedMemoryBytes;
    this.features = features;
  }

  /** The name {@code -Aswizzlegen.arch} and nvcc's {@code -arch} use: {@code "sm_90a"}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The architecture named {@code name} ({@link #optionName()}), if one is. */
  public static Optional<Architecture> named(String name) {
    for (Architecture architecture : values()) {
      if (architecture.optionName().equals(name)) {
        return Optional.of(architecture);
      }
    }
    return Optional.empty();
  }

  /** The most shared memory one thread block can have, in bytes. */
  public int sharedMemoryBytes() {
    return sharedMemoryBytes;
  }

  /**
   * The shared memory of one streaming multiprocessor, in bytes, which its resident blocks share (the
   * Programming Guide's "maximum amount of shared memory per SM"): 164 KB on sm_80, 228 KB on sm_90a,
   * sm_100a and sm_103a, 100 KB on sm_120a.
   */
  public int sharedMemoryPerMultiprocessorBytes() {
    return switch (this) {
      case SM_80 -> 164 * 1024;
      case SM_90A, SM_100A, SM_103A -> 228 * 1024;
      case SM_120A -> 100 * 1024;
    };
  }

  /**
   * The shared memory the system reserves for each resident block ({@code
   * cudaDevAttrReservedSharedMemoryPerBlock}): 1 KB from sm_80 on.
   */
  public static final int RESERVED_SHARED_BYTES_PER_BLOCK = 1024;

  public boolean has(Feature feature) {
    return features.contains(feature);
  }

  /**
   * Whether the architecture has what an access of {@code kind} issues or declares: every warp
   * access from sm_80 on, TMA, stmatrix and the tensor cores' engines where {@link Feature} says.
   * The one place an access kind meets the architecture's features.
   */
  public boolean has(AccessKind kind) {
    return requirement(kind).map(this::has).orElse(true);
  }

  /** The feature an access of {@code kind} needs beyond sm_80's, if any. */
  public static Optional<Feature> requirement(AccessKind kind) {
    return switch (kind) {
      case TMA -> Optional.of(Feature.TMA);
      case STMATRIX -> Optional.of(Feature.STMATRIX);
      case WGMMA -> Optional.of(Feature.WGMMA);
      case UMMA -> Optional.of(Feature.UMMA);
      case VECTOR, LDMATRIX, MMA_ACCUMULATOR, LANES -> Optional.empty();
    };
  }

  /** The architectures that have {@code feature}, in order. */
  public static List<Architecture> having(Feature feature) {
    List<Architecture> having = new ArrayList<>();
    for (Architecture architecture : values()) {
      if (architecture.has(feature)) {
        having.add(architecture);
      }
    }
    return having;
  }

  /** Why an access of {@code kind} cannot run here: empty where it can. */
  public List<Violation> check(AccessKind kind) {
    return has(kind) ? List.of() : List.of(new ArchitectureViolation.MissingInstruction(this, kind));
  }

}
