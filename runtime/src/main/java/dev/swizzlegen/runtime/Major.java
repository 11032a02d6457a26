package dev.swizzlegen.runtime;

/**
 * Which dimension of a matrix-multiply operand is contiguous in shared memory (CuTe's
 * {@code GMMA::Major}). A tile's contiguous dimension is its {@code cols}.
 */
public enum Major {
  /** K-major: the tile's rows are M (or N), its cols are K ({@code imm-trans} 0). */
  K,
  /** MN-major: the tile's rows are K, its cols are M (or N) ({@code imm-trans} 1, 16-bit types only). */
  MN
}
