package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A second, independent account of what accesses cost: lanes enumerated straight from the access
 * definitions (not from the model's classes), and each phase served by simulating the banks one
 * wavefront at a time (every bank hands out one word per wavefront to all lanes waiting on it).
 * Vector grids and lane maps are loads, coalesced vectors and accumulator fragments stores: a load of
 * 8 or 16 bytes whose 32 lanes all read what lane {@code i ^ 1} reads (or all what lane {@code i ^ 2}
 * reads) is served in phases of twice the lanes, as the H100 measured.
 */
final class BruteForce {
  /** Totals over the tile: wavefronts, ideal wavefronts, worst phase. */
  record Count(long wavefronts, long ideal, int degree) {}

  /** A lane's bytes: [address, address + bytes). */
  private record Span(long address, int bytes) {}

  private BruteForce() {}

  static Count vectorGrid(Layout layout, int bytes, int threadRows, int threadCols, Order order) {
    return vectorGrid(layout, bytes, threadRows, threadCols, order, 1);
  }

  /**
   * With {@code rowsAsOne} rows glued into one line: the footprint walks a tile of
   * {@code rows / rowsAsOne} lines of {@code rowsAsOne * cols} elements, and element {@code e} of
   * line {@code l} is (row {@code l * rowsAsOne + e / cols}, col {@code e % cols}).
   */
  static Count vectorGrid(Layout layout, int bytes, int threadRows, int threadCols, Order order,
      int rowsAsOne) {
    int elements = bytes * 8 / layout.elementBits();
    int lineElements = rowsAsOne * layout.cols();
    List<List<Span>> instructions = new ArrayList<>();
    for (int top = 0; top < layout.rows() / rowsAsOne; top += threadRows) {
      for (int left = 0; left < lineElements; left += threadCols * elements) {
        List<Span> lanes = new ArrayList<>();
        for (int lane = 0; lane < 32; lane++) {
          int i = order == Order.ROW_MAJOR ? lane / threadCols : lane % threadRows;
          int j = order == Order.ROW_MAJOR ? lane % threadCols : lane / threadRows;
          int e = left + j * elements;
          lanes.add(new Span(address(layout, (top + i) * rowsAsOne + e / layout.cols(),
              e % layout.cols()), bytes));
        }
        instructions.add(lanes);
      }
    }
    return count(instructions, bytes <= 4 ? 32 : 128 / bytes, true);
  }

  static Count vectorCoalesced(Layout layout, int bytes) {
    int elements = bytes * 8 / layout.elementBits();
    List<Span> all = new ArrayList<>();
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col < layout.cols(); col += elements) {
        all.add(new Span(address(layout, row, col), bytes));
      }
    }
    List<List<Span>> instructions = new ArrayList<>();
    for (int first = 0; first < all.size(); first += 32) {
      instructions.add(all.subList(first, Math.min(first + 32, all.size())));
    }
    return count(instructions, bytes <= 4 ? 32 : 128 / bytes, false);
  }

  /** Every 8-row x 16-byte matrix is its own phase; grouping into instructions does not change cost. */
  static Count matrices(Layout layout) {
    return matrices(layout, 8);
  }

  /**
   * Matrices of {@code matrixRows} rows x 16 bytes (8 for m8n8, m8n16 and the transposed m16n8, 16
   * for m16n16), each served 8 rows a phase; grouping into instructions does not change cost.
   */
  static Count matrices(Layout layout, int matrixRows) {
    List<List<Span>> phases = new ArrayList<>();
    int chunkElements = 16 * 8 / layout.elementBits();
    for (int top = 0; top < layout.rows(); top += matrixRows) {
      for (int col = 0; col < layout.cols(); col += chunkElements) {
        for (int half = 0; half < matrixRows; half += 8) {
          List<Span> rows = new ArrayList<>();
          for (int i = 0; i < 8; i++) {
            rows.add(new Span(address(layout, top + half + i, col), 16));
          }
          phases.add(rows);
        }
      }
    }
    return count(phases, 8, false);
  }

  static Count accumulator(Layout layout) {
    int bytes = 2 * layout.elementBytes();
    List<List<Span>> instructions = new ArrayList<>();
    for (int top = 0; top < layout.rows(); top += 16) {
      for (int left = 0; left < layout.cols(); left += 8) {
        for (int below = 0; below <= 8; below += 8) {
          List<Span> lanes = new ArrayList<>();
          for (int lane = 0; lane < 32; lane++) {
            lanes.add(new Span(address(layout, top + below + lane / 4, left + 2 * (lane % 4)), bytes));
          }
          instructions.add(lanes);
        }
      }
    }
    return count(instructions, bytes <= 4 ? 32 : 128 / bytes, false);
  }

  /**
   * Lane {@code i} moves {@code bytes} from (rows[i], cols[i]) of a footprint that spans (0, 0) to
   * the farthest lane's last element and steps over the tile row by row.
   */
  static Count lanes(Layout layout, int bytes, int[] rows, int[] cols) {
    int elements = bytes * 8 / layout.elementBits();
    int height = 0;
    int width = 0;
    for (int lane = 0; lane < 32; lane++) {
      height = Math.max(height, rows[lane] + 1);
      width = Math.max(width, cols[lane] + elements);
    }
    // SPEC section 3: the footprint rounded up to the smallest box that divides the tile.
    while (layout.rows() % height != 0) {
      height++;
    }
    while (layout.cols() % width != 0) {
      width++;
    }
    List<List<Span>> instructions = new ArrayList<>();
    for (int top = 0; top < layout.rows(); top += height) {
      for (int left = 0; left < layout.cols(); left += width) {
        List<Span> lanes = new ArrayList<>();
        for (int lane = 0; lane < 32; lane++) {
          lanes.add(new Span(address(layout, top + rows[lane], left + cols[lane]), bytes));
        }
        instructions.add(lanes);
      }
    }
    return count(instructions, bytes <= 4 ? 32 : 128 / bytes, true);
  }

  private static long address(Layout layout, int row, int col) {
    // The byte holding the element: for packed FP4 (4 bits) two elements share it.
    return (long) layout.offset(row, col) * layout.elementBits() / 8;
  }

  private static Count count(List<List<Span>> instructions, int lanesPerPhase, boolean load) {
    long wavefronts = 0;
    long ideal = 0;
    int degree = 1;
    for (List<Span> lanes : instructions) {
      int perPhase = load && lanesPerPhase < 32 && lanesPerPhase >= 8 && lanes.size() == 32
          && (pairsRepeat(lanes, 1) || pairsRepeat(lanes, 2)) ? 2 * lanesPerPhase : lanesPerPhase;
      for (int start = 0; start < lanes.size(); start += perPhase) {
        int cost = simulate(lanes.subList(start, Math.min(start + perPhase, lanes.size())));
        wavefronts += cost;
        ideal++;
        degree = Math.max(degree, cost);
      }
    }
    return new Count(wavefronts, ideal, degree);
  }

  /** Whether every lane {@code i} moves the same bytes as lane {@code i ^ distance}. */
  private static boolean pairsRepeat(List<Span> lanes, int distance) {
    for (int lane = 0; lane < lanes.size(); lane++) {
      if (!lanes.get(lane).equals(lanes.get(lane ^ distance))) {
        return false;
      }
    }
    return true;
  }

  /** Serves the phase's words a wavefront at a time: each bank delivers one pending word per round. */
  private static int simulate(List<Span> lanes) {
    Set<Long> pending = new HashSet<>();
    for (Span lane : lanes) {
      for (long b = lane.address(); b < lane.address() + lane.bytes(); b += 4) {
        pending.add(b / 4);
      }
      pending.add((lane.address() + lane.bytes() - 1) / 4);
    }
    int rounds = 0;
    while (!pending.isEmpty()) {
      rounds++;
      boolean[] bankBusy = new boolean[32];
      for (Long word : new ArrayList<>(pending).stream().sorted().toList()) {
        int bank = (int) (word % 32);
        if (!bankBusy[bank]) {
          bankBusy[bank] = true;
          pending.remove(word);
        }
      }
    }
    return rounds;
  }
}
