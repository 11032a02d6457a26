package dev.swizzlegen.runtime.analysis;

import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.bank.PhaseCost;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.List;
import java.util.Optional;

/**
 * Counts the wavefronts an access takes over a whole tile, phase by phase, under a {@link BankModel},
 * and finds the worst phase.
 */
public final class ConflictAnalyzer {
  private final BankModel banks;

  public ConflictAnalyzer(BankModel banks) {
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
    List<Problem> problems = access.check(layout);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(access.label() + ": " + problems.get(0));
    }
    List<Instruction> instructions = access.instructions(layout);
    long wavefronts = 0;
    long ideal = 0;
    int degree = 1;
    Optional<Witness> witness = Optional.empty();
    for (int i = 0; i < instructions.size(); i++) {
      for (Phase phase : instructions.get(i).phases()) {
        PhaseCost cost = banks.cost(phase);
        wavefronts += cost.wavefronts();
        ideal++;
        if (cost.wavefronts() > degree) {
          degree = cost.wavefronts();
          witness = Optional.of(new Witness(i, phase.index(), cost.bank(), cost.lanesInBank()));
        }
      }
    }
    return new AccessReport(access, instructions.size(), wavefronts, ideal, degree, witness);
  }
}
