package dev.swizzlegen.runtime.umma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.OperandShape;

/**
 * The 64-bit shared-memory descriptor of {@code tcgen05.mma} (PTX ISA, "Shared memory descriptor";
 * CuTe's {@code UMMA::SmemDescriptor}), its fields in bytes, and where the tensor cores read each
 * element through it.
 *
 * <pre>
 *   bits  0-13  start address         (address &amp; 0x3FFFF) &gt;&gt; 4
 *   bits 16-29  leading byte offset   LBO &gt;&gt; 4
 *   bits 32-45  stride byte offset    SBO &gt;&gt; 4
 *   bits 46-47  version               1 on sm_100
 *   bits 49-51  base offset           0 when the pattern starts at an address aligned to its repeat
 *   bit  52     LBO mode              0: LBO is a byte offset (CuTe's "legacy" mode)
 *   bits 61-63  layout type           0 none, 1 128B_BASE32B, 2 128B, 4 64B, 6 32B
 * </pre>
 *
 * <p>The canonical layouts it describes ({@code make_umma_desc}), in bytes, with {@code W} the layout
 * type's row ({@link UmmaLayoutType#rowBytes}) and {@code R} its rows a group
 * ({@link UmmaLayoutType#groupRows}), the byte pattern then applied to the address:
 *
 * <pre>
 *   K-major,  no swizzle:  row r of M or N, byte b of K:  (r % 8) * 16 + (r / 8) * SBO + (b / 16) * LBO + b % 16
 *   K-major,  swizzled:                                   (r % 8) * W  + (r / 8) * SBO + b              (LBO unused)
 *   MN-major, no swizzle:  byte b of M or N, row k of K:  (b / 16) * SBO + b % 16 + (k % 8) * 16 + (k / 8) * LBO
 *   MN-major, swizzled:                                   (b / W) * LBO + b % W + (k % R) * W + (k / R) * SBO
 * </pre>
 *
 * @param startAddress the shared-memory byte address of the operand's first element
 * @param leadingByteOffset LBO, bytes
 * @param strideByteOffset SBO, bytes
 * @param baseOffset the 3-bit base offset
 * @param lboMode the LBO mode bit: 0, LBO is an offset
 * @param version the 2-bit descriptor version: 1 on sm_100
 * @param layoutType the layout type
 */
public record UmmaDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset,
    int baseOffset, int lboMode, int version, UmmaLayoutType layoutType) {
  /** Shared memory is addressed with 18 bits, in 16-byte units in the descriptor. */
  static final int ADDRESS_MASK = 0x3FFFF;
  /** The version Blackwell's tensor cores read (bits 46-47), as CuTe sets it. */
  public static final int SM100_VERSION = 1;

  public UmmaDescriptor {
    for (int offset : new int[] {leadingByteOffset, strideByteOffset}) {
      if (offset < 0 || offset > ADDRESS_MASK || offset % 16 != 0) {
        throw new IllegalArgumentException("a descriptor's byte offsets are multiples of 16 below"
            + " 2^18, not " + offset);
      }
    }
    if (baseOffset < 0 || baseOffset > 7) {
      throw new IllegalArgumentException("the base offset has 3 bits, not " + baseOffset);
    }
    if (lboMode < 0 || lboMode > 1) {
      throw new IllegalArgumentException("the LBO mode has 1 bit, not " + lboMode);
    }
    if (version < 0 || version > 3) {
      throw new IllegalArgumentException("the version has 2 bits, not " + version);
    }
  }

  /** The descriptor of Blackwell's version, base offset 0 and LBO mode 0, as CuTe makes them. */
  static UmmaDescriptor of(int startAddress, int leadingByteOffset, int strideByteOffset,
      UmmaLayoutType layoutType) {
    return new UmmaDescriptor(startAddress, leadingByteOffset, strideByteOffset, 0, 0,
        SM100_VERSION, layoutType);
  }

  /** The 64-bit descriptor. */
  public long encode() {
    return ((long) (startAddress & ADDRESS_MASK) >> 4)
        | ((long) (leadingByteOffset >> 4) << 16)
        | ((long) (strideByteOffset >> 4) << 32)
        | ((long) version << 46)
        | ((long) baseOffset << 49)
        | ((long) lboMode << 52)
        | ((long) layoutType.code() << 61);
  }

  /** The fields of a 64-bit descriptor; the start address is its 18 bits, 16-byte aligned. */
  public static UmmaDescriptor decode(long bits) {
    return new UmmaDescriptor((int) (bits & 0x3FFF) << 4, (int) ((bits >>> 16) & 0x3FFF) << 4,
        (int) ((bits >>> 32) & 0x3FFF) << 4, (int) ((bits >>> 49) & 0x7),
        (int) ((bits >>> 52) & 0x1), (int) ((bits >>> 46) & 0x3),
        UmmaLayoutType.ofCode((int) (bits >>> 61)));
  }

  /** The constant part: every field but the start address, for a descriptor built by adding it. */
  public long encodeWithoutStart() {
    return new UmmaDescriptor(0, leadingByteOffset, strideByteOffset, baseOffset, lboMode, version,
        layoutType).encode();
  }

  /**
   * The shared-memory byte address from which tcgen05 reads element ({@code mn}, {@code k}) of the
   * operand this descriptor describes: {@code mn} counts M (or N) from the operand's first, {@code k}
   * the K elements of one instruction (32 bytes of K). The canonical layout of the operand's major,
   * on its tile's elements, then the byte pattern on the address, as the hardware applies it to
   * pattern-aligned shared memory.
   */
  int address(OperandShape operand, int mn, int k) {
    if (baseOffset != 0 || lboMode != 0) {
      throw new UnsupportedOperationException("only descriptors of pattern-aligned operands, whose"
          + " base offset is 0, with LBO an offset (mode 0), are modelled");
    }
    int row = layoutType.rowBytes();
    boolean swizzled = layoutType != UmmaLayoutType.SWIZZLE_NONE;
    int linear;
    if (operand.major() == Major.K) {
      int kByte = operand.bytesOf(k);
      linear = swizzled
          ? mn % 8 * row + mn / 8 * strideByteOffset + kByte
          : mn % 8 * 16 + mn / 8 * strideByteOffset + kByte / 16 * leadingByteOffset + kByte % 16;
    } else {
      int mnByte = operand.bytesOf(mn);
      int rows = layoutType.groupRows();
      linear = swizzled
          ? mnByte / row * leadingByteOffset + mnByte % row + k % rows * row
              + k / rows * strideByteOffset
          : mnByte / 16 * strideByteOffset + mnByte % 16 + k % 8 * 16 + k / 8 * leadingByteOffset;
    }
    return layoutType.byteMap().apply(startAddress + linear);
  }
}
