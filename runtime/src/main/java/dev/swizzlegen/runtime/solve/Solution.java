package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.tma.TmaFill;
import java.util.List;
import java.util.Optional;

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
 * @param alternatives when none is found, changes that would work, in words (padding the rows,
 *     another vector width); empty otherwise
 * @param family the family searched, in words
 * @param declaredAtomRows the atom's rows the search kept as described; 0 where it chose them
 * @param declaredAtomCols the atom's columns the search kept as described; 0 where it chose them
 * @param freeAtom when the search kept a declared atom and found nothing, the verdict of the same
 *     search with the atom left free, as derivation leaves it when atomRows and atomCols are omitted
 *     (its own {@code freeAtom} empty); empty when something was found or the atom was free
 */
public record Solution(
    Optional<TileLayout> layout,
    Optional<TileLayout> closest,
    int closestDegree,
    List<String> alternatives,
    String family,
    int declaredAtomRows,
    int declaredAtomCols,
    Optional<Solution> freeAtom) {

  public Solution {
    alternatives = List.copyOf(alternatives);
  }

  /** A verdict without a search on a free atom. */
  public Solution(Optional<TileLayout> layout, Optional<TileLayout> closest, int closestDegree,
      List<String> alternatives, String family, int declaredAtomRows, int declaredAtomCols) {
    this(layout, closest, closestDegree, alternatives, family, declaredAtomRows, declaredAtomCols,
        Optional.empty());
  }

  /** Whether the search kept a described atom, on either side, rather than choosing it. */
  public boolean atomDeclared() {
    return declaredAtomRows != 0 || declaredAtomCols != 0;
  }

  /** Whether the family has a tile on which every access is acceptable. */
  public boolean found() {
    return layout.isPresent();
  }

  /** The same verdict without the alternatives, to compare searches that do not look for them. */
  public Solution withoutAlternatives() {
    return new Solution(layout, closest, closestDegree, List.of(), family, declaredAtomRows,
        declaredAtomCols, freeAtom.map(Solution::withoutAlternatives));
  }

  /** The same verdict for another layout found, such as the chosen one with the alignment it needs. */
  public Solution withLayout(TileLayout found) {
    return new Solution(Optional.of(found), closest, closestDegree, alternatives, family,
        declaredAtomRows, declaredAtomCols, freeAtom);
  }

  /** The same verdict with what the search finds on a free atom. */
  public Solution withFreeAtom(Solution free) {
    return new Solution(layout, closest, closestDegree, alternatives, family, declaredAtomRows,
        declaredAtomCols, Optional.of(free));
  }

  /** The same verdict with changes that would work instead. */
  public Solution withAlternatives(List<String> changes) {
    return new Solution(layout, closest, closestDegree, changes, family, declaredAtomRows,
        declaredAtomCols, freeAtom);
  }

  /**
   * Why the found layout was chosen, in one or two sentences for the generated files:
   * {@code "3 XOR bits are the fewest that make every access conflict-free: the mildest swizzle with
   * 2 bits, Swizzle<2,3,3>, leaves a 2-way conflict. Swizzle<3,3,3> is CuTe's canonical 3-bit atom."}
   */
  public String why() {
    TileLayout chosen = layout.orElseThrow(() -> new IllegalStateException("nothing was found"));
    int bits = chosen.swizzle().bits();
    if (bits == 0) {
      return "No swizzle is needed: every access is acceptable on the plain row-major tile.";
    }
    StringBuilder why = new StringBuilder();
    why.append(bits).append(bits == 1 ? " XOR bit is" : " XOR bits are")
        .append(" the fewest that make every access acceptable");
    closest.ifPresentOrElse(
        runnerUp -> why.append(runnerUp.swizzle().isIdentity()
                ? ": without a swizzle the tile has "
                : ": the mildest swizzle with fewer bits, " + runnerUp.swizzleName() + ", leaves ")
            .append(article(closestDegree)).append(' ').append(closestDegree)
            .append("-way conflict."),
        () -> why.append(" (no swizzle with fewer bits fits the tile)."));
    int unitBase = SwizzleFamily.unitBase(chosen.dtype());
    why.append(' ').append(chosen.swizzleName());
    if (SwizzleFamily.isCanonical(chosen.swizzle(), unitBase)) {
      why.append(" is CuTe's canonical ").append(bits).append("-bit atom");
    } else {
      why.append(" comes first among the ").append(bits).append("-bit swizzles that work (no")
          .append(" canonical atom Swizzle<").append(bits).append(',').append(unitBase)
          .append(",3> does; then the row form, positive shift, smallest S, smallest M)");
    }
    if (chosen.atomsAcross() > 1) {
      why.append(", here on ").append(chosen.atomShape()).append(" atoms (")
          .append(chosen.atomCols() * chosen.elementBytes()).append("-byte rows) in ")
          .append(chosen.atomsAcross()).append(" column blocks, numbered ")
          .append(chosen.atomOrder() == Order.COL_MAJOR
              ? "down the rows first as CuTe's tile_to_shape does"
              : "across the columns first");
      if (declaredAtomCols == 0) {
        why.append(" (wider atoms come first, but no swizzle of whole ")
            .append(chosen.cols() * chosen.elementBytes()).append("-byte rows")
            .append(chosen.atomCols() * 2 < chosen.cols() ? " or of wider column blocks" : "")
            .append(" serves every access)");
      }
    }
    if (chosen.swizzlesWithinEachRow()) {
      why.append("; the row stride ").append(chosen.rowStride()).append(" is not a power of two,")
          .append(" so its ").append(1 << (chosen.swizzle().base() + bits))
          .append("-element atom repeats along each row");
    }
    Optional<TmaFill> fill =
        TmaFill.findWhenAligned(chosen).filter(tma -> tma.mode() != TmaSwizzle.NONE);
    if (fill.isPresent()) {
      TmaFill tma = fill.get();
      why.append("; TMA can fill it with ").append(tma.mode().cudaName()).append(" in ")
          .append(tma.boxes().size() == 1 ? "one box" : tma.boxes().size() + " boxes")
          .append(" of ").append(tma.boxRows()).append(" x ").append(tma.boxCols());
      if (chosen.cols() > tma.boxCols()) {
        why.append(" (a box row spans at most ").append(TmaFill.spanBytes(tma.mode()))
            .append(" bytes)");
      }
      if (chosen.alignment() < tma.mode().alignmentBytes()) {
        why.append(" from a ").append(tma.mode().alignmentBytes()).append("-byte aligned base");
      }
    }
    return why.append('.').toString();
  }

  /** "a" or "an" before a number of ways. */
  public static String article(int degree) {
    String digits = Integer.toString(degree);
    return digits.startsWith("8") || degree == 11 || degree == 18 ? "an" : "a";
  }
}
