package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.engine.mma.MmaDescriptor.Bits;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor.Field;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What both descriptors do with their fields: read them out of 64 bits, and check them. */
final class DescriptorFields {
  private DescriptorFields() {}

  /**
   * The value of each field of the 64 bits {@code bits}, laid out as {@code fields} say: bytes for
   * the address and offsets, the code for the layout type; absent for a field not laid out.
   */
  static Map<Field, Integer> values(long bits, List<Bits> fields) {
    Map<Field, Integer> values = new EnumMap<>(Field.class);
    for (Bits at : fields) {
      int value = (int) ((bits >>> at.shift()) & ((1L << at.width()) - 1));
      values.put(at.field(), at.field().inUnits() ? value << 4 : value);
    }
    return values;
  }

  /** The layout type of {@code code} among {@code layoutTypes}. */
  static MmaLayoutType layoutType(Map<MmaLayoutType, Integer> layoutTypes, int code) {
    for (Map.Entry<MmaLayoutType, Integer> type : layoutTypes.entrySet()) {
      if (type.getValue() == code) {
        return type.getKey();
      }
    }
    throw new IllegalArgumentException("layout type " + code);
  }

  /**
   * Checks what every descriptor's fields must be: byte offsets multiples of 16 below 2^18, a base
   * offset of 3 bits, a layout type the descriptor has.
   */
  static void check(int leadingByteOffset, int strideByteOffset, int baseOffset,
      MmaLayoutType layoutType, Map<MmaLayoutType, Integer> layoutTypes) {
    for (int offset : new int[] {leadingByteOffset, strideByteOffset}) {
      if (offset < 0 || offset > MmaDescriptor.ADDRESS_MASK || offset % 16 != 0) {
        throw new IllegalArgumentException("a descriptor's byte offsets are multiples of 16 below"
            + " 2^18, not " + offset);
      }
    }
    if (baseOffset < 0 || baseOffset > 7) {
      throw new IllegalArgumentException("the base offset has 3 bits, not " + baseOffset);
    }
    if (!layoutTypes.containsKey(layoutType)) {
      throw new IllegalArgumentException("no layout type " + layoutType + " in this descriptor");
    }
  }
}
