package dev.swizzlegen.runtime.analysis;

import dev.swizzlegen.runtime.bank.LaneAccess;
import java.util.List;

/**
 * One phase that shows an access's worst conflict: the lanes whose distinct words fall in one bank.
 *
 * @param instruction the instruction's index, from 0, in the order the access enumerates them
 * @param phase the phase's index in that instruction
 * @param bank the shared bank
 * @param lanes one lane for each distinct word in the bank, by lane
 */
public record Witness(int instruction, int phase, int bank, List<LaneAccess> lanes) {
  public Witness {
    lanes = List.copyOf(lanes);
  }
}
