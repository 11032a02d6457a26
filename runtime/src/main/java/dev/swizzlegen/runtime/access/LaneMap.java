package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.LanesUnparsable;
import dev.swizzlegen.runtime.access.AccessViolation.WrongBaseCount;
import dev.swizzlegen.runtime.access.AccessViolation.WrongLaneCount;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.LaneNotation;
import dev.swizzlegen.runtime.notation.LaneNotation.SyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which element (row, col) of a tile each of a warp's 32 lanes touches in one instruction, read from
 * either notation of {@code @Access(lanes = ...)} ({@link LaneNotation} reads the text), told apart by
 * the first character:
 *
 * <ul>
 *   <li>Triton's linear-layout bases, {@code [[r0,c0],[r1,c1],[r2,c2],[r3,c3],[r4,c4]]}: one (row,
 *       col) per lane bit; lane {@code L} touches the XOR of the bases of its set bits, as Triton's
 *       {@code LinearLayout} maps its {@code lane} input dimension. A base {@code [0,0]} puts the two
 *       lanes that differ in that bit on one element: a broadcast.
 *   <li>a CuTe layout of the 32 lanes into the tile's column-major index {@code row + rows * col},
 *       applied to the lane number as CuTe's 1-D (colexicographic) index: {@code _32:_1} is the
 *       first column's 32 rows, {@code (_2,_16):(_0,_32)} pairs of lanes on each of 16 columns of a
 *       32-row tile.
 * </ul>
 *
 * <p>A value: two maps are equal when every lane touches the same element, whichever notation named
 * them. Coordinates may lie outside a given tile; {@link LanesAccess#check} says so.
 */
public final class LaneMap {
  /** The lanes of a warp. */
  public static final int LANES = 32;
  /** Triton's bases for 32 lanes: one per lane bit. */
  static final int BASES = 5;

  private final int[] rows;
  private final int[] cols;

  private LaneMap(int[] rows, int[] cols) {
    this.rows = rows;
    this.cols = cols;
  }

  /** The map with lane {@code i} on ({@code rows[i]}, {@code cols[i]}); both arrays of 32. */
  public static LaneMap of(int[] rows, int[] cols) {
    if (rows.length != LANES || cols.length != LANES) {
      throw new IllegalArgumentException("a lane map has 32 lanes, not " + rows.length + " rows and "
          + cols.length + " cols");
    }
    return new LaneMap(rows.clone(), cols.clone());
  }

  /**
   * The map {@code lanes} names, in either notation, on a tile of {@code tileRows} rows (which CuTe's
   * column-major index needs; Triton's bases do not). Throws {@link SyntaxException} where the text
   * is neither notation, and {@link InvalidDescriptionException} for a map of other than 32 lanes.
   */
  public static LaneMap parse(String lanes, int tileRows) {
    return LaneNotation.isTriton(lanes) ? parseTriton(lanes) : parseCute(lanes, tileRows);
  }

  /** The map Triton's bases {@code [[r0,c0],...,[r4,c4]]} name; throws as {@link #parse} does. */
  public static LaneMap parseTriton(String bases) {
    int[][] read = LaneNotation.tritonBases(bases);
    InvalidDescriptionException.throwIfAny(countProblem(read));
    return fromBases(read);
  }

  /**
   * The map a CuTe layout of the 32 lanes into the column-major index {@code row + tileRows * col}
   * names; throws as {@link #parse} does.
   */
  public static LaneMap parseCute(String layout, int tileRows) {
    if (tileRows <= 0) {
      throw new IllegalArgumentException("a tile has 1 row or more, not " + tileRows);
    }
    CuteLayout lanes = LaneNotation.cuteLayout(layout);
    if (lanes.size() != LANES) {
      InvalidDescriptionException.throwIfAny(List.of(new WrongLaneCount(lanes.size())));
    }
    int[] rows = new int[LANES];
    int[] cols = new int[LANES];
    for (int lane = 0; lane < LANES; lane++) {
      int index;
      try {
        index = lanes.apply(lane);
      } catch (ArithmeticException overflow) {
        // Past 2^31: past any tile, as the check then says.
        index = Integer.MAX_VALUE;
      }
      rows[lane] = Math.floorMod(index, tileRows);
      cols[lane] = Math.floorDiv(index, tileRows);
    }
    return new LaneMap(rows, cols);
  }

  /**
   * Why {@code lanes} names no map on a tile of {@code tileRows} rows: does not parse, or has other
   * than 32 lanes; empty when it names one.
   */
  static List<Violation> problems(String lanes, int tileRows) {
    try {
      parse(lanes, tileRows);
      return List.of();
    } catch (SyntaxException e) {
      return List.of(new LanesUnparsable(lanes, e.index(), e.expected()));
    } catch (InvalidDescriptionException e) {
      return e.violations();
    }
  }

  /** The row of the element lane {@code lane} touches. */
  public int row(int lane) {
    return rows[lane];
  }

  /** The column of the element lane {@code lane} touches. */
  public int col(int lane) {
    return cols[lane];
  }

  /** How many lanes touch an element another lane before them touches: 0 without broadcast. */
  public int sharedLanes() {
    int shared = 0;
    for (int lane = 1; lane < LANES; lane++) {
      for (int before = 0; before < lane; before++) {
        if (rows[before] == rows[lane] && cols[before] == cols[lane]) {
          shared++;
          break;
        }
      }
    }
    return shared;
  }

  private static List<Violation> countProblem(int[][] bases) {
    return bases.length == BASES ? List.of() : List.of(new WrongBaseCount(bases.length));
  }

  private static LaneMap fromBases(int[][] bases) {
    int[] rows = new int[LANES];
    int[] cols = new int[LANES];
    for (int lane = 0; lane < LANES; lane++) {
      for (int bit = 0; bit < BASES; bit++) {
        if ((lane >> bit & 1) != 0) {
          rows[lane] ^= bases[bit][0];
          cols[lane] ^= bases[bit][1];
        }
      }
    }
    return new LaneMap(rows, cols);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LaneMap that && Arrays.equals(rows, that.rows)
        && Arrays.equals(cols, that.cols);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(rows) + Arrays.hashCode(cols);
  }

  /** Each lane's element: {@code [(0,0), (0,8), (1,0), ...]}. */
  @Override
  public String toString() {
    List<String> cells = new ArrayList<>(LANES);
    for (int lane = 0; lane < LANES; lane++) {
      cells.add("(" + rows[lane] + "," + cols[lane] + ")");
    }
    return cells.toString();
  }
}
