package dev.swizzlegen.runtime.engine.mma;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The 64-bit shared-memory matrix descriptor of {@code wgmma.mma_async} (PTX ISA, "Matrix
 * Descriptor Format"; CuTe's {@code GmmaDescriptor}):
 *
 * <pre>
 *   bits  0-13  start address      (address &amp; 0x3FFFF) &gt;&gt; 4
 *   bits 16-29  leading byte offset  LBO &gt;&gt; 4
 *   bits 32-45  stride byte offset   SBO &gt;&gt; 4
 *   bits 49-51  base offset          0 when the pattern starts at an address aligned to its repeat
 *   bits 62-63  layout type          0 no swizzle, 1 128-byte, 2 64-byte, 3 32-byte swizzle
 * </pre>
 *
 * @param startAddress the shared-memory byte address of the operand's first element
 * @param leadingByteOffset LBO, bytes
 * @param strideByteOffset SBO, bytes
 * @param baseOffset the 3-bit base offset
 * @param layoutType the layout type: no swizzle, or the 32-, 64- or 128-byte swizzle
 */
public record GmmaDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset,
    int baseOffset, MmaLayoutType layoutType) implements MmaDescriptor {
  /** The fields, from bit 0 up. */
  private static final List<Bits> FIELDS = List.of(
      new Bits(Field.START_ADDRESS, 0, 14),
      new Bits(Field.LEADING_BYTE_OFFSET, 16, 14),
      new Bits(Field.STRIDE_BYTE_OFFSET, 32, 14),
      new Bits(Field.BASE_OFFSET, 49, 3),
      new Bits(Field.LAYOUT_TYPE, 62, 2));
  /** The layout types (bits 62-63, "swizzle mode"), by code. */
  private static final Map<MmaLayoutType, Integer> LAYOUT_TYPES = layoutTypeCodes();
  /** The descriptor every wgmma operand's is made from: base offset 0, no swizzle yet. */
  static final GmmaDescriptor SM90 = new GmmaDescriptor(0, 0, 0, 0, MmaLayoutType.NONE);

  public GmmaDescriptor {
    DescriptorFields.check(leadingByteOffset, strideByteOffset, baseOffset, layoutType,
        LAYOUT_TYPES);
  }

  private static Map<MmaLayoutType, Integer> layoutTypeCodes() {
    Map<MmaLayoutType, Integer> codes = new LinkedHashMap<>();
    codes.put(MmaLayoutType.NONE, 0);
    codes.put(MmaLayoutType.SWIZZLE_128B, 1);
    codes.put(MmaLayoutType.SWIZZLE_64B, 2);
    codes.put(MmaLayoutType.SWIZZLE_32B, 3);
    return Collections.unmodifiableMap(codes);
  }

  /** The fields of a 64-bit descriptor; the start address is its 18 bits, 16-byte aligned. */
  public static GmmaDescriptor decode(long bits) {
    Map<Field, Integer> values = DescriptorFields.values(bits, FIELDS);
    return new GmmaDescriptor(values.get(Field.START_ADDRESS),
        values.get(Field.LEADING_BYTE_OFFSET), values.get(Field.STRIDE_BYTE_OFFSET),
        values.get(Field.BASE_OFFSET),
        DescriptorFields.layoutType(LAYOUT_TYPES, values.get(Field.LAYOUT_TYPE)));
  }

  @Override
  public List<Bits> fields() {
    return FIELDS;
  }

  @Override
  public Map<MmaLayoutType, Integer> layoutTypes() {
    return LAYOUT_TYPES;
  }

  @Override
  public Optional<String> layoutTypeName(MmaLayoutType type) {
    return Optional.empty();
  }

  @Override
  public GmmaDescriptor with(int startAddress, int leadingByteOffset, int strideByteOffset,
      MmaLayoutType layoutType) {
    return new GmmaDescriptor(startAddress, leadingByteOffset, strideByteOffset, baseOffset,
        layoutType);
  }

  @Override
  public GmmaDescriptor read(long bits) {
    return decode(bits);
  }
}
