package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.solve.TileGeometry;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.tools.Diagnostic;

/**
 * Proves every access of a tile within its {@code maxWays}, and reports each one that is not on its
 * {@code @Access}: the N-way degree, wavefronts against the ideal, a witness, and the cheapest swizzle
 * that would make every access of the tile conflict-free.
 */
final class ConflictChecker {
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
  private final SwizzleSolver solver = SwizzleSolver.nvidia();
  private final Diagnostic.Kind conflictKind;

  /** @param conflictKind ERROR, or WARNING under {@code -Aswizzlegen.conflicts=warning} */
  ConflictChecker(Diagnostic.Kind conflictKind) {
    this.conflictKind = conflictKind;
  }

  /** The report of every access, in order; each unacceptable one is reported to {@code errors}. */
  List<AccessReport> check(TileSpec tile, TileErrors errors) {
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
      errors.onDeclaredAccess(conflictKind, access, conflictMessage(report, access) + fix.get());
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
    return pattern.label() + origin + " has " + Solution.article(report.degree()) + " " + report.degree()
        + "-way bank conflict" + tolerance + ": " + AccessReport.number(report.wavefrontsPerInstruction())
        + " wavefronts per instruction where " + AccessReport.number(report.idealWavefrontsPerInstruction())
        + " would do; " + report.witness().orElseThrow().describe(4) + "; ";
  }

  private String fix(TileSpec tile) {
    List<AccessPattern> patterns = tile.accesses().stream().map(DeclaredAccess::pattern).toList();
    Solution solution = solver.solve(TileGeometry.of(tile.layout()), patterns);
    String which = tile.skippedDefaults().isEmpty() && tile.accesses().stream()
        .noneMatch(DeclaredAccess::isDefault) ? "declared" : "checked";
    if (solution.found()) {
      TileLayout fixed = solution.layout().get();
      return fixed.form() == SwizzleForm.ROW
          ? fixed.swizzleName() + " makes every " + which + " access of the tile conflict-free"
              + maxWaysNote(patterns) + "; omit bits, base and shift to have swizzlegen derive it."
          : attributes(fixed.swizzle()) + " makes every " + which
              + " access of the tile conflict-free" + maxWaysNote(patterns) + ".";
    }
    return nothingWorks(solution, which);
  }

  /** The verdict when the family has nothing: the mildest, and what would work. */
  static String nothingWorks(Solution solution, String which) {
    String closest = solution.closest()
        .map(t -> "; the mildest, " + t.swizzleName() + ", still leaves "
            + Solution.article(solution.closestDegree()) + " " + solution.closestDegree()
            + "-way conflict")
        .orElse("");
    String instead = solution.alternatives().isEmpty()
        ? "; neither padding the rows nor another width for one vector access would either"
        : "; what would work: " + String.join("; or ", solution.alternatives());
    return "no XOR swizzle (" + solution.family() + ") makes every " + which + " access of the"
        + " tile conflict-free" + closest + instead + ".";
  }

  private static String maxWaysNote(List<AccessPattern> patterns) {
    return patterns.stream().anyMatch(p -> p.maxWays() > 1) ? " or within its maxWays" : "";
  }

  private static String attributes(Swizzle sw) {
    return sw + " (bits = " + sw.bits() + ", base = " + sw.base() + ", shift = " + sw.shift() + ")";
  }

}
