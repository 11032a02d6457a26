package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The chain of composed swizzles in CuTe's notation, {@code Sw<..> o _0 o Sw<..> o _0 o SHAPE:STRIDE},
 * written out: a layout's swizzles and offset printed before its shape:stride part, and a general
 * XOR map (one no single swizzle is) written as such a chain over a permutation of bits. Reading
 * the chain back is {@link CuteParser}'s.
 */
final class CuteSwizzleChain {
  private CuteSwizzleChain() {}

  /**
   * A tile whose inner part is an XOR map no swizzle is, on dense power-of-two atoms, in CuTe's
   * notation where the map is a permutation of bits followed by XOR terms that read only bits no term
   * writes ({@code A = S P}, {@code S = I + N}, {@code N^2 = 0}): the permutation as the strides of
   * one leaf per run of bits, each term a {@code Sw<B,M,S>} composed after it. Every map derivation
   * chooses has this form ({@code XorMapSearch}); empty for another.
   *
   * <pre>
   *   Sw<1,2,5> o _0 o Sw<2,3,4> o _0 o (_32,_32):(_32,_1)     bits 7, 7+4.. XORed into 2, 3..4
   * </pre>
   */
  static Optional<CuteLayout> ofMap(TileLayout tile) {
    int rows = tile.atomRows();
    int cols = tile.atomCols();
    if (!tile.readsTheOffset() || Integer.bitCount(rows) != 1 || Integer.bitCount(cols) != 1
        || tile.strided().atomRowStride() != cols) {
      return Optional.empty();
    }
    int colBits = Integer.numberOfTrailingZeros(cols);
    int n = colBits + Integer.numberOfTrailingZeros(rows);
    XorMap map = tile.inner();
    // P: each input bit to its column's highest bit; S: the other bits of each column, XORed in.
    int[] main = new int[n];
    int[] extra = new int[n];
    int seen = 0;
    for (int j = 0; j < n; j++) {
      int image = map.apply(1 << j);
      if (image == 0 || image >>> n != 0) {
        return Optional.empty();
      }
      main[j] = 31 - Integer.numberOfLeadingZeros(image);
      extra[j] = image & ~(1 << main[j]);
      seen |= 1 << main[j];
    }
    int targets = 0;
    int sources = 0;
    int[] sImages = new int[n];
    for (int j = 0; j < n; j++) {
      targets |= extra[j];
      if (extra[j] != 0) {
        sources |= 1 << main[j];
      }
      sImages[main[j]] = 1 << main[j] | extra[j];
    }
    if (seen != (1 << n) - 1 || (targets & sources) != 0) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    for (XorTerm term : XorMap.ofImages(sImages).terms()) {
      int shift = term.shift();
      int mask = term.mask();
      while (mask != 0) {
        int low = Integer.numberOfTrailingZeros(mask);
        int run = Integer.numberOfTrailingZeros(~(mask >>> low));
        int bits = Math.min(run, Math.abs(shift));
        int base = shift > 0 ? low - shift : low;
        text.append("Sw<").append(bits).append(',').append(base).append(',').append(shift)
            .append("> o _0 o ");
        mask &= ~(((1 << bits) - 1) << low);
      }
    }
    text.append(mode(main, colBits, n, cols)).append(':').append(strides(main, colBits, n, cols));
    return Optional.of(CuteLayout.parse(text.toString()));
  }

  /** The row and column modes' shapes: one leaf per run of bits that stays a run under P. */
  private static String mode(int[] main, int colBits, int n, int cols) {
    return "(" + leaves(main, colBits, n, false) + "," + leaves(main, 0, colBits, false) + ")";
  }

  private static String strides(int[] main, int colBits, int n, int cols) {
    return "(" + leaves(main, colBits, n, true) + "," + leaves(main, 0, colBits, true) + ")";
  }

  /** Bits {@code from..to-1} as leaves {@code _2^len} (or their strides {@code _2^P(first)}). */
  private static String leaves(int[] main, int from, int to, boolean strides) {
    List<String> leaves = new ArrayList<>();
    int j = from;
    while (j < to) {
      int length = 1;
      while (j + length < to && main[j + length] == main[j] + length) {
        length++;
      }
      leaves.add("_" + (strides ? 1L << main[j] : 1L << length));
      j += length;
    }
    if (leaves.isEmpty()) {
      return "_1";
    }
    return leaves.size() == 1 ? leaves.get(0) : "(" + String.join(",", leaves) + ")";
  }

  /**
   * {@code strided}, the shape:stride text, after the offset and swizzles ({@code swizzle} the
   * outermost, {@code inner} those composed inside it, outermost first), as CuTe prints them.
   */
  static String composed(Optional<Swizzle> swizzle, List<Swizzle> inner, int offset,
      String strided) {
    StringBuilder chain = new StringBuilder();
    for (Swizzle s : inner) {
      chain.append("Sw<").append(s.bits()).append(',').append(s.base()).append(',')
          .append(s.shift()).append("> o _0 o ");
    }
    String within = chain + strided;
    return swizzle.map(s -> "Sw<" + s.bits() + "," + s.base() + "," + s.shift() + "> o _" + offset
        + " o " + within).orElse(offset == 0 ? within : "_" + offset + " o " + within);
  }
}
