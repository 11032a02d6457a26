package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;

/**
 * Where each element of a shared-memory tile lives: any one-to-one map from (row, col) to an element
 * offset from the tile's base. {@link TileLayout} is the XOR-swizzled kind swizzlegen generates; the
 * bank analysis takes any layout, so hand-written ones (such as seed 004's rotation) can be checked
 * with the same model.
 */
public interface Layout {
  /** The element type. */
  DType dtype();

  /** Rows of the tile. */
  int rows();

  /** Elements per row. */
  int cols();

  /** Bytes the tile's base address is aligned to. */
  int alignment();

  /** The element offset where (row, col) is stored. */
  int offset(int row, int col);

  /** Bytes per element. */
  default int elementBytes() {
    return dtype().bytes();
  }

  /** The byte offset where (row, col) starts, from the tile's base. */
  default int byteOffset(int row, int col) {
    return offset(row, col) * elementBytes();
  }

  /** {@code "128 x 64"}. */
  default String shape() {
    return rows() + " x " + cols();
  }
}
