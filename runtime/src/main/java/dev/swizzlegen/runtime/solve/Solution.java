package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a search over the {@link SwizzleFamily} found for a tile's description and accesses.
 *
 * @param layout the cheapest tile on which every access is acceptable (within its maxWays) and every
 *     engine has a plan, if the family has one
 * @param closest when {@code layout} is found, the mildest tile with fewer bits (empty when it has
 *     none, or none fits); when none is found, the mildest of the whole family (empty when the
 *     accesses run on none of it). Mildest: the smallest worst conflict over the accesses, the
 *     cheapest on ties.
 * @param closestDegree the worst conflict {@code closest} leaves; 0 without one
 * @param alternatives when none is found, changes that would work (padding the rows, another vector
 *     width); empty otherwise
 * @param declaredAtomRows the atom's rows the search kept as described; absent where it chose them
 * @param declaredAtomCols the atom's columns the search kept as described; absent where it chose
 *     them
 * @param freeAtom when the search kept a declared atom and found nothing, the verdict of the same
 *     search with the atom left free, as derivation leaves it when atomRows and atomCols are omitted
 *     (its own {@code freeAtom} empty); empty when something was found or the atom was free
 * @param passedOver when the search took the tile's canonical atom on a tie
 *     ({@link SwizzleFamily#onATie}), the layout of whole rows that came first in the order and serves
 *     with as many bits or more; empty otherwise
 * @param xorMap where no swizzle served and derivation searched every invertible XOR map
 *     ({@link SwizzleSolver#derive}), what that search found: then {@code layout} is its map's tile
 *     where it found one, and {@code closest} the mildest swizzle; empty where it was not searched
 */
public record Solution(
    Optional<TileLayout> layout,
    Optional<TileLayout> closest,
    int closestDegree,
    List<Alternative> alternatives,
    OptionalInt declaredAtomRows,
    OptionalInt declaredAtomCols,
    Optional<Solution> freeAtom,
    Optional<TileLayout> passedOver,
    Optional<XorMapSearch.Result> xorMap) {

  public Solution {
    alternatives = List.copyOf(alternatives);
    Objects.requireNonNull(declaredAtomRows, "declaredAtomRows");
    Objects.requireNonNull(declaredAtomCols, "declaredAtomCols");
    Objects.requireNonNull(xorMap, "xorMap");
  }

  /** A verdict of the swizzle family alone, no XOR map searched. */
  public Solution(Optional<TileLayout> layout, Optional<TileLayout> closest, int closestDegree,
      List<Alternative> alternatives, OptionalInt declaredAtomRows, OptionalInt declaredAtomCols,
      Optional<Solution> freeAtom, Optional<TileLayout> passedOver) {
    this(layout, closest, closestDegree, alternatives, declaredAtomRows, declaredAtomCols,
        freeAtom, passedOver, Optional.empty());
  }

  /** Whether the layout found is a general XOR map, no swizzle of the family serving. */
  public boolean foundXorMap() {
    return xorMap.filter(XorMapSearch.Result::found).isPresent();
  }

  /** The same verdict with what the search over every XOR map found, its map the layout if any. */
  Solution withXorMap(XorMapSearch.Result result) {
    return new Solution(result.layout().isPresent() ? result.layout() : layout, closest,
        closestDegree, alternatives, declaredAtomRows, declaredAtomCols, freeAtom, passedOver,
        Optional.of(result));
  }

  /** Whether the search kept a described atom, on either side, rather than choosing it. */
  boolean atomDeclared() {
    return declaredAtomRows.isPresent() || declaredAtomCols.isPresent();
  }

  /** Whether the family has a tile on which every access is acceptable. */
  public boolean found() {
    return layout.isPresent();
  }

  /** The same verdict without the alternatives, to compare searches that do not look for them. */
  public Solution withoutAlternatives() {
    return new Solution(layout, closest, closestDegree, List.of(), declaredAtomRows,
        declaredAtomCols, freeAtom.map(Solution::withoutAlternatives), passedOver, xorMap);
  }

  /** The same verdict for another layout found, such as the chosen one with the alignment it needs. */
  public Solution withLayout(TileLayout found) {
    return new Solution(Optional.of(found), closest, closestDegree, alternatives,
        declaredAtomRows, declaredAtomCols, freeAtom, passedOver, xorMap);
  }

  /** The same verdict with what the search finds on a free atom. */
  Solution withFreeAtom(Solution free) {
    return new Solution(layout, closest, closestDegree, alternatives, declaredAtomRows,
        declaredAtomCols, Optional.of(free), passedOver, xorMap);
  }

  /** The same verdict with changes that would work instead. */
  Solution withAlternatives(List<Alternative> changes) {
    return new Solution(layout, closest, closestDegree, changes, declaredAtomRows,
        declaredAtomCols, freeAtom, passedOver, xorMap);
  }

  /** Why the found layout was chosen, as data; the processor words it for the generated files. */
  public Reasons reasons() {
    TileLayout chosen = layout.orElseThrow(() -> new IllegalStateException("nothing was found"));
    // The description searched: the chosen tile's, with the atom sides the search kept.
    TileDescription searched = SwizzleSolver.searched(
        chosen.toBuilder().atom(declaredAtomRows, declaredAtomCols, chosen.atomOrder()));
    return new Reasons(chosen, closest, closestDegree, SwizzleFamily.isCanonicalAtom(chosen),
        SwizzleFamily.canonicalAtom(searched), passedOver,
        SwizzleFamily.unitBase(chosen.dtype()), declaredAtomCols.isEmpty(),
        Engine.atDefaultAlignment(chosen).flatMap(aligned -> TmaFill.plan(aligned).plan())
            .filter(tma -> tma.mode() != TmaSwizzle.NONE));
  }
}
