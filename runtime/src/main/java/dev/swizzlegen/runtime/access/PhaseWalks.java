package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.List;

/**
 * What the accesses that define their lanes in {@link AccessPattern#forEachPhase} share: their
 * {@link AccessPattern#instructions} built from that one walk, and the split of a warp's lanes into
 * phases.
 */
final class PhaseWalks {
  private PhaseWalks() {}

  /** The walk's phases as objects, grouped into their instructions. */
  static List<Instruction> instructions(AccessPattern access, Layout layout) {
    List<List<Phase>> phases = new ArrayList<>();
    int count = access.forEachPhase(layout, (instruction, phase, lanes) -> {
      while (phases.size() <= instruction) {
        phases.add(new ArrayList<>());
      }
      phases.get(instruction).add(lanes.toPhase(phase));
    });
    List<Instruction> instructions = new ArrayList<>(count);
    for (List<Phase> instruction : phases) {
      instructions.add(new Instruction(instruction));
    }
    return instructions;
  }

  /**
   * The phases of one instruction of {@code op} whose lanes {@code 0..count-1} start at (rows[i],
   * cols[i]) and each move {@code bytes}: consecutive groups of lanes as NVIDIA's shared memory serves
   * them ({@link PhaseLanes#visitPhases}, merged phases included).
   */
  static void splitIntoPhases(Layout layout, Op op, int instruction, int[] rows, int[] cols,
      int count, int bytes, PhaseLanes lanes, PhaseVisitor visitor) {
    lanes.clear();
    for (int lane = 0; lane < count; lane++) {
      lanes.add(lane, rows[lane], cols[lane], layout.byteOffset(rows[lane], cols[lane]), bytes);
    }
    lanes.visitPhases(BankModel.NVIDIA, op, instruction, visitor);
  }
}
