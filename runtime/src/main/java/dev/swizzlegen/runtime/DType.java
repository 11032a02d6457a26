package dev.swizzlegen.runtime;

/**
 * The element type stored in a shared-memory tile. A swizzle's {@code bits}, {@code base} and
 * {@code shift} count elements of this type; {@link #bytes()} turns them into bytes (a {@code HALF}
 * tile with {@code base = 3} keeps 8 halves = 16 bytes together).
 *
 * <p>The sub-byte types of Blackwell's block-scaled products come in the two forms shared memory
 * holds them in. Packed FP4 ({@link #FP4_E2M1}) stores two elements to a byte: offsets count
 * elements, addresses are bytes ({@code offset / 2}), and a swizzle's {@code bits}, {@code base} and
 * {@code shift} count bytes, the smallest unit anything addresses ({@code Swizzle<3,4,3>} is TMA's
 * 128-byte pattern; on element offsets it is {@code Swizzle<3,5,3>}). The padded types
 * ({@link #FP4_E2M1_PADDED}, {@link #FP6_E3M2}, {@link #FP6_E2M3}) store each group of 16 elements
 * in one 16-byte unit, the rest of the unit a gap, so at 16-byte granularity element {@code i} of a
 * group is byte {@code i} of its unit: each element is modelled as a one-byte slot, and every access
 * moves whole units.
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
  /** Unsigned 8-bit integer (byte tiles show the swizzle patterns unit for unit). */
  UINT8(1),
  /** Signed 32-bit integer. */
  INT32(4),
  /** 8-bit float with 4 exponent and 3 mantissa bits, CUDA {@code __nv_fp8_e4m3}. */
  FP8_E4M3(1),
  /** 8-bit float with 5 exponent and 2 mantissa bits, CUDA {@code __nv_fp8_e5m2}. */
  FP8_E5M2(1),
  /**
   * 4-bit float (2 exponent bits, 1 mantissa bit), CUDA {@code __nv_fp4_e2m1}, packed two to a byte:
   * what TMA writes as {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B} and {@code tcgen05.mma
   * kind::mxf4} reads. Offsets count elements, addresses bytes ({@code offset / 2}); a swizzle's
   * {@code bits}, {@code base} and {@code shift} count bytes. {@link #bytes()} has no value: an
   * element is half a byte.
   */
  FP4_E2M1(4, 4, false),
  /**
   * 4-bit float (2 exponent bits, 1 mantissa bit) in the 16-byte-padded form: 16 elements in the
   * first 8 bytes of a 16-byte unit, then an 8-byte gap. What TMA writes as
   * {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B}, {@code tcgen05.mma kind::f8f6f4} reads and
   * {@code ldmatrix ... .b8x16.b4x16_p64} unpacks. Modelled as one-byte slots.
   */
  FP4_E2M1_PADDED(4, 8, true),
  /**
   * 6-bit float (3 exponent bits, 2 mantissa bits), CUDA {@code __nv_fp6_e3m2}, always in the
   * 16-byte-padded form: 16 elements in the first 12 bytes of a 16-byte unit, then a 4-byte gap.
   * What TMA writes as {@code CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B}, {@code tcgen05.mma
   * kind::f8f6f4} reads and {@code ldmatrix ... .b8x16.b6x16_p32} unpacks. Packed FP6 (four to three
   * bytes) is no shared-memory layout any instruction reads, so there is no packed FP6 type.
   * Modelled as one-byte slots.
   */
  FP6_E3M2(6, 8, true),
  /**
   * 6-bit float (2 exponent bits, 3 mantissa bits), CUDA {@code __nv_fp6_e2m3}, in the padded form
   * of {@link #FP6_E3M2}: 16 elements in 12 bytes of a 16-byte unit. Modelled as one-byte slots.
   */
  FP6_E2M3(6, 8, true);

  private final int bits;
  private final int storageBits;
  private final boolean padded;

  DType(int bytes) {
    this(8 * bytes, 8 * bytes, false);
  }

  DType(int bits, int storageBits, boolean padded) {
    this.bits = bits;
    this.storageBits = storageBits;
    this.padded = padded;
  }

  /**
   * Bytes per element: 1, 2, 4 or 8; 1 for a padded sub-byte type, whose elements each take a
   * one-byte slot of a 16-byte unit. Packed {@link #FP4_E2M1} has two elements to a byte, no whole
   * bytes: this throws {@link UnsupportedOperationException} for it (see {@link #storageBits()}).
   */
  public int bytes() {
    if (storageBits % 8 != 0) {
      throw new UnsupportedOperationException(name() + " packs two elements to a byte: an element"
          + " is " + storageBits + " bits (storageBits()), no whole number of bytes");
    }
    return storageBits / 8;
  }

  /** Bits of one value: 4 and 6 for the sub-byte types, 8 x {@link #bytes()} for the others. */
  public int bits() {
    return bits;
  }

  /**
   * Bits an element takes in a tile's shared memory: 4 for packed {@link #FP4_E2M1}, 8 for a
   * padded type (a one-byte slot of its 16-byte unit), {@link #bits()} for the others.
   */
  public int storageBits() {
    return storageBits;
  }

  /**
   * Whether the type is stored in the 16-byte-padded form: 16 elements to a 16-byte unit, the unit's
   * other bytes a gap ({@link #FP4_E2M1_PADDED}, {@link #FP6_E3M2}, {@link #FP6_E2M3}).
   */
  public boolean isPadded() {
    return padded;
  }

  /**
   * Bytes of the unit a swizzle's {@code bits}, {@code base} and {@code shift} count: an element's
   * {@link #bytes()}, or for packed {@link #FP4_E2M1}, whose elements share bytes, a byte.
   */
  public int unitBytes() {
    return Math.max(1, storageBits / 8);
  }

  /** Elements in one unit of {@link #unitBytes()}: 2 for packed {@link #FP4_E2M1}, else 1. */
  public int elementsPerUnit() {
    return Math.max(1, 8 / storageBits);
  }
}
