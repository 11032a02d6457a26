package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Buffer;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The shared-memory tiles of {@code examples/kernels/hopper_gemm.cu}, a warp-specialized Hopper FP16
 * GEMM (FP32 accumulate) on the same 128 x 256 x 64 block tiles as the Ampere-style kernel: one
 * producer warp issues TMA loads through each tile's generated tensor map and boxes, two consumer
 * warpgroups multiply with {@code wgmma.mma_async.m64n256k16} through the generated matrix
 * descriptors, 4 stages on mbarriers. C = A B^T, A (M x K) and B (N x K) both K-major.
 *
 * <p>A and B are CuTe's Hopper K-major layout ({@code Layout_K_SW128_Atom<half_t>} tiled down the
 * rows), which TMA fills with the 128-byte swizzle and wgmma reads; the epilogue stages each consumer
 * warpgroup's 64 x 256 outputs as halves in 8 x 64 atoms of the same swizzle, stored from the m16n8
 * accumulator fragments of each warp and read back as 16-byte rows, both conflict-free.
 */
public final class HopperGemmTiles {
  private HopperGemmTiles() {}

  /** A's stages: 128 rows (M) x 64 halves (K), 4 stages; one TMA box of 128 x 64 a stage. */
  @SwizzledTile(name = "HopperA", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA)})
  public interface HopperA {}

  /** B's stages: 256 rows (N) x 64 halves (K), 4 stages; one TMA box of 256 x 64 a stage. */
  @SwizzledTile(name = "HopperB", bits = 3, dtype = DType.HALF, rows = 256, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA)})
  public interface HopperB {}

  /** A consumer warpgroup's 64 x 256 outputs as halves, four column blocks of 8 x 64 atoms. */
  @SwizzledTile(name = "HopperC", bits = 3, dtype = DType.HALF, rows = 64, cols = 256,
      atomRows = 8, atomCols = 64, access = {
          @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, label = "accumulator store"),
          @Access(op = Op.LOAD, bytes = 16, label = "16-byte read for the global store")})
  public interface HopperC {}

  /**
   * The kernel's whole shared memory, planned by the processor ({@code swizzlegen/hopper_gemm_storage.cuh}):
   * A's and B's 4 stages in the mainloop, each consumer warpgroup's {@link HopperC} (two copies) over
   * them in the epilogue, and the full and empty mbarrier of every stage, live throughout.
   */
  @SharedStorage(name = "HopperGemmStorage", phases = {"mainloop", "epilogue"}, buffers = {
      @Buffer(tile = HopperA.class, phase = "mainloop"),
      @Buffer(tile = HopperB.class, phase = "mainloop"),
      @Buffer(tile = HopperC.class, copies = 2, phase = "epilogue"),
      @Buffer(name = "full", barriers = 4),
      @Buffer(name = "empty", barriers = 4)})
  public interface HopperGemmStorage {}
}
