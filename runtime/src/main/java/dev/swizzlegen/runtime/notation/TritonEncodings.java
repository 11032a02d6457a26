package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.layout.StridedPart;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.TritonEncoding.Unexpressible;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How {@link TritonEncoding#of} reads a tile's Triton encoding off its two parts (see there): the
 * offset bases of a linear stage, compared with each named encoding's bases (a few dozen integers).
 */
final class TritonEncodings {
  private TritonEncodings() {}

  static Optional<TritonEncoding> of(TileLayout layout) {
    if (why(layout).isPresent()) {
      return Optional.empty();
    }
    int rows = layout.rows();
    int cols = layout.cols();
    Optional<List<List<Integer>>> bases = linearBases(layout);
    if (bases.isEmpty()) {
      return Optional.of(new TritonEncoding.Padded(rows, cols, cols,
          layout.rowStride() - cols));
    }
    int elementBits = layout.dtype().bits();
    Optional<TmaSwizzle> mode = layout.tmaSwizzle().filter(m -> !m.isBlackwell()
        && m != TmaSwizzle.NONE);
    if (mode.isPresent()) {
      TritonEncoding.Nvmma nvmma =
          new TritonEncoding.Nvmma(rows, cols, mode.get().spanBytes(), elementBits);
      if (nvmmaBases(nvmma).equals(bases.get())) {
        return Optional.of(nvmma);
      }
    }
    Optional<TritonEncoding.Swizzled> swizzled = swizzled(layout);
    if (swizzled.isPresent() && swizzledBases(swizzled.get()).equals(bases.get())) {
      return Optional.of(swizzled.get());
    }
    return Optional.of(new TritonEncoding.SharedLinear(rows, cols, bases.get(),
        layout.alignment()));
  }

  static Optional<Unexpressible> why(TileLayout layout) {
    DType dtype = layout.dtype();
    if (dtype.bits() < 8 || dtype.storageBits() != dtype.bits()) {
      return Optional.of(Unexpressible.SUB_BYTE);
    }
    if (!powerOfTwo(layout.rows()) || !powerOfTwo(layout.cols())) {
      return Optional.of(Unexpressible.NOT_POWER_OF_TWO);
    }
    if (linearBases(layout).isEmpty() && !padded(layout)) {
      return Optional.of(Unexpressible.NEITHER_LINEAR_NOR_PADDED);
    }
    return Optional.empty();
  }

  /**
   * The stage's offset bases, {@code (row(2^k), col(2^k))} for each offset bit, where the stage is
   * linear over GF(2): its rows, columns and atoms powers of two, no pitch, and the inner map on
   * the atom's row-major offset. Then the atom's number is its coordinates' bits side by side and
   * the map is linear, so an offset's element is the XOR of its bits' elements.
   */
  private static Optional<List<List<Integer>>> linearBases(TileLayout layout) {
    StridedPart strided = layout.strided();
    boolean linear = powerOfTwo(layout.rows()) && powerOfTwo(layout.cols())
        && powerOfTwo(strided.atomRows()) && powerOfTwo(strided.atomCols())
        && strided.atomRowStride() == strided.atomCols() && layout.wordCols() == strided.atomCols()
        && strided.stageElements() == layout.rows() * layout.cols();
    if (!linear) {
      return Optional.empty();
    }
    List<List<Integer>> bases = new ArrayList<>();
    for (int bit = 1; bit < layout.rows() * layout.cols(); bit <<= 1) {
      bases.add(List.of(layout.row(bit), layout.col(bit)));
    }
    return Optional.of(bases);
  }

  /** A row pitch that pads each row by a power of two elements, with no swizzle: one atom. */
  private static boolean padded(TileLayout layout) {
    int padding = layout.rowStride() - layout.cols();
    return layout.isOneAtom() && layout.inner().isIdentity() && padding > 0 && powerOfTwo(padding)
        && layout.strided().stageElements() == layout.rows() * layout.rowStride();
  }

  /**
   * The swizzled encoding whose parameters are the tile's swizzle of its row-major offset, where the
   * swizzle reads row bits ({@code M + S >= log2(cols)}) and writes column bits, or none at all.
   */
  private static Optional<TritonEncoding.Swizzled> swizzled(TileLayout layout) {
    int rows = layout.rows();
    int cols = layout.cols();
    Optional<Swizzle> swizzle = layout.offsetSwizzle();
    if (layout.inner().isIdentity()) {
      return Optional.of(new TritonEncoding.Swizzled(rows, cols, 1, 1, 1));
    }
    if (swizzle.isEmpty() || swizzle.get().shift() <= 0) {
      return Optional.empty();
    }
    Swizzle s = swizzle.get();
    int colBits = Integer.numberOfTrailingZeros(cols);
    if (s.base() + s.shift() < colBits || s.base() + s.bits() > colBits) {
      return Optional.empty();
    }
    return Optional.of(new TritonEncoding.Swizzled(rows, cols, 1 << s.base(),
        1 << (s.base() + s.shift() - colBits), 1 << s.bits()));
  }

  /** Triton's bases of a swizzled encoding (its {@code swizzledSharedToLinearLayout}). */
  static List<List<Integer>> swizzledBases(TritonEncoding.Swizzled e) {
    List<List<Integer>> bases = new ArrayList<>();
    for (int col = 1; col < e.cols(); col <<= 1) {
      bases.add(List.of(0, col));
    }
    for (int row = 1; row < e.rows(); row <<= 1) {
      bases.add(List.of(row, e.vec() * ((row / e.perPhase()) % e.maxPhase()) % e.cols()));
    }
    return bases;
  }

  /**
   * Triton's bases of an NVMMA encoding (its {@code nvmmaSharedToLinearLayout}): a core matrix of 8
   * rows of {@code swizzlingByteWidth} bytes, its rows' 16-byte vectors XORed by the row's phase,
   * then the rows, then the core matrices' columns; empty where the tile is smaller than a core
   * matrix, which Triton refuses.
   */
  static List<List<Integer>> nvmmaBases(TritonEncoding.Nvmma e) {
    int tileCols = 8 * e.swizzlingByteWidth() / e.elementBitWidth();
    int vec = 128 / e.elementBitWidth();
    int perPhase = 128 / e.swizzlingByteWidth();
    int maxPhase = e.swizzlingByteWidth() / 16;
    List<List<Integer>> bases = new ArrayList<>();
    if (e.rows() < 8 || e.cols() < tileCols) {
      return bases;
    }
    for (int col = 1; col < tileCols; col <<= 1) {
      bases.add(List.of(0, col));
    }
    for (int row = 1; row < 8; row <<= 1) {
      bases.add(List.of(row, vec * ((row / perPhase) % maxPhase)));
    }
    for (int row = 8; row < e.rows(); row <<= 1) {
      bases.add(List.of(row, 0));
    }
    for (int col = tileCols; col < e.cols(); col <<= 1) {
      bases.add(List.of(0, col));
    }
    return bases;
  }

  private static boolean powerOfTwo(int n) {
    return n > 0 && (n & (n - 1)) == 0;
  }
}
