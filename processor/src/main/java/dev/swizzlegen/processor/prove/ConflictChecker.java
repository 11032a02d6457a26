package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.SolutionText;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.layout.TileDescription;
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
 * they have plans, not costs), and reports each one that is not on its {@code @Access}: the degree,
 * wavefronts against the ideal, a witness, and the cheapest swizzle that would serve every access.
 */
final class ConflictChecker {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
  private final SwizzleSolver solver;
  private final Diagnostic.Kind conflictKind;

  /** A conflict is a {@code conflictKind}; {@code solver} suggests a fix (the target's modes). */
  ConflictChecker(Diagnostic.Kind conflictKind, SwizzleSolver solver) {
    this.conflictKind = conflictKind;
    this.solver = solver;
  }

  /** The report of every access, in order; each unacceptable one reported. */
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
      diagnostics.onDeclaredAccess(conflictKind, access.annotation(),
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
        + "-way bank conflict" + tolerance + ": " + ProofText.number(report.wavefrontsPerInstruction())
        + " wavefronts per instruction where " + ProofText.number(report.idealWavefrontsPerInstruction())
        + " would do; " + witness(report.witness().orElseThrow(), 4) + "; ";
  }

  private String fix(TileSpec tile) {
    List<AccessPattern> patterns = tile.accesses().stream().map(DeclaredAccess::pattern).toList();
    TileLayout declared = tile.layout();
    // The search derivation would make, the tile's atom kept where it has several.
    TileDescription description = TileProver.searchAligned(SwizzleSolver.toChoose(declared),
        tile.engines(), tile.alignmentGiven());
    Solution solution = solver.solve(description, patterns, tile.engines());
    String which = tile.skippedDefaults().isEmpty() && tile.accesses().stream()
        .noneMatch(DeclaredAccess::isDefault) ? "declared" : "checked";
    boolean pasted = tile.cuteLayout().isPresent();
    if (solution.found()) {
      return SolutionText.suggestion(solution.layout().get(), declared, pasted, which, patterns)
          + ".";
    }
    return SolutionText.nothingWorks(solution, which, declared, pasted, patterns);
  }

  /**
   * The phase that shows the conflict, its first {@code maxLanes} lanes named: {@code "in phase 0 of
   * instruction 0, lanes 0, 1 and 6 more touch (row 0, col 0), (row 1, col 0) and 6 more, distinct
   * words all in bank 0"}; a merged phase says so: {@code "in phase 0 (lanes 0-15, two phases served
   * as one: every lane reads what lane i ^ 1 or i ^ 2 reads) of ..."}.
   */
  static String witness(Witness witness, int maxLanes) {
    List<LaneAccess> lanes = witness.lanes();
    List<LaneAccess> shown = lanes.subList(0, Math.min(maxLanes, lanes.size()));
    String laneList = shown.stream().map(lane -> String.valueOf(lane.lane()))
        .collect(Collectors.joining(", "));
    String cells = shown.stream().map(lane -> "(row " + lane.row() + ", col " + lane.col() + ")")
        .collect(Collectors.joining(", "));
    String more = lanes.size() > shown.size() ? " and " + (lanes.size() - shown.size()) + " more" : "";
    String merged = witness.merged() ? " (lanes " + witness.firstLane() + "-" + witness.lastLane()
        + ", two phases served as one: every lane reads what lane i ^ 1 or i ^ 2 reads)" : "";
    return "in phase " + witness.phase() + merged + " of instruction "
        + witness.instruction() + ", lanes "
        + laneList + more + " touch " + cells + more + ", distinct words all in bank "
        + witness.bank();
  }
}
