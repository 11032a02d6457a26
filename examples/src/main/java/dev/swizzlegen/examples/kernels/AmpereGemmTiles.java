package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The shared-memory tiles of {@code examples/kernels/ampere_gemm.cu}, an Ampere-style FP16 GEMM
 * (FP32 accumulate) on 128 x 256 x 64 block tiles, 8 warps of 64 x 64, a 4-stage {@code cp.async}
 * mainloop, {@code ldmatrix.x4} and {@code mma.sync.m16n8k16}: C = A B^T with A (M x K) and B (N x K)
 * both K-major, so that both operands are read by {@code ldmatrix} without {@code .trans}.
 *
 * <p>Three variants of the same kernel source, each with every access declared as the kernel makes
 * it: the swizzled tiles (CuTe's sm80 layout, {@code Swizzle<3,3,3>} on 8 x 64 atoms, and the same
 * atom for the epilogue), proven conflict-free; the unswizzled tiles, whose {@code ldmatrix} reads and
 * accumulator stores are 8-way conflicts, declared with {@code maxWays = 8} so that the build states
 * the cost; and rows padded by 8 halves (16 bytes), conflict-free at 12.5% more shared memory.
 */
public final class AmpereGemmTiles {
  private AmpereGemmTiles() {}

  // Swizzled: CuTe's tile_to_shape(Swizzle<3,3,3> o 8x64, 128x64x4) and the same atom for B and C.

  /** A's stages: 128 rows (M) x 64 halves (K), 4 stages. */
  @SwizzledTile(name = "AmpereA", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface AmpereA {}

  /** B's stages: 256 rows (N) x 64 halves (K), 4 stages. */
  @SwizzledTile(name = "AmpereB", bits = 3, dtype = DType.HALF, rows = 256, cols = 64,
      atomRows = 8, atomCols = 64, stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface AmpereB {}

  /**
   * The epilogue: each warp stages its 64 x 64 outputs, converted to half, from the m16n8 fragments
   * (4 bytes a lane), and copies them out as 16-byte row vectors.
   */
  @SwizzledTile(name = "AmpereC", bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
      atomRows = 8, atomCols = 64, access = {
          @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, label = "accumulator store"),
          @Access(op = Op.LOAD, bytes = 16, label = "16-byte read for the global store")})
  public interface AmpereC {}

  // Unswizzled: 128-byte rows put the 8 rows of an ldmatrix matrix, and of a fragment, in one bank
  // group. The 16-byte copies stay conflict-free (a phase is one whole row).

  /** A unswizzled: ldmatrix is an 8-way conflict. */
  @SwizzledTile(name = "AmpereAPlain", bits = 0, dtype = DType.HALF, rows = 128, cols = 64,
      stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, maxWays = 8)})
  public interface AmpereAPlain {}

  /** B unswizzled: ldmatrix is an 8-way conflict. */
  @SwizzledTile(name = "AmpereBPlain", bits = 0, dtype = DType.HALF, rows = 256, cols = 64,
      stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, maxWays = 8)})
  public interface AmpereBPlain {}

  /** The epilogue unswizzled: the accumulator store is an 8-way conflict. */
  @SwizzledTile(name = "AmperePlainC", bits = 0, dtype = DType.HALF, rows = 64, cols = 64,
      access = {
          @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, maxWays = 8,
              label = "accumulator store"),
          @Access(op = Op.LOAD, bytes = 16, label = "16-byte read for the global store")})
  public interface AmperePlainC {}

  // Padded: rows of 64 halves stored 72 apart (144 bytes), the classic fix without a swizzle.

  /** A padded to 72-half rows. */
  @SwizzledTile(name = "AmpereAPadded", bits = 0, dtype = DType.HALF, rows = 128, cols = 64,
      rowStride = 72, stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface AmpereAPadded {}

  /** B padded to 72-half rows. */
  @SwizzledTile(name = "AmpereBPadded", bits = 0, dtype = DType.HALF, rows = 256, cols = 64,
      rowStride = 72, stages = 4, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface AmpereBPadded {}

  /** The epilogue padded to 72-half rows. */
  @SwizzledTile(name = "AmperePaddedC", bits = 0, dtype = DType.HALF, rows = 64, cols = 64,
      rowStride = 72, access = {
          @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, label = "accumulator store"),
          @Access(op = Op.LOAD, bytes = 16, label = "16-byte read for the global store")})
  public interface AmperePaddedC {}
}
