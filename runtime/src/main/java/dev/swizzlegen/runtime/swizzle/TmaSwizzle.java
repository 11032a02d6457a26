package dev.swizzlegen.runtime.swizzle;

import java.util.Optional;

/**
 * The shared-memory layouts the bulk tensor copy engine (TMA) writes, as {@code CUtensorMapSwizzle}
 * names them: each an {@link XorMap} on byte offsets, which the tile's base must be aligned to the
 * repeat of.
 *
 * <pre>
 *   mode                  value  moves          within   byte map                       repeat
 *   NONE                  0      -              -        identity                       -
 *   32B                   1      16-byte units  32 B     Swizzle&lt;1,4,3&gt;                 256 B
 *   64B                   2      16-byte units  64 B     Swizzle&lt;2,4,3&gt;                 512 B
 *   128B                  3      16-byte units  128 B    Swizzle&lt;3,4,3&gt;                 1024 B
 *   128B_ATOM_32B         4      32-byte units  128 B    Swizzle&lt;2,5,2&gt;                 512 B   sm_100
 *   128B_ATOM_32B_FLIP_8B 5      32-byte units  128 B    Swizzle&lt;2,5,2&gt;, and bit 3 ^= bit 7  512 B   sm_100
 *   128B_ATOM_64B         6      64-byte units  128 B    Swizzle&lt;1,6,1&gt;                 256 B   sm_100
 * </pre>
 *
 * <p>The Hopper modes permute the 16-byte units of each 128-byte row by the row's low bits. The
 * Blackwell modes (CUDA 12.8, sm_100) permute 32- or 64-byte units of 128-byte rows the same way,
 * as many row bits as there are units to permute: {@code Swizzle<2,5,2>} is CuTe's
 * {@code SWIZZLE_128B_BASE32B}, which CuTe maps to {@code CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B}. The
 * FLIP mode also swaps the two 8-byte halves of every 16 bytes in every other 128-byte row
 * ({@code cuda.h}): bit 3 of the address XOR bit 7, a second term, so no {@code Swizzle<B,M,S>}.
 */
public enum TmaSwizzle {
  /** No swizzle: {@code CU_TENSOR_MAP_SWIZZLE_NONE}. */
  NONE("CU_TENSOR_MAP_SWIZZLE_NONE", 0, XorMap.IDENTITY, 0, 128, false),
  /** {@code Swizzle<1,4,3>} on bytes. */
  SWIZZLE_32B("CU_TENSOR_MAP_SWIZZLE_32B", 1, XorMap.of(Swizzle.of(1, 4, 3)), 32, 256, false),
  /** {@code Swizzle<2,4,3>} on bytes. */
  SWIZZLE_64B("CU_TENSOR_MAP_SWIZZLE_64B", 2, XorMap.of(Swizzle.of(2, 4, 3)), 64, 512, false),
  /** {@code Swizzle<3,4,3>} on bytes. */
  SWIZZLE_128B("CU_TENSOR_MAP_SWIZZLE_128B", 3, XorMap.of(Swizzle.of(3, 4, 3)), 128, 1024, false),
  /** 32-byte units within 128 bytes, {@code Swizzle<2,5,2>} on bytes (sm_100, CUDA 12.8). */
  SWIZZLE_128B_ATOM_32B("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B", 4, XorMap.of(Swizzle.of(2, 5, 2)),
      128, 512, true),
  /**
   * {@link #SWIZZLE_128B_ATOM_32B}, and the 8-byte halves of each 16 bytes swapped in odd 128-byte
   * rows (sm_100, CUDA 12.8).
   */
  SWIZZLE_128B_ATOM_32B_FLIP_8B("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B", 5,
      flip8B(XorMap.of(Swizzle.of(2, 5, 2))), 128, 512, true),
  /** 64-byte units within 128 bytes, {@code Swizzle<1,6,1>} on bytes (sm_100, CUDA 12.8). */
  SWIZZLE_128B_ATOM_64B("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B", 6, XorMap.of(Swizzle.of(1, 6, 1)),
      128, 256, true);

  private final String cudaName;
  private final int value;
  private final XorMap byteMap;
  /** {@code byteMap} as one swizzle, read once: descriptors apply it to every element's address. */
  private final Optional<Swizzle> byteSwizzle;
  private final int spanBytes;
  private final int alignmentBytes;
  private final boolean blackwell;

  TmaSwizzle(String cudaName, int value, XorMap byteMap, int spanBytes, int alignmentBytes,
      boolean blackwell) {
    this.cudaName = cudaName;
    this.value = value;
    this.byteMap = byteMap;
    this.byteSwizzle = byteMap.asSwizzle();
    this.spanBytes = spanBytes;
    this.alignmentBytes = alignmentBytes;
    this.blackwell = blackwell;
  }

  /** {@code map}, and bit 3 XOR bit 7: the 8-byte halves of each 16 bytes swapped in odd rows. */
  private static XorMap flip8B(XorMap map) {
    int[] images = new int[9];
    for (int bit = 0; bit < images.length; bit++) {
      images[bit] = map.apply(1 << bit);
    }
    images[7] |= 1 << 3;
    return XorMap.ofImages(images);
  }

  /** The {@code CUtensorMapSwizzle} enumerator. */
  public String cudaName() {
    return cudaName;
  }

  /** The enumerator's value in {@code cuda.h}. */
  public int value() {
    return value;
  }

  /**
   * Whether the mode is one of Blackwell's: {@code cuda.h} names it from CUDA 12.8 on, and the
   * engine of sm_100 and later writes it.
   */
  public boolean isBlackwell() {
    return blackwell;
  }

  /** The byte-level swizzle the engine applies, where the pattern is one {@code Swizzle<B,M,S>}. */
  public Optional<Swizzle> byteSwizzle() {
    return byteSwizzle;
  }

  /** The byte-level pattern as a map of byte offsets. */
  public XorMap byteMap() {
    return byteMap;
  }

  /** The bytes one swizzled box row may span: 32, 64 or 128; 0 without a swizzle. */
  public int spanBytes() {
    return spanBytes;
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
