package dev.swizzlegen.runtime.swizzle;

/**
 * One term {@code shiftr(offset & mask, shift)} of a swizzle or of its inverse: the bits under
 * {@code mask}, moved right by {@code shift} (left where {@code shift} is negative), to be XORed into
 * the offset.
 *
 * @param mask the bits read, non-zero
 * @param shift the distance they move down; negative moves them up
 */
public record XorTerm(int mask, int shift) {
  /** The term's value for {@code offset}. */
  public int of(int offset) {
    int selected = offset & mask;
    return shift >= 0 ? selected >>> shift : selected << -shift;
  }
}
