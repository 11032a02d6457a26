package dev.swizzlegen.runtime;

import java.util.List;

/**
 * Thrown by the model's factories for a description that has {@link Violation}s. Its message is the
 * first violation as data (the record's {@code toString}); the processor renders violations for people.
 */
public final class InvalidDescriptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient List<Violation> violations;

  private InvalidDescriptionException(List<Violation> violations) {
    super(violations.get(0).toString());
    this.violations = List.copyOf(violations);
  }

  /** Every violation found, the first of which is the message. */
  public List<Violation> violations() {
    return violations;
  }

  /** Throws if {@code violations} is not empty. */
  public static void throwIfAny(List<Violation> violations) {
    if (!violations.isEmpty()) {
      throw new InvalidDescriptionException(violations);
    }
  }
}
