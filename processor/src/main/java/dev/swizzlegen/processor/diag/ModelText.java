package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.Map;
import java.util.Optional;

/** The model's terms in the words every message and every generated file uses for them. */
public final class ModelText {
  private ModelText() {}

  /** The element types each tensor-core format reads: a new format is a new row. */
  private static final Map<MmaFormat, String> TYPES_READ = Map.of(
      MmaFormat.GMMA, "HALF, BF16, TF32, FP8_E4M3, FP8_E5M2, INT8 and UINT8",
      MmaFormat.UMMA, "HALF, BF16, TF32 (and FLOAT as TF32), FP8_E4M3, FP8_E5M2, INT8, UINT8,"
          + " FP4_E2M1 (kind::mxf4), FP4_E2M1_PADDED, FP6_E3M2 and FP6_E2M3 (kind::f8f6f4)");

  /** The element types {@code format} reads, as a message lists them. */
  public static String typesRead(MmaFormat format) {
    return Optional.ofNullable(TYPES_READ.get(format))
        .orElseThrow(() -> new IllegalArgumentException("no words for " + format));
  }

  /** {@code "a K-major operand"}, {@code "an MN-major operand"}. */
  public static String operandWords(Major major) {
    return (major == Major.K ? "a " : "an ") + majorWords(major) + " operand";
  }

  public static String majorWords(Major major) {
    return major == Major.K ? "K-major" : "MN-major";
  }

  /**
   * An element's size, after its type in parentheses: {@code "2 bytes"}; for the sub-byte types
   * {@code "4 bits, two to a byte"} or {@code "6 bits, 16 to a 16-byte unit"}.
   */
  public static String elementSize(DType dtype) {
    if (dtype.isPadded()) {
      return dtype.bits() + " bits, 16 to a 16-byte unit";
    }
    return dtype.storageBits() % 8 != 0 ? dtype.bits() + " bits, two to a byte"
        : dtype.bytes() + " bytes";
  }
}
