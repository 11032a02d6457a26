package dev.swizzlegen.runtime;

/**
 * The element type stored in a shared-memory tile. A swizzle's {@code bits}, {@code base} and
 * {@code shift} count elements of this type; {@link #bytes()} turns them into bytes (a {@code HALF}
 * tile with {@code base = 3} keeps 8 halves = 16 bytes together).
 */
public enum DType {
  /** IEEE binary16, CUDA {@code half}. */
  HALF(2),
  /** bfloat16, CUDA {@code __nv_bfloat16}. */
  BF16(2),
  /** IEEE binary32, CUDA {@code float}. */
  FLOAT(4),
  /** TensorFloat-32, stored in 4 bytes like {@code float}. */
  TF32(4),
  /** IEEE binary64, CUDA {@code double}. */
  DOUBLE(8),
  /** Signed 8-bit integer. */
  INT8(1),
  /** Unsigned 8-bit integer (seed 002 works its patterns on bytes). */
  UINT8(1),
  /** Signed 32-bit integer. */
  INT32(4),
  /** 8-bit float with 4 exponent and 3 mantissa bits, CUDA {@code __nv_fp8_e4m3}. */
  FP8_E4M3(1),
  /** 8-bit float with 5 exponent and 2 mantissa bits, CUDA {@code __nv_fp8_e5m2}. */
  FP8_E5M2(1);

  private final int bytes;

  DType(int bytes) {
    this.bytes = bytes;
  }

  /** Bytes per element: 1, 2, 4 or 8. */
  public int bytes() {
    return bytes;
  }
}
