package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Violation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link Engine} makes of a tile: its plan (a {@code TmaFill}'s boxes and mode, a
 * {@code MmaOperand}'s descriptor fields), or the violations that prevent one; never both.
 *
 * @param <P> the engine's plan
 * @param plan the plan, when there is one
 * @param violations why there is none; empty when there is one
 */
public record Plan<P>(Optional<P> plan, List<Violation> violations) {

  public Plan {
    Objects.requireNonNull(plan, "plan");
    violations = List.copyOf(violations);
    if (plan.isPresent() != violations.isEmpty()) {
      throw new IllegalArgumentException("a plan, or the violations that prevent one: " + violations);
    }
  }

  /** The plan {@code plan}. */
  static <P> Plan<P> of(P plan) {
    return new Plan<>(Optional.of(plan), List.of());
  }

  /** No plan, for these (at least one) violations. */
  static <P> Plan<P> prevented(List<Violation> violations) {
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("no violation prevents the plan");
    }
    return new Plan<>(Optional.empty(), violations);
  }

  /** Whether the engine can work on the tile. */
  public boolean exists() {
    return plan.isPresent();
  }

  /** The plan; throws {@link InvalidDescriptionException} with the violations when there is none. */
  public P orElseThrow() {
    InvalidDescriptionException.throwIfAny(violations);
    return plan.orElseThrow();
  }
}
