package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.read.AccessRead;
import dev.swizzlegen.processor.read.TileRead;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.engine.Engine;
import java.util.List;
import java.util.Optional;
import javax.tools.Diagnostic;

/**
 * Proves a tile as read: plans every engine it declares, once ({@link EnginePlans}), reporting what
 * prevents a plan in order with the faults the reader found in its accesses; derives its swizzle
 * where bits, base and shift were omitted ({@link Derivation}); proves every warp access within its
 * {@code maxWays} ({@link ConflictChecker}); and hands the plans to the {@link ProvenTile} its files
 * are made from.
 */
public final class TileProver {
  private final Derivation derivation;
  private final ConflictChecker conflictChecker;
  /** The target architecture ({@code -Aswizzlegen.arch}): a TMA mode it lacks is an error. */
  private final Optional<Architecture> architecture;

  /**
   * @param conflictKind ERROR, or WARNING under {@code -Aswizzlegen.conflicts=warning}
   * @param architecture the target ({@code -Aswizzlegen.arch}): what a derived swizzle and a
   *     suggestion may use
   */
  public TileProver(Diagnostic.Kind conflictKind, Optional<Architecture> architecture) {
    this.derivation = new Derivation(architecture);
    this.conflictChecker = new ConflictChecker(conflictKind, architecture);
    this.architecture = architecture;
  }

  /**
   * The tile proven, from one read without errors; empty, with its errors in {@code diagnostics},
   * if an access is at fault, an engine has no plan, its swizzle cannot be derived or an access has
   * a bank conflict that is an error.
   */
  public Optional<ProvenTile> prove(TileRead read, Diagnostics diagnostics) {
    TileSpec spec = read.spec();
    boolean derived = spec.swizzleToDerive().isPresent();
    // A tile whose swizzle is to be derived has its engines planned on the derived tile, once.
    EnginePlans declared = new EnginePlans(spec.layout());
    report(read.accesses(), derived, declared, diagnostics);
    if (diagnostics.hasErrors()) {
      return Optional.empty();
    }
    Optional<TileSpec> tile = derivation.derive(spec, diagnostics);
    if (tile.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    List<AccessReport> reports = conflictChecker.check(tile.get(), diagnostics);
    if (diagnostics.hasErrors()) {
      return Optional.empty();
    }
    EnginePlans plans = derived ? new EnginePlans(tile.get().layout()) : declared;
    return Optional.of(ProvenTile.of(tile.get(), reports, plans));
  }

  /**
   * The tile's accesses as read, in the order declared: the reader's faults, and each engine's
   * plan checked: in full, or, when the swizzle is still to be derived and the layout is the plain
   * tile, only for what no swizzle changes (the solver then keeps only the swizzles it has a plan
   * for).
   */
  private void report(List<AccessRead> accesses, boolean derived, EnginePlans plans,
      Diagnostics diagnostics) {
    for (AccessRead access : accesses) {
      if (access instanceof AccessRead.Faulty faulty) {
        for (AccessRead.Fault fault : faulty.faults()) {
          if (fault instanceof AccessRead.Fault.Shape shape) {
            diagnostics.shapeError(faulty.access(), shape.error());
          } else if (fault instanceof AccessRead.Fault.Broken broken) {
            diagnostics.accessViolation(faulty.access(), broken.label(), broken.violation());
          }
        }
      } else if (access instanceof AccessRead.PastedTransposed transposed) {
        diagnostics.violation(transposed.violation());
      } else if (access instanceof AccessRead.EngineToPlan toPlan) {
        Engine engine = toPlan.engine();
        List<Violation> problems = derived
            ? engine.geometryViolations(plans.layout())
            : planned(engine, plans);
        problems.forEach(violation -> diagnostics.accessViolation(toPlan.access(), engine.label(),
            violation));
      }
    }
  }

  /**
   * What prevents the engine's plan on the declared tile; for TMA with a target, also the target's
   * lack of the mode the declared swizzle is (one of Blackwell's only where the target writes them;
   * a derived one is, the solver being the target's).
   */
  private List<Violation> planned(Engine engine, EnginePlans plans) {
    Plan<?> plan = plans.of(engine);
    return architecture.map(target -> engine.violationsOn(target, plan)).orElse(plan.violations());
  }
}
