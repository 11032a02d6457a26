package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.solve.ExhaustiveSearch;
import dev.swizzlegen.runtime.solve.Suggestion;
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
  private final ExhaustiveSearch search = new ExhaustiveSearch(analyzer);
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
    return pattern.label() + origin + " has " + article(report.degree()) + " " + report.degree()
        + "-way bank conflict" + tolerance + ": " + AccessReport.number(report.wavefrontsPerInstruction())
        + " wavefronts per instruction where " + AccessReport.number(report.idealWavefrontsPerInstruction())
        + " would do; " + report.witness().orElseThrow().describe(4) + "; ";
  }

  private String fix(TileSpec tile) {
    List<AccessPattern> patterns = tile.accesses().stream().map(DeclaredAccess::pattern).toList();
    Suggestion suggestion = search.search(tile.layout(), patterns);
    String which = tile.skippedDefaults().isEmpty() && tile.accesses().stream()
        .noneMatch(DeclaredAccess::isDefault) ? "declared" : "checked";
    if (suggestion.swizzle().isPresent()) {
      Swizzle sw = suggestion.swizzle().get();
      return sw + " (bits = " + sw.bits() + ", base = " + sw.base() + ", shift = " + sw.shift()
          + ") makes every " + which + " access of the tile conflict-free"
          + (patterns.stream().anyMatch(p -> p.maxWays() > 1) ? " or within its maxWays" : "")
          + ".";
    }
    String closest = suggestion.closest()
        .map(sw -> "; the closest, " + sw + ", still leaves " + article(suggestion.closestDegree())
            + " " + suggestion.closestDegree() + "-way conflict")
        .orElse("");
    return "no XOR swizzle (" + suggestion.family() + ") makes every " + which + " access of the"
        + " tile conflict-free" + closest + "; padding the rows (rowStride) or another vector width"
        + " may.";
  }

  private static String article(int degree) {
    String digits = Integer.toString(degree);
    return digits.startsWith("8") || degree == 11 || degree == 18 ? "an" : "a";
  }
}
