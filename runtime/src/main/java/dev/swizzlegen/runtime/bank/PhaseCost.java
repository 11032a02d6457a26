package dev.swizzlegen.runtime.bank;

import java.util.List;

/**
 * What one phase costs: the largest number of distinct 4-byte words any bank must deliver, and that
 * bank with one lane per distinct word (lanes on the same word are served by one broadcast).
 *
 * @param wavefronts the phase's cost; 1 is conflict-free
 * @param bank the (lowest) bank with that many distinct words
 * @param lanesInBank one lane for each distinct word in that bank, by lane
 */
public record PhaseCost(int wavefronts, int bank, List<LaneAccess> lanesInBank) {
  public PhaseCost {
    lanesInBank = List.copyOf(lanesInBank);
  }
}
