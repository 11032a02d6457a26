package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.access.AccessPattern;
import java.util.List;

/**
 * Why no invertible XOR map that keeps the vectors whole serves every access ({@link XorMapSearch}):
 * a certificate a reader can check, as data; the processor words it.
 *
 * <p>Every such map fixes the bank bits that address words inside the widest vector
 * ({@code keptBytes}) and leaves the others ({@code freeBankBits}, {@code b}) to choose: words that
 * agree in the fixed bits reach at most {@code 2^b} banks, and the words whose differences a map
 * sends to bank 0 form a subspace of codimension {@code b} of the bits it moves.
 */
public sealed interface NoXorMap {

  /** The bytes every map keeps whole: the widest vector, at least a 4-byte word. */
  int keptBytes();

  /** The accesses the certificate names: while they stay, no XOR map serves. */
  List<AccessPattern> accesses();

  /** The bank bits a map may set ({@code b}): {@code 2^b} banks for words that agree in the others. */
  int freeBankBits();

  /**
   * One phase touches more distinct words that agree in the fixed bank bits than {@code 2^b}: any
   * map puts two of them in one bank (pigeonhole).
   *
   * @param access the access
   * @param instruction its instruction, from 0
   * @param phase the phase within it
   * @param lanes one lane per word, {@code 2^b + 1} of them (enough), in the order of the words
   * @param cells each lane's first element
   */
  record TooManyWords(AccessPattern access, int instruction, int phase, List<Integer> lanes,
      List<Cell> cells, int keptBytes, int freeBankBits) implements NoXorMap {
    @Override
    public List<AccessPattern> accesses() {
      return List.of(access);
    }
  }

  /**
   * Differences between the words of two lanes of one phase, which a map must not send to bank 0,
   * that span (with every nonzero combination among them) a space of more than {@code b}
   * dimensions: it meets every subspace of codimension {@code b}, so every map sends one of them to
   * bank 0 and leaves those two lanes in one bank.
   *
   * @param differences every nonzero vector of the space, each with the lanes it separates
   * @param dimension the dimension of the space, more than {@code freeBankBits}
   */
  record SpannedDifferences(List<Difference> differences, int dimension, int keptBytes,
      int freeBankBits) implements NoXorMap {
    @Override
    public List<AccessPattern> accesses() {
      return differences.stream().map(Difference::access).distinct().toList();
    }
  }

  /**
   * Two lanes of one phase whose words differ by {@code wordDifference} (the XOR of their 4-byte word
   * offsets in the plain tile), with no bit among the fixed bank bits.
   *
   * @param basis whether the difference is one of the basis of the space (the others are sums)
   */
  record Difference(AccessPattern access, int instruction, int phase, int firstLane,
      Cell first, int secondLane, Cell second, int wordDifference, boolean basis) {}

  /**
   * The search went through every map (every kernel once) and none keeps the differences of these
   * accesses' phases out of bank 0; no short certificate was found.
   *
   * @param accesses the accesses that forbid differences, and those that tolerate conflicts
   *     ({@code maxWays > 1}), which the search costs only on whole maps
   * @param freeBits the word bits a map moves
   */
  record Exhausted(List<AccessPattern> accesses, int keptBytes, int freeBankBits, int freeBits)
      implements NoXorMap {}
}
