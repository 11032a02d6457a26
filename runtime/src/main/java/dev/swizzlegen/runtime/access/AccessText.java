package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.TextForm;

/**
 * A warp access as one line of text, and back, in the words of the {@code @Access} that declares it:
 * how a generated helper spells its {@code ACCESSES}, so that compiled helpers depend on
 * {@link AccessPattern#parse} alone, not on the factories (issue 19). {@code parse(format(access))}
 * equals {@code access} for every access an annotation can declare.
 *
 * <pre>
 *   vector store 16 bytes
 *   vector load 16 bytes threads 8x4 col-major rowsAsOne 2 maxWays 2 label 'column read'
 *   ldmatrix x4 trans
 *   stmatrix x2
 *   ldmatrix m16n16 x2 trans
 *   mma accumulator store label 'epilogue'
 *   lanes load 16 bytes '[[0,8],[1,0],[2,0],[4,0],[8,0]]'
 * </pre>
 *
 * <p>In order: the instruction ({@code vector}, {@code ldmatrix}, {@code stmatrix},
 * {@code mma accumulator}, {@code lanes}); for a vector, the accumulator and a lane map, the
 * annotation's {@code op} as {@code load} or {@code store}; for a lane map, its {@code bytes} per lane
 * and its {@code lanes} as written, quoted as a label is; for a vector, its {@code bytes} per lane
 * and, unless the copy is coalesced, its {@code threads} as {@code rowsxcols} and their {@code order}, then
 * {@code rowsAsOne} when it is not 1; for ldmatrix and stmatrix, the {@code shape} as PTX spells it
 * ({@code m8n16}, {@code m16n16}, {@code m16n8}) unless it is m8n8, {@code x} and the
 * {@code matrices}, and {@code trans}; for every access, {@code maxWays} when it is not 1 and, last,
 * the {@code label} when one is given, quoted as {@link TextForm} says.
 */
final class AccessText {
  private static final String FORM = "a warp access";

  private AccessText() {}

  static String format(VectorAccess vector) {
    StringBuilder text = new StringBuilder("vector ").append(op(vector.op())).append(' ')
        .append(vector.bytes()).append(" bytes");
    vector.threads().ifPresent(grid -> text.append(" threads ").append(grid.rows()).append('x')
        .append(grid.cols()).append(grid.order() == Order.COL_MAJOR ? " col-major" : " row-major"));
    if (vector.rowsAsOne() != 1) {
      text.append(" rowsAsOne ").append(vector.rowsAsOne());
    }
    return given(vector, text);
  }

  static String format(MatrixAccess matrix) {
    StringBuilder text =
        new StringBuilder(matrix.kind() == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix");
    if (matrix.shape() != MatrixShape.M8N8) {
      text.append(' ').append(matrix.shape().ptx());
    }
    text.append(" x").append(matrix.matrices()).append(matrix.trans() ? " trans" : "");
    return given(matrix, text);
  }

  static String format(LanesAccess map) {
    return given(map, new StringBuilder("lanes ").append(op(map.op())).append(' ')
        .append(map.bytes()).append(" bytes ").append(TextForm.quote(map.lanes())));
  }

  static String format(MmaAccumulatorAccess accumulator) {
    return given(accumulator, new StringBuilder("mma accumulator ").append(op(accumulator.op())));
  }

  /** {@code text}, an access's own words, then what the annotation gives beside them. */
  private static String given(AccessPattern access, StringBuilder text) {
    if (access.maxWays() != 1) {
      text.append(" maxWays ").append(access.maxWays());
    }
    if (!access.given().label().isEmpty()) {
      text.append(" label ").append(TextForm.quote(access.given().label()));
    }
    return text.toString();
  }

  /** The access {@code text} names; throws {@link IllegalArgumentException} naming what is wrong. */
  static AccessPattern parse(String text) {
    TextForm form = new TextForm(FORM, text);
    String instruction = form.oneOf("vector", "ldmatrix", "stmatrix", "mma", "lanes");
    AccessPattern access;
    String then;
    switch (instruction) {
      case "vector" -> {
        Op op = op(form);
        int bytes = form.number("the bytes per lane");
        form.expect("bytes");
        VectorAccess vector;
        if (form.accept("threads")) {
          int[] grid = form.dimensions("the threads as rows x cols (8x4)");
          Order order = form.oneOf("row-major", "col-major").equals("row-major")
              ? Order.ROW_MAJOR
              : Order.COL_MAJOR;
          vector = VectorAccess.grid(op, bytes, grid[0], grid[1], order);
          then = "rowsAsOne, maxWays, label";
        } else {
          vector = VectorAccess.coalesced(op, bytes);
          then = "threads, rowsAsOne, maxWays, label";
        }
        if (form.accept("rowsAsOne")) {
          vector = vector.withRowsAsOne(form.number("the rows seen as one"));
          then = "maxWays, label";
        }
        access = vector;
      }
      case "ldmatrix", "stmatrix" -> {
        MatrixShape shape = MatrixShape.M8N8;
        for (MatrixShape other : MatrixShape.values()) {
          if (other != MatrixShape.M8N8 && form.accept(other.ptx())) {
            shape = other;
            break;
          }
        }
        int matrices = form.prefixedNumber("x", "the matrices per instruction (x1, x2 or x4)");
        boolean trans = form.accept("trans");
        access = (instruction.equals("ldmatrix")
            ? MatrixAccess.ldmatrix(matrices, trans)
            : MatrixAccess.stmatrix(matrices, trans)).withShape(shape);
        then = trans ? "maxWays, label" : "trans, maxWays, label";
      }
      case "mma" -> {
        form.expect("accumulator");
        access = MmaAccumulatorAccess.of(op(form));
        then = "maxWays, label";
      }
      case "lanes" -> {
        Op op = op(form);
        int bytes = form.number("the bytes per lane");
        form.expect("bytes");
        access = LanesAccess.of(op, bytes, form.quoted("the lane map"));
        then = "maxWays, label";
      }
      default -> throw new IllegalStateException(instruction);
    }
    int maxWays = 1;
    if (form.accept("maxWays")) {
      maxWays = form.number("the conflict degree tolerated");
      then = "label";
    }
    String label = "";
    if (form.accept("label")) {
      label = form.label();
    }
    form.end(then);
    return access.withMaxWays(maxWays).withLabel(label);
  }

  private static String op(Op op) {
    return op == Op.LOAD ? "load" : "store";
  }

  private static Op op(TextForm form) {
    return form.oneOf("load", "store").equals("load") ? Op.LOAD : Op.STORE;
  }
}
