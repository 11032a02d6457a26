package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation.BadMatrixCount;
import dev.swizzlegen.runtime.access.AccessViolation.MatricesDoNotTile;
import dev.swizzlegen.runtime.access.AccessViolation.MatrixCountNotDivisor;
import dev.swizzlegen.runtime.access.AccessViolation.MatrixShapeCount;
import dev.swizzlegen.runtime.access.AccessViolation.MatrixShapeNotOfInstruction;
import dev.swizzlegen.runtime.access.AccessViolation.MatrixShapeType;
import dev.swizzlegen.runtime.access.AccessViolation.TransNeeds8Or16Bit;
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
 * {@code .trans} changes which register receives which element, not the addresses. m8n8 moves 16-bit
 * units ({@code .b16}), so its {@code .trans} keeps 16-bit elements whole and 8-bit ones as pairs of
 * a row (FlashAttention-3 loads its FP8 V with {@code ldmatrix.x4.trans} and permutes the bytes in
 * registers after); either way the addresses, and so the cost, are the non-trans form's.
 *
 * <p>sm_100's shapes ({@link MatrixShape}) walk the same way with their own matrices:
 * {@code ldmatrix.m8n16} (padded FP4/FP6 unpacked to bytes) and {@code stmatrix.m16n8.trans} (a 16 x 8
 * byte fragment stored transposed) touch 8 rows of 16 bytes per matrix from lanes {@code 8k..8k+7},
 * one phase, as m8n8 does; {@code ldmatrix.m16n16.trans} touches 16 rows of 16 bytes from lanes
 * {@code 16k..16k+15}, served (by assumption, not yet measured on sm_100 hardware) as two phases of 8
 * rows, so that an m16n16 matrix costs what the two m8n8 matrices stacked on its 16-byte column cost.
 */
public final class MatrixAccess implements AccessPattern {
  /** Bytes per matrix row: 8 elements of 16 bits. */
  static final int ROW_BYTES = 16;

  private final AccessKind kind;
  private final MatrixShape shape;
  private final int matrices;
  private final boolean trans;
  private final Given given;

  private MatrixAccess(AccessKind kind, MatrixShape shape, int matrices, boolean trans,
      Given given) {
    if (kind != AccessKind.LDMATRIX && kind != AccessKind.STMATRIX) {
      throw new IllegalArgumentException("not a matrix access: " + kind);
    }
    this.kind = kind;
    this.shape = Objects.requireNonNull(shape, "shape");
    this.matrices = matrices;
    this.trans = trans;
    this.given = given;
  }

  /** {@code ldmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16}. */
  public static MatrixAccess ldmatrix(int matrices, boolean trans) {
    return new MatrixAccess(AccessKind.LDMATRIX, MatrixShape.M8N8, matrices, trans, Given.NONE);
  }

  /** {@code stmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16}. */
  public static MatrixAccess stmatrix(int matrices, boolean trans) {
    return new MatrixAccess(AccessKind.STMATRIX, MatrixShape.M8N8, matrices, trans, Given.NONE);
  }

  /** The same access with the matrix shape {@code shape} ({@code .m16n16} and so on). */
  public MatrixAccess withShape(MatrixShape shape) {
    return new MatrixAccess(kind, shape, matrices, trans, given);
  }

  public MatrixAccess withMaxWays(int maxWays) {
    return new MatrixAccess(kind, shape, matrices, trans, given.withMaxWays(maxWays));
  }

  public MatrixAccess withLabel(String label) {
    return new MatrixAccess(kind, shape, matrices, trans, given.withLabel(label));
  }

  @Override
  public AccessKind kind() {
    return kind;
  }

  @Override
  public Op op() {
    return kind == AccessKind.LDMATRIX ? Op.LOAD : Op.STORE;
  }

  /** The matrix shape: {@link MatrixShape#M8N8} unless told otherwise. */
  public MatrixShape shape() {
    return shape;
  }

  /** Matrices per instruction: 1, 2 or 4. */
  public int matrices() {
    return matrices;
  }

