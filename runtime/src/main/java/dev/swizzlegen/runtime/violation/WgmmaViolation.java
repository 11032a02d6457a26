package dev.swizzlegen.runtime.violation;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.wgmma.WgmmaSwizzle;
import java.util.Optional;

/** What keeps wgmma from reading the tile as an operand of a major. */
public sealed interface WgmmaViolation extends Violation {

  /** wgmma reads no operand of this type. */
  record WgmmaType(DType dtype) implements WgmmaViolation {}

  /** wgmma transposes (reads MN-major) only 16-bit operands. */
  record WgmmaTransposeNeeds16Bit(DType dtype) implements WgmmaViolation {}

  /**
   * The tile's K ({@code kExtent}: its cols K-major, its rows MN-major) is no multiple of the
   * {@code instructionK} elements one instruction reads.
   */
  record WgmmaKNotMultiple(Major major, DType dtype, int instructionK, int kExtent)
      implements WgmmaViolation {}

  /**
   * The tile's M or N ({@code mnExtent}: its rows K-major, its cols MN-major) is no multiple of the
   * {@code mnStep} wgmma reads it in.
   *
   * @param swizzle the layout whose row sets the step (MN-major); empty where any mode's step is
   *     meant
   */
  record WgmmaMnNotMultiple(Major major, DType dtype, int mnStep, int mnExtent,
      Optional<WgmmaSwizzle> swizzle) implements WgmmaViolation {}

  /**
   * The tile's swizzle is none of the descriptor's layouts.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param byteSwizzle the swizzle on bytes, where it has one
   */
  record NoWgmmaMode(DType dtype, Swizzle swizzle, boolean withinEachRow,
      Optional<Swizzle> byteSwizzle) implements WgmmaViolation {}

  /**
   * The XOR map of a tile declared by one (no swizzle) is none of the descriptor's layouts.
   *
   * @param map the map, on the atom's element offset
   */
  record NoWgmmaModeForMap(DType dtype, XorMap map) implements WgmmaViolation {}

  /** The layout is read from a base aligned to {@code repeatBytes}, more than the tile's alignment. */
  record WgmmaAlignment(WgmmaSwizzle swizzle, int repeatBytes, int alignment)
      implements WgmmaViolation {}

  /** A byte offset of the matrix descriptor: LBO or SBO. */
  enum DescriptorOffset { LEADING, STRIDE }

  /**
   * The groups a descriptor offset steps between are {@code bytes} apart, which no descriptor holds
   * (multiples of 16 bytes from 0 to 256 KB).
   *
   * @param rowBytes bytes of one row of the layout: 16 without a swizzle, else the swizzle's span
   */
  record DescriptorOffsetOutOfRange(Major major, WgmmaSwizzle swizzle, int rowBytes,
      DescriptorOffset offset, int bytes) implements WgmmaViolation {}

  /**
   * A descriptor would read {@code element} from {@code readByte}, where the tile has it at
   * {@code expectedByte}.
   *
   * @param rowBytes bytes of one row of the layout: 16 without a swizzle, else the swizzle's span
   * @param kSlice the descriptor's K slice
   * @param mnStart the M or N it starts from
   * @param atoms the atoms wgmma would read, where the tile's are not its rows
   */
  record WgmmaMisread(Major major, WgmmaSwizzle swizzle, int rowBytes, int kSlice, int mnStart,
      int leadingByteOffset, int strideByteOffset, Cell element, int readByte, int expectedByte,
      Optional<AtomsHint> atoms) implements WgmmaViolation {}

  /** What declaration of atoms wgmma would read, each checked to give an operand. */
  sealed interface AtomsHint {}

  /**
   * Atoms of 8 rows of {@code rowElements}, as CuTe's GMMA layout atoms are: the tile
   * {@code suggested}.
   */
  record CanonicalAtoms(int rowElements, TileLayout suggested) implements AtomsHint {}

  /**
   * Atoms of 8 rows of {@code rowElements} do not fit the tile {@code declared}; the narrower
   * {@code mode} on the tile {@code suggested} does, as CUTLASS's {@code ss_smem_selector} picks.
   */
  record NarrowerAtoms(int rowElements, WgmmaSwizzle mode, TileLayout declared,
      TileLayout suggested) implements AtomsHint {}

  /** No atoms tried give an operand. */
  record NoAtomsFit() implements AtomsHint {}
}
