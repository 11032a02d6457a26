package dev.swizzlegen.processor.emit;

import dev.swizzlegen.runtime.swizzle.Swizzle;

/**
 * A swizzle's masks in words, for the generated comments: its bits as CuTe draws them, what is
 * XORed into what, and how its inverse is computed. Below {@link TileFunctions}, whose functions'
 * meanings say them, and {@link SwizzleText}, whose diagram shows them.
 */
final class SwizzleMasks {
  private SwizzleMasks() {}

  /**
   * The offset's bits from the highest one the swizzle touches down to bit 0, CuTe style: {@code Y}
   * read, {@code Z} flipped, {@code #} both (overlapping masks), {@code x} kept. {@code "...YYYZZZxxx"}
   * for {@code Swizzle<3,3,3>}.
   */
  static String bitDiagram(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "...x";
    }
    int top = 31 - Integer.numberOfLeadingZeros(swizzle.yyyMask() | swizzle.zzzMask());
    StringBuilder diagram = new StringBuilder("...");
    for (int bit = top; bit >= 0; bit--) {
      boolean y = ((swizzle.yyyMask() >>> bit) & 1) != 0;
      boolean z = ((swizzle.zzzMask() >>> bit) & 1) != 0;
      diagram.append(y && z ? '#' : y ? 'Y' : z ? 'Z' : 'x');
    }
    return diagram.toString();
  }

  /**
   * One line saying what moves: {@code "YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)"}.
   */
  static String masks(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "B = 0: no bits move, the identity";
    }
    String masks = "YYY = " + hex(swizzle.yyyMask()) + " (" + bitRange(swizzle.yyyMask())
        + ") is XORed into ZZZ = " + hex(swizzle.zzzMask()) + " (" + bitRange(swizzle.zzzMask())
        + ")";
    return swizzle.masksOverlap() ? masks + "; the masks overlap" : masks;
  }

  /** How the inverse is computed, in words: {@code "the swizzle is its own inverse"}. */
  static String inverse(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return "the identity";
    }
    if (!swizzle.masksOverlap()) {
      // Masks apart: applying the swizzle twice gives the offset back.
      return "the swizzle is its own inverse";
    }
    return "the masks overlap, so the inverse XORs " + swizzle.inverseTerms().size()
        + " terms, N + N^2 + ... over GF(2)";
  }

  /** {@code 0x1c0}: how generated code writes a mask. */
  private static String hex(int mask) {
    return "0x" + Integer.toHexString(mask);
  }

  private static String bitRange(int mask) {
    int low = Integer.numberOfTrailingZeros(mask);
    int high = 31 - Integer.numberOfLeadingZeros(mask);
    return low == high ? "bit " + low : "bits " + low + ".." + high;
  }
}
