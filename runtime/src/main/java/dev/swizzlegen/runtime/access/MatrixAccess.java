package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code ldmatrix} / {@code stmatrix} ({@code .m8n8}, {@code .x1/.x2/.x4}, optionally {@code .trans}):
 * each 8x8 matrix is 8 consecutive rows of 16 bytes at a 16-byte aligned column, its row addresses
 * given by lanes {@code 8k..8k+7}, and served as one phase. Every 8-row-aligned placement in the tile
 * is read or written once; {@code matrices} consecutive placements make one instruction.
 * {@code .trans} changes which register receives which element, not the addresses.
 */
public final class MatrixAccess implements AccessPattern {
  /** Bytes per matrix row: 8 elements of 16 bits. */
  static final int ROW_BYTES = 16;

  private final AccessKind kind;
  private final int matrices;
  private final boolean trans;
  private final int maxWays;
  private final String label;

  private MatrixAccess(AccessKind kind, int matrices, boolean trans, int maxWays, String label) {
    if (kind != AccessKind.LDMATRIX && kind != AccessKind.STMATRIX) {
      throw new IllegalArgumentException("not a matrix access: " + kind);
    }
    this.kind = kind;
    this.matrices = matrices;
    this.trans = trans;
    this.maxWays = maxWays;
    this.label = label;
  }

  /** {@code ldmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16}. */
  public static MatrixAccess ldmatrix(int matrices, boolean trans) {
    return new MatrixAccess(AccessKind.LDMATRIX, matrices, trans, 1, "");
  }

  /** {@code stmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16}. */
  public static MatrixAccess stmatrix(int matrices, boolean trans) {
    return new MatrixAccess(AccessKind.STMATRIX, matrices, trans, 1, "");
  }

  public MatrixAccess withMaxWays(int maxWays) {
    return new MatrixAccess(kind, matrices, trans, maxWays, label);
  }

  public MatrixAccess withLabel(String label) {
    return new MatrixAccess(kind, matrices, trans, maxWays, label);
  }

  @Override
  public AccessKind kind() {
    return kind;
  }

  @Override
  public Op op() {
    return kind == AccessKind.LDMATRIX ? Op.LOAD : Op.STORE;
  }

  /** Matrices per instruction: 1, 2 or 4. */
  public int matrices() {
    return matrices;
  }

  public boolean trans() {
    return trans;
  }

  @Override
  public int maxWays() {
    return maxWays;
  }

  @Override
  public String label() {
    return label.isEmpty() ? description() : label;
  }

  /** The label as given, empty when none was: what {@link AccessText} writes. */
  String givenLabel() {
    return label;
  }

  @Override
  public String description() {
    return (kind == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix") + ".x" + matrices
        + (trans ? ".trans" : "");
  }

  @Override
  public List<Problem> check(Layout layout) {
    List<Problem> problems = new ArrayList<>();
    String name = kind == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
    if (matrices != 1 && matrices != 2 && matrices != 4) {
      problems.add(new Problem(Parameter.MATRICES,
          "matrices must be 1, 2 or 4 (.x1, .x2, .x4), not " + matrices + "."));
      return problems;
    }
    if (trans && layout.elementBytes() != 2) {
      problems.add(new Problem(Parameter.TRANS, name + ".trans moves 16-bit elements; "
          + layout.dtype() + " elements are " + layout.elementBytes() + " bytes."));
    }
    long rowBytes = (long) layout.cols() * layout.elementBytes();
    if (layout.rows() % 8 != 0 || rowBytes % ROW_BYTES != 0) {
      problems.add(new Problem(Parameter.KIND, name + " reads 8-row x 16-byte matrices, which do"
          + " not tile " + layout.shape() + " " + layout.dtype() + " (rows must be a multiple of 8 and"
          + " rows a multiple of 16 bytes)."));
      return problems;
    }
    int placements = placements(layout);
    if (placements % matrices != 0) {
      problems.add(new Problem(Parameter.MATRICES, "the tile holds " + placements + " 8x8 matrices,"
          + " not a multiple of the " + matrices + " per instruction."));
    }
    Vectors.firstBrokenVector(layout, ROW_BYTES / layout.elementBytes(), Parameter.KIND,
        name + "'s 16-byte matrix rows").ifPresent(problems::add);
    return problems;
  }

  private static int placements(Layout layout) {
    return (layout.rows() / 8) * (layout.cols() * layout.elementBytes() / ROW_BYTES);
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return PhaseWalks.instructions(this, layout);
  }

  @Override
  public int forEachPhase(Layout layout, PhaseVisitor visitor) {
    int chunkElements = ROW_BYTES / layout.elementBytes();
    int chunks = layout.cols() / chunkElements;
    PhaseLanes lanes = new PhaseLanes();
    int matrix = 0;
    // Row blocks fastest, then 16-byte columns: an .x4 covers a 16 x 32-byte region when it can.
    for (int chunk = 0; chunk < chunks; chunk++) {
      for (int top = 0; top < layout.rows(); top += 8) {
        int phase = matrix % matrices;
        lanes.clear();
        for (int i = 0; i < 8; i++) {
          int row = top + i;
          int col = chunk * chunkElements;
          lanes.add(phase * 8 + i, row, col, layout.byteOffset(row, col), ROW_BYTES);
        }
        visitor.phase(matrix / matrices, phase, lanes);
        matrix++;
      }
    }
    return matrix / matrices;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MatrixAccess that && kind == that.kind && matrices == that.matrices
        && trans == that.trans && maxWays == that.maxWays && label.equals(that.label);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, matrices, trans, maxWays, label);
  }

  @Override
  public String toString() {
    return label();
  }
}
