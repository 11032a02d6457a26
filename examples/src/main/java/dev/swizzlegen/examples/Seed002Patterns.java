package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * Seed 002's canonical patterns {@code Swizzle<B,4,3>} on bytes, each over its atom, and their
 * equivalents on halves ({@code M} is one less, because a half is 2 bytes): the same byte-level
 * permutation, the TMA modes NONE, 32B, 64B and 128B.
 */
public final class Seed002Patterns {
  private Seed002Patterns() {}

  /** {@code Swizzle<0,4,3>}: the identity, 1 x 128 bytes. */
  @SwizzledTile(bits = 0, base = 4, shift = 3, dtype = DType.UINT8)
  public interface BytesNoSwizzle {}

  /** {@code Swizzle<1,4,3>}: 32-byte swizzle, repeating every 256 bytes. */
  @SwizzledTile(bits = 1, base = 4, shift = 3, dtype = DType.UINT8)
  public interface Bytes32B {}

  /** {@code Swizzle<2,4,3>}: 64-byte swizzle, repeating every 512 bytes. */
  @SwizzledTile(bits = 2, base = 4, shift = 3, dtype = DType.UINT8)
  public interface Bytes64B {}

  /** {@code Swizzle<3,4,3>}: 128-byte swizzle, repeating every 1024 bytes. */
  @SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.UINT8)
  public interface Bytes128B {}

  /** {@code Swizzle<0,3,3>} on halves = {@code Swizzle<0,4,3>} on bytes. */
  @SwizzledTile(bits = 0, base = 3, shift = 3, dtype = DType.HALF)
  public interface HalfNoSwizzle {}

  /** {@code Swizzle<1,3,3>} on halves = {@code Swizzle<1,4,3>} on bytes. */
  @SwizzledTile(bits = 1, base = 3, shift = 3, dtype = DType.HALF)
  public interface Half32B {}

  /** {@code Swizzle<2,3,3>} on halves = {@code Swizzle<2,4,3>} on bytes. */
  @SwizzledTile(bits = 2, base = 3, shift = 3, dtype = DType.HALF)
  public interface Half64B {}

  /** {@code Swizzle<3,3,3>} on halves = {@code Swizzle<3,4,3>} on bytes. */
  @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)
  public interface Half128B {}
}
