package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.analysis.Witness;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;

/**
 * Proves every warp access of a tile within its {@code maxWays} (engines issue no warp instructions:
 * they have plans, not costs), and reports each one that is not on its
 * {@code @Access}: the N-way degree, wavefronts against the ideal, a witness, and the cheapest swizzle
 * that would make every access of the tile conflict-free.
 */
final class ConflictChecker {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
  private final SwizzleSolver solver;
  private final Diagnostic.Kind conflictKind;

  /**
   * @param conflictKind ERROR, or WARNING under {@code -Aswizzlegen.conflicts=warning}
   * @param architecture the target ({@code -Aswizzlegen.arch}) whose TMA modes a suggestion may use
   */
  ConflictChecker(Diagnostic.Kind conflictKind, Optional<Architecture> architecture) {
    this.conflictKind = conflictKind;
    this.solver = SwizzleSolver.nvidia(architecture);
  }

  /**
   * The report of every access, in order; each unacceptable one is reported to {@code diagnostics}.
   */
  List<AccessReport> check(TileSpec tile, Diagnostics diagnostics) {
    List<AccessReport> reports = new ArrayList<>();
    Optional<String> fix = Optional.empty();
    for (DeclaredAccess access : tile.accesses()) {
      AccessReport report = analyzer.analyze(tile.layout(), access.pattern());
      reports.add(report);
      if (report.acceptable()) {
        continue;
      }
      if (fix.isEmpty()) {
        fix = Optional.of(fix(tile));
      }
      diagnostics.onDeclaredAccess(conflictKind, access,
          conflictMessage(report, access) + fix.get());
    }
    return reports;
  }

  private static String conflictMessage(AccessReport report, DeclaredAccess access) {
    AccessPattern pattern = access.pattern();
    String tolerance = pattern.maxWays() > 1
        ? ", more than its maxWays of " + pattern.maxWays()
        : "";
    String origin = access.isDefault()
        ? " (a default access; declare access = {...} to choose the accesses checked)"
        : "";
    return pattern.label() + origin + " has " + SolutionText.article(report.degree()) + " " + report.degree()
        + "-way bank conflict" + tolerance + ": " + AccessReport.number(report.wavefrontsPerInstruction())
        + " wavefronts per instruction where " + AccessReport.number(report.idealWavefrontsPerInstruction())
        + " would do; " + witness(report.witness().orElseThrow(), 4) + "; ";
  }

  private String fix(TileSpec tile) {
    List<AccessPattern> patterns = tile.accesses().stream().map(DeclaredAccess::pattern).toList();
    TileLayout declared = tile.layout();
    // The search derivation would make, the tile's atom kept where it has several.
    TileLayout.Builder description = TileReader.searchAligned(SwizzleSolver.toChoose(declared),
        tile.engines(), tile.alignmentGiven());
    Solution solution = solver.solve(description, patterns, tile.engines());
    String which = tile.skippedDefaults().isEmpty() && tile.accesses().stream()
        .noneMatch(DeclaredAccess::isDefault) ? "declared" : "checked";
    boolean pasted = tile.cuteLayout().isPresent();
    if (solution.found()) {
      return suggestion(solution.layout().get(), declared, pasted, which, patterns) + ".";
    }
    return nothingWorks(solution, which, declared, pasted, patterns);
  }

