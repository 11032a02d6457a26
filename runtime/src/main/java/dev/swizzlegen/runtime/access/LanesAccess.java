package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.LaneCrossesRowEnd;
import dev.swizzlegen.runtime.access.AccessViolation.LaneMisaligned;
import dev.swizzlegen.runtime.access.AccessViolation.LaneOutsideTile;
import dev.swizzlegen.runtime.access.AccessViolation.UnsupportedVectorBytes;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBaseMisaligned;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.access.AccessViolation.VectorSplitsElements;
import dev.swizzlegen.runtime.access.AccessViolation.VectorSplitsUnits;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Any lane map as an access: in one instruction lane {@code i} moves {@code bytes} contiguous bytes
 * from the element the {@link LaneMap} puts it on (several lanes on one element share it: a
 * broadcast). The instruction's footprint, from (0, 0) (where Triton's lane 0 always is) to the
 * farthest lane's last element, each side rounded up to the least divisor of the tile's side that
 * holds it, is stepped over the tile row by row, one instruction per step, as a
 * {@link VectorAccess} grid's is; each instruction is served in the phases of its lane width (one of
 * 32 lanes up to 4 bytes, two of 16 for 8 bytes, four of 8 for 16 bytes).
 *
 * <p>The map is kept as its text ({@link #lanes()}), read on each layout: CuTe's notation indexes the
 * tile's rows, which only the layout knows, and an annotation's text that names no map is a
 * {@link #check} violation, as any other attribute's bad value is.
 */
public final class LanesAccess implements AccessPattern {
  private final Op op;
  private final int bytes;
  private final String lanes;
  private final Given given;

  private LanesAccess(Op op, int bytes, String lanes, Given given) {
    this.op = Objects.requireNonNull(op, "op");
    this.bytes = bytes;
    this.lanes = Objects.requireNonNull(lanes, "lanes");
    this.given = given;
  }

  /** Each lane moves {@code bytes} from the element {@code lanes} (either notation) names. */
  public static LanesAccess of(Op op, int bytes, String lanes) {
    return new LanesAccess(op, bytes, lanes, Given.NONE);
  }

  /** The same access tolerating {@code maxWays}-way conflicts. */
  public LanesAccess withMaxWays(int maxWays) {
    return new LanesAccess(op, bytes, lanes, given.withMaxWays(maxWays));
  }

  /** The same access named {@code label} in messages and reports. */
  public LanesAccess withLabel(String label) {
    return new LanesAccess(op, bytes, lanes, given.withLabel(label));
  }

  @Override
  public AccessKind kind() {
    return AccessKind.LANES;
  }

  @Override
  public Op op() {
    return op;
  }

  /** Bytes per lane. */
  public int bytes() {
    return bytes;
  }

  /** The lane map as written, in Triton's or CuTe's notation. */
  public String lanes() {
    return lanes;
  }

  /** The lanes' elements on {@code layout}; requires {@link #check} to be empty. */
  public LaneMap map(Layout layout) {
    return LaneMap.parse(lanes, layout.rows());
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
    return bytes + "-byte lane map " + (op == Op.LOAD ? "load" : "store") + " " + lanes;
  }

  @Override
  public List<Violation> check(Layout layout) {
    List<Violation> violations = new ArrayList<>(LaneMap.problems(lanes, layout.rows()));
    if (!violations.isEmpty()) {
      return violations;
    }
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) {
      return List.of(new UnsupportedVectorBytes(bytes));
    }
    if (bytes * 8 % layout.elementBits() != 0) {
      return List.of(new VectorSplitsElements(bytes, layout.dtype()));
    }
    if (layout.dtype().isPadded() && bytes != 16) {
      // Shared memory holds a padded type as 16-byte units, which no instruction splits.
      return List.of(new VectorSplitsUnits(layout.dtype(), bytes));
    }
    LaneMap map = map(layout);
    int elements = layout.elementsIn(bytes);
    for (int lane = 0; lane < LaneMap.LANES; lane++) {
      int row = map.row(lane);
      int col = map.col(lane);
      if (row < 0 || row >= layout.rows() || col < 0 || col >= layout.cols()) {
        return List.of(new LaneOutsideTile(lane, new Cell(row, col), layout.rows(), layout.cols()));
      }
      if (col + elements > layout.cols()) {
        return List.of(new LaneCrossesRowEnd(lane, new Cell(row, col), bytes, layout.cols()));
      }
    }
    Footprint footprint = Footprint.of(map, elements, layout);
    if (layout.alignment() < bytes) {
      return List.of(new VectorBaseMisaligned(kind(), bytes, layout.alignment()));
    }
    return firstBrokenLane(layout, map, footprint, elements);
  }

  /**
   * The first lane, step by step, whose address is not aligned to its width (its element offset no
   * multiple of {@code elements}) or whose bytes the layout does not keep contiguous and aligned. Where every
   * lane's column is a multiple of {@code elements} and the layout keeps such runs whole
   * ({@link TileLayout#keepsRunsWhole}, the check vector accesses use), none is, and nothing is
   * walked.
   */
  private static List<Violation> firstBrokenLane(Layout layout, LaneMap map, Footprint footprint,
      int elements) {
    boolean alignedCols = true;
    for (int lane = 0; lane < LaneMap.LANES; lane++) {
      alignedCols &= map.col(lane) % elements == 0;
    }
    if (alignedCols && layout instanceof TileLayout tile && tile.keepsRunsWhole(elements)) {
      return List.of();
    }
    int bytes = layout.bytesOf(elements);
    for (int top = 0; top < layout.rows(); top += footprint.rows()) {
      for (int left = 0; left < layout.cols(); left += footprint.cols()) {
        for (int lane = 0; lane < LaneMap.LANES; lane++) {
          int row = top + map.row(lane);
          int col = left + map.col(lane);
          int start = layout.offset(row, col);
          // A lane at a column of its width that the layout misplaces is the layout's fault, as for
          // a vector; one at another column, the map's.
          if (start % elements != 0 && col % elements != 0) {
            return List.of(new LaneMisaligned(lane, new Cell(row, col), start, elements, bytes));
          }
          Optional<VectorBroken> broken = Vectors.broken(layout, AccessKind.LANES, row, col,
              elements);
          if (broken.isPresent()) {
            return List.of(broken.get());
          }
        }
      }
    }
    return List.of();
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return PhaseWalks.instructions(this, layout);
  }

  @Override
  public int forEachPhase(Layout layout, PhaseVisitor visitor) {
    LaneMap map = map(layout);
    Footprint footprint = Footprint.of(map, layout.elementsIn(bytes), layout);
    int[] rows = new int[LaneMap.LANES];
    int[] cols = new int[LaneMap.LANES];
    PhaseLanes phaseLanes = new PhaseLanes();
    int instruction = 0;
    for (int top = 0; top < layout.rows(); top += footprint.rows()) {
      for (int left = 0; left < layout.cols(); left += footprint.cols()) {
        for (int lane = 0; lane < LaneMap.LANES; lane++) {
          rows[lane] = top + map.row(lane);
          cols[lane] = left + map.col(lane);
        }
        PhaseWalks.splitIntoPhases(layout, op, instruction++, rows, cols, LaneMap.LANES, bytes,
            phaseLanes, visitor);
      }
    }
    return instruction;
  }

  /**
   * The elements one instruction spans, from (0, 0) to the farthest lane's last element: the step
   * by which it is walked over the tile.
   */
  private record Footprint(int rows, int cols) {
    /**
     * The box from (0, 0) to the farthest lane's last element, each side rounded up to the least
     * divisor of the tile's side that holds it (SPEC section 3): lanes on rows 0, 2, ..., 14 of a
     * 64-row tile step by 16 rows, a map reaching row 27 of a 32-row tile by 32. The lanes lie in the
     * tile ({@link #check}), so a divisor always does.
     */
    static Footprint of(LaneMap map, int elements, Layout layout) {
      int rows = 0;
      int cols = 0;
      for (int lane = 0; lane < LaneMap.LANES; lane++) {
        rows = Math.max(rows, map.row(lane) + 1);
        cols = Math.max(cols, map.col(lane) + elements);
      }
      return new Footprint(leastDivisorAtLeast(layout.rows(), rows),
          leastDivisorAtLeast(layout.cols(), cols));
    }

    private static int leastDivisorAtLeast(int side, int least) {
      for (int divisor = Math.max(1, least); divisor < side; divisor++) {
        if (side % divisor == 0) {
          return divisor;
        }
      }
      return side;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LanesAccess that && op == that.op && bytes == that.bytes
        && lanes.equals(that.lanes) && given.equals(that.given);
  }

  @Override
  public int hashCode() {
    return Objects.hash(op, bytes, lanes, given.maxWays(), given.label());
  }

  @Override
  public String toString() {
    return label();
  }
}
