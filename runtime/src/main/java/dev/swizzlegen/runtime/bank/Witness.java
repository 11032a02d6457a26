package dev.swizzlegen.runtime.bank;

import dev.swizzlegen.runtime.bank.LaneAccess;
import java.util.List;

/**
 * One phase that shows an access's worst conflict: the lanes whose distinct words fall in one bank.
 *
 * @param instruction the instruction's index, from 0, in the order the access enumerates them
 * @param phase the phase's index in that instruction
 * @param bank the shared bank
 * @param lanes one lane for each distinct word in the bank, by lane
 * @param firstLane the phase's first lane
 * @param lastLane the phase's last lane
 * @param merged whether the phase is two phases the hardware serves as one
 *     ({@link dev.swizzlegen.runtime.bank.BankModel#mergesPhases})
 */
public record Witness(int instruction, int phase, int bank, List<LaneAccess> lanes, int firstLane,
    int lastLane, boolean merged) {
  public Witness {
    lanes = List.copyOf(lanes);
  }
}
