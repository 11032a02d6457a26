package dev.swizzlegen.runtime.analysis;

import dev.swizzlegen.runtime.access.AccessPattern;
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
 */
public record AccessReport(
    AccessPattern access,
    int instructions,
    long wavefronts,
    long idealWavefronts,
    int degree,
    Optional<Witness> witness) {

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

  /**
   * One line: {@code "ldmatrix.x4: conflict-free, 4 wavefronts per instruction"} or
   * {@code "ldmatrix.x4: 8-way conflict, 32 wavefronts per instruction (ideal 4)"}.
   */
  public String summary() {
    String perInstruction = number(wavefrontsPerInstruction())
        + (wavefrontsPerInstruction() == 1 ? " wavefront" : " wavefronts") + " per instruction";
    return conflictFree()
        ? access.label() + ": conflict-free, " + perInstruction
        : access.label() + ": " + degree + "-way conflict, " + perInstruction + " (ideal "
            + number(idealWavefrontsPerInstruction()) + ")";
  }

  /** {@code 4} or {@code 4.50}: whole numbers without a fraction. */
  public static String number(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(java.util.Locale.ROOT, "%.2f", value);
  }

  /** Ideal wavefronts per instruction. */
  public double idealWavefrontsPerInstruction() {
    return instructions == 0 ? 0 : (double) idealWavefronts / instructions;
  }
}
