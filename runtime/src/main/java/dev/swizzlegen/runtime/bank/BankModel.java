package dev.swizzlegen.runtime.bank;

import dev.swizzlegen.runtime.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NVIDIA shared memory from compute capability 7.0 to 12.x: 32 banks, each 4 bytes wide, so that
 * the word at byte address {@code a} lives in bank {@code (a / 4) % 32}. A warp instruction is served
 * in phases of at most 128 bytes of lanes, except where its lanes repeat in pairs
 * ({@link #mergesPhases}); a phase costs one wavefront per distinct word in its busiest bank (lanes
 * reading the same word share it), so a conflict-free phase costs exactly one.
 */
public final class BankModel {
  /** The model of every NVIDIA GPU from Volta (sm_70) to Blackwell (sm_120). */
  public static final BankModel NVIDIA = new BankModel(32, 4);

  /** The lanes of a warp: only a whole warp's instruction merges phases. */
  private static final int WARP_LANES = 32;

  /** {@link #wavefronts}' buffers, one set per thread. */
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  private final int banks;
  private final int bankBytes;

  private BankModel(int banks, int bankBytes) {
    this.banks = banks;
    this.bankBytes = bankBytes;
  }

  /** Number of banks: 32. */
  public int banks() {
    return banks;
  }

  /** Width of a bank word in bytes: 4. */
  public int bankBytes() {
    return bankBytes;
  }

  /** Bytes one wavefront serves when every bank delivers one word: 128. */
  public int wavefrontBytes() {
    return banks * bankBytes;
  }

  /**
   * The lanes of one unmerged phase for {@code bytes} a lane: 32 up to 4 bytes, 16 for 8 bytes, 8
   * for 16 bytes (128 bytes of lanes).
   */
  public int lanesPerPhase(int bytes) {
    return bytes <= bankBytes ? banks : wavefrontBytes() / bytes;
  }

  /**
   * Whether an instruction of {@code lanes} lanes, lane {@code i} moving {@code bytes} from
   * {@code byteAddresses[i]}, is served in phases of twice its width. Measured on an H100 (the
   * calibration suite's {@code merge_*} cases, {@code docs/measurements.md}): a load of 8 or 16
   * bytes a lane by a whole warp in which every lane reads what lane {@code i ^ 1} reads, or every
   * lane what lane {@code i ^ 2} reads, is served in half the phases (16 bytes: two of 16 lanes; 8
   * bytes: one of 32), and each merged phase pays the distinct words of its whole lane set. Stores, accesses of
   * 4 bytes or less, lanes repeating at other distances ({@code i ^ 3}, {@code i ^ 4}, ...) and
   * pairs on only some lanes are not merged.
   */
  public boolean mergesPhases(Op op, long[] byteAddresses, int bytes, int lanes) {
    if (op != Op.LOAD || bytes <= bankBytes || bytes > 16 || lanes != WARP_LANES) {
      return false;
    }
    return everyLaneRepeats(byteAddresses, lanes, 1) || everyLaneRepeats(byteAddresses, lanes, 2);
  }

  private static boolean everyLaneRepeats(long[] byteAddresses, int lanes, int distance) {
    for (int lane = 0; lane < lanes; lane++) {
      if (byteAddresses[lane] != byteAddresses[lane ^ distance]) {
        return false;
      }
    }
    return true;
  }

  /** The 4-byte word holding a byte address. */
  public long word(long byteAddress) {
    return Math.floorDiv(byteAddress, bankBytes);
  }

  /**
   * The wavefronts a phase costs: the most distinct words any one bank holds among the bytes its lanes
   * touch, with that bank and one lane per distinct word as the witness.
   */
  public PhaseCost cost(Phase phase) {
    List<Map<Long, LaneAccess>> wordsByBank = new ArrayList<>(banks);
    for (int bank = 0; bank < banks; bank++) {
      wordsByBank.add(new LinkedHashMap<>());
    }
    for (LaneAccess lane : phase.lanes()) {
      long first = word(lane.byteAddress());
      long last = word(lane.byteAddress() + lane.bytes() - 1);
      for (long w = first; w <= last; w++) {
        wordsByBank.get(bank(w * bankBytes)).putIfAbsent(w, lane);
      }
    }
    int worstBank = 0;
    for (int bank = 1; bank < banks; bank++) {
      if (wordsByBank.get(bank).size() > wordsByBank.get(worstBank).size()) {
        worstBank = bank;
      }
    }
    List<LaneAccess> lanes = new ArrayList<>(wordsByBank.get(worstBank).values());
    lanes.sort(Comparator.comparingInt(LaneAccess::lane));
    return new PhaseCost(Math.max(1, lanes.size()), worstBank, lanes);
  }

  /**
   * The wavefronts a phase costs, as {@link #cost} counts them, without the witness: for the analyzer
   * and the solvers, which cost every phase of a tile. Lane {@code i} touches {@code bytes[i]} bytes
   * from {@code byteAddresses[i]}. Allocates nothing: each bank's distinct words are kept in a buffer
   * per thread, searched in turn (a bank rarely holds more than a few).
   */
  public int wavefronts(long[] byteAddresses, int[] bytes, int lanes) {
    return wavefronts(byteAddresses, bytes, 0, lanes);
  }

  /** {@link #wavefronts(long[], int[], int)} of the lanes {@code from} to {@code to - 1} of the arrays. */
  public int wavefronts(long[] byteAddresses, int[] bytes, int from, int to) {
    Scratch scratch = SCRATCH.get();
    int[] counts = scratch.perBank(banks);
    long[] seen = scratch.seen;
    int worst = 1;
    for (int i = from; i < to; i++) {
      long last = word(byteAddresses[i] + bytes[i] - 1);
      for (long w = word(byteAddresses[i]); w <= last; w++) {
        int bank = (int) Math.floorMod(w, (long) banks);
        int start = bank * Scratch.WORDS_PER_BANK;
        int count = counts[bank];
        boolean found = false;
        for (int k = start; k < start + count; k++) {
          if (seen[k] == w) {
            found = true;
            break;
          }
        }
        if (found) {
          continue;
        }
        if (count == Scratch.WORDS_PER_BANK) {
          return wavefrontsSorting(byteAddresses, bytes, from, to, scratch);
        }
        seen[start + count] = w;
        counts[bank] = count + 1;
        worst = Math.max(worst, count + 1);
      }
    }
    return worst;
  }

  /** {@link #wavefronts} for a phase whose bank holds more words than the buffer: sorted. */
  private int wavefrontsSorting(long[] byteAddresses, int[] bytes, int from, int to,
      Scratch scratch) {
    long[] words = scratch.words;
    int count = 0;
    for (int i = from; i < to; i++) {
      long last = word(byteAddresses[i] + bytes[i] - 1);
      for (long w = word(byteAddresses[i]); w <= last; w++) {
        if (count == words.length) {
          words = scratch.words = Arrays.copyOf(words, count * 2);
        }
        words[count++] = w;
      }
    }
    Arrays.sort(words, 0, count);
    int[] perBank = scratch.perBank(banks);
    int worst = 1;
    for (int i = 0; i < count; i++) {
      if (i > 0 && words[i] == words[i - 1]) {
        continue;
      }
      int bank = (int) Math.floorMod(words[i], (long) banks);
      worst = Math.max(worst, ++perBank[bank]);
    }
    return worst;
  }

  private static final class Scratch {
    /** The distinct words of one bank that {@link #seen} holds before the sorting count is used. */
    static final int WORDS_PER_BANK = 16;

    long[] words = new long[32 * 4 + 4];
    int[] perBank = new int[32];
    long[] seen = new long[32 * WORDS_PER_BANK];

    /** The per-bank counts, zeroed. */
    int[] perBank(int banks) {
      if (perBank.length < banks) {
        perBank = new int[banks];
        seen = new long[banks * WORDS_PER_BANK];
      }
      Arrays.fill(perBank, 0, banks, 0);
      return perBank;
    }
  }

  /** The bank of a byte address. */
  public int bank(long byteAddress) {
    return (int) Math.floorMod(word(byteAddress), (long) banks);
  }
}
