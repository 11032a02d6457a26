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
 *
 * <p>Both are CUTLASS's sm90 layouts ({@code SmemLayoutA}/{@code SmemLayoutB} of
 * {@code sm90_mma_tma_gmma_ss_warpspecialized.hpp}): {@code tile_to_shape(atom, (MN, K, stages),
 * is_major<0> ? Step<_2,_1,_3> : Step<_1,_2,_3>)}. For the MN-major B, {@code Step<_2,_1,_3>}
 * numbers the K atoms first, which with K as the tile's rows is down the rows first:
 * {@code atomOrder = Order.COL_MAJOR}, the default (a plain {@code tile_to_shape(atom, (N, K))}
 * would be {@code ROW_MAJOR}). B's offsets equal CuTe's on every element ({@code CuteLayoutsTest},
 * against {@code cutlass-sm90-mn-major.txt}).
 */
public final class HopperOperands {
  private HopperOperands() {}

  /** A: {@code tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, Shape<_128, _64, _3>)}. */
  @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64, atomRows = 8, atomCols = 64,
      stages = 3, name = "GemmA", access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA)})
  public interface OperandA {}

  /**
   * B, N contiguous: {@code tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, Shape<_128, _64, _3>,
   * Step<_2, _1, _3>)}, K atoms first: 64 K rows of 128 N, two column blocks of 8 x 64 atoms, each
   * one TMA box of 64 x 64.
   */
  @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128, atomRows = 8, atomCols = 64,
      atomOrder = Order.COL_MAJOR, stages = 3, name = "GemmB", access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN)})
  public interface OperandB {}
}