  public boolean trans() {
    return trans;
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
    return (kind == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix")
        + (shape == MatrixShape.M8N8 ? "" : "." + shape.ptx()) + ".x" + matrices
        + (trans ? ".trans" : "");
  }

  @Override
  public List<Violation> check(Layout layout) {
    List<Violation> violations = new ArrayList<>();
    if (!hasForm(kind, shape, trans)) {
      violations.add(new MatrixShapeNotOfInstruction(kind, shape, trans));
      return violations;
    }
    if (matrices != 1 && matrices != 2 && matrices != 4) {
      violations.add(new BadMatrixCount(matrices));
      return violations;
    }
    if (!shape.allowsMatrices(matrices)) {
      violations.add(new MatrixShapeCount(shape, matrices));
      return violations;
    }
    if (!reads(shape, layout.dtype())) {
      violations.add(new MatrixShapeType(kind, shape, layout.dtype()));
      return violations;
    }
    if (shape == MatrixShape.M8N8 && trans && !movesWhole16BitUnits(layout.dtype())) {
      violations.add(new TransNeeds8Or16Bit(kind, layout.dtype()));
    }
    long rowBits = (long) layout.cols() * layout.elementBits();
    if (layout.rows() % shape.rows() != 0 || rowBits % (8 * ROW_BYTES) != 0) {
      violations.add(new MatricesDoNotTile(kind, layout.rows(), layout.cols(), layout.dtype(),
          shape));
      return violations;
    }
    int placements = placements(layout);
    if (placements % matrices != 0) {
      violations.add(new MatrixCountNotDivisor(placements, matrices, shape));
    }
    Vectors.firstBrokenVector(layout, layout.elementsIn(ROW_BYTES), kind)
        .ifPresent(violations::add);
    return violations;
  }

  /**
   * Whether {@code dtype}'s elements fill m8n8's 16-bit units whole, one or two to a unit, so that
   * {@code .trans} moves them intact: 16-bit and 8-bit types. Wider elements would be split across
   * lanes; the sub-byte types (packed FP4, the padded forms) are no 8-bit elements.
   */
  private static boolean movesWhole16BitUnits(DType dtype) {
    return dtype.bits() == 16 || dtype.bits() == 8;
  }

  /**
   * Whether PTX has the instruction {@code kind} of {@code shape} with or without {@code .trans}:
   * m8n8 both ways for both; {@code ldmatrix.m8n16} without; {@code ldmatrix.m16n16.trans} and
   * {@code stmatrix.m16n8.trans} only with.
   */
  private static boolean hasForm(AccessKind kind, MatrixShape shape, boolean trans) {
    return switch (shape) {
      case M8N8 -> true;
      case M8N16 -> kind == AccessKind.LDMATRIX && !trans;
      case M16N16 -> kind == AccessKind.LDMATRIX && trans;
      case M16N8 -> kind == AccessKind.STMATRIX && trans;
    };
  }

  /**
   * Whether a shape's source formats include elements of {@code dtype}: m8n8 moves any whole 16-byte
   * rows; m8n16 unpacks padded FP4 ({@code .b4x16_p64}) and FP6 ({@code .b6x16_p32}); m16n16 moves
   * bytes ({@code .b8}) or those padded formats; m16n8 bytes.
   */
  private static boolean reads(MatrixShape shape, DType dtype) {
    boolean bytes = dtype.storageBits() == 8 && !dtype.isPadded();
    return switch (shape) {
      case M8N8 -> true;
      case M8N16 -> dtype.isPadded();
      case M16N16 -> bytes || dtype.isPadded();
      case M16N8 -> bytes;
    };
  }

  private int placements(Layout layout) {
    return (layout.rows() / shape.rows()) * (layout.bytesOf(layout.cols()) / ROW_BYTES);
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return PhaseWalks.instructions(this, layout);
  }

  @Override
  public int forEachPhase(Layout layout, PhaseVisitor visitor) {
    int chunkElements = layout.elementsIn(ROW_BYTES);
    int chunks = layout.cols() / chunkElements;
    int matrixRows = shape.rows();
    int phases = shape.phases();
    PhaseLanes lanes = new PhaseLanes();
    int matrix = 0;
    // Row blocks fastest, then 16-byte columns: an .x4 covers a 16 x 32-byte region when it can.
    // Matrix k of an instruction takes lanes k * matrixRows on, one phase per 8 of its rows.
    for (int chunk = 0; chunk < chunks; chunk++) {
      for (int top = 0; top < layout.rows(); top += matrixRows) {
        int slot = matrix % matrices;
        for (int half = 0; half < phases; half++) {
          lanes.clear();
          for (int i = 0; i < 8; i++) {
            int row = top + 8 * half + i;
            int col = chunk * chunkElements;
            lanes.add(slot * matrixRows + 8 * half + i, row, col, layout.byteOffset(row, col),
                ROW_BYTES);
          }
          visitor.phase(matrix / matrices, slot * phases + half, lanes);
        }
        matrix++;
      }
    }
    return matrix / matrices;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MatrixAccess that && kind == that.kind && shape == that.shape
        && matrices == that.matrices && trans == that.trans && given.equals(that.given);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, shape, matrices, trans, given.maxWays(), given.label());
  }

  @Override
  public String toString() {
    return label();
  }
}
