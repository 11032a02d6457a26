package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.processor.diag.SolutionText;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.DerivationText;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The swizzle of a tile whose bits, base and shift were omitted: the {@link SwizzleSolver}'s choice
 * for the tile's geometry, accesses and engines (a swizzle where one serves, else a general XOR
 * map), with why it was chosen, or an error saying that neither exists and what would work.
 */
final class Derivation {
  private final Optional<Architecture> architecture;
  private final SwizzleSolver solver;

  Derivation(Optional<Architecture> architecture) {
    this.architecture = architecture;
    this.solver = SwizzleSolver.nvidia(architecture);
  }

  /**
   * The tile with its swizzle derived, where it is to be; a tile that gave its swizzle as it is;
   * empty, with the error in {@code diagnostics}, where the solver finds none. With an engine and
   * no explicit alignment the tile asks for the alignment of the mode chosen.
   */
  Optional<TileSpec> derive(TileSpec tile, Diagnostics diagnostics) {
    if (tile.swizzleToDerive().isEmpty()) {
      return Optional.of(tile);
    }
    TileSpec.SwizzleToDerive atom = tile.swizzleToDerive().get();
    TileLayout plain = tile.layout();
    List<Engine> engines = tile.engines();
    List<AccessPattern> patterns = tile.accesses().stream().map(DeclaredAccess::pattern).toList();
    // The declared tile, its swizzle and each atom side not declared the solver's.
    TileDescription description = searchAligned(
        plain.toBuilder().atom(atom.atomRows(), atom.atomCols(), plain.atomOrder()), engines,
        tile.alignmentGiven());
    Solution solution = solver.derive(description, patterns, engines);
    if (!solution.found()) {
      diagnostics.shapeError(new ShapeError.NothingToDerive(SolutionText.nothingWorks(solution,
          tile.accesses().stream().anyMatch(DeclaredAccess::isDefault) ? "checked" : "declared",
          plain, false, patterns)));
      return Optional.empty();
    }
    TileLayout chosen = solution.layout().get();
    // The solver's atoms keep the rows and their stride, so the stages keep theirs.
    TileDescription staged = chosen.toBuilder().stages(plain.stages())
        .stageStride(OptionalInt.of(plain.stageStride())).architecture(architecture);
    if (!engines.isEmpty() && !tile.alignmentGiven()) {
      staged.alignment(
          Math.max(plain.alignment(), chosen.tmaSwizzle().orElseThrow().alignmentBytes()));
    }
    return staged.tryBuild(problem -> diagnostics.derivedViolation(problem, chosen.swizzleName()))
        .map(layout -> {
          Solution derived = solution.withLayout(layout);
          return tile.on(layout, Optional.of(solution.foundXorMap()
              ? DerivationText.whyXorMap(derived) : DerivationText.why(derived.reasons())));
        });
  }

  /**
   * The description a search uses: with an engine and no explicit alignment, the solver may use the
   * engines' largest repeat, since the tile then asks for the alignment of the mode chosen. A copy
   * where it changes.
   */
  static TileDescription searchAligned(TileDescription description, List<Engine> engines,
      boolean alignmentGiven) {
    return !engines.isEmpty() && !alignmentGiven
        ? description.copy().alignment(
            Math.max(description.alignment(), TmaSwizzle.SWIZZLE_128B.alignmentBytes()))
        : description;
  }
}
