package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.SwizzleFamily.Candidate;
import java.util.List;
import java.util.Optional;

/**
 * The reference search: every member of the {@link SwizzleFamily}, cheapest first, on which every
 * engine has a plan, each analysed in full by the {@link ConflictAnalyzer}. Slow and obviously right; {@link SwizzleSolver} must return
 * exactly what it returns.
 */
public final class ExhaustiveSearch {
  private final ConflictAnalyzer analyzer;

  public ExhaustiveSearch(ConflictAnalyzer analyzer) {
    this.analyzer = analyzer;
  }

  /**
   * The cheapest tile on which every access is acceptable and every engine has a plan; no
   * alternatives are looked for. When a declared atom has none, the same search on a free atom is
   * part of the verdict.
   */
  public Solution search(TileGeometry geometry, List<AccessPattern> accesses, List<Engine> engines) {
    Solution solution = searchOn(geometry, accesses, engines);
    if (solution.found()) {
      return solution;
    }
    return geometry.freeAtomFor(accesses, engines)
        .map(free -> solution.withFreeAtom(searchOn(free, accesses, engines)))
        .orElse(solution);
  }

  private Solution searchOn(TileGeometry geometry, List<AccessPattern> accesses,
      List<Engine> engines) {
    RunnersUp runnersUp = new RunnersUp(geometry);
    for (Candidate candidate : SwizzleFamily.ordered(geometry)) {
      runnersUp.enter(candidate);
      Optional<TileLayout> tile = geometry.with(candidate);
      if (tile.isEmpty() || !TileGeometry.runs(tile.get(), accesses, engines)) {
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
        return runnersUp.found(tile.get());
      }
      runnersUp.reject(tile.get(), worst);
    }
    return runnersUp.nothingFound();
  }
}
