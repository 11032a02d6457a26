package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;

/**
 * Where each element of a shared-memory tile lives: any one-to-one map from (row, col) to an element
 * offset from the tile's base. {@link TileLayout} is the XOR-swizzled kind swizzlegen generates; the
 * bank analysis takes any layout, so hand-written ones (such as a rotation of 16-byte units) can be checked
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

  /**
   * Bytes per element, for types of whole bytes ({@link DType#bytes()}: 1 for a padded sub-byte
   * type's one-byte slots); packed FP4 has none: see {@link #elementBits()}.
   */
  default int elementBytes() {
    return dtype().bytes();
  }

  /**
   * Bits an element takes in shared memory ({@link DType#storageBits()}): 8 x
   * {@link #elementBytes()}, or 4 for packed FP4, two elements to a byte.
   */
  default int elementBits() {
    return dtype().storageBits();
  }

  /** The bytes {@code elements} consecutive elements take: {@code elements * elementBits() / 8}. */
  default int bytesOf(int elements) {
    return (int) ((long) elements * elementBits() / 8);
  }

  /** The elements {@code bytes} bytes hold: {@code bytes * 8 / elementBits()}. */
  default int elementsIn(int bytes) {
    return (int) ((long) bytes * 8 / elementBits());
  }

  /**
   * The byte offset where (row, col) starts, from the tile's base: for packed FP4 the byte that holds
   * it, {@code offset / 2}.
   */
  default int byteOffset(int row, int col) {
    return bytesOf(offset(row, col));
  }

  /** {@code "128 x 64"}. */
  default String shape() {
    return rows() + " x " + cols();
  }
}
