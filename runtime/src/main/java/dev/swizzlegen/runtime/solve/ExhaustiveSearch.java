package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;
import java.util.Optional;

/**
 * The reference search: every member of the {@link SwizzleFamily}, cheapest first, on which every
 * engine has a plan (TMA in one of Hopper's modes), each analysed in full by the
 * {@link ConflictAnalyzer}, the tile's canonical atom taken on a tie with whole rows
 * ({@link SwizzleFamily#onATie}). Slow and obviously right; {@link SwizzleSolver#nvidia()} must return
 * exactly what it returns.
 */
public final class ExhaustiveSearch {
  private final ConflictAnalyzer analyzer;

  public ExhaustiveSearch(ConflictAnalyzer analyzer) {
    this.analyzer = analyzer;
  }

  /**
   * The cheapest tile of the description on which every access is acceptable and every engine has a
   * plan, as {@link SwizzleSolver#solve} reads the description; no alternatives are looked for. When a
   * declared atom has none, the same search on a free atom is part of the verdict.
   */
  public Solution search(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines) {
    TileDescription searched = SwizzleSolver.searched(description);
    Solution solution = searchOn(searched, accesses, engines);
    if (solution.found()) {
      return solution;
    }
    return SwizzleFamily.freeAtomFor(searched, accesses, engines)
        .map(free -> solution.withFreeAtom(searchOn(free, accesses, engines)))
        .orElse(solution);
  }

  private Solution searchOn(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines) {
    RunnersUp runnersUp = new RunnersUp(description);
    for (TileLayout tile : SwizzleFamily.layouts(description)) {
      runnersUp.enter(tile);
      if (!SwizzleFamily.runs(tile, accesses, engines)) {
        continue;
      }
      int worst = worst(tile, accesses);
      if (worst == 0) {
        Optional<TileLayout> canonical = SwizzleFamily.onATie(description, tile)
            .filter(atom -> SwizzleFamily.runs(atom, accesses, engines)
                && worst(atom, accesses) == 0);
        return canonical.isPresent() ? runnersUp.foundOnATie(canonical.get(), tile)
            : runnersUp.found(tile);
      }
      runnersUp.reject(tile, worst);
    }
    return runnersUp.nothingFound();
  }

  /** The worst conflict the accesses leave on {@code tile}, or 0 when every one is acceptable. */
  private int worst(TileLayout tile, List<AccessPattern> accesses) {
    boolean acceptable = true;
    int worst = 1;
    for (AccessPattern access : accesses) {
      AccessReport report = analyzer.analyze(tile, access);
      acceptable &= report.acceptable();
      worst = Math.max(worst, report.degree());
    }
    return acceptable ? 0 : worst;
  }
}
