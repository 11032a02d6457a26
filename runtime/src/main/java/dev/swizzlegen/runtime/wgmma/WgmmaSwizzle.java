package dev.swizzlegen.runtime.wgmma;

import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;

/**
 * The layout types of a wgmma matrix descriptor (bits 62-63, "swizzle mode"): the same byte patterns
 * the bulk tensor copy engine writes ({@link TmaSwizzle}), so that TMA can fill what wgmma reads.
 *
 * <pre>
 *   code  mode          byte pattern        a swizzled row   repeat
 *   0     no swizzle    none                16 bytes         (16-byte core-matrix rows)
 *   1     128-byte      Swizzle&lt;3,4,3&gt;      128 bytes        1024 bytes
 *   2     64-byte       Swizzle&lt;2,4,3&gt;      64 bytes         512 bytes
 *   3     32-byte       Swizzle&lt;1,4,3&gt;      32 bytes         256 bytes
 * </pre>
 */
public enum WgmmaSwizzle {
  /** No swizzle ("interleave"): 8 x 16-byte core matrices, each 128 contiguous bytes. */
  NONE(0, TmaSwizzle.NONE),
  /** The 128-byte swizzle: rows of 128 bytes, {@code Swizzle<3,4,3>} on bytes. */
  SWIZZLE_128B(1, TmaSwizzle.SWIZZLE_128B),
  /** The 64-byte swizzle: rows of 64 bytes, {@code Swizzle<2,4,3>} on bytes. */
  SWIZZLE_64B(2, TmaSwizzle.SWIZZLE_64B),
  /** The 32-byte swizzle: rows of 32 bytes, {@code Swizzle<1,4,3>} on bytes. */
  SWIZZLE_32B(3, TmaSwizzle.SWIZZLE_32B);

  private final int code;
  private final TmaSwizzle pattern;

  WgmmaSwizzle(int code, TmaSwizzle pattern) {
    this.code = code;
    this.pattern = pattern;
  }

  /** The value of the descriptor's bits 62-63. */
  public int code() {
    return code;
  }

  /** The TMA mode that writes the same bytes. */
  TmaSwizzle tmaMode() {
    return pattern;
  }

  /** The swizzle applied to shared-memory byte addresses. */
  Swizzle byteSwizzle() {
    return pattern.byteSwizzle().orElseThrow();
  }

  /** The swizzle as a map of shared-memory byte offsets. */
  XorMap byteMap() {
    return pattern.byteMap();
  }

  /** 16-byte units in one row of the pattern: 1 without a swizzle, else 2, 4 or 8. */
  int rowUnits() {
    return this == NONE ? 1 : 1 << byteSwizzle().bits();
  }

  /** Bytes the operand's base must be aligned to: the pattern's repeat, or one 16-byte unit. */
  int alignmentBytes() {
    return this == NONE ? 16 : pattern.alignmentBytes();
  }

  /** {@code "the 128-byte swizzle"}, {@code "no swizzle"}. */
  public String description() {
    return this == NONE ? "no swizzle" : "the " + rowUnits() * 16 + "-byte swizzle";
  }

  /** The mode with this byte pattern, if wgmma has one: not for the Blackwell TMA modes. */
  static Optional<WgmmaSwizzle> of(TmaSwizzle pattern) {
    for (WgmmaSwizzle mode : values()) {
      if (mode.pattern == pattern) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }

  /** The mode whose byte pattern is the map {@code byteMap} (a tile's {@code byteMap()}), if one is. */
  static Optional<WgmmaSwizzle> of(XorMap byteMap) {
    return TmaSwizzle.of(byteMap).flatMap(WgmmaSwizzle::of);
  }

  /** The mode of a descriptor's bits 62-63. */
  static WgmmaSwizzle ofCode(int code) {
    for (WgmmaSwizzle mode : values()) {
      if (mode.code == code) {
        return mode;
      }
    }
    throw new IllegalArgumentException("layout type " + code);
  }
}