  /**
   * A layout that makes every access acceptable, written as the kernel author declared the tile:
   * attributes to paste over {@code from}'s ({@code "Swizzle<1,2,3> on 8 x 8 atoms (bits = 1,
   * base = 2, shift = 3, atomRows = 8, atomCols = 8) makes every declared access of the tile
   * conflict-free"}), or for a tile declared in CuTe's notation ({@code pasted}) a {@code layout}
   * ({@code "Swizzle<1,2,3> on 8 x 8 atoms (layout = \"Sw<1,2,3> o _0 o (_8,_8):(_8,_1)\", rows =
   * 64, ...) makes ..."}).
   */
  private static String suggestion(TileLayout found, TileLayout from, boolean pasted, String which,
      List<AccessPattern> patterns) {
    String works = " makes every " + which + " access of the tile conflict-free"
        + maxWaysNote(patterns);
    if (found.swizzlesWithinEachRow()) {
      return found.swizzleName() + works + (pasted ? "; CuTe's notation has no swizzle within each"
          + " row: in place of layout give " + AttributeText.geometry(found) + ", and swizzlegen"
          + " derives it"
          : "; omit bits, base and shift to have swizzlegen derive it");
    }
    boolean newAtom = found.atomRows() != from.atomRows() || found.atomCols() != from.atomCols();
    return found.swizzleName() + (newAtom && !found.isOneAtom() ? " on " + found.atomShape()
        + " atoms" : "") + " (" + AttributeText.declaring(found,
            AttributeText.attributesFrom(found, from), pasted) + ")" + works;
  }

  /**
   * The verdict when the family has nothing: the mildest; where a declared atom limited the search,
   * what a free atom gives; and what would work.
   *
   * @param from the tile as declared, its swizzle aside: what a suggestion's attributes change
   * @param pasted whether the tile was declared in CuTe's notation, as suggestions then are
   */
  static String nothingWorks(Solution solution, String which, TileLayout from, boolean pasted,
      List<AccessPattern> patterns) {
    String closest = solution.closest()
        .map(t -> "; the mildest, " + t.swizzleName() + ", still leaves "
            + SolutionText.article(solution.closestDegree()) + " " + solution.closestDegree()
            + "-way conflict")
        .orElse("");
    String verdict = "no XOR swizzle (" + SolutionText.family(solution) + ") makes every " + which
        + " access of the tile conflict-free" + closest;
    Optional<Solution> free = solution.freeAtom();
    String limited = "; the search was limited to the declared " + declaredAtom(solution);
    if (free.isPresent() && free.get().found()) {
      return verdict + limited + ": with the atom free" + (pasted ? ", "
          : ", as derivation leaves it when atomRows and atomCols are omitted, ")
          + suggestion(free.get().layout().get(), from, pasted, which, patterns) + ".";
    }
    String instead = solution.alternatives().isEmpty()
        ? "; neither padding the rows nor another width for one vector access would either"
        : "; what would work: " + solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, pasted))
            .collect(Collectors.joining("; or "));
    return verdict + (free.isPresent()
        ? limited + ", but with the atom free none works either" : "") + instead + ".";
  }

  /** {@code "8 x 32 atom"}, or the declared side of an atom declared by one side. */
  private static String declaredAtom(Solution solution) {
    int rows = solution.declaredAtomRows();
    int cols = solution.declaredAtomCols();
    return rows != 0 && cols != 0 ? rows + " x " + cols + " atom"
        : cols != 0 ? cols + "-column atom"
        : rows + "-row atom";
  }

  private static String maxWaysNote(List<AccessPattern> patterns) {
    return patterns.stream().anyMatch(p -> p.maxWays() > 1) ? " or within its maxWays" : "";
  }

  /**
   * The phase that shows the conflict, its first {@code maxLanes} lanes named: {@code "in phase 0 of
   * instruction 0, lanes 0, 1 and 6 more touch (row 0, col 0), (row 1, col 0) and 6 more, distinct
   * words all in bank 0"}.
   */
  static String witness(Witness witness, int maxLanes) {
    List<LaneAccess> lanes = witness.lanes();
    List<LaneAccess> shown = lanes.subList(0, Math.min(maxLanes, lanes.size()));
    String laneList = shown.stream().map(lane -> String.valueOf(lane.lane()))
        .collect(Collectors.joining(", "));
    String cells = shown.stream().map(lane -> "(row " + lane.row() + ", col " + lane.col() + ")")
        .collect(Collectors.joining(", "));
    String more = lanes.size() > shown.size() ? " and " + (lanes.size() - shown.size()) + " more" : "";
    return "in phase " + witness.phase() + " of instruction " + witness.instruction() + ", lanes "
        + laneList + more + " touch " + cells + more + ", distinct words all in bank "
        + witness.bank();
  }
}
