package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an XOR-swizzled shared-memory tile. At compile time the processor checks the swizzle
 * against the GPU's shared-memory banks for every declared {@link #access()}, and generates a Java
 * helper ({@code <Type>Swizzle}) and a CUDA header ({@code swizzlegen/<type>.cuh}) with the offset
 * functions.
 *
 * <pre>{@code
 * @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)
 * interface Sw128Half {}
 * }</pre>
 *
 * <p>The swizzle is CuTe's {@code Swizzle<B, M, S>} acting on element offsets {@code o}:
 *
 * <pre>
 *   0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
 *                               ^--^ M = base: least-significant bits kept constant
 *                  ^-^       ^-^     B = bits: width of the YYY and ZZZ masks
 *                    ^---------^     S = shift: distance from YYY down to ZZZ
 *   f(o) = o ^ ((o &amp; YYY) &gt;&gt; S)     (ZZZ ^= YYY; a negative S shifts left)
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface SwizzledTile {
  /** The value that leaves {@link #bits()}, {@link #base()} or {@link #shift()} to the processor. */
  int DERIVE = Integer.MIN_VALUE;

  /**
   * B, the number of bits XORed: the swizzle permutes {@code 2^B} units within each row of its
   * atom, keyed by {@code 2^B} consecutive rows (the swizzle repeats every {@code 2^B} rows). 0 is
   * no swizzle. Omit {@code bits}, {@code base} and {@code shift} together to let the processor
   * choose them.
   */
  int bits() default DERIVE;

  /**
   * M, the number of low bits kept constant: {@code 2^M} consecutive elements move together as one
   * unit: {@code M = 3} for {@code HALF}, because 8 halves are the 16 bytes of one 128-bit
   * access. Omitted (with {@code bits} given): that 16-byte unit, {@code log2(16 / element bytes)},
   * as in CuTe's canonical atoms.
   */
  int base() default DERIVE;

  /**
   * S, the distance from the YYY mask down to the ZZZ mask: {@code 2^S} units make one row of the
   * swizzle space ({@code S = 3}: 8 units of 16 bytes are one 128-byte row of banks).
   * Omitted: equal to {@code bits}, as in CuTe. Negative: YYY lies below ZZZ and is shifted left.
   * {@code |shift| < bits} needs {@link #allowOverlap()}.
   */
  int shift() default DERIVE;

  /** The element type; {@code bits}, {@code base}, {@code shift}, {@code rows}, {@code cols} count elements of it. */
  DType dtype();

  /** Rows of the tile. Omitted: the swizzle atom's {@code 2^B} rows. */
  int rows() default 0;

  /**
   * Elements per row, the contiguous dimension. Omitted: the swizzle atom's {@code 2^(M+|S|)}
   * elements.
   */
  int cols() default 0;

  /**
   * Elements from the start of one row to the start of the next, at least {@link #cols()}; any
   * positive value, not only a power of two (padding). Omitted: {@code cols}.
   */
  int rowStride() default 0;

  /**
   * Elements of each row the swizzle acts within, along each stage's offsets before the swizzle (its
   * atoms laid as {@link #atomRows()}, {@link #atomCols()} and {@link #atomOrder()} say): {@code bits},
   * {@code base} and {@code shift} then name the swizzle within each such row, its row bits the
   * row's number and its column bits the place in the row, the row's pattern repeated along it.
   * CUTLASS 2.x's crosswise operands at a stage count that is no power of two are such rows:
   * {@code RowMajorTensorOpMultiplicandCrosswise<16, 32>} at 3 stages, declared as CUTLASS views it
   * ({@code rows = 128, cols = 96}, 2 x 32 atoms across the columns first), is {@code Swizzle<2,3,2>}
   * within each 192-element row. Not with {@link #layout()}, where CuTe's print of the same tile says
   * it. Omitted (0): the swizzle acts on the offset (of each atom).
   */
  int swizzleRow() default 0;

  /**
   * Rows of the swizzle atom: the row-major {@code atomRows x atomCols} block to which {@code bits},
   * {@code base} and {@code shift} apply, repeated over the tile (CuTe's {@code tile_to_shape}).
   * Must divide {@link #rows()}. Omitted (0): the whole tile's rows, or, when the swizzle is derived,
   * the solver's choice.
   */
  int atomRows() default 0;

  /**
   * Columns of the swizzle atom; must divide {@link #cols()}. A 128 x 128 {@code HALF} operand of
   * {@code 8 x 64} atoms is two 128 x 64 column blocks, each filled by one TMA box. Omitted (0): the
   * whole tile's columns, or, when the swizzle is derived, the solver's choice.
   */
  int atomCols() default 0;

  /**
   * How atoms are numbered over the tile: {@link Order#COL_MAJOR} (the default, CuTe's
   * {@code tile_to_shape}) down the rows first, so that each column block is contiguous;
   * {@link Order#ROW_MAJOR} across the columns first, as for Hopper MN-major operands declared with
   * K as {@code rows} and the contiguous M or N dimension as {@code cols}.
   */
  Order atomOrder() default Order.COL_MAJOR;

  /**
   * Pipeline stages stored one after another, {@code rows x rowStride} elements apart (CuTe's third
   * mode of {@code tile_to_shape(atom, Shape<rows, cols, stages>)}), or {@link #stageStride()} apart.
   * Every stage's base keeps the tile's {@link #alignment()}.
   */
  int stages() default 1;

  /**
   * Elements from one stage's start to the next, where stages lie further apart than a stage's
   * {@code rows x rowStride} elements (a gap after each, as a CuTe layout whose stage mode's stride
   * is more than a stage's size puts them). At least the elements one stage spans,
   * {@code (rows - 1) x rowStride + cols}, and a multiple of {@link #alignment()} bytes, so that every
   * stage's base keeps it. With {@link #layout()}, its stage mode's stride says it. Omitted (0):
   * {@code rows x rowStride}.
   */
  int stageStride() default 0;

  /**
   * The warp instructions that touch the tile, each proven free of bank conflicts (up to its
   * {@link Access#maxWays()}). Omitted: 16-byte row-vector stores (the global-to-shared copy) and
   * ldmatrix-style 8-row x 16-byte loads, where the element type and geometry allow them. An explicit
   * {@code access = {}} checks nothing.
   */
  Access[] access() default {};

  /**
   * Allows {@code |shift| < bits}, where the YYY and ZZZ masks overlap (such as
   * {@code Swizzle<3,0,2>}, which CuTe's static_assert rejects). Such a swizzle is still a bijection,
   * but not its own inverse.
   */
  boolean allowOverlap() default false;

  /**
   * The tile as a CuTe layout, in elements, exactly as CuTe's {@code print(layout)} writes it, in
   * place of {@code bits}, {@code base}, {@code shift}, {@code atomRows}, {@code atomCols} and
   * {@code rowStride} (exclusive with them):
   *
   * <pre>
   *   [Sw&lt;B,M,S&gt; o [_0 o]] SHAPE:STRIDE        integers with or without CuTe's _, modes in ( )
   *   layout = "Sw&lt;3,3,3&gt; o _0 o (_8,(_8,_8)):(_8,(_1,_64))", rows = 128, cols = 64, stages = 3
   * </pre>
   *
   * <p>The shape's top level has 2 modes (row, col) or 3 (row, col, stage). A layout of the tile's
   * size is the whole tile ({@code rows}, {@code cols} and {@code stages} may then be omitted); a
   * smaller one of 2 modes is an atom tiled over the tile as CuTe's {@code tile_to_shape} does, in
   * {@link #atomOrder()}. The tile puts every element where CuTe does; a layout that does not parse,
   * is not one-to-one, or is no tile of swizzled atoms, padded rows and stages one after another is
   * an error on this attribute. Empty: the tile is described by the other attributes.
   */
  String layout() default "";

  /** Bytes the tile's base address is aligned to: a power of two, at least the element size. */
  int alignment() default 128;

  /**
   * Overrides the generated names: the CUDA struct, the header's file name stem (in snake_case) and
   * the Java helper ({@code <name>Swizzle}). Must be a C++ and Java identifier that collides with
   * nothing of the generated headers: not a keyword, not a name they declare ({@code offset},
   * {@code row}, {@code kRows}, ...), use or include ({@code uint32_t}, {@code dim3}, {@code NULL},
   * {@code blockIdx}, the CUDA API's {@code cu...} names), nor a part of the namespace; its helper
   * must not be a class the sources declare. Empty: the annotated type's simple name (the enclosing
   * types' names joined by underscores for a nested type), under the same rules.
   */
  String name() default "";
}
