package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The mildest layouts a search of the {@link SwizzleFamily} has rejected, for its verdict: the
 * mildest of the whole family when nothing works, and, when something does, the mildest on atoms of
 * the same width with fewer bits (than the found one, or than the canonical atom taken on a tie).
 * Mildest: the smallest worst conflict, the earliest (cheapest) on ties. Candidates must be
 * {@link #enter entered} in the family's order.
 */
final class RunnersUp {
  private final TileDescription description;
  private Optional<TileLayout> mildest = Optional.empty();
  private int mildestDegree = Integer.MAX_VALUE;
  private Optional<TileLayout> mildestOfWidth = Optional.empty();
  private int mildestOfWidthDegree = Integer.MAX_VALUE;
  /** The mildest of the width with each number of bits, {@code null} where none was rejected. */
  private final TileLayout[] mildestOfWidthByBits = new TileLayout[SwizzleFamily.MAX_BITS + 1];
  private final int[] mildestOfWidthByBitsDegree = new int[SwizzleFamily.MAX_BITS + 1];
  private int width = -1;

  RunnersUp(TileDescription description) {
    this.description = description;
  }

  /** The next candidate in the family's order is about to be costed. */
  void enter(TileLayout candidate) {
    if (candidate.atomCols() != width) {
      width = candidate.atomCols();
      mildestOfWidth = Optional.empty();
      mildestOfWidthDegree = Integer.MAX_VALUE;
      Arrays.fill(mildestOfWidthByBits, null);
    }
  }

  /** The worst conflict a rejected candidate must stay below to matter: the mildest of its width's. */
  int toBeat() {
    return mildestOfWidthDegree;
  }

  /** A candidate that leaves a {@code worst}-way conflict. */
  void reject(TileLayout tile, int worst) {
    if (worst < mildestOfWidthDegree) {
      mildestOfWidth = Optional.of(tile);
      mildestOfWidthDegree = worst;
    }
    int bits = tile.swizzle().bits();
    if (mildestOfWidthByBits[bits] == null || worst < mildestOfWidthByBitsDegree[bits]) {
      mildestOfWidthByBits[bits] = tile;
      mildestOfWidthByBitsDegree[bits] = worst;
    }
    if (worst < mildestDegree) {
      mildest = Optional.of(tile);
      mildestDegree = worst;
    }
  }

  /** The verdict when {@code tile} is the first on which every access is acceptable. */
  Solution found(TileLayout tile) {
    return found(tile, Optional.empty());
  }

  /**
   * The verdict when the tile's canonical atom is taken on a tie with {@code wholeRows}, the first
   * layout on which every access is acceptable ({@link SwizzleFamily#onATie}).
   */
  Solution foundOnATie(TileLayout canonicalAtom, TileLayout wholeRows) {
    return found(canonicalAtom, Optional.of(wholeRows));
  }

  /** The verdict for {@code tile}: the mildest of whole rows, or of its width, with fewer bits. */
  private Solution found(TileLayout tile, Optional<TileLayout> passedOver) {
    Optional<TileLayout> withFewerBits = Optional.empty();
    int degree = 0;
    for (int bits = 0; bits < tile.swizzle().bits(); bits++) {
      TileLayout milder = mildestOfWidthByBits[bits];
      if (milder != null && (withFewerBits.isEmpty() || mildestOfWidthByBitsDegree[bits] < degree)) {
        withFewerBits = Optional.of(milder);
        degree = mildestOfWidthByBitsDegree[bits];
      }
    }
    return new Solution(Optional.of(tile), withFewerBits, degree, List.of(),
        description.describedAtomRows(), description.describedAtomCols(), Optional.empty(),
        passedOver);
  }

  /** The verdict when no candidate makes every access acceptable. */
  Solution nothingFound() {
    return new Solution(Optional.empty(), mildest, mildest.isPresent() ? mildestDegree : 0,
        List.of(), description.describedAtomRows(), description.describedAtomCols(),
        Optional.empty(), Optional.empty());
  }
}
