package dev.swizzlegen.processor.prove;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.HashMap;
import java.util.Map;

/**
 * The plans of a tile's engines on one layout, each worked out once, when first asked for: the
 * same plan gives an engine's errors and, once the tile is proven, its files ({@link ProvenTile}).
 * A wgmma read's plan is its major's, whatever its label, and is also how the header says wgmma
 * would read the tile.
 */
final class EnginePlans {
  private final TileLayout layout;
  private final Map<Engine, Plan<?>> plans = new HashMap<>();

  EnginePlans(TileLayout layout) {
    this.layout = layout;
  }

  /** The layout the engines are planned on. */
  TileLayout layout() {
    return layout;
  }

  /**
   * What {@code engine} makes of the layout, or the violations that prevent it: its unlabelled
   * engine's plan, since a label names an engine and changes nothing it does.
   */
  Plan<?> of(Engine engine) {
    return plans.computeIfAbsent(engine.withLabel(""), unlabelled -> unlabelled.plan(layout));
  }

  /** How TMA fills the layout for {@code tma}, or the violations that prevent it. */
  Plan<TmaFill> of(Tma tma) {
    @SuppressWarnings("unchecked") // a TMA engine's plan is a TmaFill's
    Plan<TmaFill> plan = (Plan<TmaFill>) of((Engine) tma);
    return plan;
  }

  /** How wgmma reads the layout as an operand of {@code major}, or the violations that prevent it. */
  Plan<MmaOperand> wgmmaRead(Major major) {
    @SuppressWarnings("unchecked") // a tensor-core read's plan is an MmaOperand's
    Plan<MmaOperand> plan = (Plan<MmaOperand>) of(MmaRead.of(MmaFormat.GMMA, major));
    return plan;
  }
}
