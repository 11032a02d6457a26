package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;

/**
 * What keeps the tensor cores from reading the tile as an operand of a major, for any format
 * ({@link MmaFormat}: wgmma, tcgen05): each record carries the format, whose instruction a message
 * names.
 */
public sealed interface MmaViolation extends Violation {

  /** The instruction whose read is prevented. */
  MmaFormat format();

  /** The instruction reads no operand of this type (of those swizzlegen declares). */
  record MmaType(MmaFormat format, DType dtype) implements MmaViolation {}

  /** wgmma transposes (reads MN-major) only 16-bit operands. */
  record MmaTransposeNeeds16Bit(MmaFormat format, DType dtype) implements MmaViolation {}

  /** tcgen05 reads 4- and 6-bit operands ({@code kind::f8f6f4}, {@code kind::mxf4}) K-major. */
  record MmaSubByteNeedsKMajor(MmaFormat format, DType dtype) implements MmaViolation {}

  /**
   * The tile's K ({@code kExtent}: its cols K-major, its rows MN-major) is no multiple of the
   * {@code instructionK} elements one instruction reads.
   */
  record MmaKNotMultiple(MmaFormat format, Major major, DType dtype, int instructionK,
      int kExtent) implements MmaViolation {}

  /**
   * The tile's M or N ({@code mnExtent}: its rows K-major, its cols MN-major) is no multiple of the
   * {@code mnStep} the instruction reads it in.
   *
   * @param layoutType the layout whose row sets the step (MN-major); empty where any layout's step
   *     is meant
   */
  record MmaMnNotMultiple(MmaFormat format, Major major, DType dtype, int mnStep, int mnExtent,
      Optional<MmaLayoutType> layoutType) implements MmaViolation {}

  /**
   * The tile's swizzle is none of the descriptor's layout types.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param byteSwizzle the swizzle on bytes, where it has one
   */
  record NoMmaLayout(MmaFormat format, DType dtype, Swizzle swizzle, boolean withinEachRow,
      Optional<Swizzle> byteSwizzle) implements MmaViolation {}

  /**
   * The XOR map of a tile declared by one (no swizzle) is none of the descriptor's layout types.
   *
   * @param map the map, on the atom's element offset
   */
  record NoMmaLayoutForMap(MmaFormat format, DType dtype, XorMap map) implements MmaViolation {}

  /**
   * The tile's swizzle is {@code SWIZZLE_128B_BASE32B}'s pattern, which tcgen05 reads only as an
   * MN-major operand of 32-bit elements, on a tile declared K-major or of another type.
   *
   * @param swizzle the tile's swizzle, {@code Swizzle<2,5,2>} on bytes
   */
  record Base32BNotReadable(MmaFormat format, Major major, DType dtype, Swizzle swizzle)
      implements MmaViolation {}

  /** The layout is read from a base aligned to {@code repeatBytes}, more than the tile's is. */
  record MmaAlignment(MmaFormat format, MmaLayoutType layoutType, int repeatBytes, int alignment)
      implements MmaViolation {}

  /** A byte offset of the descriptor: LBO or SBO. */
  enum DescriptorOffset { LEADING, STRIDE }

  /**
   * The groups a descriptor offset steps between are {@code bytes} apart, which no descriptor holds
   * (multiples of 16 bytes from 0 to 256 KB).
   */
  record DescriptorOffsetOutOfRange(MmaFormat format, Major major, MmaLayoutType layoutType,
      DescriptorOffset offset, int bytes) implements MmaViolation {}

  /**
   * A descriptor would read {@code element} from {@code readByte}, where the tile has it at
   * {@code expectedByte}.
   *
   * @param kSlice the descriptor's K slice
   * @param mnStart the M or N it starts from
   * @param atoms the atoms the instruction would read, where the tile's are not its rows
   */
  record MmaMisread(MmaFormat format, Major major, MmaLayoutType layoutType, int kSlice,
      int mnStart, int leadingByteOffset, int strideByteOffset, Cell element, int readByte,
      int expectedByte, Optional<AtomsHint> atoms) implements MmaViolation {}

  /** What declaration of atoms the instruction would read, each checked to give an operand. */
  sealed interface AtomsHint {}

  /**
   * Atoms of {@code atomRows} rows of {@code rowElements}, as CuTe's layout atoms are: 8 rows of
   * the layout's row, 4 for {@code SWIZZLE_128B_BASE32B}: the tile {@code suggested}.
   */
  record CanonicalAtoms(int atomRows, int rowElements, TileLayout suggested)
      implements AtomsHint {}

  /**
   * Atoms of {@code atomRows} rows of {@code rowElements}, the layout's, do not fit the tile
   * {@code declared}; the narrower {@code layoutType} on the tile {@code suggested} does, as
   * CUTLASS's selector picks ({@link MmaFormat#cutlassSelector()}).
   */
  record NarrowerAtoms(int atomRows, int rowElements, MmaLayoutType layoutType,
      TileLayout declared, TileLayout suggested) implements AtomsHint {}

  /** No atoms tried give an operand. */
  record NoAtomsFit() implements AtomsHint {}
}
