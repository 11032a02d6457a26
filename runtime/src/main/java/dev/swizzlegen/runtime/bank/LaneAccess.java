package dev.swizzlegen.runtime.bank;

/**
 * One lane's share of a warp instruction: {@code bytes} bytes from {@code byteAddress} (relative to the
 * tile's base), starting at element (row, col).
 *
 * @param lane the lane, 0..31
 * @param row the row of the first element
 * @param col the column of the first element
 * @param byteAddress the first byte, from the tile's base
 * @param bytes how many bytes the lane moves
 */
public record LaneAccess(int lane, int row, int col, long byteAddress, int bytes) {}
