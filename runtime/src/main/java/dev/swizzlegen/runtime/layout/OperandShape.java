package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Major;
import java.util.List;
import java.util.Objects;

/**
 * A tile read as a matrix-multiply operand, in the coordinates a kernel author means: {@code mn}
 * counts M (or N), {@code k} counts K. Which of the tile's rows and columns each is follows from the
 * major, here and nowhere else, so that a consumer asks for M or K rather than branching on the major:
 *
 * <pre>
 *   K-major  (contiguous K):   row = mn, col = k     rows are M or N, cols are K
 *   MN-major (contiguous MN):  row = k,  col = mn    rows are K, cols are M or N
 * </pre>
 *
 * @param tile the tile
 * @param major which dimension is contiguous: the tile's cols
 */
public record OperandShape(TileLayout tile, Major major) {

  public OperandShape {
    Objects.requireNonNull(tile, "tile");
    Objects.requireNonNull(major, "major");
  }

  /** The tile's M or N: its rows (K-major) or cols (MN-major). */
  public int mnExtent() {
    return major == Major.K ? tile.rows() : tile.cols();
  }

  /** The tile's K: its cols (K-major) or rows (MN-major). */
  public int kExtent() {
    return major == Major.K ? tile.cols() : tile.rows();
  }

  /** The tile row of element ({@code mn}, {@code k}). */
  public int row(int mn, int k) {
    return major == Major.K ? mn : k;
  }

  /** The tile column of element ({@code mn}, {@code k}). */
  public int col(int mn, int k) {
    return major == Major.K ? k : mn;
  }

  /**
   * The row and the column, in that order, of anything given as its M (or N) and K: numbers, names,
   * expressions ({@code rowCol("mn", "k_slice * kWgmmaK")}), extents.
   */
  public <T> List<T> rowCol(T mn, T k) {
    return major == Major.K ? List.of(mn, k) : List.of(k, mn);
  }

  /** The byte offset where element ({@code mn}, {@code k}) of stage 0 starts, from the tile's base. */
  public int byteOffset(int mn, int k) {
    return tile.byteOffset(row(mn, k), col(mn, k));
  }

  /**
   * Bytes from element (0, 0) to element ({@code mn}, {@code k}) of stage 0: how far apart a
   * descriptor's groups are (its LBO and SBO), read off the tile.
   */
  public int distance(int mn, int k) {
    return byteOffset(mn, k) - byteOffset(0, 0);
  }

  /** Bytes per element. */
  public int elementBytes() {
    return tile.elementBytes();
  }

  /** The bytes {@code elements} consecutive elements take (half a byte each for packed FP4). */
  public int bytesOf(int elements) {
    return tile.bytesOf(elements);
  }
}
