package dev.swizzlegen.runtime.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PhaseChangeTest {
  private static final Optional<String> MAINLOOP = Optional.of("mainloop");
  private static final Optional<String> EPILOGUE = Optional.of("epilogue");

  /**
   * A Hopper GEMM: TMA loads the stages of A and B, wgmma reads them; the epilogue's warps write C
   * into A's bytes and TMA stores it. Into the epilogue, wgmma's reads and the loads must be done;
   * back into the next tile's mainloop, the stores must have read C, and the warps' writes must be
   * ordered before TMA writes the same bytes.
   */
  @Test
  void aHopperGemmWaitsForWgmmaIntoTheEpilogueAndForTheStoresBackIntoTheMainloop() {
    Placement placement = StoragePlan.place(List.of(
        Buffer.tile("A", new Buffer.Stages(4, 16384, 16384), 1024, 1, MAINLOOP),
        Buffer.tile("B", new Buffer.Stages(4, 16384, 16384), 1024, 1, MAINLOOP),
        Buffer.tile("C", new Buffer.Stages(1, 32768, 32768), 1024, 2, EPILOGUE),
        Buffer.barriers("full", 4, 1, Optional.empty())));
    Map<String, Set<BufferUse>> uses = Map.of(
        "A", EnumSet.of(BufferUse.TMA_WRITE, BufferUse.WGMMA_READ),
        "B", EnumSet.of(BufferUse.TMA_WRITE, BufferUse.WGMMA_READ),
        "C", EnumSet.of(BufferUse.GENERIC_WRITE, BufferUse.TMA_READ),
        "full", EnumSet.noneOf(BufferUse.class));
    assertEquals(List.of(
            new PhaseChange("mainloop", "epilogue", List.of(List.of("A", "C")),
                List.of(Step.WAIT_WGMMA, Step.WAIT_TMA_LOADS, Step.BARRIER)),
            new PhaseChange("epilogue", "mainloop", List.of(List.of("C", "A")),
                List.of(Step.WAIT_TMA_STORE_READS, Step.FENCE_PROXY_ASYNC, Step.BARRIER))),
        PhaseChange.of(placement, uses));
  }

  /**
   * The changes follow the kernel's order of its phases as declared, not the order the buffers
   * name them: prologue, mainloop, epilogue, and back to the prologue.
   */
  @Test
  void theChangesFollowTheDeclaredOrder() {
    List<Buffer> buffers = List.of(
        Buffer.bytes("x", 64, 16, 1, MAINLOOP), Buffer.bytes("y", 64, 16, 1, EPILOGUE),
        Buffer.bytes("z", 64, 16, 1, Optional.of("prologue")));
    List<List<String>> changes = new ArrayList<>();
    for (PhaseChange change : PhaseChange.of(StoragePlan.place(
        List.of("prologue", "mainloop", "epilogue"), buffers), Map.of())) {
      changes.add(List.of(change.from(), change.to()));
    }
    assertEquals(List.of(List.of("prologue", "mainloop"), List.of("mainloop", "epilogue"),
        List.of("epilogue", "prologue")), changes);
  }

  /** tcgen05's reads are waited for through its commit; one phase, or reads after reads, need nothing. */
  @Test
  void umaReadsAreCommittedAndReadsAfterReadsNeedNothing() {
    assertEquals(Set.of(Step.WAIT_UMMA, Step.WAIT_TMA_LOADS, Step.BARRIER),
        PhaseChange.steps(EnumSet.of(BufferUse.TMA_WRITE, BufferUse.UMMA_READ), EnumSet.of(BufferUse.GENERIC_WRITE)));
    assertEquals(Set.of(), PhaseChange.steps(EnumSet.of(BufferUse.WGMMA_READ, BufferUse.GENERIC_READ),
        EnumSet.of(BufferUse.GENERIC_READ, BufferUse.TMA_READ)));
    Placement one = StoragePlan.place(List.of(
        Buffer.bytes("x", 64, 16, 1, MAINLOOP), Buffer.bytes("y", 64, 16, 1, MAINLOOP)));
    assertEquals(List.of(), PhaseChange.of(one, Map.of()));
  }

  /**
   * Over every pair of use sets: a change has steps exactly when one side writes, ends with the
   * barrier, lists its steps in their order, and never loses a step when a side uses the bytes in
   * one more way.
   */
  @Test
  void overEveryPairOfUsesStepsAreOrderedEndWithTheBarrierAndOnlyGrow() {
    List<Set<BufferUse>> sets = new ArrayList<>();
    BufferUse[] all = BufferUse.values();
    for (int mask = 0; mask < 1 << all.length; mask++) {
      Set<BufferUse> set = EnumSet.noneOf(BufferUse.class);
      for (int bit = 0; bit < all.length; bit++) {
        if ((mask >> bit & 1) == 1) {
          set.add(all[bit]);
        }
      }
      sets.add(set);
    }
    for (Set<BufferUse> before : sets) {
      for (Set<BufferUse> after : sets) {
        List<Step> steps = new ArrayList<>(PhaseChange.steps(before, after));
        boolean writes = before.stream().anyMatch(BufferUse::writes) || after.stream().anyMatch(BufferUse::writes);
        assertEquals(writes, !steps.isEmpty(), before + " -> " + after);
        if (writes) {
          assertEquals(Step.BARRIER, steps.get(steps.size() - 1));
        }
        List<Step> sorted = new ArrayList<>(steps);
        sorted.sort(null);
        assertEquals(sorted, steps, "in order");
        for (BufferUse more : all) {
          Set<BufferUse> wider = EnumSet.copyOf(after.isEmpty() ? EnumSet.of(more) : after);
          wider.add(more);
          assertTrue(PhaseChange.steps(before, wider).containsAll(steps), before + " -> " + wider);
          Set<BufferUse> widerBefore = before.isEmpty() ? EnumSet.of(more) : EnumSet.copyOf(before);
          widerBefore.add(more);
          assertTrue(PhaseChange.steps(widerBefore, after).containsAll(steps),
              widerBefore + " -> " + after);
        }
      }
    }
  }
}
