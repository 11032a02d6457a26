package dev.swizzlegen.runtime.engine.tma;

/**
 * One box of a {@link TmaFill}: the {@code boxRows x boxCols} block of the tile whose first element is
 * (row, col), written by one bulk tensor copy to shared memory at {@code offset} elements from the
 * stage's base.
 *
 * @param row the tile row of the box's first element
 * @param col the tile column of the box's first element
 * @param offset where the box starts in shared memory, in elements from the stage's base
 */
public record TmaBox(int row, int col, int offset) {}
