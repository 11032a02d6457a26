package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.processor.diag.SolutionText;
import dev.swizzlegen.processor.read.DeclaredAccess;
import dev.swizzlegen.processor.read.SwizzleToDerive;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.DerivationText;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Violation;
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
 * for the tile's geometry, accesses and engines ({@link SwizzleSolver#derive}: a swizzle where one
 * serves, else a general XOR map), with why it was chosen, or an error on the annotation saying that
 * neither exists, the mildest swizzle, why no XOR map serves, and what would work.
 */
final class Derivation {
  /** The target architecture ({@code -Aswizzlegen.arch}), if one is given. */
  private final Optional<Architecture> architecture;
  private final SwizzleSolver solver;

  Derivation(Optional<Architecture> architecture) {
    this.architecture = architecture;
    this.solver = SwizzleSolver.nvidia(architecture);
  }

  /**
   * The tile with its swizzle derived, where it is to be ({@link TileSpec#swizzleToDerive}); a tile
   * that gave its swizzle as it is; empty, with the error in {@code diagnostics}, where the solver
   * finds none. With an engine (TMA, wgmma, UMMA) and no explicit alignment the solver may use the
   * engines' largest repeat, and the tile then asks for the alignment of the mode chosen.
   */
  Optional<TileSpec> derive(TileSpec tile, Diagnostics diagnostics) {
    if (tile.swizzleToDerive().isEmpty()) {
      return Optional.of(tile);
    }
    SwizzleToDerive atom = tile.swizzleToDerive().get();
    TileLayout plain = tile.layout();
    List<DeclaredAccess> accesses = tile.accesses();
    List<Engine> engines = tile.engines();
    boolean alignmentGiven = tile.alignmentGiven();
    List<AccessPattern> patterns = accesses.stream().map(DeclaredAccess::pattern).toList();
    // The declared tile, its swizzle and each atom side not declared the solver's.
    TileDescription description = searchAligned(
        plain.toBuilder().atom(atom.atomRows(), atom.atomCols(), plain.atomOrder()), engines,
        alignmentGiven);
    Solution solution = solver.derive(description, patterns, engines);
    if (!solution.found()) {
      diagnostics.shapeError(new ShapeError.NothingToDerive(SolutionText.nothingWorks(solution,
          accesses.stream().anyMatch(DeclaredAccess::isDefault) ? "checked" : "declared", plain,
          false, patterns)));
      return Optional.empty();
    }
    TileLayout chosen = solution.layout().get();
    // The solver's atoms keep the rows and their stride, so the stages keep theirs.
    TileDescription staged = chosen.toBuilder().stages(plain.stages())
        .stageStride(OptionalInt.of(plain.stageStride())).architecture(architecture);
    if (!engines.isEmpty() && !alignmentGiven) {
      staged.alignment(
          Math.max(plain.alignment(), chosen.tmaSwizzle().orElseThrow().alignmentBytes()));
    }
    List<Violation> problems = staged.check();
    if (!problems.isEmpty()) {
      for (Violation problem : problems) {
        diagnostics.derivedViolation(problem, chosen.swizzleName());
      }
      return Optional.empty();
    }
    Solution derived = solution.withLayout(staged.build());
    return Optional.of(tile.derived(derived.layout().orElseThrow(), solution.foundXorMap()
        ? DerivationText.whyXorMap(derived) : DerivationText.why(derived.reasons())));
  }

  /**
   * The description a search uses: with an engine (TMA, wgmma, UMMA) and no explicit alignment, the
   * solver may use the engines' largest repeat, since the tile then asks for the alignment of the
   * mode chosen. A copy where it changes.
   */
  static TileDescription searchAligned(TileDescription description, List<Engine> engines,
      boolean alignmentGiven) {
    return !engines.isEmpty() && !alignmentGiven
        ? description.copy().alignment(
            Math.max(description.alignment(), TmaSwizzle.SWIZZLE_128B.alignmentBytes()))
        : description;
  }
}
