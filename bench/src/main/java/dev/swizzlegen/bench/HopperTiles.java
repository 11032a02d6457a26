package dev.swizzlegen.bench;

import static dev.swizzlegen.annotations.AccessKind.TMA;
import static dev.swizzlegen.annotations.AccessKind.WGMMA;
import static dev.swizzlegen.annotations.DType.BF16;
import static dev.swizzlegen.annotations.DType.FP8_E4M3;
import static dev.swizzlegen.annotations.DType.FP8_E5M2;
import static dev.swizzlegen.annotations.DType.HALF;
import static dev.swizzlegen.annotations.DType.INT8;
import static dev.swizzlegen.annotations.DType.TF32;
import static dev.swizzlegen.annotations.Major.MN;
import static dev.swizzlegen.annotations.Op.STORE;
import static dev.swizzlegen.annotations.Order.ROW_MAJOR;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The Hopper suite's operand tiles, declared with the real annotations: each filled by TMA and read by
 * wgmma, as a Hopper GEMM's A and B operands are. K-major operands have M (or N) rows and K cols, in
 * CuTe's column blocks of 8-row atoms; MN-major operands have K rows and M (or N) cols, atoms
 * numbered across first (CuTe's GMMA MN atoms tiled to the shape by a plain tile_to_shape) or down
 * (K atoms first: CUTLASS's sm90 mainloop, tile_to_shape with Step<_2,_1,_3>). Every mode (no
 * swizzle, 32, 64 and 128 bytes), HALF, BF16, FP8, TF32 and INT8, one or several TMA boxes, two or
 * three stages. One tile is read both ways, as FlashMLA reads its K buffer as K (K-major) and as V
 * (MN-major), and three are declared as CuTe prints their layouts ({@code layout = "..."}).
 * {@link HopperSuite} pairs them into GEMMs.
 */
public final class HopperTiles {
  private HopperTiles() {}

  // 128-byte swizzle, K-major HALF: one box a stage.
  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128HalfA {}

  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128HalfB {}

  // 128-byte swizzle, K-major HALF, BK = 128: two column blocks, two boxes a stage; two warpgroups.
  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 128, cols = 128, atomRows = 8,
      atomCols = 64, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128HalfBlocksA {}

  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 128, cols = 128, atomRows = 8,
      atomCols = 64, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128HalfBlocksB {}

  // 64-byte swizzle, K-major BF16: two column blocks, three stages.
  @SwizzledTile(bits = 2, shift = 3, dtype = BF16, rows = 64, cols = 64, atomRows = 8, atomCols = 32,
      stages = 3, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw64Bf16A {}

  @SwizzledTile(bits = 2, shift = 3, dtype = BF16, rows = 128, cols = 64, atomRows = 8,
      atomCols = 32, stages = 3, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw64Bf16B {}

  // 32-byte swizzle, K-major HALF: two column blocks.
  @SwizzledTile(bits = 1, shift = 3, dtype = HALF, rows = 64, cols = 32, atomRows = 8, atomCols = 16,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32HalfA {}

  @SwizzledTile(bits = 1, shift = 3, dtype = HALF, rows = 64, cols = 32, atomRows = 8, atomCols = 16,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32HalfB {}

  // No swizzle, K-major HALF: 8 x 16-byte core matrices, four 16-byte-wide boxes a stage.
  @SwizzledTile(bits = 0, base = 0, dtype = HALF, rows = 64, cols = 32, atomRows = 8, atomCols = 8,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface NoSwizzleHalfA {}

  @SwizzledTile(bits = 0, base = 0, dtype = HALF, rows = 64, cols = 32, atomRows = 8, atomCols = 8,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface NoSwizzleHalfB {}

  // 128-byte swizzle, MN-major HALF: K rows, M or N cols, atoms across first, one box an atom.
  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      atomOrder = ROW_MAJOR, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw128HalfA {}

  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 128, atomRows = 8,
      atomCols = 64, atomOrder = ROW_MAJOR, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw128HalfB {}

  // 64-byte swizzle, MN-major BF16: A's atoms across first, B's down first (column blocks).
  @SwizzledTile(bits = 2, shift = 3, dtype = BF16, rows = 32, cols = 64, atomRows = 8, atomCols = 32,
      atomOrder = ROW_MAJOR, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw64Bf16A {}

  @SwizzledTile(bits = 2, shift = 3, dtype = BF16, rows = 32, cols = 64, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw64Bf16B {}

  // 32-byte swizzle, MN-major HALF.
  @SwizzledTile(bits = 1, shift = 3, dtype = HALF, rows = 32, cols = 64, atomRows = 8, atomCols = 16,
      atomOrder = ROW_MAJOR, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw32HalfA {}

  @SwizzledTile(bits = 1, shift = 3, dtype = HALF, rows = 32, cols = 64, atomRows = 8, atomCols = 16,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnSw32HalfB {}

  // No swizzle, MN-major HALF A with a 64-byte swizzled K-major B: the majors mixed.
  @SwizzledTile(bits = 0, base = 0, dtype = HALF, rows = 32, cols = 64, atomRows = 8, atomCols = 8,
      atomOrder = ROW_MAJOR, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA, major = MN)})
  public interface MnNoSwizzleHalfA {}

  @SwizzledTile(bits = 2, shift = 3, dtype = HALF, rows = 64, cols = 32, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw64HalfB {}

  // 128-byte swizzle, K-major FP8 (e4m3): 128-element rows, k32.
  @SwizzledTile(bits = 3, shift = 3, dtype = FP8_E4M3, rows = 64, cols = 128, atomRows = 8,
      atomCols = 128, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128Fp8A {}

  @SwizzledTile(bits = 3, shift = 3, dtype = FP8_E4M3, rows = 128, cols = 128, atomRows = 8,
      atomCols = 128, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128Fp8B {}

  // 64-byte swizzle, K-major FP8 (e5m2): two column blocks.
  @SwizzledTile(bits = 2, shift = 3, dtype = FP8_E5M2, rows = 64, cols = 128, atomRows = 8,
      atomCols = 64, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw64Fp8A {}

  @SwizzledTile(bits = 2, shift = 3, dtype = FP8_E5M2, rows = 64, cols = 128, atomRows = 8,
      atomCols = 64, stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw64Fp8B {}

  // 128-byte swizzle, K-major TF32: k8.
  @SwizzledTile(bits = 3, shift = 3, dtype = TF32, rows = 64, cols = 32, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128Tf32A {}

  @SwizzledTile(bits = 3, shift = 3, dtype = TF32, rows = 64, cols = 32, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw128Tf32B {}

  // 32-byte swizzle, K-major TF32: two column blocks, three stages.
  @SwizzledTile(bits = 1, shift = 3, dtype = TF32, rows = 64, cols = 16, atomRows = 8, atomCols = 8,
      stages = 3, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32Tf32A {}

  @SwizzledTile(bits = 1, shift = 3, dtype = TF32, rows = 64, cols = 16, atomRows = 8, atomCols = 8,
      stages = 3, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32Tf32B {}

  // 32-byte swizzle, K-major INT8: two column blocks, integer accumulators.
  @SwizzledTile(bits = 1, shift = 3, dtype = INT8, rows = 64, cols = 64, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32Int8A {}

  @SwizzledTile(bits = 1, shift = 3, dtype = INT8, rows = 64, cols = 64, atomRows = 8, atomCols = 32,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface Sw32Int8B {}

  // FlashMLA's K buffer (sm90 decode: tile_to_shape(GMMA::Layout_K_SW128_Atom<bf16>, (64, 576))) cut to
  // 128 of its 576 columns, pasted as CuTe prints it: one buffer read K-major by Q K^T and MN-major
  // (as V) by P V, through wgmma_desc() and wgmma_desc_mn().
  @SwizzledTile(dtype = BF16,
      layout = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))",
      rows = 64, cols = 128, stages = 2, access = {@Access(kind = TMA, op = STORE),
          @Access(kind = WGMMA), @Access(kind = WGMMA, major = MN)})
  public interface FlashMlaKv {}

  // Q for the K-major read: CuTe's GMMA::Layout_K_SW128_Atom<bf16> as CuTe prints it, tiled over
  // 64 x 128 by tile_to_shape.
  @SwizzledTile(dtype = BF16, layout = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
      rows = 64, cols = 128, stages = 2,
      access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface FlashMlaQ {}

  // P for the MN-major read (K = the 64 tokens of a stage), in the element-unit notation.
  @SwizzledTile(dtype = BF16, layout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", rows = 64, cols = 64,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface FlashMlaP {}
}
