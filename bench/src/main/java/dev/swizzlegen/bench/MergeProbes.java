package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The probes that find when the hardware serves two phases of one instruction as one (issue 33): loads
 * and stores of 4, 8 and 16 bytes whose lanes repeat each other's addresses at every lane bit and every
 * pair of lane bits, with the distinct addresses laid out conflict-free ({@code a}: consecutive
 * vectors) and conflicting ({@code c}: down one column of rows), lanes repeating at two bits at once
 * ({@code i^3}, {@code i^5}, ...), repeats that cross pairs (CuTe's integer strides: lanes {@code 2k+1}
 * and {@code 2k+2} on one vector), and ldmatrix/stmatrix whose row addresses repeat within a matrix or
 * whose matrices repeat each other (on {@link AliasedRows}, a layout that puts several rows on one).
 */
public final class MergeProbes {
  private MergeProbes() {}

  /** Conflict-free directions for the bits that do not repeat: consecutive vectors of one row, then rows. */
  private static int[][] spread(int vectorCols) {
    int[][] directions = new int[5][];
    int col = vectorCols;
    int n = 0;
    while (col < 32 && n < 5) {
      directions[n++] = new int[] {0, col};
      col *= 2;
    }
    for (int row = 1; n < 5; row *= 2) {
      directions[n++] = new int[] {row, 0};
    }
    return directions;
  }

  /** Conflicting directions: rows first (one bank group), then vectors. */
  private static int[][] column(int vectorCols) {
    return new int[][] {{1, 0}, {2, 0}, {4, 0}, {0, vectorCols}, {0, 2 * vectorCols}};
  }

  /** Triton bases: the bits in {@code repeats} are [0,0], the others take {@code directions} in turn. */
  private static String bases(int repeats, int[][] directions) {
    StringBuilder text = new StringBuilder("[");
    int next = 0;
    for (int bit = 0; bit < 5; bit++) {
      int[] base = (repeats >> bit & 1) != 0 ? new int[] {0, 0} : directions[next++];
      text.append(bit == 0 ? "" : ",").append('[').append(base[0]).append(',').append(base[1]).append(']');
    }
    return text.append(']').toString();
  }

  private static String name(int repeats) {
    if (repeats == 0) {
      return "none";
    }
    StringBuilder bits = new StringBuilder();
    for (int bit = 0; bit < 5; bit++) {
      if ((repeats >> bit & 1) != 0) {
        bits.append(bits.length() == 0 ? "" : "_").append(1 << bit);
      }
    }
    return "x" + bits;
  }

  private static LanesAccess lanes(Op op, int bytes, String map, String label) {
    return LanesAccess.of(op, bytes, map).withLabel(label);
  }

