package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.BadThreadGrid;
import dev.swizzlegen.runtime.access.AccessViolation.FootprintDoesNotTile;
import dev.swizzlegen.runtime.access.AccessViolation.RowsAsOneNotDivisor;
import dev.swizzlegen.runtime.access.AccessViolation.RowsAsOneWithoutGrid;
import dev.swizzlegen.runtime.access.AccessViolation.RowsNotWholeVectors;
import dev.swizzlegen.runtime.access.AccessViolation.UnsupportedVectorBytes;
import dev.swizzlegen.runtime.access.AccessViolation.VectorSplitsElements;
import dev.swizzlegen.runtime.access.AccessViolation.VectorSplitsUnits;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Each lane moves {@code bytes} contiguous bytes (LDS/STS, LDG to STS, {@code cp.async}). The lanes
 * form a {@code threadRows x threadCols} grid numbered row- or column-major (a
 * {@code 16 x 2} grid either way): lane (i, j) touches row {@code i} and vector
 * {@code j} of the warp's footprint, which is stepped over every position of the tile. Without a grid
 * the access is the coalesced copy: the warp takes 32 consecutive vectors of the tile in row-major
 * order per instruction ({@code for (v = lane; v < vectors; v += 32)}).
 */
public final class VectorAccess implements AccessPattern {
  private final Op op;
  private final int bytes;
  private final Optional<ThreadGrid> threads;
  private final int rowsAsOne;
  private final Given given;

  /**
   * The lanes as a grid: {@code rows x cols = 32}.
   *
   * @param rows lanes down the footprint's rows
   * @param cols lanes across a row, one vector each
   * @param order how lanes are numbered over the grid
   */
  public record ThreadGrid(int rows, int cols, Order order) {
    /** The footprint row i of a lane at grid position (i, j). */
    int line(int lane) {
      return order == Order.ROW_MAJOR ? lane / cols : lane % rows;
    }

    /** The footprint vector j of a lane at grid position (i, j). */
    int vector(int lane) {
      return order == Order.ROW_MAJOR ? lane % cols : lane / rows;
    }

    @Override
    public String toString() {
      return rows + " x " + cols + (order == Order.ROW_MAJOR ? " row-major" : " column-major");
    }
  }

  private VectorAccess(
      Op op, int bytes, Optional<ThreadGrid> threads, int rowsAsOne, Given given) {
    this.op = Objects.requireNonNull(op);
    this.bytes = bytes;
    this.threads = threads;
    this.rowsAsOne = rowsAsOne;
    this.given = given;
  }

  /** The coalesced copy: 32 consecutive vectors of the tile, row-major, per instruction. */
  public static VectorAccess coalesced(Op op, int bytes) {
    return new VectorAccess(op, bytes, Optional.empty(), 1, Given.NONE);
  }

  /** Lanes as a {@code threadRows x threadCols} grid numbered in {@code order}. */
  public static VectorAccess grid(Op op, int bytes, int threadRows, int threadCols, Order order) {
    return new VectorAccess(op, bytes, Optional.of(new ThreadGrid(threadRows, threadCols, order)), 1,
        Given.NONE);
  }

