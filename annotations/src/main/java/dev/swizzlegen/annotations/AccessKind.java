package dev.swizzlegen.annotations;

/** The kind of warp-level instruction an {@link Access} describes. */
public enum AccessKind {
  /**
   * Each lane reads or writes {@link Access#bytes()} contiguous bytes (LDS/STS, LDG to STS,
   * {@code cp.async}), the lanes laid out as a {@link Access#threads()} grid.
   */
  VECTOR,
  /**
   * {@code ldmatrix.sync.aligned.m8n8}: each 8x8 matrix is 8 consecutive rows of 16 bytes at a
   * 16-byte aligned column; lanes {@code 8k..8k+7} give the row addresses of matrix {@code k}.
   */
  LDMATRIX,
  /** {@code stmatrix.sync.aligned.m8n8}: the store twin of {@link #LDMATRIX} (sm_90). */
  STMATRIX,
  /**
   * The m16n8 accumulator (C/D) fragment of {@code mma.sync}: lane {@code l} holds two elements at
   * row {@code l / 4} (and {@code l / 4 + 8}), column {@code (l % 4) * 2}.
   */
  MMA_ACCUMULATOR,
  /**
   * The tile is written or read by the bulk tensor copy engine ({@code cp.async.bulk.tensor}); its
   * swizzle must be exactly one of the hardware's {@code CU_TENSOR_MAP_SWIZZLE_*} patterns.
   */
  TMA,
  /**
   * The tile is an operand of {@code wgmma.mma_async} (sm_90a): the tensor cores read it through a
   * shared-memory matrix descriptor, so its layout must be the canonical layout of one of the
   * descriptor's modes (no swizzle, 32-, 64- or 128-byte swizzle) for the declared
   * {@link Access#major()}. Not a bank access: nothing is costed, the layout is checked.
   */
  WGMMA,
  /**
   * The tile is an operand of {@code tcgen05.mma} (sm_100a, sm_103a): the tensor cores read it
   * through a shared-memory descriptor (CuTe's {@code UMMA::SmemDescriptor}), so its layout must be
   * the canonical layout of one of the descriptor's layout types (no swizzle, 32-, 64- or 128-byte
   * swizzle, or, for MN-major 32-bit operands, the 128-byte swizzle of 32-byte units,
   * {@code Swizzle<2,5,2>} on bytes) for the declared {@link Access#major()}. Not a bank access:
   * nothing is costed, the layout is checked.
   */
  UMMA,
  /**
   * Any lane map: each of the 32 lanes reads or writes {@code bytes} contiguous bytes from the
   * element {@link Access#lanes()} names for it (Triton's linear-layout bases or a CuTe layout of the lanes),
   * lanes on one address sharing it (a broadcast); the map's footprint is stepped over the tile as for
   * {@link #VECTOR}. One LDS/STS per lane per step.
   */
  LANES
}
