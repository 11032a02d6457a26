package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Order;
import java.util.Objects;

/**
 * The strided part of a {@link TileLayout}, everything but its inner XOR map: a {@code rows x cols}
 * tile whose rows are {@code rowStride} elements apart, cut into a grid of
 * {@code atomRows x atomCols} atoms numbered in {@code atomOrder}, stored {@code stages} times
 * {@code stageStride} elements apart (CuTe's
 * {@code tile_to_shape(atom, Shape<rows, cols, stages>)}, with a stride for the stage mode):
 *
 * <pre>
 *   offset(row, col, stage) = stage * stageStride + atomStart(row, col)
 *                           + atomOffset(row % atomRows, col % atomCols)     the inner map's part
 *   atomStart(row, col)     = atomNumber(row / atomRows, col / atomCols) * atomElements
 *
 *   atomNumber(i, j) = i + j * atomsDown               atomOrder COL_MAJOR (tile_to_shape's)
 *                    = i * atomsAcross + j             atomOrder ROW_MAJOR
 * </pre>
 *
 * <p>An atom's rows are {@link #atomRowStride()} elements apart: the tile's {@code rowStride} when
 * the atom spans the whole row (the padding is the atom's), else {@code atomCols} (dense atoms).
 * The numbers are those of a valid tile, as {@link LayoutRules} checks them; the stage stride is
 * resolved (the default is {@link #stageElements()}, {@link StageStrides}).
 */
public record StridedPart(int rows, int cols, int rowStride, int atomRows, int atomCols,
    Order atomOrder, int stages, int stageStride) {

  public StridedPart {
    Objects.requireNonNull(atomOrder, "atomOrder");
  }

  /** Whether the whole tile is one atom: the swizzled row-major tile. */
  public boolean isOneAtom() {
    return atomRows == rows && atomCols == cols;
  }

  /** Elements between an atom's row starts: {@code rowStride} for atoms as wide as the tile. */
  public int atomRowStride() {
    return atomCols == cols ? rowStride : atomCols;
  }

  /** Elements from one atom's start to the next: {@code atomRows * atomRowStride}. */
  public int atomElements() {
    return atomRows * atomRowStride();
  }

  /** Atoms down the tile's rows. */
  public int atomsDown() {
    return rows / atomRows;
  }

  /** Atoms across the tile's columns. */
  public int atomsAcross() {
    return cols / atomCols;
  }

  /** The number of the atom at (atomRow, atomCol) of the grid of atoms, in {@link #atomOrder}. */
  public int atomNumber(int atomRow, int atomCol) {
    return atomOrder == Order.COL_MAJOR
        ? atomRow + atomCol * atomsDown()
        : atomRow * atomsAcross() + atomCol;
  }

  /** {@code "8 x 64"}. */
  public String atomShape() {
    return atomRows + " x " + atomCols;
  }

  /** The element offset where the atom that holds (row, col) of stage 0 starts. */
  public int atomStart(int row, int col) {
    return atomNumber(row / atomRows, col / atomCols) * atomElements();
  }

  /** The first row of the atom holding an element offset (any stage's). */
  public int atomFirstRow(int offset) {
    int atom = offset % stageStride / atomElements();
    return (atomOrder == Order.COL_MAJOR ? atom % atomsDown() : atom / atomsAcross()) * atomRows;
  }

  /** The first column of the atom holding an element offset (any stage's). */
  public int atomFirstCol(int offset) {
    int atom = offset % stageStride / atomElements();
    return (atomOrder == Order.COL_MAJOR ? atom / atomsDown() : atom % atomsAcross()) * atomCols;
  }

  /** An element offset from the start of the atom that holds it: what the inner map inverts. */
  public int inAtom(int offset) {
    return offset % stageStride % atomElements();
  }

  /**
   * The stage stored at an element offset. Like a tile's row and column, defined on the tile's
   * offsets: an offset in a row's padding or in the gap after a stage holds no element of the tile.
   */
  public int stage(int offset) {
    return offset / stageStride;
  }

  /**
   * The elements of a stage's rows, {@code rows * rowStride}: the default {@link #stageStride()},
   * stages one after another.
   */
  public int stageElements() {
    return rows * rowStride;
  }

  /** Whether a declared stage stride leaves a gap after each stage ({@link StageStrides}). */
  public boolean stagesApart() {
    return stageStride != stageElements();
  }

  /** Elements from the first element of one stage to one past its last: the stage's span. */
  public int stageExtentElements() {
    return StageStrides.span(rows, cols, rowStride);
  }

  /** Elements from the first element of stage 0 to one past the last of the last stage. */
  public int extentElements() {
    return (stages - 1) * stageStride + stageExtentElements();
  }
}
