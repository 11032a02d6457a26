package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One warp-level instruction applied across the whole tile, which the processor proves free of
 * shared-memory bank conflicts. For example, a global-to-shared copy of 16-byte vectors by a warp laid
 * out as 16 rows of 2 lanes, lanes numbered down the columns:
 *
 * <pre>{@code
 * @Access(kind = AccessKind.VECTOR, op = Op.STORE, bytes = 16, threads = {16, 2},
 *         order = Order.COL_MAJOR)
 * }</pre>
 *
 * <p>Used only inside {@link SwizzledTile#access()}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({})
public @interface Access {
  /** The instruction kind. */
  AccessKind kind() default AccessKind.VECTOR;

  /**
   * Whether shared memory is read or written. Omitted: {@code STORE} for {@link AccessKind#STMATRIX},
   * {@code LOAD} otherwise.
   */
  Op op() default Op.LOAD;

  /**
   * {@link AccessKind#VECTOR} and {@link AccessKind#LANES} only: bytes each lane moves, 1, 2, 4, 8 or
   * 16, a multiple of the element size. 16 is one LDS.128 / STS.128 / {@code cp.async} 16-byte copy.
   */
  int bytes() default 16;

  /**
   * {@link AccessKind#LANES} only (and required there): which element each of the 32 lanes touches in
   * one instruction, {@link #bytes()} contiguous bytes from it, in either notation, told apart by the
   * first character:
   *
   * <ul>
   *   <li>Triton's linear-layout bases, {@code "[[r0,c0],[r1,c1],[r2,c2],[r3,c3],[r4,c4]]"}: one
   *       (row, col) per lane bit, five for 32 lanes; lane {@code L} touches the XOR of the bases of
   *       its set bits (Triton's {@code LinearLayout}), so lane 0 touches (0, 0). A base {@code [0,0]}
   *       puts two lanes on one address.
   *   <li>a CuTe layout of the 32 lanes into the tile's column-major index {@code row + rows * col}:
   *       {@code "_32:_1"} is a column, {@code "(_2,_16):(_0,_32)"} pairs of lanes along a row.
   * </ul>
   *
   * <p>Lanes on one address share it (a broadcast): the bank model costs distinct 4-byte words, so
   * they cost nothing extra. The instruction's footprint, from (0, 0) to the farthest lane's last
   * element, is stepped over the whole tile, row by row, one instruction per step, as for
   * {@link AccessKind#VECTOR}; it must tile the tile. Each lane's bytes must be contiguous in the
   * layout and aligned to {@link #bytes()}. Example, 16-byte loads of 16 rows x two 8-element vectors,
   * lane 0 reading (0, 0) and lane 1 (0, 8):
   *
   * <pre>{@code
   * @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16,
   *         lanes = "[[0,8],[1,0],[2,0],[4,0],[8,0]]")
   * }</pre>
   */
  String lanes() default "";

  /**
   * {@link AccessKind#VECTOR} only: the warp's lanes as a grid of {@code {rows, vectors}} whose
   * product is 32; lane (i, j) touches row {@code i} and vector {@code j} of the warp's footprint,
   * which is stepped over every position of the tile. Omitted: the coalesced copy, as many lanes
   * across a row as the row has vectors (at most 32), the rest down the rows.
   */
  int[] threads() default {};

  /** {@link AccessKind#VECTOR} only: how lanes are numbered over {@link #threads()}. */
  Order order() default Order.ROW_MAJOR;

  /**
   * {@link AccessKind#VECTOR} with {@link #threads()} only: how many consecutive rows the grid sees
   * as one line (a row that is no power of two seen two rows as one). Grid row {@code i} is then line {@code i}, the rows
   * {@code rowsAsOne*i ..} laid end to end, so a grid of {@code {16, 2}} with {@code rowsAsOne = 2}
   * on rows of 8 vectors touches rows 0, 2, 4, 6 in one phase: the access that skips rows. Default 1.
   */
  int rowsAsOne() default 1;

  /** {@link AccessKind#LDMATRIX} / {@link AccessKind#STMATRIX} only: 1, 2 or 4 matrices (.x1/.x2/.x4). */
  int matrices() default 4;

  /**
   * {@link AccessKind#LDMATRIX} / {@link AccessKind#STMATRIX} only: the {@code .trans} qualifier. It
   * changes which register receives which element, not which addresses are touched.
   */
  boolean trans() default false;

  /**
   * {@link AccessKind#LDMATRIX} / {@link AccessKind#STMATRIX} only: the matrix shape, the
   * instruction's {@code .shape}. {@link MatrixShape#M8N8} (the default) is the m8n8 of sm_75 and
   * later; the others are sm_100's: {@code ldmatrix.m8n16} (without {@link #trans()}, on padded FP4
   * and FP6 tiles), {@code ldmatrix.m16n16.trans} ({@code .x1} or {@code .x2}, on 8-bit and padded
   * FP4 and FP6 tiles) and {@code stmatrix.m16n8.trans} (on 8-bit tiles). Their bank costs are the
   * model's, not yet measured on sm_100 hardware.
   */
  MatrixShape shape() default MatrixShape.M8N8;

  /**
   * {@link AccessKind#WGMMA} and {@link AccessKind#UMMA} only: which dimension of the operand is
   * contiguous in the tile's {@code cols}. {@link Major#K}: rows are M (or N), cols are K.
   * {@link Major#MN}: rows are K, cols are M (or N); wgmma transposes only 16-bit operands, tcgen05
   * every type it reads.
   */
  Major major() default Major.K;

  /** The conflict degree tolerated: 1 demands conflict-free, 2 accepts a 2-way conflict, and so on. */
  int maxWays() default 1;

  /**
   * A name for this access in messages and reports. Any text: every generated file escapes it for its
   * language (C++ and Java comments, JSON, SVG), so that it shows but never changes their meaning.
   * Empty: one is made from the attributes.
   */
  String label() default "";
}
