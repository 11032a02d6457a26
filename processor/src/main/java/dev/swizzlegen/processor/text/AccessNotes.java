package dev.swizzlegen.processor.text;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.Optional;

/**
 * What the generated files add to an access's cost where the model stands alone: the sm_100
 * ldmatrix and stmatrix shapes are not yet measured (the only GPU measured is an H100, which has
 * none of them); and what m8n8's {@code .trans} does to 8-bit elements, which its name hides.
 */
public final class AccessNotes {
  public static final String UNMEASURED = "not yet measured on sm_100 hardware";

  private AccessNotes() {}

  /** For an access of an unmeasured shape, what it is and where; empty for the others. */
  public static Optional<String> unmeasured(AccessPattern access) {
    if (!(access instanceof MatrixAccess matrix) || matrix.shape().measured()) {
      return Optional.empty();
    }
    String instruction = matrix.kind() == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
    return Optional.of(instruction + "." + matrix.shape().ptx() + " is "
        + architectures(matrix) + " only; the bank model's cost, " + UNMEASURED);
  }

  /** What an m8n8 {@code .trans} of 8-bit elements moves. */
  public static final String BYTE_PAIRS = "16-bit pairs of 8-bit elements";

  /**
   * For an m8n8 {@code .trans} on 8-bit elements, that it moves pairs; empty for the others. The
   * instruction ({@code .b16}) is the one 16-bit tiles use: its name would pass for an element
   * transpose.
   */
  public static Optional<String> bytePairs(AccessPattern access, Layout layout) {
    DType dtype = layout.dtype();
    if (!(access instanceof MatrixAccess matrix) || !matrix.trans()
        || matrix.shape() != MatrixShape.M8N8 || dtype.bits() != 8) {
      return Optional.empty();
    }
    String instruction = matrix.description();
    return Optional.of(instruction + " (" + BYTE_PAIRS + ") transposes pairs of adjacent " + dtype
        + " elements, not single ones; its addresses, and so its cost, are "
        + instruction.substring(0, instruction.length() - ".trans".length()) + "'s");
  }

  /** The architectures that have the instruction, as PTX lists them. */
  public static String architectures(MatrixAccess matrix) {
    return "sm_100a, sm_103a, sm_110a" + (matrix.shape() == MatrixShape.M8N16 ? ", sm_120a" : "");
  }
}
