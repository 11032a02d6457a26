package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

/**
 * The mildest layouts a search of the {@link SwizzleFamily} has rejected, for its verdict: the
 * mildest of the whole family when nothing works, and, when something does, the mildest on atoms of
 * the same width with fewer bits. Mildest: the smallest worst conflict, the earliest (cheapest) on
 * ties. Candidates must be {@link #enter entered} in the family's order.
 */
final class RunnersUp {
  private final TileLayout.Builder description;
  private Optional<TileLayout> mildest = Optional.empty();
  private int mildestDegree = Integer.MAX_VALUE;
  private Optional<TileLayout> mildestOfWidth = Optional.empty();
  private int mildestOfWidthDegree = Integer.MAX_VALUE;
  private Optional<TileLayout> withFewerBits = Optional.empty();
  private int withFewerBitsDegree = Integer.MAX_VALUE;
  private int width = -1;
  private int bits = 0;

  RunnersUp(TileLayout.Builder description) {
    this.description = description;
  }

  /** The next candidate in the family's order is about to be costed. */
  void enter(TileLayout candidate) {
    if (candidate.atomCols() != width) {
      width = candidate.atomCols();
      bits = candidate.swizzle().bits();
      mildestOfWidth = Optional.empty();
      mildestOfWidthDegree = Integer.MAX_VALUE;
      withFewerBits = Optional.empty();
      withFewerBitsDegree = Integer.MAX_VALUE;
    } else if (candidate.swizzle().bits() > bits) {
      bits = candidate.swizzle().bits();
      withFewerBits = mildestOfWidth;
      withFewerBitsDegree = mildestOfWidthDegree;
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
    if (worst < mildestDegree) {
      mildest = Optional.of(tile);
      mildestDegree = worst;
    }
  }

  /** The verdict when {@code tile} is the first on which every access is acceptable. */
  Solution found(TileLayout tile) {
    return new Solution(Optional.of(tile), withFewerBits,
        withFewerBits.isPresent() ? withFewerBitsDegree : 0, description.describedAtomRows(),
        description.describedAtomCols());
  }

  /** The verdict when no candidate makes every access acceptable. */
  Solution nothingFound() {
    return new Solution(Optional.empty(), mildest, mildest.isPresent() ? mildestDegree : 0,
        description.describedAtomRows(), description.describedAtomCols());
  }
}
