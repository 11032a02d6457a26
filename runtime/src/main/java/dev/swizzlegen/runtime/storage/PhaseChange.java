package dev.swizzlegen.runtime.storage;

import dev.swizzlegen.runtime.BufferUse;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What must complete when a kernel's shared memory passes from one phase to the next, before the next
 * phase touches bytes the last one used: derived from how each buffer's bytes are used
 * ({@link BufferUse}, which each access and engine says of itself) by the PTX memory model's two
 * proxies. The generic proxy is the threads' own loads and stores; the async proxy is TMA
 * ({@code cp.async.bulk.tensor}), wgmma and tcgen05, whose accesses complete on their own mechanisms
 * and are not ordered with the generic proxy's without a proxy fence.
 *
 * @param from the phase that ends
 * @param to the phase that begins (for the last phase, the first again: a persistent kernel's next
 *     tile)
 * @param buffers the pairs of buffers, {@code from}'s then {@code to}'s, that share bytes
 * @param steps what must complete, in order: the waits of the async reads and writes of
 *     {@code from}, the proxy fence, the barrier; empty when nothing is shared or nothing conflicts
 */
public record PhaseChange(String from, String to, List<List<String>> buffers, List<Step> steps) {

  /** One thing that must complete, in the order the enum lists them. */
  public enum Step {
    /** The last phase's wgmma reads are done: {@code wgmma.wait_group.sync.aligned 0}. */
    WAIT_WGMMA,
    /** The last phase's tcgen05 reads are done: {@code tcgen05.commit} to an mbarrier, then a wait on it. */
    WAIT_UMMA,
    /** The last phase's TMA stores have read the bytes: {@code cp.async.bulk.wait_group.read 0}. */
    WAIT_TMA_STORE_READS,
    /** The last phase's TMA loads have landed: a wait on their mbarriers. */
    WAIT_TMA_LOADS,
    /**
     * Generic writes ordered before the async proxy's use of the same bytes:
     * {@code fence.proxy.async.shared::cta}, by the threads that wrote. (Within a phase, a tile that
     * warps write and TMA stores needs it too; that is the tile's own order, not a phase change.)
     */
    FENCE_PROXY_ASYNC,
    /** A barrier over the threads involved, so that all of them see the above done. */
    BARRIER
  }

  public PhaseChange {
    buffers = List.copyOf(buffers);
    steps = List.copyOf(steps);
  }

  /**
   * The phase changes of a placement, in the kernel's order of its phases
   * ({@link Placement#phases}), the last followed by the first; {@code uses} says how each buffer (by name) is used in its phase. A buffer live in
   * every phase shares no byte with another, so it takes part in none.
   */
  public static List<PhaseChange> of(Placement placement, Map<String, Set<BufferUse>> uses) {
    List<String> phases = placement.phases();
    List<PhaseChange> changes = new ArrayList<>();
    if (phases.size() < 2) {
      return changes;
    }
    for (int i = 0; i < phases.size(); i++) {
      changes.add(between(placement, uses, phases.get(i), phases.get((i + 1) % phases.size())));
    }
    return changes;
  }

  /** The change from phase {@code from} to phase {@code to}. */
  static PhaseChange between(Placement placement, Map<String, Set<BufferUse>> uses, String from,
      String to) {
    List<Buffer> buffers = placement.buffers();
    List<List<String>> shared = new ArrayList<>();
    Set<Step> steps = EnumSet.noneOf(Step.class);
    for (int i = 0; i < buffers.size(); i++) {
      Buffer before = buffers.get(i);
      if (!before.phase().filter(from::equals).isPresent()) {
        continue;
      }
      for (int j = 0; j < buffers.size(); j++) {
        Buffer after = buffers.get(j);
        if (!after.phase().filter(to::equals).isPresent() || !overlap(placement, i, j)) {
          continue;
        }
        shared.add(List.of(before.name(), after.name()));
        steps.addAll(steps(uses.getOrDefault(before.name(), Set.of()),
            uses.getOrDefault(after.name(), Set.of())));
      }
    }
    return new PhaseChange(from, to, shared, new ArrayList<>(steps));
  }

  /**
   * What must complete between a phase that used bytes as {@code before} and one that uses them as
   * {@code after}. A hazard is a write on either side (reads after reads share bytes harmlessly):
   * <ul>
   *   <li>the last phase's async reads must be done before the bytes are written again (wgmma's
   *       group, tcgen05's commit, the TMA store's read); its TMA loads before the bytes are read
   *       or written again;
   *   <li>generic writes followed by the async proxy's use of the bytes (a TMA store or load, an MMA
   *       read) need the proxy fence;
   *   <li>any hazard ends with a barrier: the threads that waited and wrote let the others go.
   * </ul>
   */
  static Set<Step> steps(Set<BufferUse> before, Set<BufferUse> after) {
    boolean beforeWrites = before.stream().anyMatch(BufferUse::writes);
    boolean afterWrites = after.stream().anyMatch(BufferUse::writes);
    Set<Step> steps = new LinkedHashSet<>();
    if (!beforeWrites && !afterWrites) {
      return steps;
    }
    if (afterWrites) {
      if (before.contains(BufferUse.WGMMA_READ)) {
        steps.add(Step.WAIT_WGMMA);
      }
      if (before.contains(BufferUse.UMMA_READ)) {
        steps.add(Step.WAIT_UMMA);
      }
      if (before.contains(BufferUse.TMA_READ)) {
        steps.add(Step.WAIT_TMA_STORE_READS);
      }
    }
    if (before.contains(BufferUse.TMA_WRITE)) {
      steps.add(Step.WAIT_TMA_LOADS);
    }
    boolean afterAsync = after.stream().anyMatch(BufferUse::async);
    if (before.contains(BufferUse.GENERIC_WRITE) && afterAsync) {
      steps.add(Step.FENCE_PROXY_ASYNC);
    }
    steps.add(Step.BARRIER);
    return steps;
  }

  private static boolean overlap(Placement placement, int i, int j) {
    long aStart = placement.offsets().get(i);
    long bStart = placement.offsets().get(j);
    return aStart < bStart + placement.buffers().get(j).bytes()
        && bStart < aStart + placement.buffers().get(i).bytes();
  }
}
