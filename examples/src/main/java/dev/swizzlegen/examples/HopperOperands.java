package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The operands of a Hopper GEMM mainloop, CUTLASS's 128 x 128 x 64 half tile with 3 stages: A
 * K-major (128 rows of M, 64 of K), B MN-major (64 rows of K, 128 of N), each filled by TMA and read by
 * wgmma. The headers give the TMA boxes and tensor map, and the wgmma descriptor of every K slice.
 */
public final class HopperOperands {
  private HopperOperands() {}

  /** A: {@code tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, Shape<_128, _64, _3>)}. */
  @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64, atomRows = 8, atomCols = 64,
      stages = 3, name = "GemmA", access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA)})
  public interface OperandA {}

  /** B, N contiguous: {@code tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, Shape<_128, _64, _3>)}. */
  @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128, atomRows = 8, atomCols = 64,
      atomOrder = Order.ROW_MAJOR, stages = 3, name = "GemmB", access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN)})
  public interface OperandB {}
}
