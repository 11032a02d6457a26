package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;

/**
 * What keeps a warp access (vector, ldmatrix/stmatrix, accumulator fragment, lane map) from running on
 * a tile.
 */
public sealed interface AccessViolation extends Violation {

  /**
   * The tile's base is aligned to fewer bytes than the vectors an access of {@code kind} moves.
   *
   * @param vectorBytes bytes one lane moves as a whole
   */
  record VectorBaseMisaligned(AccessKind kind, int vectorBytes, int alignment)
      implements AccessViolation {}

  /**
   * The layout splits, reorders or misaligns the vector of {@code elements} elements at (row,
   * cols {@code firstCol..lastCol}), which an access of {@code kind} moves whole: it starts at
   * {@code startOffset}, and its first element out of place is {@code col}, at {@code offset} (for
   * {@code col == firstCol}, a start that is no multiple of {@code elements}). {@code narrowSwizzle}
   * is the tile's swizzle where its base is below the vector's ({@code 2^base < elements}), so that
   * it moves the vector's elements apart; empty where it is not at fault.
   */
  record VectorBroken(AccessKind kind, int vectorBytes, int row, int firstCol, int lastCol,
      int elements, int startOffset, int col, int offset, Optional<Swizzle> narrowSwizzle)
      implements AccessViolation {}

  /** No LDS/STS moves {@code bytes} per lane. */
  record UnsupportedVectorBytes(int bytes) implements AccessViolation {}

  /** A vector of {@code bytes} holds no whole number of elements. */
  record VectorSplitsElements(int bytes, DType dtype) implements AccessViolation {}

  /**
   * A vector of {@code bytes} on a padded sub-byte tile, whose 16-element units shared memory holds
   * as 16 bytes that every access moves whole.
   */
  record VectorSplitsUnits(DType dtype, int bytes) implements AccessViolation {}

  /** A row of {@code cols} elements is no whole number of vectors of {@code bytes}. */
  record RowsNotWholeVectors(int cols, DType dtype, int bytes) implements AccessViolation {}

  /** The thread grid is not {@code rows x cols = 32} lanes. */
  record BadThreadGrid(int rows, int cols) implements AccessViolation {}

  record RowsAsOneNotDivisor(int rowsAsOne, int rows) implements AccessViolation {}

  /**
   * The warp's footprint, {@code threadRows} lines x {@code threadCols} vectors, does not tile the
   * tile's {@code lines} lines of {@code vectorsPerLine} vectors (a line is {@code rowsAsOne} rows).
   */
  record FootprintDoesNotTile(int threadRows, int threadCols, int rows, int cols, int lines,
      int rowsAsOne, int vectorsPerLine, int bytes) implements AccessViolation {}

  /** Rows seen as one line without a thread grid, which the coalesced copy does not have. */
  record RowsAsOneWithoutGrid(int rowsAsOne) implements AccessViolation {}

  /** Not 1, 2 or 4 matrices per instruction. */
  record BadMatrixCount(int matrices) implements AccessViolation {}

  /**
   * m8n8's {@code .trans} of an ldmatrix or stmatrix ({@code kind}) on elements that are neither
   * 16-bit nor 8-bit: it moves 16-bit units, which split wider elements across lanes.
   */
  record TransNeeds8Or16Bit(AccessKind kind, DType dtype) implements AccessViolation {}

  /**
   * The matrices of an ldmatrix or stmatrix ({@code kind}) of {@code shape}, {@code shape.rows()}
   * rows x 16 bytes in shared memory, do not tile the tile.
   */
  record MatricesDoNotTile(AccessKind kind, int rows, int cols, DType dtype, MatrixShape shape)
      implements AccessViolation {}

  /** The tile's {@code placements} matrices are no multiple of the matrices per instruction. */
  record MatrixCountNotDivisor(int placements, int matrices, MatrixShape shape)
      implements AccessViolation {}

  /**
   * {@code kind} has no form of {@code shape} with ({@code trans}) or without {@code .trans}:
   * {@code ldmatrix.m8n16} has no {@code .trans}, {@code ldmatrix.m16n16} and
   * {@code stmatrix.m16n8} only {@code .trans}, and each shape but m8n8 belongs to one of the two.
   */
  record MatrixShapeNotOfInstruction(AccessKind kind, MatrixShape shape, boolean trans)
      implements AccessViolation {}

  /** {@code ldmatrix.m16n16} moves one or two matrices (.x1, .x2), not {@code matrices}. */
  record MatrixShapeCount(MatrixShape shape, int matrices) implements AccessViolation {}

  /**
   * The shape's source formats do not include the tile's elements: m8n16 unpacks padded FP4 or FP6,
   * m16n16 moves bytes or padded FP4 or FP6, m16n8 bytes.
   */
  record MatrixShapeType(AccessKind kind, MatrixShape shape, DType dtype)
      implements AccessViolation {}

  /** An m16n8 accumulator holds no element of this type. */
  record AccumulatorType(DType dtype) implements AccessViolation {}

  /** 16 x 8 accumulator fragments do not tile the tile. */
  record FragmentsDoNotTile(int rows, int cols) implements AccessViolation {}

  /**
   * A lane map ({@code lanes}) that does not parse: at character {@code index} (from 0) of the text,
   * {@code expected} should come.
   */
  record LanesUnparsable(String lanes, int index, String expected) implements AccessViolation {}

  /** A lane map in Triton's notation with {@code bases} bases, not one per lane bit (5 for 32 lanes). */
  record WrongBaseCount(int bases) implements AccessViolation {}

  /** A lane map in CuTe's notation of {@code lanes} lanes, not 32. */
  record WrongLaneCount(int lanes) implements AccessViolation {}

  /** The map puts {@code lane} on {@code cell}, which is not in the {@code rows x cols} tile. */
  record LaneOutsideTile(int lane, Cell cell, int rows, int cols) implements AccessViolation {}

  /** The {@code bytes} of {@code lane}, from {@code cell}, run past the end of a row of {@code cols}. */
  record LaneCrossesRowEnd(int lane, Cell cell, int bytes, int cols) implements AccessViolation {}

  /**
   * {@code lane}, at {@code cell} in some step of the footprint, starts at element {@code offset},
   * no multiple of the {@code elements} elements its {@code bytes} hold: its address is not aligned
   * to its width.
   */
  record LaneMisaligned(int lane, Cell cell, int offset, int elements, int bytes)
      implements AccessViolation {}
}
