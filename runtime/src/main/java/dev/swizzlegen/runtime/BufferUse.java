package dev.swizzlegen.runtime;

/**
 * How an instruction or an engine uses a shared-memory buffer's bytes: which of the PTX memory model's
 * proxies makes the use, and whether it writes. The generic proxy is the threads' own loads and
 * stores; the async proxy is TMA ({@code cp.async.bulk.tensor}), wgmma and tcgen05, whose accesses
 * complete on their own mechanisms. Each warp access and each engine says its own
 * ({@code AccessPattern.use()}, {@code Engine.use()}); a storage's phase changes are derived from
 * them.
 */
public enum BufferUse {
  /** Warp loads: {@code ld.shared}, {@code ldmatrix} (generic proxy reads). */
  GENERIC_READ(false, false),
  /** Warp stores: {@code st.shared}, {@code stmatrix} (generic proxy writes). */
  GENERIC_WRITE(true, false),
  /** TMA loads into the buffer (async proxy writes, complete on an mbarrier's transaction count). */
  TMA_WRITE(true, true),
  /** TMA stores from the buffer (async proxy reads, in a bulk async-group). */
  TMA_READ(false, true),
  /** wgmma reads the buffer as an operand (async proxy reads, in a wgmma group). */
  WGMMA_READ(false, true),
  /** tcgen05.mma reads the buffer through a UMMA descriptor (async proxy reads). */
  UMMA_READ(false, true);

  private final boolean writes;
  private final boolean async;

  BufferUse(boolean writes, boolean async) {
    this.writes = writes;
    this.async = async;
  }

  /** Whether the use writes the bytes. */
  public boolean writes() {
    return writes;
  }

  /** Whether the async proxy makes it. */
  public boolean async() {
    return async;
  }
}
