package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.AccumulatorType;
import dev.swizzlegen.runtime.access.AccessViolation.FragmentsDoNotTile;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The m16n8 accumulator (C/D) fragment of {@code mma.sync}, stored to (or loaded from) shared memory as
 * an mma.sync kernel's epilogue stores it: lane {@code l} holds two adjacent elements at row {@code l / 4}, column
 * {@code (l % 4) * 2} and two more 8 rows below, moved by two instructions of {@code 2 * element}
 * bytes per lane (4 bytes for half, 8 for float). The 16 x 8 fragment is stepped over the whole tile.
 */
public final class MmaAccumulatorAccess implements AccessPattern {
  private static final Set<DType> ACCUMULATOR_TYPES =
      EnumSet.of(DType.HALF, DType.BF16, DType.FLOAT, DType.TF32, DType.INT32);

  private final Op op;
  private final Given given;

  private MmaAccumulatorAccess(Op op, Given given) {
    this.op = Objects.requireNonNull(op);
    this.given = given;
  }

  public static MmaAccumulatorAccess of(Op op) {
    return new MmaAccumulatorAccess(op, Given.NONE);
  }

  public MmaAccumulatorAccess withMaxWays(int maxWays) {
    return new MmaAccumulatorAccess(op, given.withMaxWays(maxWays));
  }

  public MmaAccumulatorAccess withLabel(String label) {
    return new MmaAccumulatorAccess(op, given.withLabel(label));
  }

  @Override
  public AccessKind kind() {
    return AccessKind.MMA_ACCUMULATOR;
  }

  @Override
  public Op op() {
    return op;
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
    return "m16n8 accumulator fragment " + (op == Op.LOAD ? "load" : "store");
  }

  @Override
  public List<Violation> check(Layout layout) {
    List<Violation> violations = new ArrayList<>();
    if (!ACCUMULATOR_TYPES.contains(layout.dtype())) {
      violations.add(new AccumulatorType(layout.dtype()));
      return violations;
    }
    if (layout.rows() % 16 != 0 || layout.cols() % 8 != 0) {
      violations.add(new FragmentsDoNotTile(layout.rows(), layout.cols()));
      return violations;
    }
    Vectors.firstBrokenVector(layout, 2, kind()).ifPresent(violations::add);
    return violations;
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return PhaseWalks.instructions(this, layout);
  }

  @Override
  public int forEachPhase(Layout layout, PhaseVisitor visitor) {
    int bytes = 2 * layout.elementBytes();
    int[] rows = new int[32];
    int[] cols = new int[32];
    PhaseLanes lanes = new PhaseLanes();
    int instruction = 0;
    for (int top = 0; top < layout.rows(); top += 16) {
      for (int left = 0; left < layout.cols(); left += 8) {
        for (int half = 0; half < 2; half++) {
          for (int lane = 0; lane < 32; lane++) {
            rows[lane] = top + lane / 4 + 8 * half;
            cols[lane] = left + (lane % 4) * 2;
          }
          PhaseWalks.splitIntoPhases(layout, op, instruction++, rows, cols, 32, bytes, lanes, visitor);
        }
      }
    }
    return instruction;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MmaAccumulatorAccess that && op == that.op && given.equals(that.given);
  }

  @Override
  public int hashCode() {
    return Objects.hash(op, given.maxWays(), given.label());
  }

  @Override
  public String toString() {
    return label();
  }
}
