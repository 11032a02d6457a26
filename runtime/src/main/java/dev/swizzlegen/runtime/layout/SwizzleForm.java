package dev.swizzlegen.runtime.layout;

/**
 * What a tile's {@code Swizzle<B,M,S>} acts on.
 *
 * <pre>
 *   OFFSET:  offset(row, col) = swizzle(row * rowStride + col)                 CuTe's composition
 *   ROW:     offset(row, col) = row * rowStride + (col ^ (((row >> (S - B)) &amp; (2^B - 1)) &lt;&lt; M))
 * </pre>
 *
 * <p>The row form is the 2D swizzle: the swizzle's atom, {@code 2^(M+B)} columns wide, repeated along
 * every row, rows {@code rowStride} elements apart, so any row length works (seed 001's 8 x 24 is the
 * 8 x 8 pattern three times). In Triton's terms it is {@code vec = 2^M}, {@code perPhase = 2^(S-B)},
 * {@code maxPhase = 2^B}. When {@code rowStride = 2^R} it is the offset form of
 * {@code Swizzle<B, M, S + R - M - B>}.
 */
public enum SwizzleForm {
  /** The swizzle permutes the tile's row-major element offset, as CuTe composes it with a layout. */
  OFFSET,
  /** The swizzle's atom is repeated along each row; rows keep their place whatever their stride. */
  ROW
}
