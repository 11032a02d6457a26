package dev.swizzlegen.runtime;

import java.util.List;

/** Thrown by the model's factories for a description that has {@link Problem}s. */
public final class InvalidDescriptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient List<Problem> problems;

  public InvalidDescriptionException(List<Problem> problems) {
    super(problems.get(0).toString());
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, the first of which is the message. */
  public List<Problem> problems() {
    return problems;
  }

  /** Throws if {@code problems} is not empty. */
  public static void throwIfAny(List<Problem> problems) {
    if (!problems.isEmpty()) {
      throw new InvalidDescriptionException(problems);
    }
  }
}
