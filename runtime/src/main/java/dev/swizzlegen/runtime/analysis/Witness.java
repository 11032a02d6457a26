package dev.swizzlegen.runtime.analysis;

import dev.swizzlegen.runtime.bank.LaneAccess;
import java.util.List;
import java.util.stream.Collectors;

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

  /** {@code "in phase 0, lanes 0, 1 and 2 touch (row 0, col 0), (row 1, col 0) and (row 2, col 0), all in bank 0"}. */
  public String describe(int maxLanes) {
    List<LaneAccess> shown = lanes.subList(0, Math.min(maxLanes, lanes.size()));
    String laneList = shown.stream().map(lane -> String.valueOf(lane.lane()))
        .collect(Collectors.joining(", "));
    String cells = shown.stream().map(lane -> "(row " + lane.row() + ", col " + lane.col() + ")")
        .collect(Collectors.joining(", "));
    String more = lanes.size() > shown.size() ? " and " + (lanes.size() - shown.size()) + " more" : "";
    return "in phase " + phase + " of instruction " + instruction + ", lanes " + laneList + more
        + " touch " + cells + more + ", distinct words all in bank " + bank;
  }
}
