package dev.swizzlegen.annotations;

/**
 * The matrix shape of an {@link AccessKind#LDMATRIX} or {@link AccessKind#STMATRIX} access
 * ({@link Access#shape()}): the instruction's {@code .shape} qualifier. The source format follows the
 * tile's {@link DType}. The shapes other than {@link #M8N8} are sm_100's (sm_100a, sm_103a, sm_110a;
 * {@code m8n16} also sm_120a); their bank costs are the model's, not yet measured on sm_100 hardware.
 */
public enum MatrixShape {
  /**
   * {@code .m8n8} ({@code .b16}): each matrix is 8 rows of 16 bytes, lanes {@code 8k..8k+7} giving
   * the row addresses of matrix {@code k}. The default, and the only shape before sm_100.
   */
  M8N8,
  /**
   * {@code ldmatrix.m8n16} ({@code .b8x16.b4x16_p64} on {@link DType#FP4_E2M1_PADDED},
   * {@code .b8x16.b6x16_p32} on {@link DType#FP6_E3M2} and {@link DType#FP6_E2M3}): 8 rows of 16
   * padded bytes per matrix, addressed as {@link #M8N8}, unpacked to 8-bit elements. LDMATRIX only,
   * without {@code trans}, on padded sub-byte tiles.
   */
  M8N16,
  /**
   * {@code ldmatrix.m16n16.trans} ({@code .b8}, or the padded sub-byte formats): a matrix of 16 rows
   * of 16 bytes, lanes {@code 16k..16k+15} giving its row addresses; {@code .x1} or {@code .x2}.
   * LDMATRIX only, with {@code trans}, on 8-bit or padded sub-byte tiles.
   */
  M16N16,
  /**
   * {@code stmatrix.m16n8.trans} ({@code .b8}): a 16 x 8 fragment of 8-bit elements stored
   * transposed, 8 rows of 16 bytes in shared memory, addressed as {@link #M8N8}. STMATRIX only, with
   * {@code trans}, on 8-bit tiles.
   */
  M16N8
}
