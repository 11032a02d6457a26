package dev.swizzlegen.runtime.storage;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.StorageViolation.BelowOne;
import dev.swizzlegen.runtime.storage.StorageViolation.BeyondEveryTarget;
import dev.swizzlegen.runtime.storage.StorageViolation.EmptyPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.NoBuffers;
import dev.swizzlegen.runtime.storage.StorageViolation.PhasesNotDeclared;
import dev.swizzlegen.runtime.storage.StorageViolation.Quantity;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedName;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.UndeclaredPhase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kernel's shared memory, planned: each buffer at a multiple of its alignment, buffers that are
 * live together ({@link Buffer#coLive}) on disjoint bytes, in the least total bytes these rules allow.
 *
 * <p>The least total is found exactly. Some optimal placement is <em>compacted</em>: no buffer can
 * move to a lower offset that is a multiple of its alignment and overlaps no co-live buffer. In a
 * compacted placement each buffer's offset is 0, or the end of a co-live buffer below it rounded up
 * to its own alignment (were it higher, it could move down by its alignment). So the search places
 * buffers one at a time, each as low as the buffers placed before it allow ({@code Search}), and
 * keeps the placement of least total, bounded below by the bytes every phase's buffers and the
 * every-phase buffers need together. Its first candidate, the buffers by falling alignment in their
 * declared order, is the placement a kernel author writes by hand (the tiles first, the barriers
 * last), and it is kept wherever nothing is smaller, so the order is deterministic and familiar.
 */
public final class StoragePlan {
  private StoragePlan() {}

  /**
   * Why {@code buffers} are no plan: none, a repeated name, a count below one or beyond every
   * target; empty if they are one. Their phases are declared in the order they are first named.
   */
  public static List<StorageViolation> check(List<Buffer> buffers) {
    return check(namedPhases(buffers), buffers);
  }

  /**
   * Why {@code buffers}, in a kernel whose phases are {@code phases} in its order (empty: none
   * declared), are no plan: none, a repeated name, a count below one or beyond every target, a phase
   * not declared, repeated or with no buffer; empty if they are one.
   */
  public static List<StorageViolation> check(List<String> phases, List<Buffer> buffers) {
    List<StorageViolation> problems = new ArrayList<>();
    if (buffers.isEmpty()) {
      problems.add(new NoBuffers());
    }
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < buffers.size(); i++) {
      Buffer buffer = buffers.get(i);
      Integer first = names.putIfAbsent(buffer.name(), i);
      if (first != null) {
        problems.add(new RepeatedName(buffer.name(), first, i));
      }
      if (buffer.copies() < 1) {
        problems.add(new BelowOne(buffer.name(), Quantity.COPIES, buffer.copies()));
      }
      Quantity count = buffer.kind() == Buffer.Kind.BARRIERS ? Quantity.BARRIERS : Quantity.BYTES;
      long written = buffer.kind() == Buffer.Kind.BARRIERS ? buffer.barrierCount()
          : buffer.copyBytes();
      if (buffer.copyBytes() < 1) {
        problems.add(new BelowOne(buffer.name(), count, written));
      } else if (buffer.copyBytes() > Architecture.MAX_SHARED_BYTES) {
        problems.add(new BeyondEveryTarget(buffer.name(), count, written, buffer.copyBytes(),
            Architecture.MAX_SHARED_BYTES));
      } else if (buffer.copies() > 1 && buffer.bytes() > Architecture.MAX_SHARED_BYTES) {
        // One copy is at most 227 KB and its stride at most its alignment more: bytes() is exact.
        problems.add(new BeyondEveryTarget(buffer.name(), Quantity.COPIES, buffer.copies(),
            buffer.bytes(), Architecture.MAX_SHARED_BYTES));
      }
    }
    problems.addAll(phaseProblems(phases, buffers));
    return problems;
  }

  /** The phases {@code buffers} name, in the order they are first named. */
  public static List<String> namedPhases(List<Buffer> buffers) {
    List<String> named = new ArrayList<>();
    for (Buffer buffer : buffers) {
      buffer.phase().filter(phase -> !named.contains(phase)).ifPresent(named::add);
    }
    return named;
  }

  private static List<StorageViolation> phaseProblems(List<String> phases, List<Buffer> buffers) {
    List<StorageViolation> problems = new ArrayList<>();
    List<String> named = namedPhases(buffers);
    if (phases.isEmpty()) {
      if (!named.isEmpty()) {
        problems.add(new PhasesNotDeclared(named));
      }
      return problems;
    }
    Set<String> declared = new HashSet<>();
    for (String phase : phases) {
      if (!declared.add(phase)) {
        problems.add(new RepeatedPhase(phase));
      }
    }
    for (int i = 0; i < buffers.size(); i++) {
      Buffer buffer = buffers.get(i);
      if (buffer.phase().isPresent() && !declared.contains(buffer.phase().get())) {
        problems.add(new UndeclaredPhase(buffer.name(), i, buffer.phase().get(), phases));
      }
    }
    for (String phase : new LinkedHashSet<>(phases)) {
      if (!named.contains(phase)) {
        problems.add(new EmptyPhase(phase));
      }
    }
    return problems;
  }

  /**
   * The placement of least total bytes, its phases in the order they are first named; throws
   * {@link IllegalArgumentException} where {@link #check} finds a problem.
   */
  public static Placement place(List<Buffer> buffers) {
    return place(namedPhases(buffers), buffers);
  }

  /**
   * The placement of least total bytes of {@code buffers} in a kernel whose phases are
   * {@code phases}, in its order; throws {@link IllegalArgumentException} where {@link #check}
   * finds a problem.
   */
  public static Placement place(List<String> phases, List<Buffer> buffers) {
    List<StorageViolation> problems = check(phases, buffers);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("not a plan: " + problems);
    }
    Search search = new Search(buffers);
    search.run();
    List<Long> offsets = new ArrayList<>();
    for (long offset : search.best) {
      offsets.add(offset);
    }
    return new Placement(phases, buffers, offsets);
  }

  /**
   * The exhaustive search over compacted placements. Buffers live in every phase (the shared ones)
   * or in one named phase (a group); a group's buffers and the shared ones are all co-live, and two
   * groups share nothing. Each group has a frontier: the end of the highest of its buffers and the
   * shared ones placed. In a compacted placement taken in the order of its offsets, a group's buffer
   * lies at its group's frontier rounded up to its alignment, and a shared buffer at the highest
   * frontier so rounded; so a search state is the set of buffers placed and the frontiers, and a
   * state whose frontiers are all at or above another's with the same buffers placed can do no
   * better (it is dropped), nor can one already at or over the best total found.
   */
  private static final class Search {
    private final List<Buffer> buffers;
    private final int count;
    private final long[] sizes;
    private final long[] alignments;
    /** Each buffer's group, or -1 for a shared buffer. */
    private final int[] group;
    private final int groups;
    private final int[] order;
    private final long lowerBound;
    private final long[] offsets;
    private final Map<Long, List<long[]>> seen = new HashMap<>();
    private long[] best;
    private long bestTotal = Long.MAX_VALUE;

    Search(List<Buffer> buffers) {
      if (buffers.size() > 63) {
        throw new IllegalArgumentException("a plan of at most 63 buffers, not " + buffers.size());
      }
      this.buffers = buffers;
      this.count = buffers.size();
      this.sizes = new long[count];
      this.alignments = new long[count];
      this.group = new int[count];
      Map<String, Integer> phases = new HashMap<>();
      for (int i = 0; i < count; i++) {
        Buffer buffer = buffers.get(i);
        sizes[i] = buffer.bytes();
        alignments[i] = buffer.alignment();
        group[i] = buffer.phase().isEmpty() ? -1
            : phases.computeIfAbsent(buffer.phase().get(), phase -> phases.size());
      }
      this.groups = Math.max(1, phases.size());
      // Tried first: by falling alignment, then as declared.
      List<Integer> sorted = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        sorted.add(i);
      }
      sorted.sort((a, b) -> alignments[a] != alignments[b]
          ? Long.compare(alignments[b], alignments[a]) : Integer.compare(a, b));
      this.order = sorted.stream().mapToInt(Integer::intValue).toArray();
      this.lowerBound = lowerBound();
      this.offsets = new long[count];
    }

    /**
     * The bytes every named phase's buffers and the every-phase buffers need together, the most of
     * them: no placement is smaller.
     */
    private long lowerBound() {
      long shared = 0;
      long[] byGroup = new long[groups];
      for (int i = 0; i < count; i++) {
        if (group[i] < 0) {
          shared += sizes[i];
        } else {
          byGroup[group[i]] += sizes[i];
        }
      }
      long most = 0;
      for (long bytes : byGroup) {
        most = Math.max(most, bytes);
      }
      return shared + most;
    }

    void run() {
      extend(0L, new long[groups]);
    }

    /** Places each buffer not yet in {@code placed} next, at its frontier, and goes on. */
    private void extend(long placed, long[] frontiers) {
      long total = 0;
      for (long frontier : frontiers) {
        total = Math.max(total, frontier);
      }
      if (total >= bestTotal || dominated(placed, frontiers)) {
        return;
      }
      if (placed == (1L << count) - 1) {
        bestTotal = total;
        best = offsets.clone();
        return;
      }
      for (int i : order) {
        if ((placed & (1L << i)) != 0) {
          continue;
        }
        long[] next = frontiers.clone();
        if (group[i] < 0) {
          long offset = alignUp(total, alignments[i]);
          offsets[i] = offset;
          java.util.Arrays.fill(next, offset + sizes[i]);
        } else {
          long offset = alignUp(frontiers[group[i]], alignments[i]);
          offsets[i] = offset;
          next[group[i]] = offset + sizes[i];
        }
        extend(placed | (1L << i), next);
        if (bestTotal <= lowerBound) {
          return;
        }
      }
    }

    /**
     * Whether a state with the same buffers placed and frontiers no higher was reached before; if
     * not, this one is recorded, and those it dominates forgotten.
     */
    private boolean dominated(long placed, long[] frontiers) {
      List<long[]> states = seen.computeIfAbsent(placed, key -> new ArrayList<>());
      for (long[] state : states) {
        if (atMost(state, frontiers)) {
          return true;
        }
      }
      states.removeIf(state -> atMost(frontiers, state));
      states.add(frontiers);
      return false;
    }

    private static boolean atMost(long[] a, long[] b) {
      for (int i = 0; i < a.length; i++) {
        if (a[i] > b[i]) {
          return false;
        }
      }
      return true;
    }

    private static long alignUp(long value, long alignment) {
      return (value + alignment - 1) / alignment * alignment;
    }
  }
}
