package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import java.util.Optional;

/**
 * What the generated files add to an access's cost where the model stands alone: the sm_100
 * ldmatrix and stmatrix shapes are costed by the bank model and not yet measured on sm_100 hardware
 * (the only GPU measured is an H100, which has none of them).
 */
final class AccessNotes {
  /** The words every file marks such an access with. */
  static final String UNMEASURED = "not yet measured on sm_100 hardware";

  private AccessNotes() {}

  /**
   * For an access of an unmeasured shape: {@code "sm_100a, sm_103a and sm_110a only; the bank
   * model's cost, not yet measured on sm_100 hardware"}; empty for the others.
   */
  static Optional<String> unmeasured(AccessPattern access) {
    if (!(access instanceof MatrixAccess matrix) || matrix.shape().measured()) {
      return Optional.empty();
    }
    String instruction = matrix.kind() == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
    return Optional.of(instruction + "." + matrix.shape().ptx() + " is "
        + architectures(matrix) + " only; the bank model's cost, " + UNMEASURED);
  }

  /** The architectures that have the instruction, as PTX lists them. */
  static String architectures(MatrixAccess matrix) {
    return switch (matrix.shape()) {
      case M8N16 -> "sm_100a, sm_103a, sm_110a, sm_120a";
      default -> "sm_100a, sm_103a, sm_110a";
    };
  }
}
