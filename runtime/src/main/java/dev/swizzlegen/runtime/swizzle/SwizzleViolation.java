package dev.swizzlegen.runtime.swizzle;

import dev.swizzlegen.runtime.Violation;

/** What makes {@code Swizzle<bits, base, shift>} no swizzle at all. */
public sealed interface SwizzleViolation extends Violation {

  /** B below 0. */
  record NegativeBits(int bits) implements SwizzleViolation {}

  /** M below 0. */
  record NegativeBase(int base) implements SwizzleViolation {}

  /**
   * The masks reach past an offset's bits: {@code bits + base + |shift| - 1} is {@code highestBit}, and
   * an offset has {@code offsetBits}.
   */
  record PastOffsetBits(int bits, int base, int shift, long highestBit, int offsetBits)
      implements SwizzleViolation {}

  /** Shift 0 with masked bits: each is XORed with itself, so the function is no bijection. */
  record ZeroShift(int bits) implements SwizzleViolation {}

  /** {@code |shift| < bits}, the YYY and ZZZ masks overlapping, where that was not allowed. */
  record OverlappingMasks(int bits, int shift) implements SwizzleViolation {}
}
