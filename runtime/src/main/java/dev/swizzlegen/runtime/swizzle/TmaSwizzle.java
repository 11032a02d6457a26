package dev.swizzlegen.runtime.swizzle;

import java.util.Optional;

/**
 * The shared-memory layouts the bulk tensor copy engine (TMA) writes, as {@code CUtensorMapSwizzle}
 * names them. Each is a swizzle on byte offsets: 16-byte units ({@code M = 4}) permuted within rows
 * of 128 bytes ({@code S = 3}), keyed by {@code B} row bits; the pattern repeats every
 * {@code 2^(B+7)} bytes, which the tile's base must be aligned to.
 */
public enum TmaSwizzle {
  /** No swizzle: {@code CU_TENSOR_MAP_SWIZZLE_NONE}. */
  NONE("CU_TENSOR_MAP_SWIZZLE_NONE", 0, 128),
  /** {@code Swizzle<1,4,3>} on bytes. */
  SWIZZLE_32B("CU_TENSOR_MAP_SWIZZLE_32B", 1, 256),
  /** {@code Swizzle<2,4,3>} on bytes. */
  SWIZZLE_64B("CU_TENSOR_MAP_SWIZZLE_64B", 2, 512),
  /** {@code Swizzle<3,4,3>} on bytes. */
  SWIZZLE_128B("CU_TENSOR_MAP_SWIZZLE_128B", 3, 1024);

  private final String cudaName;
  private final int alignmentBytes;
  private final Swizzle byteSwizzle;
  private final XorMap byteMap;

  TmaSwizzle(String cudaName, int bits, int alignmentBytes) {
    this.cudaName = cudaName;
    this.alignmentBytes = alignmentBytes;
    this.byteSwizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, 4, 3);
    this.byteMap = XorMap.of(byteSwizzle);
  }

  /** The {@code CUtensorMapSwizzle} enumerator. */
  public String cudaName() {
    return cudaName;
  }

  /** The byte-level swizzle the engine applies. */
  public Swizzle byteSwizzle() {
    return byteSwizzle;
  }

  /** The byte-level pattern as a map of byte offsets. */
  public XorMap byteMap() {
    return byteMap;
  }

  /** The alignment the tile's base needs for the pattern to line up with its offsets. */
  public int alignmentBytes() {
    return alignmentBytes;
  }

  /** The mode whose byte-level pattern equals {@code byteSwizzle}, if there is one. */
  public static Optional<TmaSwizzle> of(Swizzle byteSwizzle) {
    return of(XorMap.of(byteSwizzle));
  }

  /** The mode whose byte-level pattern is the map {@code byteMap}, if there is one. */
  public static Optional<TmaSwizzle> of(XorMap byteMap) {
    for (TmaSwizzle mode : values()) {
      if (mode.byteMap.equals(byteMap)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }
}
