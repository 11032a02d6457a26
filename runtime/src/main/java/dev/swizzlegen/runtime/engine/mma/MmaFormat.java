package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaSubByteNeedsKMajor;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaTransposeNeeds16Bit;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one family of tensor-core instructions makes of a shared-memory operand, as data: the one
 * operand planner ({@link MmaOperand}) reads everything that differs between families from here, so
 * that a new family is a new row, not a new planner. Two rows, as CuTe has two descriptor unions:
 *
 * <pre>
 *                       GMMA (sm_90a)               UMMA (sm_100a, sm_103a)
 *   instruction         wgmma.mma_async             tcgen05.mma
 *   types               f16 bf16 tf32 e4m3 e5m2     kind::f16 tf32 (FLOAT as TF32) f8f6f4 i8
 *                       s8 u8                       mxf4 (packed FP4), f8f6f4 (padded FP4, FP6)
 *   MN-major            16-bit types only           8 bits and more (4- and 6-bit: K-major only)
 *   K an instruction    32 bytes                    32 bytes
 *   M or N, at most     256                         256
 *   descriptor          GMMA encoding: layout       UMMA encoding: layout type at 61-63 (5 types,
 *                       type at 62-63 (4 types)     SWIZZLE_128B_BASE32B too), version 1 at 46-47,
 *                                                   LBO mode 0 at 52
 *   CuTe's atoms        GMMA::Layout_*_Atom         UMMA::Layout_*_Atom
 *   CUTLASS picks       ss_smem_selector            sm100_smem_selector
 * </pre>
 *
 * <p>Both read the same canonical layouts ({@link MmaLayoutType}) from pattern-aligned shared
 * memory (base offset 0), with the same LBO and SBO read off the tile.
 *
 * @param instruction the instruction as messages name it: {@code "wgmma"}, {@code "tcgen05.mma"}
 * @param engineName the engine's name in its text form ({@code "wgmma K-major"},
 *     {@code "UMMA MN-major"}) and description
 * @param kind the access kind that declares a read by it
 * @param architecture the target that has it, as {@code nvcc} names it: {@code "sm_90a"}
 * @param types the instruction's type of each element type it reads: wgmma's {@code .atype}
 *     ({@code "f16"}), tcgen05's {@code .kind} ({@code "f16"} for {@code kind::f16})
 * @param mnMajorTypes which of those it reads MN-major
 * @param instructionKBytes the bytes of K one instruction reads (dense)
 * @param maxMn the most M or N one instruction reads from a tile
 * @param descriptor the descriptor every operand's is made from: its layout, layout types and fixed
 *     fields (version, base offset, LBO mode)
 * @param cuteAtoms the CuTe namespace of the layout atoms that read as operands: {@code "GMMA"}
 * @param cutlassSelector CUTLASS's function that picks such atoms for a tile:
 *     {@code "ss_smem_selector"}
 * @param use how a read by it uses the operand's bytes: an async proxy read that completes in its
 *     own way (wgmma's group, tcgen05's commit), which a storage's phase changes wait for
 */