  /** The same access seeing {@code rowsAsOne} consecutive rows as one line. */
  public VectorAccess withRowsAsOne(int rowsAsOne) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, given);
  }

  /** The same access moving {@code bytes} per lane, with the same grid. */
  public VectorAccess withBytes(int bytes) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, given);
  }

  /** The same access tolerating {@code maxWays}-way conflicts. */
  public VectorAccess withMaxWays(int maxWays) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, given.withMaxWays(maxWays));
  }

  /** The same access named {@code label} in messages and reports. */
  public VectorAccess withLabel(String label) {
    return new VectorAccess(op, bytes, threads, rowsAsOne, given.withLabel(label));
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
  public Given given() {
    return given;
  }

  @Override
  public String text() {
    return AccessText.format(this);
  }

  @Override
  public String description() {
    return bytes + "-byte vector " + (op == Op.LOAD ? "load" : "store") + ", threads "
        + threads.map(ThreadGrid::toString).orElse("coalesced")
        + (rowsAsOne > 1 ? ", " + rowsAsOne + " rows as one" : "");
  }

  @Override
  public List<Violation> check(Layout layout) {
    List<Violation> violations = new ArrayList<>();
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) {
      violations.add(new UnsupportedVectorBytes(bytes));
      return violations;
    }
    if (bytes * 8 % layout.elementBits() != 0) {
      violations.add(new VectorSplitsElements(bytes, layout.dtype()));
      return violations;
    }
    if (layout.dtype().isPadded() && bytes != 16) {
      // Shared memory holds a padded type as 16-byte units, which no instruction splits.
      violations.add(new VectorSplitsUnits(layout.dtype(), bytes));
      return violations;
    }
    int elements = layout.elementsIn(bytes);
    if (layout.cols() % elements != 0) {
      violations.add(new RowsNotWholeVectors(layout.cols(), layout.dtype(), bytes));
      return violations;
    }
    if (threads.isPresent()) {
      ThreadGrid grid = threads.get();
      if (grid.rows() <= 0 || grid.cols() <= 0 || grid.rows() * grid.cols() != 32) {
        violations.add(new BadThreadGrid(grid.rows(), grid.cols()));
        return violations;
      }
      if (rowsAsOne < 1 || layout.rows() % rowsAsOne != 0) {
        violations.add(new RowsAsOneNotDivisor(rowsAsOne, layout.rows()));
        return violations;
      }
      int lines = layout.rows() / rowsAsOne;
      int vectorsPerLine = rowsAsOne * (layout.cols() / elements);
      if (lines % grid.rows() != 0 || vectorsPerLine % grid.cols() != 0) {
        violations.add(new FootprintDoesNotTile(grid.rows(), grid.cols(), layout.rows(),
            layout.cols(), lines, rowsAsOne, vectorsPerLine, bytes));
        return violations;
      }
    } else if (rowsAsOne != 1) {
      violations.add(new RowsAsOneWithoutGrid(rowsAsOne));
      return violations;
    }
    Vectors.firstBrokenVector(layout, elements, kind()).ifPresent(violations::add);
    return violations;
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return PhaseWalks.instructions(this, layout);
  }

  @Override
  public int forEachPhase(Layout layout, PhaseVisitor visitor) {
    int elements = layout.elementsIn(bytes);
    int[] rows = new int[32];
    int[] cols = new int[32];
    PhaseLanes lanes = new PhaseLanes();
    int instruction = 0;
    if (threads.isEmpty()) {
      int vectorsPerRow = layout.cols() / elements;
      int vectors = layout.rows() * vectorsPerRow;
      for (int first = 0; first < vectors; first += 32) {
        int count = Math.min(32, vectors - first);
        for (int lane = 0; lane < count; lane++) {
          int vector = first + lane;
          rows[lane] = vector / vectorsPerRow;
          cols[lane] = (vector % vectorsPerRow) * elements;
        }
        PhaseWalks.splitIntoPhases(layout, op, instruction++, rows, cols, count, bytes, lanes, visitor);
      }
      return instruction;
    }
    ThreadGrid grid = threads.get();
    int lines = layout.rows() / rowsAsOne;
    int lineElements = rowsAsOne * layout.cols();
    int footprintCols = grid.cols() * elements;
    for (int top = 0; top < lines; top += grid.rows()) {
      for (int left = 0; left < lineElements; left += footprintCols) {
        for (int lane = 0; lane < 32; lane++) {
          int line = top + grid.line(lane);
          int inLine = left + grid.vector(lane) * elements;
          rows[lane] = line * rowsAsOne + inLine / layout.cols();
          cols[lane] = inLine % layout.cols();
        }
        PhaseWalks.splitIntoPhases(layout, op, instruction++, rows, cols, 32, bytes, lanes, visitor);
      }
    }
    return instruction;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof VectorAccess that && op == that.op && bytes == that.bytes
        && threads.equals(that.threads) && rowsAsOne == that.rowsAsOne && given.equals(that.given);
  }

  @Override
  public int hashCode() {
    return Objects.hash(op, bytes, threads, rowsAsOne, given.maxWays(), given.label());
  }

  @Override
  public String toString() {
    return label();
  }
}
