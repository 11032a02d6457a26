package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.solve.XorMapSearch.Problem;
import dev.swizzlegen.runtime.solve.XorMapSearch.Source;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The certificates of {@link XorMapSearch}: why no XOR map of a tile serves its accesses, as a
 * {@link NoXorMap}. Before the search, a phase with more words than the free bank bits have banks
 * ({@link NoXorMap.TooManyWords}); after it finds none, a subspace of forbidden differences too
 * large for any kernel to miss ({@link NoXorMap.SpannedDifferences}), or else the accesses the
 * search had ({@link NoXorMap.Exhausted}).
 */
final class XorMapCertificates {
  private XorMapCertificates() {}

  /**
   * A phase with more distinct words that agree in the kept bits than the free bank bits have
   * banks: every map leaves two of them in one bank.
   */
  static Optional<NoXorMap> pigeonhole(Problem problem) {
    int lowMask = (1 << problem.kept) - 1;
    for (int a = 0; a < problem.accesses.size(); a++) {
      AccessPattern access = problem.accesses.get(a);
      if (access.maxWays() != 1) {
        continue;
      }
      List<Instruction> walk = access.instructions(problem.plain);
      for (int i = 0; i < walk.size(); i++) {
        for (Phase phase : walk.get(i).phases()) {
          Map<Integer, Map<Integer, LaneAccess>> byLow = new HashMap<>();
          for (LaneAccess lane : phase.lanes()) {
            for (int w = problem.firstWord(lane); w <= problem.lastWord(lane); w++) {
              byLow.computeIfAbsent(w & lowMask, key -> new java.util.TreeMap<>())
                  .putIfAbsent(w, lane);
            }
          }
          for (Map<Integer, LaneAccess> words : byLow.values()) {
            if (words.size() > 1 << problem.b) {
              List<Cell> cells = new ArrayList<>();
              List<Integer> laneNumbers = new ArrayList<>();
              // 2^b + 1 of them are enough: the least set no map separates.
              for (LaneAccess lane : words.values()) {
                if (cells.size() > 1 << problem.b) {
                  break;
                }
                cells.add(new Cell(lane.row(), lane.col()));
                laneNumbers.add(lane.lane());
              }
              return Optional.of(new NoXorMap.TooManyWords(access, i, phase.index(),
                  List.copyOf(laneNumbers), List.copyOf(cells), problem.keptBytes, problem.b));
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Why the search found none: a subspace of more than {@code b} dimensions every nonzero vector of
   * which is a difference some phase forbids (a kernel of codimension {@code b} meets it), if one
   * is found in a bounded search; else the accesses whose differences are all the search had.
   */
  static NoXorMap certificate(Problem problem) {
    Set<Integer> all = new LinkedHashSet<>();
    for (int[] top : problem.byTop) {
      for (int d : top) {
        all.add(d);
      }
    }
    int[] candidates = all.stream().mapToInt(Integer::intValue).sorted().toArray();
    List<Integer> basis = new ArrayList<>();
    long[] budget = {200_000};
    if (subspace(problem.b, candidates, 0, basis, new ArrayList<>(List.of(0)), all, budget)) {
      List<NoXorMap.Difference> differences = new ArrayList<>();
      List<Integer> span = spanOf(basis);
      for (int d : span) {
        if (d == 0) {
          continue;
        }
        Source s = problem.sources.get(d);
        differences.add(new NoXorMap.Difference(problem.accesses.get(s.access()), s.instruction(),
            s.phase(), s.first().lane(), new Cell(s.first().row(), s.first().col()),
            s.second().lane(), new Cell(s.second().row(), s.second().col()), d << problem.kept,
            basis.contains(d)));
      }
      return new NoXorMap.SpannedDifferences(List.copyOf(differences), basis.size(),
          problem.keptBytes, problem.b);
    }
    // The accesses whose differences the search had, and those only costed (maxWays > 1).
    List<AccessPattern> involved = new ArrayList<>();
    for (int a = 0; a < problem.accesses.size(); a++) {
      int index = a;
      if (problem.accesses.get(a).maxWays() != 1
          || problem.sources.values().stream().anyMatch(s -> s.access() == index)) {
        involved.add(problem.accesses.get(a));
      }
    }
    return new NoXorMap.Exhausted(List.copyOf(involved), problem.keptBytes, problem.b,
        problem.free);
  }

  private static boolean subspace(int b, int[] candidates, int from, List<Integer> basis,
      List<Integer> span, Set<Integer> allowed, long[] budget) {
    if (basis.size() > b) {
      return true;
    }
    for (int c = from; c < candidates.length && budget[0]-- > 0; c++) {
      int w = candidates[c];
      if (span.contains(w)) {
        continue;
      }
      boolean closed = true;
      for (int s : span) {
        if (s != 0 && !allowed.contains(s ^ w)) {
          closed = false;
          break;
        }
      }
      if (!closed) {
        continue;
      }
      basis.add(w);
      int size = span.size();
      for (int i = 0; i < size; i++) {
        span.add(span.get(i) ^ w);
      }
      if (subspace(b, candidates, c + 1, basis, span, allowed, budget)) {
        return true;
      }
      basis.remove(basis.size() - 1);
      span.subList(size, span.size()).clear();
    }
    return false;
  }

  private static List<Integer> spanOf(List<Integer> basis) {
    List<Integer> span = new ArrayList<>(List.of(0));
    for (int w : basis) {
      int size = span.size();
      for (int i = 0; i < size; i++) {
        span.add(span.get(i) ^ w);
      }
    }
    return span;
  }
}
