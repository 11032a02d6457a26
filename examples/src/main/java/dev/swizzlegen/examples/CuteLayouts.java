package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The shared-memory layouts of real kernels (CUTLASS sm80/sm90, FlashAttention-2, Hopper wgmma
 * atoms), each declared with the annotation and proven for the accesses its kernel makes. Every one
 * equals the layout CuTe itself computes, on every element, in the Java helper and the nvcc-compiled
 * header ({@code CuteLayoutsTest}, against {@code cute-real-layouts.txt}).
 *
 * <p>The Hopper operands also declare the wgmma read ({@code @Access(kind = AccessKind.WGMMA)}),
 * so their headers carry the matrix descriptors; FP8 MN-major has none, as wgmma transposes only
 * 16-bit types.
 *
 * <p>K-major operands are declared as CuTe indexes them: rows = M (or N), cols = K. MN-major
 * operands are declared with K as {@code rows} and the contiguous M or N dimension as {@code cols}:
 * CuTe's {@code (MN, K)} element is the tile's {@code (K, MN)}. The atom order then says which of
 * CuTe's expressions the tile is. A plain {@code tile_to_shape(Layout_MN_SW128_Atom, (MN, K))}
 * numbers the MN atoms first, across the tile's columns: {@code atomOrder = Order.ROW_MAJOR} (the
 * golden file's {@code sm90_MN_*} layouts). CUTLASS's sm90 mainloop, FlashAttention-3 and FlashMLA
 * number the K atoms first ({@code Step<_2,_1,_3>}, or a K-major buffer read MN-major), down the
 * tile's rows: {@code atomOrder = Order.COL_MAJOR}, the default ({@code CutlassSm90Mn*},
 * {@code Fa3Vt*}, checked against {@code cutlass-sm90-mn-major.txt}). The two orders are different
 * layouts as soon as the tile has more than one atom across: following the wrong one on CUTLASS's
 * operand silently gives another layout.
 */
public final class CuteLayouts {
  private CuteLayouts() {}

