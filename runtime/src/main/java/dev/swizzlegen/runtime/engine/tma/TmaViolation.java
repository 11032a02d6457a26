package dev.swizzlegen.runtime.engine.tma;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;

/** What keeps the bulk tensor copy engine (TMA) from writing the tile exactly as its layout says. */
public sealed interface TmaViolation extends Violation {

  /** The architecture's TMA does not write {@code mode}: one of Blackwell's, on an earlier one. */
  record MissingTmaMode(Architecture architecture, TmaSwizzle mode) implements TmaViolation {}

  /**
   * The tile's swizzle is no TMA mode.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param byteSwizzle the swizzle on bytes, where it has one
   */
  record NoTmaMode(DType dtype, Swizzle swizzle, boolean withinEachRow,
      Optional<Swizzle> byteSwizzle) implements TmaViolation {}

  /**
   * The XOR map of a tile declared by one (no swizzle) is no TMA mode.
   *
   * @param map the map, on the atom's element offset
   */
  record NoTmaModeForMap(DType dtype, XorMap map) implements TmaViolation {}

  /** TMA writes boxes without padding; the rows are {@code rowStride} apart. */
  record TmaPadding(int rowStride, int cols) implements TmaViolation {}

  /** The mode's pattern repeats every {@code mode.alignmentBytes()}, more than the tile's alignment. */
  record TmaAlignment(TmaSwizzle mode, int alignment) implements TmaViolation {}

  /** No box width TMA can write in this mode divides rows of {@code cols} elements. */
  record NoTmaBoxWidth(TmaSwizzle mode, int cols, DType dtype) implements TmaViolation {}

  /**
   * No box of at most {@code widestBox} elements lands where the tile's layout puts its elements.
   *
   * @param firstMismatch what the first box tried got wrong
   * @param columnBlocks for a one-atom tile wider than a box, the column blocks that would work
   */
  record TmaBoxesMisplaced(TmaSwizzle mode, int widestBox, BoxMismatch firstMismatch,
      Optional<ColumnBlocks> columnBlocks) implements TmaViolation {}

  /** Where a box of {@code boxRows x boxCols} at {@code corner} goes wrong. */
  sealed interface BoxMismatch {}

  /** The box would start at {@code startByte}, which is not a multiple of {@code alignmentBytes}. */
  record BoxStartMisaligned(int boxRows, int boxCols, Cell corner, int startByte,
      int alignmentBytes) implements BoxMismatch {}

  /** The box would put {@code element} at {@code writtenByte}, where the tile has it elsewhere. */
  record BoxElementMisplaced(int boxRows, int boxCols, Cell corner, Cell element, int writtenByte,
      int expectedByte) implements BoxMismatch {}

  /**
   * The tile as column blocks of atoms as wide as a box, each checked to be a tile TMA fills.
   *
   * @param rowBytes bytes of one of the tile's rows, wider than a box
   * @param atomRows rows of an atom; 0 for atoms as tall as the tile
   * @param atomCols columns of an atom: the widest box
   * @param rows the tile's rows as declared
   * @param paddedRows the rows to declare: {@code rows}, or rounded up to a multiple of
   *     {@code atomRows}
   * @param suggested the tile of those column blocks, which TMA fills
   */
  record ColumnBlocks(int rowBytes, int atomRows, int atomCols, int rows, int paddedRows,
      TileLayout suggested) {}

  /**
   * TMA copies {@code dtype} (a padded sub-byte type, {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B} or
   * {@code 16U6_ALIGN16B}) in boxes exactly {@code boxCols} (128) elements wide, which do not divide
   * rows of {@code cols} elements.
   */
  record PackedBoxWidth(DType dtype, int boxCols, int cols) implements TmaViolation {}

  /**
   * TMA does not copy {@code dtype} with {@code mode} in the direction {@code op} ({@code STORE}: a TMA
   * load into the tile; {@code LOAD}: a TMA store from it), as {@code cuda.h} lists the modes of
   * {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B} and {@code 16U6_ALIGN16B}.
   */
  record PackedSwizzleMode(DType dtype, TmaSwizzle mode, Op op) implements TmaViolation {}
}
