package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Buffer;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The shared-memory tiles of {@code examples/kernels/blackwell_gemm.cu}, a Blackwell (sm_100a) FP16
 * GEMM with FP32 accumulation in tensor memory, on the same 128 x 256 x 64 block tiles as the Ampere
 * and Hopper kernels: one thread issues the TMA loads through each operand's generated tensor map and
 * boxes, one thread issues {@code tcgen05.mma.cta_group::1.kind::f16} (M 128, N 256, K 16) through the
 * operands' shared-memory descriptors, 4 stages on mbarriers; the epilogue reads the accumulator with
 * {@code tcgen05.ld.32x32b} and stages it, as halves, in {@code BlackwellC}. C = A B^T, A (M x K) and
 * B (N x K) both K-major. A variant on pairs of CTAs ({@code tcgen05.mma.cta_group::2}, M 256) reads
 * B's half of each CTA from {@code BlackwellPairB}.
 *
 * <p>A and B are CuTe's K-major 128-byte swizzled layout ({@code UMMA::Layout_K_SW128_Atom<half_t>},
 * the same atom as Hopper's {@code GMMA::Layout_K_SW128_Atom}) tiled down the rows: 8 x 64 atoms of
 * {@code Swizzle<3,3,3>}, which TMA fills with {@code CU_TENSOR_MAP_SWIZZLE_128B} and tcgen05.mma
 * reads with the descriptor's layout type 2 ({@code SWIZZLE_128B}), LBO 16 (unused), SBO 1024.
 *
 */
public final class BlackwellGemmTiles {
  private BlackwellGemmTiles() {}

  /** A's stages: 128 rows (M) x 64 halves (K), 4 stages; one TMA box of 128 x 64 a stage. */
  @SwizzledTile(name = "BlackwellA", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.UMMA, major = Major.K)})
  public interface BlackwellA {}

  /** B's stages: 256 rows (N) x 64 halves (K), 4 stages; one TMA box of 256 x 64 a stage. */
  @SwizzledTile(name = "BlackwellB", bits = 3, dtype = DType.HALF, rows = 256, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.UMMA, major = Major.K)})
  public interface BlackwellB {}

  /**
   * B's stages in the CTA-pair variant ({@code cta_group::2}, M 256 and N 256 a pair of CTAs): each CTA
   * holds half of the pair's N, 128 rows (N) x 64 halves (K), 4 stages; A is {@link BlackwellA}, each
   * CTA's half of the pair's M.
   */
  @SwizzledTile(name = "BlackwellPairB", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.UMMA, major = Major.K)})
  public interface BlackwellPairB {}

  /**
   * The block's 128 x 256 outputs as halves, four column blocks of 8 x 64 atoms. After
   * {@code tcgen05.ld.32x32b}, lane l of warp w holds row 32 w + l of the accumulator, so each lane
   * stores 16-byte pieces of its own row: a warp's store is a column of 32 rows. The rows are read
   * back as 16-byte vectors, a warp a row, for the global store. Both conflict-free.
   */
  @SwizzledTile(name = "BlackwellC", bits = 3, dtype = DType.HALF, rows = 128, cols = 256,
      atomRows = 8, atomCols = 64, access = {
          @Access(op = Op.STORE, bytes = 16, threads = {32, 1},
              label = "16-byte store of a lane's own accumulator row after tcgen05.ld.32x32b"),
          @Access(op = Op.LOAD, bytes = 16, label = "16-byte read for the global store")})
  public interface BlackwellC {}

  /**
   * The one-CTA kernel's whole shared memory ({@code swizzlegen/blackwell_gemm_storage.cuh}): A's and
   * B's 4 stages in the mainloop, {@link BlackwellC} over them in the epilogue, and, live throughout,
   * the full and empty mbarrier of every stage, the accumulator's mbarrier, and the word
   * {@code tcgen05.alloc} writes the tensor-memory address to.
   */
  @SharedStorage(name = "BlackwellGemmStorage", phases = {"mainloop", "epilogue"}, buffers = {
      @Buffer(tile = BlackwellA.class, phase = "mainloop"),
      @Buffer(tile = BlackwellB.class, phase = "mainloop"),
      @Buffer(tile = BlackwellC.class, phase = "epilogue"),
      @Buffer(name = "full", barriers = 4),
      @Buffer(name = "empty", barriers = 4),
      @Buffer(name = "accumulated", barriers = 1),
      @Buffer(name = "tmem_slot", bytes = 4, alignment = 4)})
  public interface BlackwellGemmStorage {}

  /**
   * The CTA-pair kernel's shared memory in each CTA ({@code swizzlegen/blackwell_pair_storage.cuh}): the
   * same as {@link BlackwellGemmStorage} with B's half of the pair, {@link BlackwellPairB}. Both CTAs
   * plan alike, so the descriptors' CTA-relative addresses name the same stage in both.
   */
  @SharedStorage(name = "BlackwellPairStorage", phases = {"mainloop", "epilogue"}, buffers = {
      @Buffer(tile = BlackwellA.class, phase = "mainloop"),
      @Buffer(tile = BlackwellPairB.class, phase = "mainloop"),
      @Buffer(tile = BlackwellC.class, phase = "epilogue"),
      @Buffer(name = "full", barriers = 4),
      @Buffer(name = "empty", barriers = 4),
      @Buffer(name = "accumulated", barriers = 1),
      @Buffer(name = "tmem_slot", bytes = 4, alignment = 4)})
  public interface BlackwellPairStorage {}
}