  /** CUTLASS sm80 half GEMM operand, BK = 64: {@code tile_to_shape(Swizzle<3,3,3> o 8x64, 128x64)}. */
  @SwizzledTile(name = "Sm80Half128x64K", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm80Half128x64K {}

  /** CUTLASS sm80 operand, BK = 32: {@code Swizzle<2,3,3> o 8x32} tiled to 128 x 32. */
  @SwizzledTile(name = "Sm80Half128x32K", bits = 2, shift = 3, dtype = DType.HALF, rows = 128,
      cols = 32, atomRows = 8, atomCols = 32, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm80Half128x32K {}

  /** FlashAttention-2 Q/K/V, head dim 64: {@code Swizzle<3,3,3> o 8x64} tiled to 128 x 64. */
  @SwizzledTile(name = "Fa2Q128x64Hd64", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Fa2Q128x64Hd64 {}

  /** FlashAttention-2, head dim 128: the same atom tiled to 128 x 128, two column blocks. */
  @SwizzledTile(name = "Fa2Q128x128Hd128", bits = 3, dtype = DType.HALF, rows = 128, cols = 128,
      atomRows = 8, atomCols = 64, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Fa2Q128x128Hd128 {}

  /**
   * FlashAttention-2 K (and V), head dim 256: the same atom tiled to 64 x 256, four column blocks;
   * V is read transposed as the B operand of P V.
   */
  @SwizzledTile(name = "Fa2K64x256Hd256", bits = 3, dtype = DType.HALF, rows = 64, cols = 256,
      atomRows = 8, atomCols = 64, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true, label = "V as B")})
  public interface Fa2K64x256Hd256 {}

  /** Hopper wgmma K-major operand: {@code Layout_K_SW128_Atom<half_t>}, tiled to 128 x 64. */
  @SwizzledTile(name = "Sm90KSw128Half128x64", bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
      atomRows = 8, atomCols = 64, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw128Half128x64 {}

  /** {@code Layout_K_SW64_Atom<half_t>}: {@code Swizzle<2,3,3> o 8x32}, tiled to 128 x 32. */
  @SwizzledTile(name = "Sm90KSw64Half128x32", bits = 2, shift = 3, dtype = DType.HALF, rows = 128,
      cols = 32, atomRows = 8, atomCols = 32, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw64Half128x32 {}

  /** {@code Layout_K_SW32_Atom<half_t>}: {@code Swizzle<1,3,3> o 8x16}, tiled to 64 x 16. */
  @SwizzledTile(name = "Sm90KSw32Half64x16", bits = 1, shift = 3, dtype = DType.HALF, rows = 64,
      cols = 16, atomRows = 8, atomCols = 16, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw32Half64x16 {}

  /** {@code Layout_K_SW128_Atom<half_t>} tiled to 128 x 128: a wgmma operand with BK = 128. */
  @SwizzledTile(name = "Sm90KSw128Half128x128", bits = 3, dtype = DType.HALF, rows = 128,
      cols = 128, atomRows = 8, atomCols = 64, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw128Half128x128 {}

  /** FP8 wgmma operand: {@code Layout_K_SW128_Atom<float_e4m3_t>}, {@code Swizzle<3,4,3> o 8x128}. */
  @SwizzledTile(name = "Sm90KSw128Fp8128x128", bits = 3, dtype = DType.FP8_E4M3, rows = 128,
      cols = 128, atomRows = 8, atomCols = 128, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw128Fp8128x128 {}

  /** The FP8 atom tiled to 128 x 256, two column blocks. */
  @SwizzledTile(name = "Sm90KSw128Fp8128x256", bits = 3, dtype = DType.FP8_E4M3, rows = 128,
      cols = 256, atomRows = 8, atomCols = 128, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm90KSw128Fp8128x256 {}

  /**
   * TF32 wgmma operand: {@code Layout_K_SW128_Atom<tfloat32_t>}, {@code Swizzle<3,2,3> o 8x32}; also
   * read a word per lane as m16n8k8's A fragment (lane / 4, lane % 4).
   */
  @SwizzledTile(name = "Sm90KSw128Tf3264x32", bits = 3, dtype = DType.TF32, rows = 64, cols = 32,
      atomRows = 8, atomCols = 32, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA),
          @Access(bytes = 4, threads = {8, 4}, label = "m16n8k8 fragment load")})
  public interface Sm90KSw128Tf3264x32 {}

  /**
   * MN-major wgmma operand: {@code Layout_MN_SW128_Atom<half_t>} ({@code Swizzle<3,3,3> o
   * (64 MN, 8 K):(1, 64)}) tiled to (M, K) = 128 x 64 by a plain {@code tile_to_shape}, MN atoms
   * first: declared as 64 K rows of 128 contiguous M, its 8 x 64 atoms numbered across first
   * ({@code ROW_MAJOR}; CUTLASS's sm90 mainloop numbers them down, see
   * {@link CutlassSm90MnASw128Half128x64x3}); read transposed by ldmatrix.
   */
  @SwizzledTile(name = "Sm90MnSw128Half128x64", bits = 3, dtype = DType.HALF, rows = 64, cols = 128,
      atomRows = 8, atomCols = 64, atomOrder = Order.ROW_MAJOR, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)})
  public interface Sm90MnSw128Half128x64 {}

  /** The MN-major SW128 atom tiled to (M, K) = 64 x 64: 64 K rows of 64 M. */
  @SwizzledTile(name = "Sm90MnSw128Half64x64", bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
      atomRows = 8, atomCols = 64, atomOrder = Order.ROW_MAJOR, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)})
  public interface Sm90MnSw128Half64x64 {}

  /** {@code Layout_MN_SW64_Atom<half_t>}: {@code Swizzle<2,3,3> o (32 MN, 8 K)}, tiled to 64 x 64. */
  @SwizzledTile(name = "Sm90MnSw64Half64x64", bits = 2, shift = 3, dtype = DType.HALF, rows = 64,
      cols = 64, atomRows = 8, atomCols = 32, atomOrder = Order.ROW_MAJOR, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)})
  public interface Sm90MnSw64Half64x64 {}

  /** {@code Layout_MN_SW128_Atom<float_e4m3_t>} ({@code (128 MN, 8 K)}) tiled to 128 x 128. */
  @SwizzledTile(name = "Sm90MnSw128Fp8128x128", bits = 3, dtype = DType.FP8_E4M3, rows = 128,
      cols = 128, atomRows = 8, atomCols = 128, atomOrder = Order.ROW_MAJOR,
      access = @Access(kind = AccessKind.TMA, op = Op.STORE))
  public interface Sm90MnSw128Fp8128x128 {}

