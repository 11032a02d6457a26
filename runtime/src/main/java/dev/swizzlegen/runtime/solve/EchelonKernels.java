package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;

/**
 * The kernels {@link XorMapSearch} enumerates, as the column images of its bank rows in column
 * echelon form, and the word maps they stand for: the map of a kernel ({@link #wordMap}), its
 * XOR terms ({@link #weight}), the same map on element offsets ({@link #elementMap}), and back
 * from any word map to the echelon form the search would write for its kernel ({@link #echelon}).
 */
final class EchelonKernels {
  private EchelonKernels() {}

  /**
   * The map on words of the column images {@code images[j]} (the bank rows' bits of free bit
   * {@code j}, in column echelon form): pivots to the bank bits in order, the other free bits to the
   * bits above the bank bits in order, each with its image XORed into the bank bits.
   */
  static XorMap wordMap(int[] images, int kept, int free, int b) {
    int[] map = new int[kept + free];
    for (int j = 0; j < kept; j++) {
      map[j] = 1 << j;
    }
    int rank = 0;
    int others = 0;
    for (int j = 0; j < free; j++) {
      int image = images[j];
      if (rank < b && image == 1 << rank) {
        map[kept + j] = 1 << (kept + rank);
        rank++;
      } else {
        map[kept + j] = image << kept | 1 << (kept + b + others);
        others++;
      }
    }
    return XorMap.ofImages(map);
  }

  /** The word map as a map of element offsets ({@code elementBytes} a power of two up to 8). */
  static XorMap elementMap(XorMap wordMap, int elementBytes) {
    return wordMap.inBytes(XorMapSearch.WORD_BYTES).inElements(elementBytes).orElseThrow();
  }

  /** The XOR terms of the word map of column images {@code images}: its off-diagonal ones. */
  static int weight(int[] images, int free, int b) {
    int weight = 0;
    int rank = 0;
    int others = 0;
    for (int j = 0; j < free; j++) {
      int image = images[j];
      if (rank < b && image == 1 << rank) {
        weight += j == rank ? 0 : 1;
        rank++;
      } else {
        weight += Integer.bitCount(image) + (j == b + others ? 0 : 1);
        others++;
      }
    }
    return weight;
  }

  /**
   * The column images in echelon form of the bank rows of a word map on {@code kept + free} bits, as
   * the search would write it for the same kernel; for the laws, which compare with maps enumerated
   * any way. Empty when the map's bank rows are not of full rank.
   */
  static Optional<int[]> echelon(XorMap wordMap, int kept, int free, int b) {
    // Bank rows restricted to the free columns: rows[i] bit j = bit (kept + i) of image(kept + j).
    int[] rows = new int[b];
    for (int i = 0; i < b; i++) {
      for (int j = 0; j < free; j++) {
        if (((wordMap.apply(1 << (kept + j)) >>> (kept + i)) & 1) != 0) {
          rows[i] |= 1 << j;
        }
      }
    }
    // Reduced row echelon form, pivots leftmost (lowest free bit) first.
    int rank = 0;
    for (int j = 0; j < free && rank < b; j++) {
      int pivot = -1;
      for (int i = rank; i < b; i++) {
        if (((rows[i] >>> j) & 1) != 0) {
          pivot = i;
          break;
        }
      }
      if (pivot < 0) {
        continue;
      }
      int swap = rows[pivot];
      rows[pivot] = rows[rank];
      rows[rank] = swap;
      for (int i = 0; i < b; i++) {
        if (i != rank && ((rows[i] >>> j) & 1) != 0) {
          rows[i] ^= rows[rank];
        }
      }
      rank++;
    }
    if (rank < b) {
      return Optional.empty();
    }
    int[] images = new int[free];
    for (int j = 0; j < free; j++) {
      for (int i = 0; i < b; i++) {
        images[j] |= ((rows[i] >>> j) & 1) << i;
      }
    }
    return Optional.of(images);
  }
}
