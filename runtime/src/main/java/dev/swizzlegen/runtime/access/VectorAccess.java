package dev.swizzlegen.runtime.access;

import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Each lane moves {@code bytes} contiguous bytes (LDS/STS, LDG to STS, {@code cp.async}). The lanes
 * form a {@code threadRows x threadCols} grid numbered row- or column-major (seed 000's
 * {@code RowMajor<16,2>} / {@code ColMajor<16,2>}): lane (i, j) touches row {@code i} and vector
 * {@code j} of the warp's footprint, which is stepped over every position of the tile. Without a grid
 * the access is the coalesced copy: the warp takes 32 consecutive vectors of the tile in row-major
 * order per instruction ({@code for (v = lane; v < vectors; v += 32)}).
 */
public final class VectorAccess implements AccessPattern {
  private final Op op;
  private final int bytes;
  private final Optional<ThreadGrid> threads;
  private final int rowsAsOne;
  private final int maxWays;
  private final String label;

  /**
   * The lanes as a grid: {@code rows x cols = 32}.
   *
   * @param rows lanes down the footprint's rows
   * @param cols lanes across a row, one vector each
   * @param order how lanes are numbered over the grid
   */
  public record ThreadGrid(int rows, int cols, Order order) {
    /** The grid position (i, j) of a lane: {@code {i, j}}. */
    int[] position(int lane) {
      return order == Order.ROW_MAJOR
          ? new int[] {lane / cols, lane % cols}
          : new int[] {lane % rows, lane / rows};
    }

    @Override
    public String toString() {
      return rows + " x " + cols + (order == Order.ROW_MAJOR ? " row-major" : " column-major");
    }
  }

  private VectorAccess(
      Op op, int bytes, Optional<ThreadGrid> threads, int rowsAsOne, int maxWays, String label) {
    this.op = Objects.requireNonNull(op);
    this.bytes = bytes;
    this.threads = threads;
    this.rowsAsOne = rowsAsOne;
    this.maxWays = maxWays;
    this.label = label;
  }

  /** The coalesced copy: 32 consecutive vectors of the tile, row-major, per instruction. */
  public static VectorAccess coalesced(Op op, int bytes) {
    return new VectorAccess(op, bytes, Optional.empty(), 1, 1, "");
  }

  /** Lanes as a {@code threadRows x threadCols} grid numbered in {@code order}. */
  public static VectorAccess grid(Op op, int bytes, int threadRows, int threadCols, Order order) {
    return new VectorAccess(op, bytes, Optional.of(new ThreadGrid(threadRows, threadCols, order)), 1,
        1, "");
  }

