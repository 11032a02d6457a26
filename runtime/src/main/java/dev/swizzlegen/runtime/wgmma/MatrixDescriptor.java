package dev.swizzlegen.runtime.wgmma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.OperandShape;

/**
 * The 64-bit shared-memory matrix descriptor of {@code wgmma.mma_async} (PTX ISA, "Matrix Descriptor
 * Format"), its fields in bytes, and where the tensor cores read each element through it.
 *
 * <pre>
 *   bits  0-13  start address      (address &amp; 0x3FFFF) &gt;&gt; 4
 *   bits 16-29  leading byte offset  &gt;&gt; 4
 *   bits 32-45  stride byte offset   &gt;&gt; 4
 *   bits 49-51  base offset          0 when the pattern starts at an address aligned to its repeat
 *   bits 62-63  layout type          0 no swizzle, 1 128-byte, 2 64-byte, 3 32-byte swizzle
 * </pre>
 *
 * <p>The canonical layouts it describes, in 16-byte units {@code u}, {@code W} units to a swizzled row
 * ({@link WgmmaSwizzle#rowUnits}), the swizzle then applied to the byte address (CUTLASS's
 * {@code make_gmma_desc}):
 *
 * <pre>
 *   K-major,  no swizzle:  ((8 rows, n groups), (2 units of K)) : ((1u, SBO), LBO)
 *   K-major,  swizzled:    ((8 rows, n groups), (2 units of K)) : ((W u, SBO), 1u)     LBO unused
 *   MN-major, no swizzle:  ((1 unit, n units of MN), (8 rows, k groups of K)) : ((-, SBO), (1u, LBO))
 *   MN-major, swizzled:    ((W units, n rows of W units of MN), (8 rows, k groups)) : ((1u, LBO), (W u, SBO))
 * </pre>
 *
 * @param startAddress the shared-memory byte address of the operand's first element
 * @param leadingByteOffset LBO, bytes
 * @param strideByteOffset SBO, bytes
 * @param baseOffset the 3-bit base offset
 * @param swizzle the layout type
 */
public record MatrixDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset,
    int baseOffset, WgmmaSwizzle swizzle) {
  /** Shared memory is addressed with 18 bits, in 16-byte units in the descriptor. */
  static final int ADDRESS_MASK = 0x3FFFF;

  public MatrixDescriptor {
    for (int offset : new int[] {leadingByteOffset, strideByteOffset}) {
      if (offset < 0 || offset > ADDRESS_MASK || offset % 16 != 0) {
        throw new IllegalArgumentException("a descriptor's byte offsets are multiples of 16 below"
            + " 2^18, not " + offset);
      }
    }
    if (baseOffset < 0 || baseOffset > 7) {
      throw new IllegalArgumentException("the base offset has 3 bits, not " + baseOffset);
    }
  }

  /** The 64-bit descriptor. */
  public long encode() {
    return ((long) (startAddress & ADDRESS_MASK) >> 4)
        | ((long) (leadingByteOffset >> 4) << 16)
        | ((long) (strideByteOffset >> 4) << 32)
        | ((long) baseOffset << 49)
        | ((long) swizzle.code() << 62);
  }

  /** The fields of a 64-bit descriptor; the start address is its 18 bits, 16-byte aligned. */
  static MatrixDescriptor decode(long bits) {
    return new MatrixDescriptor((int) (bits & 0x3FFF) << 4, (int) ((bits >>> 16) & 0x3FFF) << 4,
        (int) ((bits >>> 32) & 0x3FFF) << 4, (int) ((bits >>> 49) & 0x7),
        WgmmaSwizzle.ofCode((int) (bits >>> 62)));
  }

  /** The constant part: every field but the start address, for a descriptor built by adding it. */
  long encodeWithoutStart() {
    return new MatrixDescriptor(0, leadingByteOffset, strideByteOffset, baseOffset, swizzle)
        .encode();
  }

  /**
   * The shared-memory byte address from which wgmma reads element ({@code mn}, {@code k}) of the
   * operand this descriptor describes: {@code mn} counts M (or N) from the operand's first, {@code k}
   * the K elements of one instruction (32 bytes of K). The canonical layout of the operand's major, on
   * its tile's elements, then the byte swizzle on the address, as the hardware applies it to
   * pattern-aligned shared memory.
   */
  int address(OperandShape operand, int mn, int k) {
    Major major = operand.major();
    int elementBytes = operand.elementBytes();
    if (baseOffset != 0) {
      throw new UnsupportedOperationException("only descriptors of pattern-aligned operands, whose"
          + " base offset is 0, are modelled");
    }
    int units = swizzle.rowUnits();
    int linear;
    if (major == Major.K) {
      int kByte = k * elementBytes;
      int row = mn % 8;
      int group = mn / 8;
      linear = swizzle == WgmmaSwizzle.NONE
          ? group * strideByteOffset + row * 16 + kByte / 16 * leadingByteOffset + kByte % 16
          : group * strideByteOffset + row * units * 16 + kByte;
    } else {
      int mnByte = mn * elementBytes;
      int unit = mnByte / 16;
      int row = k % 8;
      int group = k / 8;
      linear = swizzle == WgmmaSwizzle.NONE
          ? unit * strideByteOffset + group * leadingByteOffset + row * 16 + mnByte % 16
          : unit / units * leadingByteOffset + group * strideByteOffset + row * units * 16
              + mnByte % (units * 16);
    }
    return swizzle.byteSwizzle().apply(startAddress + linear);
  }
}
