package dev.swizzlegen.runtime.engine.tma;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code CUtensorMapDataType} the bulk tensor copy engine copies a tile's elements as, and what
 * that data type asks of the copy. The sub-byte types are CUDA 12.8's ({@code cuda.h}):
 *
 * <pre>
 *   16U4_ALIGN8B    16 x U4 packed in 8 bytes, no gaps           packed FP4
 *   16U4_ALIGN16B   16 x U4 in 16 bytes, 8-byte gap after 8      padded FP4   box[0] = 128;
 *                                                                             loads only: NONE,
 *                                                                             128B, 128B_ATOM_32B
 *   16U6_ALIGN16B   16 x U6 in 16 bytes, 4-byte gap after 12     padded FP6   box[0] = 128;
 *                                                                             NONE, 128B,
 *                                                                             128B_ATOM_32B; and
 *                                                                             128B_ATOM_64B stores
 * </pre>
 *
 * <p>For the ALIGN16B types the global address must also be 32-byte aligned, {@code globalDim[0]} a
 * multiple of 128 and the strides multiples of 32 bytes: properties of the global matrix, which the
 * header's encoder states and the driver checks.
 */
public enum TmaDataType {
  UINT8("UINT8", 0, false),
  INT32("INT32", 0, false),
  FLOAT16("FLOAT16", 0, false),
  FLOAT32("FLOAT32", 0, false),
  FLOAT64("FLOAT64", 0, false),
  BFLOAT16("BFLOAT16", 0, false),
  TFLOAT32("TFLOAT32", 0, false),
  /** 16 x U4 packed in 8 bytes: packed FP4. */
  U4_ALIGN8B("16U4_ALIGN8B", 0, true),
  /** 16 x U4 in 16 bytes with an 8-byte gap: padded FP4. */
  U4_ALIGN16B("16U4_ALIGN16B", 128, true),
  /** 16 x U6 in 16 bytes with a 4-byte gap: padded FP6. */
  U6_ALIGN16B("16U6_ALIGN16B", 128, true);

  private final String suffix;
  private final int boxCols;
  private final boolean subByte;

  TmaDataType(String suffix, int boxCols, boolean subByte) {
    this.suffix = suffix;
    this.boxCols = boxCols;
    this.subByte = subByte;
  }

  /** The data type TMA copies elements of {@code dtype} as. */
  public static TmaDataType of(DType dtype) {
    return switch (dtype) {
      case HALF -> FLOAT16;
      case BF16 -> BFLOAT16;
      case FLOAT -> FLOAT32;
      case TF32 -> TFLOAT32;
      case DOUBLE -> FLOAT64;
      case INT32 -> INT32;
      case INT8, UINT8, FP8_E4M3, FP8_E5M2 -> UINT8;
      case FP4_E2M1 -> U4_ALIGN8B;
      case FP4_E2M1_PADDED -> U4_ALIGN16B;
      case FP6_E3M2, FP6_E2M3 -> U6_ALIGN16B;
    };
  }

  /** The {@code CUtensorMapDataType} enumerator: {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B}. */
  public String cudaName() {
    return "CU_TENSOR_MAP_DATA_TYPE_" + suffix;
  }

  /** Whether {@code cuda.h} names the type only from CUDA 12.8 on: the sub-byte types. */
  public boolean sinceCuda12_8() {
    return subByte;
  }

  /** The box's inner dimension the type requires, in elements: 128 for ALIGN16B; 0 for any. */
  public int boxCols() {
    return boxCols;
  }

  /**
   * The swizzle modes TMA copies this type with in the direction {@code op}: {@code STORE} a TMA
   * load filling the tile, {@code LOAD} a TMA store reading it. Every mode for every type but the
   * ALIGN16B ones.
   */
  public Set<TmaSwizzle> modes(Op op) {
    return switch (this) {
      case U4_ALIGN16B -> op == Op.STORE
          ? EnumSet.of(TmaSwizzle.NONE, TmaSwizzle.SWIZZLE_128B, TmaSwizzle.SWIZZLE_128B_ATOM_32B)
          : EnumSet.noneOf(TmaSwizzle.class);
      case U6_ALIGN16B -> op == Op.STORE
          ? EnumSet.of(TmaSwizzle.NONE, TmaSwizzle.SWIZZLE_128B, TmaSwizzle.SWIZZLE_128B_ATOM_32B)
          : EnumSet.of(TmaSwizzle.NONE, TmaSwizzle.SWIZZLE_128B, TmaSwizzle.SWIZZLE_128B_ATOM_32B,
              TmaSwizzle.SWIZZLE_128B_ATOM_64B);
      default -> EnumSet.allOf(TmaSwizzle.class);
    };
  }
}
