package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.OperandShape;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A 64-bit shared-memory descriptor through which the tensor cores read an operand, its fields in
 * bytes, and where they read each element through it. CuTe keeps one union per format, and so does
 * this model: {@link GmmaDescriptor} (wgmma, sm_90a) and {@link UmmaDescriptor} (tcgen05, sm_100a),
 * each a table of where its fields lie ({@link #fields()}), which {@link #encode()} and
 * {@link #read(long)} follow. Both describe the same canonical layouts, in bytes, with {@code W}
 * the layout type's row ({@link MmaLayoutType#rowBytes}) and {@code R} its rows a group
 * ({@link MmaLayoutType#groupRows}), the byte pattern then applied to the address (CuTe's
 * {@code make_gmma_desc} and {@code make_umma_desc}):
 *
 * <pre>
 *   K-major,  no swizzle:  row r of M or N, byte b of K:  (r % 8) * 16 + (r / 8) * SBO + (b / 16) * LBO + b % 16
 *   K-major,  swizzled:                                   (r % 8) * W  + (r / 8) * SBO + b              (LBO unused)
 *   MN-major, no swizzle:  byte b of M or N, row k of K:  (b / 16) * SBO + b % 16 + (k % 8) * 16 + (k / 8) * LBO
 *   MN-major, swizzled:                                   (b / W) * LBO + b % W + (k % R) * W + (k / R) * SBO
 * </pre>
 */
public sealed interface MmaDescriptor permits GmmaDescriptor, UmmaDescriptor {
  /** Shared memory is addressed with 18 bits, in 16-byte units in the descriptor. */
  int ADDRESS_MASK = 0x3FFFF;

  /** What a field of a descriptor holds. */
  enum Field {
    /** The operand's shared-memory address, in 16-byte units. */
    START_ADDRESS,
    /** LBO, in 16-byte units. */
    LEADING_BYTE_OFFSET,
    /** SBO, in 16-byte units. */
    STRIDE_BYTE_OFFSET,
    /** The descriptor's version (tcgen05: 1 on sm_100). */
    VERSION,
    /** The base offset: 0 where the pattern starts at an address aligned to its repeat. */
    BASE_OFFSET,
    /** Whether LBO is an offset (0) or an absolute address (1) (tcgen05). */
    LBO_MODE,
    /** The layout type's code. */
    LAYOUT_TYPE;

    /** Whether the field holds an address or a byte offset, in 16-byte units: bytes over 16. */
    public boolean inUnits() {
      return this == START_ADDRESS || this == LEADING_BYTE_OFFSET || this == STRIDE_BYTE_OFFSET;
    }
  }

  /**
   * Where a field lies in the 64 bits.
   *
   * @param field what it holds
   * @param shift its lowest bit
   * @param width its bits
   */
  record Bits(Field field, int shift, int width) {}

  /** The shared-memory byte address of the operand's first element. */
  int startAddress();

  /** LBO, bytes. */
  int leadingByteOffset();

  /** SBO, bytes. */
  int strideByteOffset();

  /** The 3-bit base offset. */
  int baseOffset();

  /** The canonical layout the descriptor reads. */
  MmaLayoutType layoutType();

  /** The descriptor's fields, from bit 0 up: where each lies. */
  List<Bits> fields();

  /** The layout types this descriptor has, each with its code, in the order of their codes. */
  Map<MmaLayoutType, Integer> layoutTypes();

  /**
   * The name of {@code type} in CuTe's enumeration of this descriptor's layout types, where the
   * generated files give it beside the description: tcgen05's ({@code SWIZZLE_128B}, whose codes
   * are not in the order of the rows); wgmma's are given by code and description only.
   */
  Optional<String> layoutTypeName(MmaLayoutType type);

  /** This descriptor with another start address, offsets and layout type; its other fields kept. */
  MmaDescriptor with(int startAddress, int leadingByteOffset, int strideByteOffset,
      MmaLayoutType layoutType);

  /** The descriptor of this one's format that the 64 bits {@code bits} encode. */
  MmaDescriptor read(long bits);

  /**
   * The value of {@code field}: bytes for the address and offsets, the code for the layout type; 0
   * for a field this descriptor does not have.
   */
  default int value(Field field) {
    return switch (field) {
      case START_ADDRESS -> startAddress();
      case LEADING_BYTE_OFFSET -> leadingByteOffset();
      case STRIDE_BYTE_OFFSET -> strideByteOffset();
      case BASE_OFFSET -> baseOffset();
      case LAYOUT_TYPE -> layoutTypes().get(layoutType());
      case VERSION, LBO_MODE -> 0;
    };
  }

  /** The 64 bits: each field's value (addresses and offsets in 16-byte units) at its bits. */
  default long encode() {
    long bits = 0;
    for (Bits at : fields()) {
      long value = at.field().inUnits() ? (value(at.field()) & ADDRESS_MASK) >> 4
          : value(at.field());
      bits |= (value & ((1L << at.width()) - 1)) << at.shift();
    }
    return bits;
  }

  /** The constant part: every field but the start address, for a descriptor built by adding it. */
  default long encodeWithoutStart() {
    return with(0, leadingByteOffset(), strideByteOffset(), layoutType()).encode();
  }

  /**
   * The shared-memory byte address from which the tensor cores read element ({@code mn}, {@code k})
   * of the operand this descriptor describes: {@code mn} counts M (or N) from the operand's first,
   * {@code k} the K elements of one instruction (32 bytes of K). The canonical layout of the
   * operand's major, on its tile's elements ({@link #linear}), then the byte pattern on the address,
   * as the hardware applies it to pattern-aligned shared memory.
   */
  default int address(OperandShape operand, int mn, int k) {
    if (baseOffset() != 0 || value(Field.LBO_MODE) != 0) {
      throw new UnsupportedOperationException("only descriptors of pattern-aligned operands, whose"
          + " base offset is 0, with LBO an offset (mode 0), are modelled");
    }
    return layoutType().byteMap().apply(startAddress() + linear(operand, mn, k));
  }

  /**
   * The canonical layout's bytes from the start address to element ({@code mn}, {@code k}), before
   * the byte pattern: a strided function, the sum of its value at {@code (mn, 0)} and at
   * {@code (0, k)} (the class comment's formulas).
   */
  default int linear(OperandShape operand, int mn, int k) {
    MmaLayoutType type = layoutType();
    int row = type.rowBytes();
    boolean swizzled = type != MmaLayoutType.NONE;
    int leading = leadingByteOffset();
    int stride = strideByteOffset();
    if (operand.major() == Major.K) {
      int kByte = operand.bytesOf(k);
      return swizzled
          ? mn % 8 * row + mn / 8 * stride + kByte
          : mn % 8 * 16 + mn / 8 * stride + kByte / 16 * leading + kByte % 16;
    }
    int mnByte = operand.bytesOf(mn);
    int rows = type.groupRows();
    return swizzled
        ? mnByte / row * leading + mnByte % row + k % rows * row + k / rows * stride
        : mnByte / 16 * stride + mnByte % 16 + k % 8 * 16 + k / 8 * leading;
  }
}
