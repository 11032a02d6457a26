package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.OperandShape;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A 64-bit shared-memory descriptor through which the tensor cores read an operand, its fields in
 * bytes, and where they read each element through it. CuTe keeps one union per format; here one
 * record holds either, its {@link Encoding} (wgmma's {@code GmmaDescriptor}, tcgen05's
 * {@code UMMA::SmemDescriptor}) the table of where its fields lie, which {@link #encode()} and
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
 *
 * @param encoding where the fields lie and the codes of the layout types
 * @param startAddress the shared-memory byte address of the operand's first element
 * @param leadingByteOffset LBO, bytes
 * @param strideByteOffset SBO, bytes
 * @param baseOffset the 3-bit base offset
 * @param lboMode the LBO mode bit (tcgen05; 0: LBO is an offset, CuTe's "legacy" mode)
 * @param version the 2-bit descriptor version (tcgen05: 1 on sm_100)
 * @param layoutType the canonical layout the descriptor reads
 */
public record MmaDescriptor(Encoding encoding, int startAddress, int leadingByteOffset,
    int strideByteOffset, int baseOffset, int lboMode, int version, MmaLayoutType layoutType) {
  /** Shared memory is addressed with 18 bits, in 16-byte units in the descriptor. */
  public static final int ADDRESS_MASK = 0x3FFFF;

  /**
   * Where a format's descriptor keeps its fields (PTX ISA, wgmma's "Matrix Descriptor Format" and
   * tcgen05's "Shared memory descriptor"), and the code of each layout type it has:
   *
   * <pre>
   *   bits                 GMMA (wgmma)                   UMMA (tcgen05)
   *    0-13  start address (address &amp; 0x3FFFF) &gt;&gt; 4    the same
   *   16-29  LBO           LBO &gt;&gt; 4                       the same
   *   32-45  SBO           SBO &gt;&gt; 4                       the same
   *   46-47  version       -                              1 on sm_100
   *   49-51  base offset   0 where the pattern starts at an address aligned to its repeat
   *   52     LBO mode      -                              0: LBO is a byte offset
   *   layout type          62-63: 0 none, 1 128B,         61-63: 0 none, 1 128B_BASE32B, 2 128B,
   *                        2 64B, 3 32B                   4 64B, 6 32B
   * </pre>
   */
  public enum Encoding {
    /** wgmma's, CuTe's {@code GmmaDescriptor}. */
    GMMA(List.of(new Bits(Field.START_ADDRESS, 0, 14), new Bits(Field.LEADING_BYTE_OFFSET, 16, 14),
        new Bits(Field.STRIDE_BYTE_OFFSET, 32, 14), new Bits(Field.BASE_OFFSET, 49, 3),
        new Bits(Field.LAYOUT_TYPE, 62, 2)),
        List.of(MmaLayoutType.NONE, MmaLayoutType.SWIZZLE_128B, MmaLayoutType.SWIZZLE_64B,
            MmaLayoutType.SWIZZLE_32B), List.of(0, 1, 2, 3), false, 0),
    /** tcgen05's, CuTe's {@code UMMA::SmemDescriptor}. */
    UMMA(List.of(new Bits(Field.START_ADDRESS, 0, 14), new Bits(Field.LEADING_BYTE_OFFSET, 16, 14),
        new Bits(Field.STRIDE_BYTE_OFFSET, 32, 14), new Bits(Field.VERSION, 46, 2),
        new Bits(Field.BASE_OFFSET, 49, 3), new Bits(Field.LBO_MODE, 52, 1),
        new Bits(Field.LAYOUT_TYPE, 61, 3)),
        List.of(MmaLayoutType.NONE, MmaLayoutType.SWIZZLE_128B_BASE32B, MmaLayoutType.SWIZZLE_128B,
            MmaLayoutType.SWIZZLE_64B, MmaLayoutType.SWIZZLE_32B), List.of(0, 1, 2, 4, 6), true, 1);

    private final List<Bits> fields;
    private final Map<MmaLayoutType, Integer> layoutTypes;
    private final boolean namesLayoutTypes;
    private final int version;

    Encoding(List<Bits> fields, List<MmaLayoutType> types, List<Integer> codes,
        boolean namesLayoutTypes, int version) {
      this.fields = fields;
      Map<MmaLayoutType, Integer> byType = new LinkedHashMap<>();
      for (int i = 0; i < types.size(); i++) {
        byType.put(types.get(i), codes.get(i));
      }
      this.layoutTypes = Collections.unmodifiableMap(byType);
      this.namesLayoutTypes = namesLayoutTypes;
      this.version = version;
    }

    /** The bits of {@code field}; 0 where the encoding has none. */
    private int width(Field field) {
      for (Bits at : fields) {
        if (at.field() == field) {
          return at.width();
        }
      }
      return 0;
    }

    /**
     * The descriptor every operand's is made from, as CuTe makes them: base offset 0, LBO mode 0,
     * the version the architecture reads (tcgen05's 1 on sm_100), no swizzle yet.
     */
    public MmaDescriptor operandBase() {
      return new MmaDescriptor(this, 0, 0, 0, 0, 0, version, MmaLayoutType.NONE);
    }

    /** The descriptor of the 64 bits {@code bits}; its start address is 18 bits, 16-byte aligned. */
    public MmaDescriptor decode(long bits) {
      int[] values = new int[Field.values().length];
      for (Bits at : fields) {
        int value = (int) ((bits >>> at.shift()) & ((1L << at.width()) - 1));
        values[at.field().ordinal()] = at.field().inUnits() ? value << 4 : value;
      }
      return new MmaDescriptor(this, values[Field.START_ADDRESS.ordinal()],
          values[Field.LEADING_BYTE_OFFSET.ordinal()], values[Field.STRIDE_BYTE_OFFSET.ordinal()],
          values[Field.BASE_OFFSET.ordinal()], values[Field.LBO_MODE.ordinal()],
          values[Field.VERSION.ordinal()], layoutType(values[Field.LAYOUT_TYPE.ordinal()]));
    }

    /** The layout type of {@code code}. */
    MmaLayoutType layoutType(int code) {
      for (Map.Entry<MmaLayoutType, Integer> type : layoutTypes.entrySet()) {
        if (type.getValue() == code) {
          return type.getKey();
        }
      }
      throw new IllegalArgumentException("layout type " + code);
    }
  }

  /** What a field of a descriptor holds. */
  public enum Field {
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
  public record Bits(Field field, int shift, int width) {}

  /**
   * Checks the fields: byte offsets multiples of 16 below 2^18, a base offset of 3 bits, each field
   * within its bits and 0 where the encoding has none, a layout type the encoding has.
   */
  public MmaDescriptor {
    Objects.requireNonNull(encoding, "encoding");
    for (int offset : new int[] {leadingByteOffset, strideByteOffset}) {
      if (offset < 0 || offset > ADDRESS_MASK || offset % 16 != 0) {
        throw new IllegalArgumentException("a descriptor's byte offsets are multiples of 16 below"
            + " 2^18, not " + offset);
      }
    }
    if (baseOffset < 0 || baseOffset > 7) {
      throw new IllegalArgumentException("the base offset has 3 bits, not " + baseOffset);
    }
    if (!encoding.layoutTypes.containsKey(layoutType)) {
      throw new IllegalArgumentException("no layout type " + layoutType + " in " + encoding
          + "'s descriptor");
    }
    for (Field field : new Field[] {Field.LBO_MODE, Field.VERSION}) {
      int value = field == Field.LBO_MODE ? lboMode : version;
      int width = encoding.width(field);
      if (value < 0 || value >= 1 << width) {
        throw new IllegalArgumentException(encoding + "'s " + field + " has " + width
            + " bits, not " + value);
      }
    }
  }

  /** The descriptor's fields, from bit 0 up: where each lies. */
  public List<Bits> fields() {
    return encoding.fields;
  }

  /** The layout types this descriptor has, each with its code, in the order of their codes. */
  public Map<MmaLayoutType, Integer> layoutTypes() {
    return encoding.layoutTypes;
  }

  /**
   * The name of {@code type} in CuTe's enumeration of this descriptor's layout types, where the
   * generated files give it beside the description: tcgen05's ({@code SWIZZLE_128B}, whose codes
   * are not in the order of the rows); wgmma's are given by code and description only.
   */
  public Optional<String> layoutTypeName(MmaLayoutType type) {
    return encoding.namesLayoutTypes
        ? Optional.of(type == MmaLayoutType.NONE ? "SWIZZLE_NONE" : type.name())
        : Optional.empty();
  }

  /** This descriptor with another start address, offsets and layout type; its other fields kept. */
  public MmaDescriptor with(int startAddress, int leadingByteOffset, int strideByteOffset,
      MmaLayoutType layoutType) {
    return new MmaDescriptor(encoding, startAddress, leadingByteOffset, strideByteOffset,
        baseOffset, lboMode, version, layoutType);
  }

  /** The descriptor of this one's encoding that the 64 bits {@code bits} encode. */
  public MmaDescriptor read(long bits) {
    return encoding.decode(bits);
  }

  /**
   * The value of {@code field}: bytes for the address and offsets, the code for the layout type; 0
   * for a field the encoding does not have.
   */
  public int value(Field field) {
    return switch (field) {
      case START_ADDRESS -> startAddress;
      case LEADING_BYTE_OFFSET -> leadingByteOffset;
      case STRIDE_BYTE_OFFSET -> strideByteOffset;
      case BASE_OFFSET -> baseOffset;
      case LAYOUT_TYPE -> encoding.layoutTypes.get(layoutType);
      case VERSION -> version;
      case LBO_MODE -> lboMode;
    };
  }

  /** The 64 bits: each field's value (addresses and offsets in 16-byte units) at its bits. */
  public long encode() {
    long bits = 0;
    for (Bits at : fields()) {
      long value = at.field().inUnits() ? (value(at.field()) & ADDRESS_MASK) >> 4
          : value(at.field());
      bits |= (value & ((1L << at.width()) - 1)) << at.shift();
    }
    return bits;
  }

  /** The constant part: every field but the start address, for a descriptor built by adding it. */
  public long encodeWithoutStart() {
    return with(0, leadingByteOffset(), strideByteOffset(), layoutType()).encode();
  }

  /**
   * The shared-memory byte address from which the tensor cores read element ({@code mn}, {@code k})
   * of the operand this descriptor describes: {@code mn} counts M (or N) from the operand's first,
   * {@code k} the K elements of one instruction (32 bytes of K). The canonical layout of the
   * operand's major, on its tile's elements ({@link #linear}), then the byte pattern on the address,
   * as the hardware applies it to pattern-aligned shared memory.
   */
  public int address(OperandShape operand, int mn, int k) {
    if (baseOffset != 0 || lboMode != 0) {
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
  public int linear(OperandShape operand, int mn, int k) {
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
