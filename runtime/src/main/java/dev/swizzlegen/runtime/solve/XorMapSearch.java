package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The search over every invertible XOR (GF(2)-linear) map of a one-atom tile's offset bits that
 * keeps the declared vectors (and 4-byte words) whole: what derivation tries where no
 * {@code Swizzle<B,M,S>} of the {@link SwizzleFamily} serves (SPEC section 6).
 *
 * <p>Work in 4-byte words: a tile of {@code 2^n} words, of which the low {@code k} bits address the
 * words of the widest vector a lane moves (kept whole, so the map is the identity on them and writes
 * nothing into them) and the other {@code f = n - k} bits are free. The bank of a word is its bits 0..4:
 *
 * <pre>
 *   word bit      n-1 ...  5 | 4 ... k | k-1 ... 0
 *                 free, not  | free,    | the vector's words:
 *                 bank bits  | bank bits| identity, bank bits fixed
 *                            |  b = 5-k |
 * </pre>
 *
 * <p>Two distinct words {@code u, v} of one phase share a bank under a map {@code A} exactly when
 * {@code bank(A u) = bank(A v)}, i.e. {@code L(u ^ v) = 0} for the linear {@code L = bank ∘ A}. If
 * {@code u ^ v} has a bit below {@code k} the vector bits separate them whatever the map; otherwise
 * the condition is {@code R d != 0} for {@code d = (u ^ v) >> k} and {@code R} the {@code b x f}
 * matrix of {@code A}'s bank rows on the free bits. So whether a maxWays-1 access is conflict-free
 * depends on {@code A} only through the kernel of {@code R}: the search is over kernels (subspaces of
 * codimension {@code b}), each once, as {@code R} in column echelon form (a column's image is either
 * in the span of the images before it or the next unit vector), which is every invertible {@code A}
 * up to what the banks cannot see. Every full-rank {@code R} is some invertible {@code A}'s (below),
 * so the search is exact for the family.
 *
 * <p>It backtracks over the images of the free bits, lowest first, checking each difference as soon
 * as its highest bit has an image, and keeps the map with the fewest XOR terms (off-diagonal ones of
 * {@code A}; ties: the first in the order, lower bits' images smallest first), by branch and bound.
 * Every map it would return is costed by the {@link ConflictAnalyzer} on the tile it builds before it
 * is kept, so the bank model's own rules (phase merging included) have the last word. Accesses that
 * tolerate conflicts ({@code maxWays > 1}) are only costed so.
 *
 * <p>The map of a kernel: the i-th pivot column (the free bit whose image is the i-th unit vector)
 * goes to bank bit {@code k + i}; the t-th other free bit to the t-th free bit above the bank bits,
 * with its image's bank bits XORed in. Where the pivots are the bank bits themselves this is
 * {@code o ^ terms}, bits above the bank bits XORed into them; otherwise it also moves bits.
 *
 * <p>The kernels' word maps are {@code EchelonKernels}'s; why none serves, {@code XorMapCertificates}'s.
 */
public final class XorMapSearch {
  /** The most free bits a search takes on: a tile of up to {@code 2^24} words. */
  public static final int MAX_FREE_BITS = 24;
  private static final int BANK_BITS = 5;
  static final int WORD_BYTES = 4;

  private final ConflictAnalyzer analyzer;

  public XorMapSearch(ConflictAnalyzer analyzer) {
    this.analyzer = analyzer;
  }

  /** Why a tile's description is outside the general search. */
  public enum Scope {
    /** In scope: searched. */
    SEARCHED,
    /** An engine (TMA, wgmma, UMMA) reads the tile: it speaks only its own swizzle modes. */
    ENGINES,
    /** Not one atom of power-of-two rows and columns, rows dense: no linear word to map. */
    GEOMETRY,
    /** Elements of fewer than 8 bits. */
    SUB_BYTE,
    /** The banks cannot tell the maps apart: the vectors fix every bank bit inside the tile. */
    NOTHING_TO_CHOOSE
  }

  /**
   * What the search found.
   *
   * @param scope whether the description was searched, and if not why not
   * @param layout the tile with the chosen map, where one serves every access
   * @param terms the chosen map's XOR terms on the word: off-diagonal ones of its matrix
   * @param keptBytes the bytes each map keeps whole: the widest vector, at least a word
   * @param freeBits the word bits the map may move ({@code f})
   * @param freeBankBits the bank bits among them ({@code b}): the banks a map can choose
   * @param nodes images tried, a measure of the work
   * @param certificate where the search found none, why none exists
   */
  public record Result(Scope scope, Optional<TileLayout> layout, int terms, int keptBytes,
      int freeBits, int freeBankBits, long nodes, Optional<NoXorMap> certificate) {
    public boolean found() {
      return layout.isPresent();
    }
  }

  /**
   * The simplest map of the description (one stage, no swizzle, its atom the whole tile) that makes
   * every access acceptable, or why none does. Requires every access to run on the plain tile.
   */
  public Result search(TileDescription searched, List<AccessPattern> accesses,
      List<Engine> engines) {
    if (!engines.isEmpty()) {
      return outOfScope(Scope.ENGINES);
    }
    DType dtype = searched.dtype();
    if (dtype.storageBits() < 8 || dtype.elementsPerUnit() > 1) {
      return outOfScope(Scope.SUB_BYTE);
    }
    int rows = searched.rows();
    int cols = searched.cols();
    int elementBytes = dtype.bytes();
    boolean oneAtom = searched.describedAtomRows().orElse(rows) == rows
        && searched.describedAtomCols().orElse(cols) == cols;
    long tileBytes = (long) rows * cols * elementBytes;
    if (!oneAtom || Integer.bitCount(rows) != 1 || Integer.bitCount(cols) != 1
        || searched.rowStride() != cols || Integer.bitCount(elementBytes) != 1
        || tileBytes < WORD_BYTES || searched.alignment() < Math.min(128, tileBytes)) {
      return outOfScope(Scope.GEOMETRY);
    }
    TileLayout plain = searched.copy().atom(0, 0, searched.atomOrder()).build();
    Problem problem = new Problem(plain, accesses);
    if (problem.free > MAX_FREE_BITS) {
      return outOfScope(Scope.GEOMETRY);
    }
    if (problem.b <= 0 || problem.free <= problem.b) {
      return new Result(Scope.NOTHING_TO_CHOOSE, Optional.empty(), 0, problem.keptBytes,
          problem.free, Math.max(0, problem.b), 0, Optional.empty());
    }
    Optional<NoXorMap> pigeonhole = XorMapCertificates.pigeonhole(problem);
    if (pigeonhole.isPresent()) {
      return new Result(Scope.SEARCHED, Optional.empty(), 0, problem.keptBytes, problem.free,
          problem.b, 0, pigeonhole);
    }
    Backtrack search = new Backtrack(problem);
    search.run(0, 0, 0, 0);
    if (search.best != null) {
      return new Result(Scope.SEARCHED, Optional.of(search.best), search.bestWeight,
          problem.keptBytes, problem.free, problem.b, search.nodes, Optional.empty());
    }
    return new Result(Scope.SEARCHED, Optional.empty(), 0, problem.keptBytes, problem.free,
        problem.b, search.nodes, Optional.of(XorMapCertificates.certificate(problem)));
  }

  /** The most bytes one lane of {@code access} moves on {@code plain}, a power of two. */
  static int widestBytes(AccessPattern access, TileLayout plain) {
    int widest = 1;
    for (Instruction instruction : access.instructions(plain)) {
      for (Phase phase : instruction.phases()) {
        for (LaneAccess lane : phase.lanes()) {
          widest = Math.max(widest, Integer.highestOneBit(Math.max(1, lane.bytes())));
        }
      }
      break;
    }
    return widest;
  }

  private static Result outOfScope(Scope scope) {
    return new Result(scope, Optional.empty(), 0, 0, 0, 0, 0, Optional.empty());
  }

  /** Where two lanes' words first met a difference: for the certificate. */
  record Source(int access, int instruction, int phase, LaneAccess first,
      LaneAccess second) {}

  /** The tile, its word bits and the differences every map must keep out of its kernel. */
  static final class Problem {
    final TileLayout plain;
    final List<AccessPattern> accesses;
    final int elementBytes;
    final int keptBytes;
    /** Word bits of the tile ({@code n}), kept bits ({@code k}), free ({@code f}), free bank ({@code b}). */
    final int wordBits;
    final int kept;
    final int free;
    final int b;
    /** The differences (on the free bits) that must not be in the kernel, by highest bit. */
    final int[][] byTop;
    final Map<Integer, Source> sources = new HashMap<>();

    Problem(TileLayout plain, List<AccessPattern> accesses) {
      this.plain = plain;
      this.accesses = List.copyOf(accesses);
      this.elementBytes = plain.dtype().bytes();
      List<List<Instruction>> instructions = new ArrayList<>();
      int widest = WORD_BYTES;
      for (AccessPattern access : accesses) {
        List<Instruction> walk = access.instructions(plain);
        instructions.add(walk);
        for (Instruction instruction : walk) {
          for (Phase phase : instruction.phases()) {
            for (LaneAccess lane : phase.lanes()) {
              widest = Math.max(widest, Integer.highestOneBit(Math.max(1, lane.bytes())));
            }
          }
        }
      }
      widest = Math.max(widest, elementBytes);
      long words = (long) plain.rows() * plain.cols() * elementBytes / WORD_BYTES;
      this.wordBits = Long.numberOfTrailingZeros(words);
      this.keptBytes = (int) Math.min(widest, words * WORD_BYTES);
      this.kept = Integer.numberOfTrailingZeros(keptBytes / WORD_BYTES);
      this.free = wordBits - kept;
      this.b = Math.min(BANK_BITS, wordBits) - kept;
      List<Set<Integer>> tops = new ArrayList<>();
      for (int j = 0; j < Math.max(0, free); j++) {
        tops.add(new LinkedHashSet<>());
      }
      if (free > 0 && free <= MAX_FREE_BITS && b > 0) {
        int lowMask = (1 << kept) - 1;
        for (int a = 0; a < accesses.size(); a++) {
          if (accesses.get(a).maxWays() != 1) {
            continue;
          }
          List<Instruction> walk = instructions.get(a);
          for (int i = 0; i < walk.size(); i++) {
            for (Phase phase : walk.get(i).phases()) {
              List<LaneAccess> lanes = phase.lanes();
              for (int x = 0; x < lanes.size(); x++) {
                for (int y = x + 1; y < lanes.size(); y++) {
                  differences(lanes.get(x), lanes.get(y), lowMask, tops,
                      new Source(a, i, phase.index(), lanes.get(x), lanes.get(y)));
                }
              }
            }
          }
        }
      }
      byTop = new int[tops.size()][];
      for (int j = 0; j < tops.size(); j++) {
        byTop[j] = tops.get(j).stream().mapToInt(Integer::intValue).toArray();
      }
    }

    /** The plain word of a lane's first byte. */
    int firstWord(LaneAccess lane) {
      return (int) (((long) lane.row() * plain.cols() + lane.col()) * elementBytes / WORD_BYTES);
    }

    int lastWord(LaneAccess lane) {
      long first = ((long) lane.row() * plain.cols() + lane.col()) * elementBytes;
      return (int) ((first + Math.max(1, lane.bytes()) - 1) / WORD_BYTES);
    }

    private void differences(LaneAccess p, LaneAccess q, int lowMask, List<Set<Integer>> tops,
        Source source) {
      for (int u = firstWord(p); u <= lastWord(p); u++) {
        for (int v = firstWord(q); v <= lastWord(q); v++) {
          int d = u ^ v;
          if (d == 0 || (d & lowMask) != 0) {
            continue;
          }
          int high = d >>> kept;
          if (tops.get(31 - Integer.numberOfLeadingZeros(high)).add(high)) {
            sources.put(high, source);
          }
        }
      }
    }

    /** The tile whose map on the word has bank rows of column images {@code images}. */
    TileLayout tile(int[] images) {
      return plain.toBuilder().map(EchelonKernels.elementMap(
          EchelonKernels.wordMap(images, kept, free, b), elementBytes))
          .build();
    }
  }

  /** The branch-and-bound walk over the column images. */
  private final class Backtrack {
    final Problem problem;
    /** The bank rows' bits of each free bit so far: the column images. */
    final int[] images;
    TileLayout best;
    int bestWeight = Integer.MAX_VALUE;
    long nodes;

    Backtrack(Problem problem) {
      this.problem = problem;
      this.images = new int[problem.free];
    }

    /** Assign column {@code j} onward, with {@code rank} pivots and {@code others} other columns so far. */
    void run(int j, int rank, int others, int weight) {
      int free = problem.free;
      int b = problem.b;
      if (weight >= bestWeight) {
        return;
      }
      if (j == free) {
        if (rank == b) {
          TileLayout tile = problem.tile(images);
          if (serves(tile)) {
            best = tile;
            bestWeight = weight;
          }
        }
        return;
      }
      if (b - rank > free - j) {
        return;
      }
      // The pivot first where it costs nothing (a bank bit kept in place), then by added weight.
      int options = (1 << rank) + (rank < b ? 1 : 0);
      int[] order = new int[options];
      int[] cost = new int[options];
      for (int o = 0; o < options; o++) {
        boolean pivot = o == (1 << rank);
        int image = pivot ? 1 << rank : o;
        order[o] = image;
        cost[o] = pivot ? (j == rank ? 0 : 1)
            : Integer.bitCount(image) + (j == b + others ? 0 : 1);
      }
      sortByCost(order, cost);
      for (int o = 0; o < options; o++) {
        int image = order[o];
        nodes++;
        if (weight + cost[o] >= bestWeight) {
          continue;
        }
        images[j] = image;
        if (!holds(j)) {
          continue;
        }
        boolean pivot = rank < b && image == 1 << rank;
        run(j + 1, pivot ? rank + 1 : rank, pivot ? others : others + 1, weight + cost[o]);
      }
      images[j] = 0;
    }

    /** Every difference whose highest bit is {@code j} has a nonzero image. */
    private boolean holds(int j) {
      for (int d : problem.byTop[j]) {
        int image = 0;
        int rest = d;
        while (rest != 0) {
          int bit = Integer.numberOfTrailingZeros(rest);
          image ^= images[bit];
          rest &= rest - 1;
        }
        if (image == 0) {
          return false;
        }
      }
      return true;
    }

    private boolean serves(TileLayout tile) {
      for (AccessPattern access : problem.accesses) {
        if (!access.check(tile).isEmpty() || !analyzer.analyze(tile, access).acceptable()) {
          return false;
        }
      }
      return true;
    }
  }

  /** Sorts {@code order} by {@code cost}, stably (insertion sort: a handful of options). */
  private static void sortByCost(int[] order, int[] cost) {
    for (int i = 1; i < order.length; i++) {
      int o = order[i];
      int c = cost[i];
      int k = i - 1;
      while (k >= 0 && cost[k] > c) {
        order[k + 1] = order[k];
        cost[k + 1] = cost[k];
        k--;
      }
      order[k + 1] = o;
      cost[k + 1] = c;
    }
  }
}
