package dev.swizzlegen.processor.text;

import dev.swizzlegen.runtime.storage.PhaseChange;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A storage plan's phase changes in words: what each step is, and who performs it. */
public final class StorageText {
  private StorageText() {}

  /** What the step waits for or orders, in words, and the instruction that does it. */
  public static String step(Step step) {
    return switch (step) {
      case WAIT_WGMMA -> "the last phase's wgmma reads are done (wgmma.wait_group.sync.aligned 0)";
      case WAIT_UMMA -> "the last phase's tcgen05.mma reads are done (tcgen05.commit to an mbarrier,"
          + " then a wait on it)";
      case WAIT_TMA_STORE_READS -> "the last phase's TMA stores have read their bytes"
          + " (cp.async.bulk.wait_group.read 0)";
      case WAIT_TMA_LOADS -> "the last phase's TMA loads have landed (a wait on their mbarriers)";
      case FENCE_PROXY_ASYNC -> "the threads' own writes are ordered before the async proxy's"
          + " (TMA, wgmma, tcgen05) use of the bytes (fence.proxy.async.shared::cta)";
      case BARRIER -> "a barrier over the threads involved, so that every one of them sees the"
          + " above done";
    };
  }

  /** The step in a few words, for a header's list: what completes, and the instruction. */
  private static String brief(Step step) {
    return switch (step) {
      case WAIT_WGMMA -> "wgmma's reads done (wgmma.wait_group.sync.aligned 0)";
      case WAIT_UMMA -> "tcgen05.mma's reads done (tcgen05.commit to an mbarrier, a wait on it)";
      case WAIT_TMA_STORE_READS -> "TMA stores' reads done (cp.async.bulk.wait_group.read 0)";
      case WAIT_TMA_LOADS -> "TMA loads landed (a wait on their mbarriers)";
      case FENCE_PROXY_ASYNC -> "writes ordered before async-proxy use (fence.proxy.async.shared::cta)";
      case BARRIER -> "a barrier over the threads involved (__syncthreads() where all take part)";
    };
  }

  /**
   * The comment lines of a phase change: which buffers share bytes and what must complete, in
   * order, each with who does it; {@code byHelper}: the steps the helper {@code helper} performs.
   */
  public static List<String> phaseChange(PhaseChange change, String helper,
      Predicate<Step> byHelper) {
    List<String> pairs = change.buffers().stream().map(pair -> pair.get(1) + " over " + pair.get(0))
        .toList();
    String head = change.from() + " -> " + change.to() + ": " + (pairs.isEmpty()
        ? "no buffer of " + change.to() + " shares a byte with one of " + change.from()
        : String.join(", ", pairs)) + ".";
    if (change.steps().isEmpty()) {
      return List.of(head + " Nothing must complete first" + (pairs.isEmpty() ? "."
          : ": neither phase writes the shared bytes."));
    }
    List<String> lines = new ArrayList<>();
    lines.add(head + " Before " + change.to() + " touches them, in order:");
    int n = 1;
    for (Step step : change.steps()) {
      // The kernel alone knows its threads' roles and its mbarriers' phases.
      String performer = byHelper.test(step) ? "the helper" : switch (step) {
        case WAIT_UMMA -> "the kernel's MMA thread";
        case WAIT_TMA_LOADS -> "the kernel, which knows their phases";
        default -> "the kernel";
      };
      lines.add("  " + n++ + ". " + brief(step) + ": " + performer + ".");
    }
    if (change.steps().stream().anyMatch(byHelper)) {
      lines.add("Call " + helper + "() where they were used" + (change.steps()
          .contains(Step.WAIT_WGMMA) ? " (converged)" : "") + ", then the kernel's part.");
    }
    return lines;
  }
}
