package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.bank.PhaseCost;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.List;
import java.util.Optional;

/**
 * Counts the wavefronts an access takes over a whole tile, phase by phase, under a {@link BankModel},
 * and finds the worst phase.
 *
 * <p>Every phase of the tile is costed, whatever the layout: the phases are walked as primitive lanes
 * ({@link AccessPattern#forEachPhase}) and counted without objects, and only a phase that becomes the
 * worst so far is built as an object, for its witness.
 */
public final class ConflictAnalyzer {
  private final BankModel banks;

  ConflictAnalyzer(BankModel banks) {
    this.banks = banks;
  }

  /** The analyzer of NVIDIA's shared memory, compute capability 7.0 to 12.x. */
  public static ConflictAnalyzer nvidia() {
    return new ConflictAnalyzer(BankModel.NVIDIA);
  }

  /**
   * The access's cost on the layout; throws {@link IllegalArgumentException} if the access cannot run
   * on it ({@link AccessPattern#check} not empty).
   */
  public AccessReport analyze(Layout layout, AccessPattern access) {
    List<Violation> problems = access.check(layout);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(access.label() + ": " + problems.get(0));
    }
    Totals totals = new Totals();
    int instructions = access.forEachPhase(layout, (instruction, phase, lanes) -> {
      int wavefronts = lanes.wavefronts(banks);
      totals.wavefronts += wavefronts;
      totals.ideal++;
      if (lanes.merged() && phase == 0) {
        totals.mergedInstructions++;
      }
      if (wavefronts > totals.degree) {
        Phase shown = lanes.toPhase(phase);
        PhaseCost cost = banks.cost(shown);
        totals.degree = wavefronts;
        totals.witness = Optional.of(new Witness(instruction, phase, cost.bank(),
            cost.lanesInBank(), shown.lanes().get(0).lane(),
            shown.lanes().get(shown.lanes().size() - 1).lane(), shown.merged()));
      }
    });
    return new AccessReport(access, instructions, totals.wavefronts, totals.ideal, totals.degree,
        totals.witness, totals.mergedInstructions);
  }

  /** The sums over the phases walked so far; the first phase of the worst cost is the witness. */
  private static final class Totals {
    long wavefronts;
    long ideal;
    int degree = 1;
    long mergedInstructions;
    Optional<Witness> witness = Optional.empty();
  }
}