  /** The lane-map probes, on a plain 32 x 32 float tile (rows of 128 bytes). */
  public static List<AccessPattern> floatProbes() {
    List<AccessPattern> probes = new ArrayList<>();
    for (int bytes : new int[] {16, 8}) {
      int vectorCols = bytes / 4;
      // Every set of repeating lane bits, loaded, distinct addresses conflict-free.
      for (int repeats = 0; repeats < 32; repeats++) {
        probes.add(lanes(Op.LOAD, bytes, bases(repeats, spread(vectorCols)),
            String.format(Locale.ROOT, "merge_ld%d_a_%s", bytes, name(repeats))));
      }
      // The same repeats with the distinct addresses down a column (conflicts inside).
      for (int repeats : new int[] {0, 1, 2, 4, 8, 16, 3, 5, 6, 24, 31}) {
        probes.add(lanes(Op.LOAD, bytes, bases(repeats, column(vectorCols)),
            String.format(Locale.ROOT, "merge_ld%d_c_%s", bytes, name(repeats))));
      }
      // Stores: no merging was seen on the H200; every single bit, pairs, all.
      for (int repeats : new int[] {1, 2, 4, 8, 16, 3, 31}) {
        probes.add(lanes(Op.STORE, bytes, bases(repeats, spread(vectorCols)),
            String.format(Locale.ROOT, "merge_st%d_a_%s", bytes, name(repeats))));
      }
      for (int repeats : new int[] {1, 16}) {
        probes.add(lanes(Op.STORE, bytes, bases(repeats, column(vectorCols)),
            String.format(Locale.ROOT, "merge_st%d_c_%s", bytes, name(repeats))));
      }
      // Lanes repeating at the XOR of two bits: the same direction given to two bits.
      int[][] d = spread(vectorCols);
      int[][] pairs = {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {2, 3}, {0, 4}, {3, 4}};
      for (int[] pair : pairs) {
        StringBuilder text = new StringBuilder("[");
        int next = 0;
        for (int bit = 0; bit < 5; bit++) {
          int[] base = bit == pair[1] ? d[0] : d[next++];
          text.append(bit == 0 ? "" : ",").append('[').append(base[0]).append(',').append(base[1])
              .append(']');
        }
        text.append(']');
        probes.add(lanes(Op.LOAD, bytes, text.toString(), String.format(Locale.ROOT,
            "merge_ld%d_xor_%d", bytes, (1 << pair[0]) | (1 << pair[1]))));
      }
      // Repeats across pairs: lane (a, b, c) on vector a + b of row c (column-major index row + 32 col).
      int vectorIndex = 32 * vectorCols;
      probes.add(lanes(Op.LOAD, bytes, String.format(Locale.ROOT, "(_2,_4,_4):(_%d,_%d,_1)",
          vectorIndex, vectorIndex), String.format(Locale.ROOT, "merge_ld%d_sliding", bytes)));
    }
    // Where the conflicts of a merged phase fall: which lanes share it.
    probes.add(lanes(Op.LOAD, 16, "[[0,0],[0,4],[0,8],[1,0],[0,16]]", "merge_ld16_x1_row_bit3"));
    probes.add(lanes(Op.LOAD, 16, "[[0,4],[0,0],[0,8],[1,0],[0,16]]", "merge_ld16_x2_row_bit3"));
    probes.add(lanes(Op.LOAD, 16, "[[0,0],[0,4],[1,0],[0,8],[0,16]]", "merge_ld16_x1_row_bit2"));
    probes.add(lanes(Op.LOAD, 16, "[[0,0],[0,4],[0,8],[0,16],[1,0]]", "merge_ld16_x1_row_bit4"));
    probes.add(lanes(Op.LOAD, 8, "[[0,0],[1,0],[0,2],[0,4],[0,8]]", "merge_ld8_x1_row_bit1"));
    probes.add(lanes(Op.LOAD, 8, "[[0,0],[0,2],[0,4],[0,8],[1,0]]", "merge_ld8_x1_row_bit4"));
    probes.add(lanes(Op.LOAD, 8, "[[0,2],[0,0],[0,4],[0,8],[1,0]]", "merge_ld8_x2_row_bit4"));
    // 4-byte controls: one phase already; repeats change nothing.
    probes.add(lanes(Op.LOAD, 4, bases(1, spread(1)), "merge_ld4_a_x1"));
    probes.add(lanes(Op.LOAD, 4, bases(3, column(1)), "merge_ld4_c_x1_2"));
    return List.copyOf(probes);
  }

  /**
   * A plain tile of halves, rows of {@code cols} elements, on which row {@code r} is stored where row
   * {@code r & ~clearedBits} is: the rows that differ only in the cleared bits share their bytes, so
   * an ldmatrix over it gives row addresses that repeat. Not one-to-one on purpose; no annotation
   * declares it.
   */
  public record AliasedRows(int rows, int cols, int clearedBits) implements Layout {
    @Override
    public DType dtype() {
      return DType.HALF;
    }

    @Override
    public int alignment() {
      return 128;
    }

    @Override
    public int offset(int row, int col) {
      return (row & ~clearedBits) * cols + col;
    }
  }

