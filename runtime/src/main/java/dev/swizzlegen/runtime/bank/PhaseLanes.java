package dev.swizzlegen.runtime.bank;

import dev.swizzlegen.runtime.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lanes of one phase while an access is walked over a tile: primitive arrays reused from phase to
 * phase, so that costing every phase of a tile allocates nothing per lane. A {@link PhaseVisitor}
 * reads it during its call only; {@link #toPhase} copies it out when a phase must be kept (a witness,
 * a picture). It holds either one phase or a whole instruction, which {@link #visitPhases} then
 * shows the visitor a phase at a time, as a window on the same arrays.
 */
public final class PhaseLanes {
  private int[] lanes = new int[32];
  private int[] rows = new int[32];
  private int[] cols = new int[32];
  private long[] byteAddresses = new long[32];
  private int[] bytes = new int[32];
  private int count;
  /** The window the visitor sees: lanes {@code from} to {@code to - 1}; all of them outside a visit. */
  private int from;
  private int to;
  private boolean merged;

  /** Empties the buffer for the next phase (or instruction). */
  public void clear() {
    count = 0;
    from = 0;
    to = 0;
    merged = false;
  }

  /**
   * Hands the instruction this buffer holds (its lanes in lane order, every one moving the same
   * bytes) to {@code visitor} phase by phase, as {@code banks} serves it: consecutive groups of
   * {@link BankModel#lanesPerPhase(int)} lanes, twice that and each marked merged where
   * {@link BankModel#mergesPhases}.
   */
  public void visitPhases(BankModel banks, Op op, int instruction, PhaseVisitor visitor) {
    if (count == 0) {
      return;
    }
    merged = banks.mergesPhases(op, byteAddresses, bytes[0], count);
    int perPhase = banks.lanesPerPhase(bytes[0]) * (merged ? 2 : 1);
    for (int start = 0, index = 0; start < count; start += perPhase, index++) {
      from = start;
      to = Math.min(start + perPhase, count);
      visitor.phase(instruction, index, this);
    }
    from = 0;
    to = count;
  }

  /** Whether these lanes are a merged phase ({@link BankModel#mergesPhases}). */
  public boolean merged() {
    return merged;
  }

  /** Appends a lane moving {@code bytes} bytes from {@code byteAddress}, element (row, col) first. */
  public void add(int lane, int row, int col, long byteAddress, int bytes) {
    if (count == lanes.length) {
      int grown = count * 2;
      lanes = Arrays.copyOf(lanes, grown);
      rows = Arrays.copyOf(rows, grown);
      cols = Arrays.copyOf(cols, grown);
      byteAddresses = Arrays.copyOf(byteAddresses, grown);
      this.bytes = Arrays.copyOf(this.bytes, grown);
    }
    lanes[count] = lane;
    rows[count] = row;
    cols[count] = col;
    byteAddresses[count] = byteAddress;
    this.bytes[count] = bytes;
    count++;
    to = count;
  }

  /** Active lanes in the phase. */
  int count() {
    return to - from;
  }

  /** The phase's wavefronts under {@code banks}: {@link BankModel#wavefronts} on these lanes. */
  public int wavefronts(BankModel banks) {
    return banks.wavefronts(byteAddresses, bytes, from, to);
  }

  /** The lanes as a {@link Phase} with its place {@code index} in the instruction. */
  public Phase toPhase(int index) {
    List<LaneAccess> copied = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      copied.add(new LaneAccess(lanes[i], rows[i], cols[i], byteAddresses[i], bytes[i]));
    }
    return new Phase(index, copied, merged);
  }
}
