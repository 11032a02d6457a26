package dev.swizzlegen.runtime.bank;

import java.util.List;

/**
 * The lanes of a warp instruction that shared memory serves together, at best in one wavefront: all
 * 32 lanes for accesses of up to 4 bytes, 16 for 8 bytes, 8 for 16 bytes, and the 8 row addresses of
 * one matrix for ldmatrix and stmatrix; twice as many for the loads whose lanes repeat in pairs
 * ({@link BankModel#mergesPhases}).
 *
 * @param index the phase's place in its instruction, from 0
 * @param lanes the active lanes
 * @param merged whether the phase is two phases served as one ({@link BankModel#mergesPhases})
 */
public record Phase(int index, List<LaneAccess> lanes, boolean merged) {
  public Phase {
    lanes = List.copyOf(lanes);
  }

  /** A phase of its access's own width, not merged. */
  public Phase(int index, List<LaneAccess> lanes) {
    this(index, lanes, false);
  }
}
