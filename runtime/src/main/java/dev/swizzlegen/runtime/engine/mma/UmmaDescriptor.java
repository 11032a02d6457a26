package dev.swizzlegen.runtime.engine.mma;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The 64-bit shared-memory descriptor of {@code tcgen05.mma} (PTX ISA, "Shared memory descriptor";
 * CuTe's {@code UMMA::SmemDescriptor}):
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
 * @param startAddress the shared-memory byte address of the operand's first element
 * @param leadingByteOffset LBO, bytes
 * @param strideByteOffset SBO, bytes
 * @param baseOffset the 3-bit base offset
 * @param lboMode the LBO mode bit: 0, LBO is an offset
 * @param version the 2-bit descriptor version: 1 on sm_100
 * @param layoutType the layout type
 */
public record UmmaDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset,
    int baseOffset, int lboMode, int version, MmaLayoutType layoutType) implements MmaDescriptor {
  /** The version Blackwell's tensor cores read (bits 46-47), as CuTe sets it. */
  public static final int SM100_VERSION = 1;
  /** The fields, from bit 0 up. */
  private static final List<Bits> FIELDS = List.of(
      new Bits(Field.START_ADDRESS, 0, 14),
      new Bits(Field.LEADING_BYTE_OFFSET, 16, 14),
      new Bits(Field.STRIDE_BYTE_OFFSET, 32, 14),
      new Bits(Field.VERSION, 46, 2),
      new Bits(Field.BASE_OFFSET, 49, 3),
      new Bits(Field.LBO_MODE, 52, 1),
      new Bits(Field.LAYOUT_TYPE, 61, 3));
  /** The layout types (bits 61-63, CuTe's {@code UMMA::LayoutType}), by code. */
  private static final Map<MmaLayoutType, Integer> LAYOUT_TYPES = layoutTypeCodes();
  /**
   * The descriptor every tcgen05 operand's is made from: Blackwell's version, base offset 0 and LBO
   * mode 0, as CuTe makes them; no swizzle yet.
   */
  static final UmmaDescriptor SM100 = new UmmaDescriptor(0, 0, 0, 0, 0, SM100_VERSION,
      MmaLayoutType.NONE);

  public UmmaDescriptor {
    DescriptorFields.check(leadingByteOffset, strideByteOffset, baseOffset, layoutType,
        LAYOUT_TYPES);
    if (lboMode < 0 || lboMode > 1) {
      throw new IllegalArgumentException("the LBO mode has 1 bit, not " + lboMode);
    }
    if (version < 0 || version > 3) {
      throw new IllegalArgumentException("the version has 2 bits, not " + version);
    }
  }

  private static Map<MmaLayoutType, Integer> layoutTypeCodes() {
    Map<MmaLayoutType, Integer> codes = new LinkedHashMap<>();
    codes.put(MmaLayoutType.NONE, 0);
    codes.put(MmaLayoutType.SWIZZLE_128B_BASE32B, 1);
    codes.put(MmaLayoutType.SWIZZLE_128B, 2);
    codes.put(MmaLayoutType.SWIZZLE_64B, 4);
    codes.put(MmaLayoutType.SWIZZLE_32B, 6);
    return Collections.unmodifiableMap(codes);
  }

  /** The fields of a 64-bit descriptor; the start address is its 18 bits, 16-byte aligned. */
  public static UmmaDescriptor decode(long bits) {
    Map<Field, Integer> values = DescriptorFields.values(bits, FIELDS);
    return new UmmaDescriptor(values.get(Field.START_ADDRESS),
        values.get(Field.LEADING_BYTE_OFFSET), values.get(Field.STRIDE_BYTE_OFFSET),
        values.get(Field.BASE_OFFSET), values.get(Field.LBO_MODE), values.get(Field.VERSION),
        DescriptorFields.layoutType(LAYOUT_TYPES, values.get(Field.LAYOUT_TYPE)));
  }

  @Override
  public int value(Field field) {
    return switch (field) {
      case VERSION -> version;
      case LBO_MODE -> lboMode;
      default -> MmaDescriptor.super.value(field);
    };
  }

  @Override
  public List<Bits> fields() {
    return FIELDS;
  }

  @Override
  public Map<MmaLayoutType, Integer> layoutTypes() {
    return LAYOUT_TYPES;
  }

  /** CuTe's {@code UMMA::LayoutType} name: {@code SWIZZLE_NONE}, {@code SWIZZLE_128B}, ... */
  @Override
  public Optional<String> layoutTypeName(MmaLayoutType type) {
    return Optional.of(type == MmaLayoutType.NONE ? "SWIZZLE_NONE" : type.name());
  }

  @Override
  public UmmaDescriptor with(int startAddress, int leadingByteOffset, int strideByteOffset,
      MmaLayoutType layoutType) {
    return new UmmaDescriptor(startAddress, leadingByteOffset, strideByteOffset, baseOffset,
        lboMode, version, layoutType);
  }

  @Override
  public UmmaDescriptor read(long bits) {
    return decode(bits);
  }
}
