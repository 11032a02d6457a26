package dev.swizzlegen.runtime;

/**
 * The matrix shape of an ldmatrix or stmatrix (the instruction's {@code .shape}), as the model's
 * accesses see it: how many 16-byte rows in shared memory one matrix has and so how many lanes give
 * their addresses. The sm_100 shapes ({@link #M8N16}, {@link #M16N16}, {@link #M16N8}) are costed by
 * the bank model and not yet measured on sm_100 hardware ({@link #measured()}).
 *
 * <pre>
 *   shape   instruction                            rows x bytes in smem  lanes of matrix k  phases
 *   M8N8    ldmatrix/stmatrix.m8n8 (.b16)          8 x 16                8k..8k+7           1
 *   M8N16   ldmatrix.m8n16 (.b8x16.b4x16_p64|      8 x 16 (padded)       8k..8k+7           1
 *           .b6x16_p32)
 *   M16N16  ldmatrix.m16n16.trans (.b8, padded)    16 x 16               16k..16k+15        2
 *   M16N8   stmatrix.m16n8.trans (.b8)             8 x 16 (transposed)   8k..8k+7           1
 * </pre>
 *
 * <p>{@code stmatrix.m16n8.trans.b8} stores a 16 x 8 register fragment of bytes transposed: in shared
 * memory that is 8 rows of 16 bytes, one address per row from lanes {@code 8k..8k+7}, as CuTe's
 * {@code Copy_Traits<SM100_U8x4_STSM_T>} (destination {@code ((8,4),128):((128,0),1)} bits) and
 * {@code SM100_U8x16_STSM_T} ({@code (32,128):(128,1)}) say: an {@code .x4} takes the 32 lanes'
 * 16-byte rows. (Sixteen 8-byte rows per matrix would need 64 lanes for an {@code .x4}.)
 * {@code ldmatrix.m16n16} is assumed to be served as two 128-byte phases, lanes {@code 16k..16k+7}
 * then {@code 16k+8..16k+15}, as two stacked m8n8 matrices are.
 */
public enum MatrixShape {
  M8N8("m8n8", 8, true),
  M8N16("m8n16", 8, false),
  M16N16("m16n16", 16, false),
  M16N8("m16n8", 8, false);

  private final String ptx;
  private final int rows;
  private final boolean measured;

  MatrixShape(String ptx, int rows, boolean measured) {
    this.ptx = ptx;
    this.rows = rows;
    this.measured = measured;
  }

  /** The PTX qualifier without its dot: {@code "m16n16"}. */
  public String ptx() {
    return ptx;
  }

  /** Rows of 16 bytes one matrix has in shared memory: 8, or 16 for {@link #M16N16}. */
  public int rows() {
    return rows;
  }

  /** 128-byte phases one matrix is served in: one per 8 rows. */
  public int phases() {
    return rows / 8;
  }

  /**
   * Whether the bank model's cost of the shape was measured on hardware: {@link #M8N8} on the H100;
   * the sm_100 shapes are not yet measured on sm_100 hardware.
   */
  public boolean measured() {
    return measured;
  }

  /** The matrices one instruction may move: {@code .x1}, {@code .x2}, and {@code .x4} but for m16n16. */
  public boolean allowsMatrices(int matrices) {
    return matrices == 1 || matrices == 2 || (matrices == 4 && this != M16N16);
  }
}
