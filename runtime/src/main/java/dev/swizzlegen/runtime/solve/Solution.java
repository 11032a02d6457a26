package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Optional;

/**
 * What a search over the {@link SwizzleFamily} found for a tile's geometry and accesses.
 *
 * @param layout the cheapest tile on which every access is acceptable (within its maxWays), if the
 *     family has one
 * @param closest when {@code layout} is found, the mildest tile with fewer bits (empty when it has
 *     none, or none fits); when none is found, the mildest of the whole family (empty when the
 *     accesses run on none of it). Mildest: the smallest worst conflict over the accesses, the
 *     cheapest on ties.
 * @param closestDegree the worst conflict {@code closest} leaves; 0 without one
 * @param alternatives when none is found, changes that would work, in words (padding the rows,
 *     another vector width); empty otherwise
 * @param family the family searched, in words
 */
public record Solution(
    Optional<TileLayout> layout,
    Optional<TileLayout> closest,
    int closestDegree,
    List<String> alternatives,
    String family) {

  public Solution {
    alternatives = List.copyOf(alternatives);
  }

  /** Whether the family has a tile on which every access is acceptable. */
  public boolean found() {
    return layout.isPresent();
  }

  /** The same verdict without the alternatives, to compare searches that do not look for them. */
  public Solution withoutAlternatives() {
    return new Solution(layout, closest, closestDegree, List.of(), family);
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
    TileGeometry geometry = TileGeometry.of(chosen);
    why.append(' ').append(chosen.swizzleName());
    if (SwizzleFamily.isCanonical(chosen.swizzle(), geometry.unitBase())) {
      why.append(" is CuTe's canonical ").append(bits).append("-bit atom");
    } else {
      why.append(" comes first among the ").append(bits).append("-bit swizzles that work (no")
          .append(" canonical atom Swizzle<").append(bits).append(',').append(geometry.unitBase())
          .append(",3> does; then the row form, positive shift, smallest S, smallest M)");
    }
    if (chosen.form() == SwizzleForm.ROW) {
      why.append("; the row stride ").append(chosen.rowStride()).append(" is not a power of two,")
          .append(" so its ").append(1 << (chosen.swizzle().base() + bits))
          .append("-element atom repeats along each row");
    }
    Optional<TmaSwizzle> mode = chosen.tmaSwizzle();
    if (mode.isPresent() && mode.get() != TmaSwizzle.NONE) {
      why.append("; TMA can write it with ").append(mode.get().cudaName());
    }
    return why.append('.').toString();
  }

  /** "a" or "an" before a number of ways. */
  public static String article(int degree) {
    String digits = Integer.toString(degree);
    return digits.startsWith("8") || degree == 11 || degree == 18 ? "an" : "a";
  }
}
