package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Tries every CuTe swizzle {@code Swizzle<B,M,S>} with {@code B <= 5}, {@code M <= 7},
 * {@code B <= |S| <= 12} on a tile's geometry, cheapest first, and returns the first that makes every
 * access acceptable. Cheapest means fewest bits, then CuTe's canonical atom (16-byte units,
 * {@code S = 3}), then a positive shift, then the smallest {@code |S|}, then the smallest {@code M}.
 * Exhaustive over that family, so it is the reference any faster solver is tested against.
 */
public final class ExhaustiveSearch {
  static final int MAX_BITS = 5;
  static final int MAX_BASE = 7;
  static final int MAX_SHIFT = 12;

  private final ConflictAnalyzer analyzer;

  public ExhaustiveSearch(ConflictAnalyzer analyzer) {
    this.analyzer = analyzer;
  }

  /** The family's members in the order of cost, cheapest first, for elements of a given size. */
  public static List<Swizzle> candidates(int elementBytes) {
    List<Swizzle> candidates = new ArrayList<>();
    for (int bits = 0; bits <= MAX_BITS; bits++) {
      for (int base = 0; base <= MAX_BASE; base++) {
        for (int shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
          if (Math.abs(shift) >= bits && (bits > 0 || (base == 0 && shift == 0))) {
            candidates.add(Swizzle.of(bits, base, shift));
          }
        }
      }
    }
    int unitBase = 4 - Integer.numberOfTrailingZeros(elementBytes);
    candidates.sort(Comparator.<Swizzle>comparingInt(Swizzle::bits)
        .thenComparingInt(sw -> sw.base() == unitBase && sw.shift() == 3 ? 0 : 1)
        .thenComparingInt(sw -> sw.shift() < 0 ? 1 : 0)
        .thenComparingInt(sw -> Math.abs(sw.shift()))
        .thenComparingInt(Swizzle::base));
    return candidates;
  }

  /** The cheapest swizzle for {@code geometry}'s shape (its own swizzle is ignored). */
  public Suggestion search(TileLayout geometry, List<AccessPattern> accesses) {
    Optional<Swizzle> closest = Optional.empty();
    int closestDegree = Integer.MAX_VALUE;
    for (Swizzle candidate : candidates(geometry.elementBytes())) {
      Optional<TileLayout> tile = withSwizzle(geometry, candidate);
      if (tile.isEmpty() || accesses.stream().anyMatch(a -> !a.check(tile.get()).isEmpty())) {
        continue;
      }
      boolean acceptable = true;
      int worst = 1;
      for (AccessPattern access : accesses) {
        AccessReport report = analyzer.analyze(tile.get(), access);
        acceptable &= report.acceptable();
        worst = Math.max(worst, report.degree());
      }
      if (acceptable) {
        return new Suggestion(Optional.of(candidate), Optional.of(candidate), worst, family());
      }
      if (worst < closestDegree) {
        closest = Optional.of(candidate);
        closestDegree = worst;
      }
    }
    return new Suggestion(Optional.empty(), closest, closest.isPresent() ? closestDegree : 0, family());
  }

  static Optional<TileLayout> withSwizzle(TileLayout geometry, Swizzle swizzle) {
    return TileLayout.check(geometry.dtype(), swizzle, geometry.rows(), geometry.cols(),
            geometry.rowStride(), geometry.alignment()).isEmpty()
        ? Optional.of(TileLayout.of(geometry.dtype(), swizzle, geometry.rows(), geometry.cols(),
            geometry.rowStride(), geometry.alignment()))
        : Optional.empty();
  }

  private static String family() {
    return "Swizzle<B,M,S> with B <= " + MAX_BITS + ", M <= " + MAX_BASE + ", B <= |S| <= "
        + MAX_SHIFT;
  }
}
