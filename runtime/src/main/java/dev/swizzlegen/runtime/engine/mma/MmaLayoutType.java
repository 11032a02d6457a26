package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;

/**
 * The canonical layouts the tensor cores read an operand in through a shared-memory descriptor: the
 * byte patterns the bulk tensor copy engine writes ({@link TmaSwizzle}), so that TMA can fill what
 * the tensor cores read. Which of them a descriptor has, and the code it gives each, is the
 * format's ({@link MmaDescriptor#layoutTypes()}): wgmma has the first four, tcgen05 all five.
 *
 * <pre>
 *   layout type             byte pattern     a row     rows a group  repeat  TMA mode
 *   NONE                    none             16 B      8             -       NONE
 *   SWIZZLE_128B            Swizzle&lt;3,4,3&gt;   128 B     8             1024 B  128B
 *   SWIZZLE_64B             Swizzle&lt;2,4,3&gt;   64 B      8             512 B   64B
 *   SWIZZLE_32B             Swizzle&lt;1,4,3&gt;   32 B      8             256 B   32B
 *   SWIZZLE_128B_BASE32B    Swizzle&lt;2,5,2&gt;   128 B     4             512 B   128B_ATOM_32B
 * </pre>
 *
 * <p>A row is what the canonical layout keeps contiguous: a 16-byte core-matrix row without a
 * swizzle, else the span the pattern permutes. A group is the rows one step of SBO (K-major: rows of
 * M or N) or of a K offset (MN-major: rows of K) covers: 8, or 4 for {@code SWIZZLE_128B_BASE32B},
 * whose pattern repeats every 4 rows of 128 bytes. {@code SWIZZLE_128B_BASE32B} permutes 32-byte
 * units; it is read MN-major only ({@code make_umma_desc<Major::K>} rejects it), and only of 32-bit
 * elements (TF32, or FLOAT read as TF32): CuTe's {@code Layout_MN_SW128_32B_Atom}, which CUTLASS's
 * {@code sm100_smem_selector} picks for MN-major 32-bit operands and for nothing else.
 */
public enum MmaLayoutType {
  /** No swizzle ("interleave"): 8 x 16-byte core matrices, each 128 contiguous bytes. */
  NONE(TmaSwizzle.NONE, 16, 8),
  /** The 128-byte swizzle: rows of 128 bytes, {@code Swizzle<3,4,3>} on bytes. */
  SWIZZLE_128B(TmaSwizzle.SWIZZLE_128B, 128, 8),
  /** The 64-byte swizzle: rows of 64 bytes, {@code Swizzle<2,4,3>} on bytes. */
  SWIZZLE_64B(TmaSwizzle.SWIZZLE_64B, 64, 8),
  /** The 32-byte swizzle: rows of 32 bytes, {@code Swizzle<1,4,3>} on bytes. */
  SWIZZLE_32B(TmaSwizzle.SWIZZLE_32B, 32, 8),
  /**
   * The 128-byte swizzle of 32-byte units, {@code Swizzle<2,5,2>} on bytes, in groups of 4 rows;
   * MN-major 32-bit operands only.
   */
  SWIZZLE_128B_BASE32B(TmaSwizzle.SWIZZLE_128B_ATOM_32B, 128, 4);

  private final TmaSwizzle pattern;
  private final int rowBytes;
  private final int groupRows;

  MmaLayoutType(TmaSwizzle pattern, int rowBytes, int groupRows) {
    this.pattern = pattern;
    this.rowBytes = rowBytes;
    this.groupRows = groupRows;
  }

  /** The TMA mode that writes the same bytes. */
  public TmaSwizzle tmaMode() {
    return pattern;
  }

  /** The pattern as a map of shared-memory byte offsets. */
  XorMap byteMap() {
    return pattern.byteMap();
  }

  /** Bytes of one row of the canonical layout: 16 without a swizzle, else 32, 64 or 128. */
  public int rowBytes() {
    return rowBytes;
  }

  /** Rows of one group: 8, or 4 for {@link #SWIZZLE_128B_BASE32B}. */
  public int groupRows() {
    return groupRows;
  }

  /** Bytes the operand's base must be aligned to: the pattern's repeat, or one 16-byte unit. */
  public int alignmentBytes() {
    return this == NONE ? 16 : pattern.alignmentBytes();
  }

  /**
   * Whether the tensor cores read an operand of this major and element size in this layout: every
   * one, but {@link #SWIZZLE_128B_BASE32B} only MN-major 32-bit ones.
   */
  public boolean reads(Major major, int elementBits) {
    return this != SWIZZLE_128B_BASE32B || (major == Major.MN && elementBits == 32);
  }

  /**
   * The swizzle of this pattern on elements of {@code elementBytes} bytes, the form a tile declares:
   * {@code Swizzle<3, log2(16 / element bytes), 3>} for the 128-byte swizzle of halves; the identity
   * without one.
   */
  public Swizzle elementSwizzle(int elementBytes) {
    if (this == NONE) {
      return Swizzle.IDENTITY;
    }
    Swizzle bytes = pattern.byteSwizzle().orElseThrow();
    return Swizzle.of(bytes.bits(), bytes.base() - Integer.numberOfTrailingZeros(elementBytes),
        bytes.shift());
  }

  /**
   * {@code "no swizzle"}, {@code "the 128-byte swizzle"}, {@code "the 128-byte swizzle of 32-byte
   * units"}.
   */
  public String description() {
    return switch (this) {
      case NONE -> "no swizzle";
      case SWIZZLE_128B_BASE32B -> "the 128-byte swizzle of 32-byte units";
      default -> "the " + rowBytes + "-byte swizzle";
    };
  }

  /** The layout type with this byte pattern, if the tensor cores have one. */
  static Optional<MmaLayoutType> of(TmaSwizzle pattern) {
    for (MmaLayoutType type : values()) {
      if (type.pattern == pattern) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
