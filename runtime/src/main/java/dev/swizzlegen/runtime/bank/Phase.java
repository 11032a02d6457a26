package dev.swizzlegen.runtime.bank;

import java.util.List;

/**
 * The lanes of a warp instruction that shared memory serves together, at best in one wavefront: all
 * 32 lanes for accesses of up to 4 bytes, 16 for 8 bytes, 8 for 16 bytes, and the 8 row addresses of
 * one matrix for ldmatrix and stmatrix.
 *
 * @param index the phase's place in its instruction, from 0
 * @param lanes the active lanes
 */
public record Phase(int index, List<LaneAccess> lanes) {
  public Phase {
    lanes = List.copyOf(lanes);
  }
}
