package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.processor.diag.SolutionText;
import dev.swizzlegen.processor.read.AccessRead;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.processor.read.TileReader;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.DerivationText;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import javax.tools.Diagnostic;

/**
 * Proves a tile as read: plans every engine it declares, once, reporting what prevents a plan in
 * order with the faults the reader found in its accesses; derives its swizzle where bits, base and
 * shift were omitted (the {@link SwizzleSolver}'s choice for the tile's geometry, accesses and
 * engines: a swizzle where one serves, else a general XOR map); proves every warp access within
 * its {@code maxWays} ({@link ConflictChecker}); and hands the plans to the {@link ProvenTile} its
 * files are made from.
 */
public final class TileProver {
  /** The target ({@code -Aswizzlegen.arch}): a TMA mode it lacks is an error. */
  private final Optional<Architecture> architecture;
  private final SwizzleSolver solver;
  private final ConflictChecker conflictChecker;

  /** @param conflictKind ERROR, or WARNING under {@code -Aswizzlegen.conflicts=warning} */
  public TileProver(Diagnostic.Kind conflictKind, Optional<Architecture> architecture) {
    this.architecture = architecture;
    this.solver = SwizzleSolver.nvidia(architecture);
    this.conflictChecker = new ConflictChecker(conflictKind, solver);
  }

  /**
   * The tile proven; empty, with its errors in {@code diagnostics}, if an access is at fault, an
   * engine has no plan, its swizzle cannot be derived or a bank conflict is an error.
   */
  public Optional<ProvenTile> prove(TileReader.Read read, Diagnostics diagnostics) {
    boolean derived = read.spec().swizzleToDerive().isPresent();
    Optional<TileSpec> aligned = derived ? Optional.of(read.spec())
        : alignedForEngines(read.spec(), diagnostics);
    if (aligned.isEmpty()) {
      return Optional.empty();
    }
    TileLayout declared = aligned.get().layout();
    Function<Engine, Plan<?>> plans = plans(declared);
    // While the swizzle is to be derived (the layout the plain tile), only what no swizzle changes
    // is checked: the solver then keeps only the swizzles each engine has a plan for.
    for (AccessRead access : read.accesses()) {
      access.reportTo(diagnostics, engine -> derived
          ? engine.geometryViolations(declared)
          : violations(engine, plans.apply(engine)));
    }
    if (diagnostics.hasErrors()) {
      return Optional.empty();
    }
    Optional<TileSpec> tile = derived ? derive(aligned.get(), diagnostics) : aligned;
    if (tile.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    List<AccessReport> reports = conflictChecker.check(tile.get(), diagnostics);
    if (diagnostics.hasErrors()) {
      return Optional.empty();
    }
    // A derived tile has its engines planned on the tile derived, once.
    return Optional.of(ProvenTile.of(tile.get(), reports,
        derived ? plans(tile.get().layout()) : plans));
  }

  /**
   * Each engine's plan on {@code layout}, worked out once, when first asked for, for its errors and
   * its files alike: its unlabelled engine's, since a label changes nothing an engine does (a wgmma
   * read's plan is its major's, also how the header says wgmma would read the tile).
   */
  private static Function<Engine, Plan<?>> plans(TileLayout layout) {
    Map<Engine, Plan<?>> plans = new HashMap<>();
    return engine -> plans.computeIfAbsent(engine.withLabel(""), plain -> plain.plan(layout));
  }

  /**
   * The tile with its engines' alignment: where it declares an engine and no alignment, its TMA
   * mode's repeat, as a derived tile gets (the engine would otherwise write from a base its mode
   * does not repeat on); empty, with the layout's errors, where it cannot have it.
   */
  private Optional<TileSpec> alignedForEngines(TileSpec spec, Diagnostics diagnostics) {
    TileLayout layout = spec.layout();
    int alignment = Engine.defaultAlignment(layout);
    if (spec.engines().isEmpty() || spec.alignmentGiven() || alignment <= layout.alignment()) {
      return Optional.of(spec);
    }
    return layout.toBuilder().alignment(alignment).architecture(architecture)
        .tryBuild(diagnostics::violation).map(aligned -> spec.on(aligned, Optional.empty()));
  }

  /**
   * What prevents the engine's plan on the declared tile; for TMA with a target, also the target's
   * lack of the mode the declared swizzle is (a derived one is the target's, the solver being it).
   */
  private List<Violation> violations(Engine engine, Plan<?> plan) {
    return architecture.map(target -> engine.violationsOn(target, plan)).orElse(plan.violations());
  }

  /**
   * The tile with its swizzle derived; empty, with the error in {@code diagnostics}, where the
   * solver finds none. With an engine and no alignment the tile asks for the chosen mode's.
   */
  private Optional<TileSpec> derive(TileSpec tile, Diagnostics diagnostics) {
    TileSpec.SwizzleToDerive atom = tile.swizzleToDerive().orElseThrow();
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
   * engines' largest repeat, since the tile then asks for the chosen mode's (a copy where it does).
   */
  static TileDescription searchAligned(TileDescription description, List<Engine> engines,
      boolean alignmentGiven) {
    return !engines.isEmpty() && !alignmentGiven
        ? description.copy().alignment(
            Math.max(description.alignment(), TmaSwizzle.SWIZZLE_128B.alignmentBytes()))
        : description;
  }
}
