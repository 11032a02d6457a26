package dev.swizzlegen.runtime.bank;

import java.util.List;

/**
 * One warp-level shared-memory instruction, as the phases it is served in.
 *
 * @param phases the phases with at least one active lane, in order
 */
public record Instruction(List<Phase> phases) {
  public Instruction {
    phases = List.copyOf(phases);
  }
}
