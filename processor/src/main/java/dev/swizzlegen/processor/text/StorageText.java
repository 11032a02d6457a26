package dev.swizzlegen.processor.text;

import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import dev.swizzlegen.runtime.storage.PhaseChange;
import java.util.ArrayList;
import java.util.List;

/**
 * A storage plan's words for its header's comments and its summary: what each step of a phase change
 * is, and who performs it (the header's helper, or the kernel, which alone knows its threads' roles
 * and its mbarriers' phases).
 */
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
  static String brief(Step step) {
    return switch (step) {
      case WAIT_WGMMA -> "wgmma's reads done (wgmma.wait_group.sync.aligned 0)";
      case WAIT_UMMA -> "tcgen05.mma's reads done (tcgen05.commit to an mbarrier, a wait on it)";
      case WAIT_TMA_STORE_READS -> "TMA stores' reads done (cp.async.bulk.wait_group.read 0)";
      case WAIT_TMA_LOADS -> "TMA loads landed (a wait on their mbarriers)";
      case FENCE_PROXY_ASYNC -> "writes ordered before async-proxy use (fence.proxy.async.shared::cta)";
      case BARRIER -> "a barrier over the threads involved (__syncthreads() where all take part)";
    };
  }

  /** Who performs the step, in a few words: the helper, or the kernel, and why. */
  static String briefPerformer(boolean byHelper, Step step) {
    if (byHelper) {
      return "the helper";
    }
    return switch (step) {
      case WAIT_UMMA -> "the kernel's MMA thread";
      case WAIT_TMA_LOADS -> "the kernel, which knows their phases";
      default -> "the kernel";
    };
  }

  /**
   * The comment lines of a phase change: which buffers share bytes and what must complete, in
   * order, each with who does it; {@code helper} names the helper, {@code byHelper} says which
   * steps it performs (where it performs none, the header offers none).
   */
  public static List<String> phaseChange(PhaseChange change, String helper,
      java.util.function.Predicate<Step> byHelper) {
    List<String> lines = new ArrayList<>();
    List<String> pairs = new ArrayList<>();
    for (List<String> pair : change.buffers()) {
      pairs.add(pair.get(1) + " over " + pair.get(0));
    }
    String head = change.from() + " -> " + change.to() + ": " + (pairs.isEmpty()
        ? "no buffer of " + change.to() + " shares a byte with one of " + change.from()
        : String.join(", ", pairs)) + ".";
    if (change.steps().isEmpty()) {
      lines.add(head + " Nothing must complete first" + (pairs.isEmpty() ? "." : ": neither phase"
          + " writes the shared bytes."));
      return lines;
    }
    lines.add(head + " Before " + change.to() + " touches them, in order:");
    int n = 1;
    for (Step step : change.steps()) {
      lines.add("  " + n++ + ". " + brief(step) + ": " + briefPerformer(byHelper.test(step), step)
          + ".");
    }
    if (change.steps().stream().anyMatch(byHelper)) {
      lines.add("Call " + helper + "() where they were used" + (change.steps()
          .contains(Step.WAIT_WGMMA) ? " (converged)" : "") + ", then the kernel's part.");
    }
    return lines;
  }
}
