package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.PackedSwizzleMode;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The bulk tensor copy engine, {@code cp.async.bulk.tensor}, writes the tile (a TMA load,
 * {@code STORE} into shared memory) or reads it (a TMA store, {@code LOAD}). It does not go through
 * the load/store unit's banks; what must hold is that the layout it writes is exactly the tile's: its
 * plan is a {@link TmaFill}, a {@link TmaSwizzle} mode and the boxes that put every element where the
 * tile's layout has it. The padded sub-byte types are copied with fewer modes, some in one direction
 * only ({@link TmaDataType#modes}).
 *
 * @param op {@code STORE}: a TMA load fills the tile; {@code LOAD}: a TMA store reads it
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record Tma(Op op, String label) implements Engine {

  public Tma {
    Objects.requireNonNull(op, "op");
    label = label.isEmpty() ? description(op) : label;
  }

  /** The engine moving the tile in the direction {@code op}, named by its description. */
  public static Tma of(Op op) {
    return new Tma(op, "");
  }

  /** The first TMA engine among {@code engines}, if any. */
  public static Optional<Tma> first(List<Engine> engines) {
    for (Engine engine : engines) {
      if (engine instanceof Tma tma) {
        return Optional.of(tma);
      }
    }
    return Optional.empty();
  }

  @Override
  public Tma withLabel(String label) {
    return new Tma(op, label);
  }

  @Override
  public String text() {
    return EngineText.format(this);
  }

  @Override
  public AccessKind kind() {
    return AccessKind.TMA;
  }

  @Override
  public String description() {
    return description(op);
  }

  private static String description(Op op) {
    return op == Op.STORE ? "TMA load into the tile" : "TMA store from the tile";
  }

  @Override
  public Plan<TmaFill> plan(TileLayout tile) {
    Plan<TmaFill> fill = TmaFill.plan(tile);
    if (fill.exists()
        && !TmaDataType.of(tile.dtype()).modes(op).contains(fill.plan().get().mode())) {
      return Plan.prevented(
          List.of(new PackedSwizzleMode(tile.dtype(), fill.plan().get().mode(), op)));
    }
    return fill;
  }

  /** A TMA load writes the tile's bytes, a TMA store reads them, in the async proxy. */
  @Override
  public BufferUse use() {
    return op == Op.STORE ? BufferUse.TMA_WRITE : BufferUse.TMA_READ;
  }

  /** Where TMA has a fill, what the target lacks of its mode ({@link TmaFill#check}). */
  @Override
  @SuppressWarnings("unchecked") // a TMA engine's plan is a TmaFill's
  public List<Violation> violationsOn(Architecture target, Plan<?> plan) {
    Plan<TmaFill> fill = (Plan<TmaFill>) plan;
    return fill.plan().map(made -> TmaFill.check(made.mode(), target)).orElse(fill.violations());
  }

  @Override
  @SuppressWarnings("unchecked") // a TMA engine's plan is a TmaFill's
  public <R> R accept(Visitor<R> visitor, Plan<?> plan) {
    return visitor.tma(this, (Plan<TmaFill>) plan);
  }

  /** TMA needs a swizzle pattern of its own: on the plain tile, every violation but the swizzle's. */
  @Override
  public List<Violation> geometryViolations(TileLayout plain) {
    return plan(plain).violations();
  }

  @Override
  public String toString() {
    return label;
  }
}