  /**
   * CUTLASS's sm90 mainloop, MN-major A (M contiguous) of a 128 x 128 x 64 half GEMM tile, 3 stages:
   * {@code tile_to_shape(Layout_MN_SW128_Atom<half_t>, (M, K, 3) = (128, 64, 3), Step<_2,_1,_3>)}, its
   * K atoms numbered first: 64 K rows of 128 contiguous M in 8 x 64 atoms down the rows first (each
   * 64-wide column block of M contiguous, one TMA box of 64 x 64).
   */
  @SwizzledTile(name = "CutlassSm90MnASw128Half128x64x3", bits = 3, dtype = DType.HALF, rows = 64,
      cols = 128, atomRows = 8, atomCols = 64, atomOrder = Order.COL_MAJOR, stages = 3, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)})
  public interface CutlassSm90MnASw128Half128x64x3 {}

  /**
   * CUTLASS's sm90 mainloop, MN-major B (N contiguous) of N = 96: {@code ss_smem_selector} picks
   * {@code Layout_MN_SW64_Atom<half_t>} (96 is no multiple of 64), tiled to (96, 64, 3) with
   * {@code Step<_2,_1,_3>}: 64 K rows of 96 N in 8 x 32 atoms, three column blocks.
   */
  @SwizzledTile(name = "CutlassSm90MnBSw64Half96x64x3", bits = 2, shift = 3, dtype = DType.HALF,
      rows = 64, cols = 96, atomRows = 8, atomCols = 32, atomOrder = Order.COL_MAJOR, stages = 3,
      access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)})
  public interface CutlassSm90MnBSw64Half96x64x3 {}

  /**
   * CUTLASS's sm90 mainloop, MN-major BF16 B of N = 48: {@code Layout_MN_SW32_Atom<bfloat16_t>}
   * tiled to (48, 64, 2) with {@code Step<_2,_1,_3>}: 64 K rows of 48 N in 8 x 16 atoms.
   */
  @SwizzledTile(name = "CutlassSm90MnBSw32Bf1648x64x2", bits = 1, shift = 3, dtype = DType.BF16,
      rows = 64, cols = 48, atomRows = 8, atomCols = 16, atomOrder = Order.COL_MAJOR, stages = 2,
      access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN)})
  public interface CutlassSm90MnBSw32Bf1648x64x2 {}

  /**
   * FlashAttention-3's forward V for P V, V MN-major (head dim contiguous): {@code SmemLayoutVt =
   * tile_to_shape(ss_smem_selector<MN, half_t, 128, kBlockN>, (hdim_v, kBlockN, kStages),
   * Step<_2,_1,_3>)} with head dim 128, kBlockN = 128, 2 stages: 128 K rows (keys) of 128 head-dim
   * columns in 8 x 64 atoms down the rows first.
   */
  @SwizzledTile(name = "Fa3VtSw128HalfHd128N128x2", bits = 3, dtype = DType.HALF, rows = 128,
      cols = 128, atomRows = 8, atomCols = 64, atomOrder = Order.COL_MAJOR, stages = 2, access = {
          @Access(kind = AccessKind.TMA, op = Op.STORE),
          @Access(kind = AccessKind.WGMMA, major = Major.MN)})
  public interface Fa3VtSw128HalfHd128N128x2 {}

  /** The sm80 multistage mainloop: {@code tile_to_shape(Swizzle<3,3,3> o 8x64, 128x64x3)}. */
  @SwizzledTile(name = "Sm80Half128x64x3Stages", bits = 3, dtype = DType.HALF, rows = 128,
      cols = 64, atomRows = 8, atomCols = 64, stages = 3, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface Sm80Half128x64x3Stages {}

  /** CUTLASS sm80 TF32 operand: {@code Swizzle<3,2,3> o 8x32} floats tiled to 128 x 32. */
  @SwizzledTile(name = "Sm80Tf32128x32K", bits = 3, dtype = DType.TF32, rows = 128, cols = 32,
      atomRows = 8, atomCols = 32, access = {
          @Access(op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
          @Access(bytes = 4, threads = {8, 4}, label = "m16n8k8 fragment load")})
  public interface Sm80Tf32128x32K {}

  /**
   * Epilogue staging of float accumulators: {@code Swizzle<3,2,3> o 8x32} floats tiled to 64 x 64,
   * two column blocks, read back as 16-byte vectors for the global store. Storing the m16n8
   * fragments straight from registers (8 bytes a lane) is a 2-way conflict on this layout, which
   * the analyzer proves and {@code maxWays = 2} tolerates here, so the build says so instead of
   * hiding it; the 16-byte reads are conflict-free.
   */
  @SwizzledTile(name = "EpiFloat64x64", bits = 3, dtype = DType.FLOAT, rows = 64, cols = 64,
      atomRows = 8, atomCols = 32, access = {
          @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, maxWays = 2),
          @Access(bytes = 16, label = "16-byte read for the global store")})
  public interface EpiFloat64x64 {}
}
