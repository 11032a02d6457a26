package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Other forms of a {@link TileLayout}'s inner map, read off its two pieces: the same tile with its
 * swizzle on the offset, that swizzle and the map on bytes (what a header, a report and TMA use), and
 * the map as an XOR of each word row into its columns. The bodies of the tile's methods of the same
 * names.
 *
 * <p>Sub-byte types ({@link DType}): offsets always count elements; the one step to a swizzle's
 * units and back is {@link Recast}. A packed FP4 tile's byte offsets are {@code offset / 2}.
 */
final class LayoutForms {
  private LayoutForms() {
  }

  /**
   * The same tile with its swizzle on the offset, if one swizzle of the atom's row-major offset equals
   * its inner map on its word: always where the declared swizzle acts on the offset; within each row
   * when {@code atomRowStride} is a power of two {@code 2^R} holding the pattern, where it is
   * {@code Swizzle<B, M, S + R - M - B>}, or when it has no bits.
   */
  static Optional<TileLayout> inOffsetForm(TileLayout tile) {
    DType dtype = tile.dtype();
    Optional<Swizzle> inUnits = offsetSwizzle(tile).flatMap(on -> Recast.inUnits(dtype, on));
    return inUnits.map(swizzle -> {
      TileDescription description = TileLayout.builder(dtype, swizzle, tile.rows(), tile.cols())
          .rowStride(tile.rowStride()).alignment(tile.alignment())
          .atom(tile.atomRows(), tile.atomCols(), tile.atomOrder()).stages(tile.stages())
          .stageStride(TileDescription.declaredStageStride(tile));
      TileLayout same = new TileLayout(description);
      return same.equals(tile) ? tile : description.build();
    });
  }

  /**
   * The swizzle of the atom's offset that the inner map is, if one is: the declared swizzle where it
   * is the map on the offset (its parameters kept, the identity's included); else, where the word is
   * the offset, the swizzle the map equals ({@code Swizzle<B, M, S + R - M - B>} within rows of
   * {@code 2^R}); empty for a word that is not the offset. On element offsets, as the inner map is:
   * for packed FP4 the {@link TileLayout#elementSwizzle()}, not the declared swizzle on bytes.
   */
  static Optional<Swizzle> offsetSwizzle(TileLayout tile) {
    if (!tile.readsTheOffset()) {
      return Optional.empty();
    }
    return tile.hasSwizzle() && XorMap.of(tile.elementSwizzle()).equals(tile.inner())
        ? Optional.of(tile.elementSwizzle()) : tile.inner().asSwizzle();
  }

  /**
   * The same swizzle acting on byte offsets: that of the tile's {@link #inOffsetForm}, empty when it
   * has none.
   */
  static Optional<Swizzle> byteSwizzle(TileLayout tile) {
    return inOffsetForm(tile).map(same -> same.swizzle().inBytes(tile.dtype().unitBytes()));
  }

  /**
   * The inner map on byte offsets, where it reads the atom's offset: what the tile's bytes undergo
   * within an atom; empty for a word that is not the offset.
   */
  static Optional<XorMap> byteMap(TileLayout tile) {
    return tile.readsTheOffset()
        ? Optional.of(tile.inner().onBytes(tile.elementBits())) : Optional.empty();
  }

  /**
   * Whether the inner map, composed over a stage's whole strided offset ({@link TileLayout#plain}),
   * is the tile: where it reads the atom's offset and each atom starts at a multiple of its period
   * {@code 2^span} (or the tile is one atom). The map leaves every bit from its span up alone, so
   * moving the atom's start in or out of it moves nothing:
   *
   * <pre>
   *   inner(atomStart + o) = atomStart + inner(o)      atomStart = n * 2^span
   * </pre>
   */
  static boolean swizzlesTheWholeOffset(TileLayout tile) {
    StridedPart strided = tile.strided();
    return tile.readsTheOffset() && tile.swizzleRow() == 0
        && (strided.isOneAtom() || strided.atomElements() % (1L << tile.inner().span()) == 0);
  }

  /**
   * The inner map as an XOR of each word row into its own columns, where it is one:
   * {@code inner(row * wordCols + col) = row * wordCols + (col ^ rowXor(row))}, {@code rowXor(row)}
   * the XOR of these terms of the row ({@link XorTerm#of}). Present where the word's rows are a power
   * of two {@code 2^P} wide and every term of the map reads only row bits (from {@code P} up) and
   * writes only column bits (below {@code P}): every swizzle within each row, on
   * {@code ((row >> (S - B)) & (2^B - 1)) << M}; empty for a word whose rows are no power of two, or a
   * map that moves bits within the column or into the row.
   *
   * <pre>
   *   word term  (w &amp; mask) &gt;&gt; shift,  mask = rowMask &lt;&lt; P   is   row term  (row &amp; rowMask) &gt;&gt; (shift - P)
   * </pre>
   */
  static Optional<List<XorTerm>> rowXorTerms(TileLayout tile) {
    int wordCols = tile.wordCols();
    if (Integer.bitCount(wordCols) != 1) {
      return Optional.empty();
    }
    int p = Integer.numberOfTrailingZeros(wordCols);
    List<XorTerm> rowTerms = new ArrayList<>();
    for (XorTerm term : tile.inner().terms()) {
      long mask = term.mask() & 0xFFFF_FFFFL;
      long written = term.shift() >= 0 ? mask >>> term.shift() : mask << -term.shift();
      if (mask >>> p << p != mask || written >= wordCols) {
        return Optional.empty();
      }
      rowTerms.add(new XorTerm((int) (mask >>> p), term.shift() - p));
    }
    return Optional.of(List.copyOf(rowTerms));
  }
}
