package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.Optional;

/**
 * Why a search chose its layout, as data for the generated files (the processor words it): how many
 * bits, what fewer leave, whether it is CuTe's canonical atom (and whether it was taken on a tie with
 * whole rows, or tried and passed over), and what TMA fills it with.
 *
 * @param chosen the layout found
 * @param milderWithFewerBits the mildest layout with fewer bits on atoms as wide as the chosen, or of
 *     whole rows where the canonical atom was taken on a tie, if any fits the tile
 * @param milderDegree the worst conflict {@code milderWithFewerBits} leaves; 0 without one
 * @param canonical whether the chosen layout is on one of CuTe's canonical atoms
 *     ({@link SwizzleFamily#isCanonicalAtom}): {@code Swizzle<B, canonicalBase, 3>} on atoms of
 *     {@code 16 << B}-byte rows, {@code 1 <= B <= 3}
 * @param canonicalAtom the tile's canonical atom narrower than its rows, where the family has one
 *     ({@link SwizzleFamily#canonicalAtom}: CuTe's widest whose rows divide the tile's)
 * @param wholeRowsPassedOver where the canonical atom was taken on a tie, the layout of whole rows
 *     that came first in the order and serves with as many bits or more; empty otherwise
 * @param canonicalBase {@code log2(16 / element bytes)}: the base of CuTe's canonical atoms, which
 *     move 16-byte units
 * @param atomWidthChosen whether the search chose the atom's width (none was described): then wider
 *     atoms came first
 * @param tmaFill TMA's fill of the chosen layout with a swizzled mode, from a base aligned as the
 *     mode needs; empty when TMA fills it with no swizzle or not at all
 */
public record Reasons(
    TileLayout chosen,
    Optional<TileLayout> milderWithFewerBits,
    int milderDegree,
    boolean canonical,
    Optional<TileLayout> canonicalAtom,
    Optional<TileLayout> wholeRowsPassedOver,
    int canonicalBase,
    boolean atomWidthChosen,
    Optional<TmaFill> tmaFill) {

  /**
   * The tile's canonical atom where the search tried it before the chosen layout, so that it does not
   * serve every access and engine: on a tie with whole rows that serve with as many bits or more, or
   * in its place in the order (before narrower atoms, and first among those as wide with its bits).
   */
  public Optional<TileLayout> canonicalAtomTried() {
    return canonicalAtom.filter(atom -> wholeRowsPassedOver.isEmpty()
        && (atom.atomCols() > chosen.atomCols()
            || (chosen.atomCols() == chosen.cols() || atom.atomCols() == chosen.atomCols())
                && chosen.swizzle().bits() >= atom.swizzle().bits()));
  }
}
