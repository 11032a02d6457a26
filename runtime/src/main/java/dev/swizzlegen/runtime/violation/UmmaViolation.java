package dev.swizzlegen.runtime.violation;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.umma.UmmaLayoutType;
import dev.swizzlegen.runtime.violation.WgmmaViolation.DescriptorOffset;
import java.util.Optional;

/** What keeps tcgen05 from reading the tile as a UMMA operand of a major. */
public sealed interface UmmaViolation extends Violation {

  /** tcgen05 reads no operand of this type (of those swizzlegen declares). */
  record UmmaType(DType dtype) implements UmmaViolation {}

  /** tcgen05 reads 4- and 6-bit operands ({@code kind::f8f6f4}, {@code kind::mxf4}) K-major only. */
  record UmmaSubByteNeedsKMajor(DType dtype) implements UmmaViolation {}

  /**
   * The tile's K ({@code kExtent}: its cols K-major, its rows MN-major) is no multiple of the
   * {@code instructionK} elements one instruction reads.
   */
  record UmmaKNotMultiple(Major major, DType dtype, int instructionK, int kExtent)
      implements UmmaViolation {}

  /**
   * The tile's M or N ({@code mnExtent}: its rows K-major, its cols MN-major) is no multiple of the
   * {@code mnStep} tcgen05 reads it in.
   *
   * @param layoutType the layout whose row sets the step (MN-major); empty where any layout's step
   *     is meant
   */
  record UmmaMnNotMultiple(Major major, DType dtype, int mnStep, int mnExtent,
      Optional<UmmaLayoutType> layoutType) implements UmmaViolation {}

  /**
   * The tile's swizzle is none of the descriptor's layout types.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param byteSwizzle the swizzle on bytes, where it has one
   */
  record NoUmmaLayout(DType dtype, Swizzle swizzle, boolean withinEachRow,
      Optional<Swizzle> byteSwizzle) implements UmmaViolation {}

  /**
   * The tile's swizzle is {@code SWIZZLE_128B_BASE32B}'s pattern, which tcgen05 reads only as an
   * MN-major operand of 32-bit elements, on a tile declared K-major or of another type.
   *
   * @param swizzle the tile's swizzle, {@code Swizzle<2,5,2>} on bytes
   */
  record Base32BNotReadable(Major major, DType dtype, Swizzle swizzle) implements UmmaViolation {}

  /** The layout is read from a base aligned to {@code repeatBytes}, more than the tile's alignment. */
  record UmmaAlignment(UmmaLayoutType layoutType, int repeatBytes, int alignment)
      implements UmmaViolation {}

  /**
   * The groups a descriptor offset steps between are {@code bytes} apart, which no descriptor holds
   * (multiples of 16 bytes from 0 to 256 KB).
   */
  record UmmaOffsetOutOfRange(Major major, UmmaLayoutType layoutType, DescriptorOffset offset,
      int bytes) implements UmmaViolation {}

  /**
   * A descriptor would read {@code element} from {@code readByte}, where the tile has it at
   * {@code expectedByte}.
   *
   * @param kSlice the descriptor's K slice
   * @param mnStart the M or N it starts from
   * @param atoms the atoms tcgen05 would read, where the tile's are not its rows
   */
  record UmmaMisread(Major major, UmmaLayoutType layoutType, int kSlice, int mnStart,
      int leadingByteOffset, int strideByteOffset, Cell element, int readByte, int expectedByte,
      Optional<UmmaAtomsHint> atoms) implements UmmaViolation {}

  /** What declaration of atoms tcgen05 would read, each checked to give an operand. */
  sealed interface UmmaAtomsHint {}

  /**
   * Atoms of {@code atomRows} rows of {@code rowElements}, as CuTe's UMMA layout atoms are: 8 rows
   * of the layout's row, 4 for {@code SWIZZLE_128B_BASE32B}: the tile {@code suggested}.
   */
  record UmmaCanonicalAtoms(int atomRows, int rowElements, TileLayout suggested)
      implements UmmaAtomsHint {}

  /**
   * Atoms of {@code atomRows} rows of {@code rowElements}, the layout's, do not fit the tile
   * {@code declared}; the narrower {@code layoutType} on the tile {@code suggested} does, as CUTLASS's
   * {@code sm100_smem_selector} picks.
   */
  record UmmaNarrowerAtoms(int atomRows, int rowElements, UmmaLayoutType layoutType,
      TileLayout declared, TileLayout suggested) implements UmmaAtomsHint {}

  /** No atoms tried give an operand. */
  record UmmaNoAtomsFit() implements UmmaAtomsHint {}
}