  /** The ldmatrix/stmatrix and vector probes on one aliased layout. */
  public static List<AccessPattern> matrixProbes(int clearedBits) {
    String mask = Integer.toString(clearedBits);
    return List.of(
        MatrixAccess.ldmatrix(1, false).withLabel("merge_ldsm_x1_alias" + mask),
        MatrixAccess.ldmatrix(2, false).withLabel("merge_ldsm_x2_alias" + mask),
        MatrixAccess.ldmatrix(4, false).withLabel("merge_ldsm_x4_alias" + mask),
        MatrixAccess.stmatrix(4, false).withLabel("merge_stsm_x4_alias" + mask),
        VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.COL_MAJOR).withLabel("merge_col16_alias" + mask),
        VectorAccess.grid(Op.LOAD, 8, 32, 1, Order.COL_MAJOR).withLabel("merge_col8_alias" + mask));
  }

  /** The row bits the aliased matrix probes clear: pairs, fours and eights of rows, matrices repeated. */
  public static int[] clearedBits() {
    return new int[] {1, 2, 4, 3, 7, 8, 16};
  }

  /**
   * Repeats on some lanes only, as a column whose lane {@code i} reads row {@code i}: each row is one
   * vector of {@code cols} halves (16 or 8 bytes), and on the lanes {@code [fromLane, toLane)} the
   * lanes {@code i} and {@code i ^ 2^pairBit} read one vector, the pairs' vectors consecutive (so a
   * merged half is conflict-free), while the other lanes read vectors 32 on, one each.
   */
  public record PairedRows(int cols, int pairBit, int fromLane, int toLane) implements Layout {
    @Override
    public DType dtype() {
      return DType.HALF;
    }

    @Override
    public int rows() {
      return 64;
    }

    @Override
    public int alignment() {
      return 128;
    }

    /** The vector lane {@code row % 32} reads. */
    public int vector(int row) {
      int lane = row % 32;
      if (lane >= fromLane && lane < toLane) {
        return (lane >> (pairBit + 1)) << pairBit | (lane & ((1 << pairBit) - 1));
      }
      return lane + 32;
    }

    @Override
    public int offset(int row, int col) {
      return vector(row) * cols + col;
    }

    /** Its name in case ids. */
    String name() {
      return (fromLane == toLane ? "pairs_none" : "pairs" + (1 << pairBit) + "_lanes" + fromLane + "_"
          + (toLane - 1)) + "_w" + cols * 2;
    }
  }

  /** The partial-repeat layouts: pairs at bit 0 or 1 on all lanes, one half, three quarters, all but one. */
  public static List<PairedRows> partialLayouts() {
    List<PairedRows> layouts = new ArrayList<>();
    for (int cols : new int[] {8, 4}) {
      layouts.add(new PairedRows(cols, 0, 0, 0));
      layouts.add(new PairedRows(cols, 0, 0, 32));
      layouts.add(new PairedRows(cols, 0, 0, 16));
      layouts.add(new PairedRows(cols, 0, 16, 32));
      layouts.add(new PairedRows(cols, 0, 0, 24));
      layouts.add(new PairedRows(cols, 0, 0, 30));
      layouts.add(new PairedRows(cols, 1, 0, 32));
      layouts.add(new PairedRows(cols, 1, 0, 16));
      layouts.add(new PairedRows(cols, 1, 16, 32));
    }
    return List.copyOf(layouts);
  }

  /** The column read of a partial layout, at its row's width. */
  public static List<AccessPattern> columnProbes(PairedRows layout) {
    int bytes = layout.cols() * 2;
    return List.of(VectorAccess.grid(Op.LOAD, bytes, 32, 1, Order.COL_MAJOR)
            .withLabel("merge_col" + bytes + "_" + layout.name()),
        VectorAccess.grid(Op.STORE, bytes, 32, 1, Order.COL_MAJOR)
            .withLabel("merge_col" + bytes + "_store_" + layout.name()));
  }
}
