package dev.swizzlegen.runtime.bank;

/** Receives the phases of an access walked over a tile, in the order its instructions are issued. */
@FunctionalInterface
public interface PhaseVisitor {
  /**
   * One phase: its instruction's index (from 0), its place in that instruction, and its lanes, which
   * are only valid during this call.
   */
  void phase(int instruction, int phase, PhaseLanes lanes);
}
