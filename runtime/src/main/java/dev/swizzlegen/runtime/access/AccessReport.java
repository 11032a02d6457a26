package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.bank.Witness;
import java.util.Optional;

/**
 * What one access costs over the whole tile.
 *
 * @param access the access
 * @param instructions warp instructions needed to cover the tile once
 * @param wavefronts wavefronts they take in all
 * @param idealWavefronts wavefronts they would take without conflicts: one per phase
 * @param degree the worst phase's cost: an N-way conflict; 1 is conflict-free
 * @param witness the first phase with that cost, when it exceeds 1
 * @param mergedInstructions the instructions served in merged phases (lanes repeating in pairs,
 *     {@link dev.swizzlegen.runtime.bank.BankModel#mergesPhases}): their ideal is half their phases
 */
public record AccessReport(
    AccessPattern access,
    int instructions,
    long wavefronts,
    long idealWavefronts,
    int degree,
    Optional<Witness> witness,
    long mergedInstructions) {

  /** Whether no phase costs more than one wavefront. */
  public boolean conflictFree() {
    return wavefronts == idealWavefronts;
  }

  /** Whether the worst conflict is within the access's {@code maxWays}. */
  public boolean acceptable() {
    return degree <= access.maxWays();
  }

  /** Wavefronts per instruction, averaged over the tile: what Nsight Compute's counters give. */
  public double wavefrontsPerInstruction() {
    return instructions == 0 ? 0 : (double) wavefronts / instructions;
  }

  /** Ideal wavefronts per instruction. */
  public double idealWavefrontsPerInstruction() {
    return instructions == 0 ? 0 : (double) idealWavefronts / instructions;
  }
}
