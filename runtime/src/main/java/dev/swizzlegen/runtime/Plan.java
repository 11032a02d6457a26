package dev.swizzlegen.runtime;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a concept makes of a tile: its plan (a {@code TmaFill}'s boxes and mode, a
 * {@code MmaOperand}'s descriptor fields), or the violations that prevent one; never both. Each
 * concept has one entry that answers with a plan ({@code TmaFill.plan(tile)},
 * {@code MmaOperand.plan(format, tile, major)}), and each engine one ({@code engine.plan(tile)}).
 * In the root, as {@link Violation} is, so that the concepts' packages and the engines' share it
 * without a package cycle.
 *
 * @param <P> the plan: a {@code TmaFill}, a {@code MmaOperand}
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
  public static <P> Plan<P> of(P plan) {
    return new Plan<>(Optional.of(plan), List.of());
  }

  /** No plan, for these (at least one) violations. */
  public static <P> Plan<P> prevented(List<Violation> violations) {
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("no violation prevents the plan");
    }
    return new Plan<>(Optional.empty(), violations);
  }

  /** Whether there is a plan: the engine can work on the tile. */
  public boolean exists() {
    return plan.isPresent();
  }

  /** The plan; throws {@link InvalidDescriptionException} with the violations when there is none. */
  public P orElseThrow() {
    InvalidDescriptionException.throwIfAny(violations);
    return plan.orElseThrow();
  }
}
