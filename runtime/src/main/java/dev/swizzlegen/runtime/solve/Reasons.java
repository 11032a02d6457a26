package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.tma.TmaFill;
import java.util.Optional;

/**
 * Why a search chose its layout, as data for the generated files (the processor words it): how many
 * bits, what fewer leave, whether it is CuTe's canonical atom, and what TMA fills it with.
 *
 * @param chosen the layout found
 * @param milderWithFewerBits the mildest layout with fewer bits, if any fits the tile
 * @param milderDegree the worst conflict {@code milderWithFewerBits} leaves; 0 without one
 * @param canonical whether the chosen swizzle is CuTe's canonical atom for its bits,
 *     {@code Swizzle<B, canonicalBase, 3>}
 * @param canonicalBase {@code log2(16 / element bytes)}: the base of CuTe's canonical atoms, which
 *     move 16-byte units
 * @param atomWidthChosen whether the search chose the atom's width (none was described): then wider
 *     atoms came first and failed
 * @param tmaFill TMA's fill of the chosen layout with a swizzled mode, from a base aligned as the
 *     mode needs; empty when TMA fills it with no swizzle or not at all
 */
public record Reasons(
    TileLayout chosen,
    Optional<TileLayout> milderWithFewerBits,
    int milderDegree,
    boolean canonical,
    int canonicalBase,
    boolean atomWidthChosen,
    Optional<TmaFill> tmaFill) {}
