package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;

/**
 * The model's terms in the words every message and every generated file uses for them: an operand's
 * major, an element's size. Here, below the readers and the writers, so that an error and a header
 * say the same thing.
 */
public final class ModelText {
  private ModelText() {}

  /** {@code "a K-major operand"}, {@code "an MN-major operand"}. */
  public static String operandWords(Major major) {
    return (major == Major.K ? "a " : "an ") + majorWords(major) + " operand";
  }

  /** {@code "K-major"}, {@code "MN-major"}. */
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