  /** The same access seeing {@code rowsAsOne} consecutive rows as one line. */
  public VectorAccess withRowsAsOne(int rowsAsOne) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, maxWays, label);
  }

  /** The same access moving {@code bytes} per lane, with the same grid. */
  public VectorAccess withBytes(int bytes) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, maxWays, label);
  }

  /** The same access tolerating {@code maxWays}-way conflicts. */
  public VectorAccess withMaxWays(int maxWays) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, maxWays, label);
  }

  /** The same access named {@code label} in messages and reports. */
  public VectorAccess withLabel(String label) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, maxWays, label);
  }

  @Override
  public AccessKind kind() {
    return AccessKind.VECTOR;
  }

  @Override
  public Op op() {
    return op;
  }

  /** Bytes per lane. */
  public int bytes() {
    return bytes;
  }

  /** The thread grid, or empty for the coalesced copy. */
  public Optional<ThreadGrid> threads() {
    return threads;
  }

  /** Consecutive rows the grid sees as one line: 1, or more for accesses that skip rows. */
  public int rowsAsOne() {
    return rowsAsOne;
  }

  @Override
  public int maxWays() {
    return maxWays;
  }

  @Override
  public String label() {
    return label.isEmpty() ? description() : label;
  }

  @Override
  public String description() {
    return bytes + "-byte vector " + (op == Op.LOAD ? "load" : "store") + ", threads "
        + threads.map(ThreadGrid::toString).orElse("coalesced")
        + (rowsAsOne > 1 ? ", " + rowsAsOne + " rows as one" : "");
  }

  @Override
  public List<Problem> check(Layout layout) {
    List<Problem> problems = new ArrayList<>();
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) {
      problems.add(new Problem(Parameter.BYTES,
          "bytes must be 1, 2, 4, 8 or 16 (one LDS/STS), not " + bytes + "."));
      return problems;
    }
    int elementBytes = layout.elementBytes();
    if (bytes % elementBytes != 0) {
      problems.add(new Problem(Parameter.BYTES, "a " + bytes + "-byte vector cannot hold whole "
          + layout.dtype() + " elements of " + elementBytes + " bytes."));
      return problems;
    }
    int elements = bytes / elementBytes;
    if (layout.cols() % elements != 0) {
      problems.add(new Problem(Parameter.BYTES, "rows of " + layout.cols() + " " + layout.dtype()
          + " elements are not a whole number of " + bytes + "-byte vectors."));
      return problems;
    }
    if (threads.isPresent()) {
      ThreadGrid grid = threads.get();
      if (grid.rows() <= 0 || grid.cols() <= 0 || grid.rows() * grid.cols() != 32) {
        problems.add(new Problem(Parameter.THREADS, "threads must be two positive numbers whose"
            + " product is 32 (the lanes of a warp), not {" + grid.rows() + ", " + grid.cols() + "}."));
        return problems;
      }
      if (rowsAsOne < 1 || layout.rows() % rowsAsOne != 0) {
        problems.add(new Problem(Parameter.ROWS_AS_ONE, "rowsAsOne must be a positive divisor of"
            + " the tile's " + layout.rows() + " rows, not " + rowsAsOne + "."));
        return problems;
      }
      int lines = layout.rows() / rowsAsOne;
      int vectorsPerLine = rowsAsOne * (layout.cols() / elements);
      if (lines % grid.rows() != 0 || vectorsPerLine % grid.cols() != 0) {
        String line = rowsAsOne > 1 ? "line of " + rowsAsOne + " rows" : "row";
        problems.add(new Problem(Parameter.THREADS, "a footprint of " + grid.rows() + " rows x "
            + grid.cols() + " vectors does not tile the " + layout.shape() + " tile (" + lines + " "
            + (rowsAsOne > 1 ? "lines" : "rows") + " of " + vectorsPerLine + " vectors of " + bytes
            + " bytes per " + line + ")."));
        return problems;
      }
    } else if (rowsAsOne != 1) {
      problems.add(new Problem(Parameter.ROWS_AS_ONE, "rowsAsOne needs a thread grid (threads):"
          + " the coalesced copy takes consecutive vectors whatever the rows."));
      return problems;
    }
    Vectors.firstBrokenVector(layout, elements, Parameter.BYTES, bytes + "-byte vectors")
        .ifPresent(problems::add);
    return problems;
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    int elements = bytes / layout.elementBytes();
    List<int[]> laneCells = new ArrayList<>();
    List<Instruction> instructions = new ArrayList<>();
    if (threads.isEmpty()) {
      int vectorsPerRow = layout.cols() / elements;
      int vectors = layout.rows() * vectorsPerRow;
      for (int first = 0; first < vectors; first += 32) {
        laneCells.clear();
        for (int lane = 0; lane < 32 && first + lane < vectors; lane++) {
          int vector = first + lane;
          laneCells.add(new int[] {vector / vectorsPerRow, (vector % vectorsPerRow) * elements});
        }
        instructions.add(instruction(layout, laneCells));
      }
      return instructions;
    }
    ThreadGrid grid = threads.get();
    int lines = layout.rows() / rowsAsOne;
    int lineElements = rowsAsOne * layout.cols();
    int footprintCols = grid.cols() * elements;
    for (int top = 0; top < lines; top += grid.rows()) {
      for (int left = 0; left < lineElements; left += footprintCols) {
        laneCells.clear();
        for (int lane = 0; lane < 32; lane++) {
          int[] position = grid.position(lane);
          int line = top + position[0];
          int inLine = left + position[1] * elements;
          laneCells.add(new int[] {
              line * rowsAsOne + inLine / layout.cols(), inLine % layout.cols()});
        }
        instructions.add(instruction(layout, laneCells));
      }
    }
    return instructions;
  }

  /** One instruction from the (row, col) of lanes 0, 1, ..., split into phases by width. */
  private Instruction instruction(Layout layout, List<int[]> laneCells) {
    int perPhase = Vectors.lanesPerPhase(bytes);
    List<Phase> phases = new ArrayList<>();
    for (int start = 0; start < laneCells.size(); start += perPhase) {
      List<LaneAccess> lanes = new ArrayList<>(perPhase);
      for (int lane = start; lane < Math.min(start + perPhase, laneCells.size()); lane++) {
        int[] cell = laneCells.get(lane);
        lanes.add(new LaneAccess(lane, cell[0], cell[1], layout.byteOffset(cell[0], cell[1]), bytes));
      }
      phases.add(new Phase(phases.size(), lanes));
    }
    return new Instruction(phases);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof VectorAccess that && op == that.op && bytes == that.bytes
        && threads.equals(that.threads) && rowsAsOne == that.rowsAsOne && maxWays == that.maxWays && label.equals(that.label);
  }

  @Override
  public int hashCode() {
    return Objects.hash(op, bytes, threads, rowsAsOne, maxWays, label);
  }

  @Override
  public String toString() {
    return label();
  }
}