public record MmaFormat(String instruction, String engineName, AccessKind kind,
    String architecture, Map<DType, String> types, MnMajorTypes mnMajorTypes,
    int instructionKBytes, int maxMn, MmaDescriptor descriptor, String cuteAtoms,
    String cutlassSelector, BufferUse use) {

  /** {@code wgmma.mma_async} on sm_90a (CuTe's {@code SM90::GMMA}). */
  public static final MmaFormat GMMA = new MmaFormat("wgmma", "wgmma", AccessKind.WGMMA, "sm_90a",
      Map.of(DType.HALF, "f16", DType.BF16, "bf16", DType.TF32, "tf32", DType.FP8_E4M3, "e4m3",
          DType.FP8_E5M2, "e5m2", DType.INT8, "s8", DType.UINT8, "u8"),
      MnMajorTypes.SIXTEEN_BIT, 32, 256, MmaDescriptor.Encoding.GMMA.operandBase(), "GMMA",
      "ss_smem_selector",
      BufferUse.WGMMA_READ);

  /** {@code tcgen05.mma} on sm_100a and sm_103a (CuTe's {@code SM100::UMMA}). */
  public static final MmaFormat UMMA = new MmaFormat("tcgen05.mma", "UMMA", AccessKind.UMMA,
      "sm_100a",
      Map.ofEntries(Map.entry(DType.HALF, "f16"), Map.entry(DType.BF16, "f16"),
          Map.entry(DType.TF32, "tf32"), Map.entry(DType.FLOAT, "tf32"),
          Map.entry(DType.FP8_E4M3, "f8f6f4"), Map.entry(DType.FP8_E5M2, "f8f6f4"),
          Map.entry(DType.INT8, "i8"), Map.entry(DType.UINT8, "i8"),
          // FP4 and FP6 in the 16-byte-padded form (one byte slot an element); packed FP4, two to a
          // byte.
          Map.entry(DType.FP4_E2M1_PADDED, "f8f6f4"), Map.entry(DType.FP6_E3M2, "f8f6f4"),
          Map.entry(DType.FP6_E2M3, "f8f6f4"), Map.entry(DType.FP4_E2M1, "mxf4")),
      MnMajorTypes.WHOLE_BYTES, 32, 256, MmaDescriptor.Encoding.UMMA.operandBase(), "UMMA",
      "sm100_smem_selector",
      BufferUse.UMMA_READ);

  /** Which element types a format reads MN-major (transposed), and what it says of the others. */
  public enum MnMajorTypes {
    /**
     * wgmma transposes 16-bit operands only: {@code imm-trans} is for {@code .f16}, {@code .bf16}.
     */
    SIXTEEN_BIT,
    /** tcgen05 reads operands of 8 bits or more in either major, 4- and 6-bit ones K-major only. */
    WHOLE_BYTES;

    /** Whether an MN-major operand of {@code dtype} is read. */
    public boolean reads(DType dtype) {
      return this == SIXTEEN_BIT ? dtype.storageBits() == 16 : dtype.bits() >= 8;
    }

    /** Why an MN-major operand of {@code dtype}, which {@link #reads} refuses, is not read. */
    Violation violation(MmaFormat format, DType dtype) {
      return this == SIXTEEN_BIT ? new MmaTransposeNeeds16Bit(format, dtype)
          : new MmaSubByteNeedsKMajor(format, dtype);
    }
  }

  public MmaFormat {
    Objects.requireNonNull(instruction, "instruction");
    Objects.requireNonNull(engineName, "engineName");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(architecture, "architecture");
    types = Map.copyOf(types);
    Objects.requireNonNull(mnMajorTypes, "mnMajorTypes");
    Objects.requireNonNull(descriptor, "descriptor");
    Objects.requireNonNull(cuteAtoms, "cuteAtoms");
    Objects.requireNonNull(cutlassSelector, "cutlassSelector");
    Objects.requireNonNull(use, "use");
  }

  /** The formats, in the order the generated files give their reads: wgmma's, then tcgen05's. */
  public static List<MmaFormat> all() {
    return List.of(GMMA, UMMA);
  }

  /** The instruction's type of elements of {@code dtype}, if it reads them: {@code "f16"}. */
  public Optional<String> type(DType dtype) {
    return Optional.ofNullable(types.get(dtype));
  }

  /** The layout types the descriptor has, in the order of their codes. */
  public Set<MmaLayoutType> layoutTypes() {
    return descriptor.layoutTypes().keySet();
  }

  /** The descriptor's code of {@code type}, one of {@link #layoutTypes()}. */
  public int code(MmaLayoutType type) {
    Integer code = descriptor.layoutTypes().get(type);
    if (code == null) {
      throw new IllegalArgumentException(instruction + " has no layout type " + type);
    }
    return code;
  }

  /** The layout type of the descriptor's {@code code}. */
  public MmaLayoutType layoutType(int code) {
    return descriptor.encoding().layoutType(code);
  }

  /** The layout type whose byte pattern TMA's {@code pattern} is, if the descriptor has one. */
  public Optional<MmaLayoutType> layoutType(TmaSwizzle pattern) {
    Optional<MmaLayoutType> type = MmaLayoutType.of(pattern);
    return type.isPresent() && layoutTypes().contains(type.get()) ? type : Optional.empty();
  }

  /**
   * The descriptor of an operand at {@code startAddress} with these offsets and layout type, its
   * other fields the format's.
   */
  public MmaDescriptor descriptor(int startAddress, int leadingByteOffset, int strideByteOffset,
      MmaLayoutType layoutType) {
    return descriptor.with(startAddress, leadingByteOffset, strideByteOffset, layoutType);
  }

  /** The instruction's name: {@code "wgmma"}, {@code "tcgen05.mma"}. */
  @Override
  public String toString() {
    return instruction;
  }
}
