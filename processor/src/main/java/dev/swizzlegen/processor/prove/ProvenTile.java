package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A tile that passed every check (its swizzle derived where it was to be), and what its files are
 * made from, each worked out once and handed to every writer: the report of each warp access and
 * the plan of each engine, in order.
 *
 * @param wgmmaReads how wgmma reads the tile as an operand of each major, or the violations that
 *     prevent it, which a header says of a tile without a WGMMA access too
 * @param tmaWhenAligned how TMA would fill the tile were its base aligned to the mode's repeat: the
 *     TMA mode the generated files name
 */
public record ProvenTile(TileSpec spec, List<AccessReport> reports, List<Plan<?>> enginePlans,
    Map<Major, Plan<MmaOperand>> wgmmaReads, Optional<TmaFill> tmaWhenAligned) {

  public ProvenTile {
    reports = List.copyOf(reports);
    enginePlans = List.copyOf(enginePlans);
    if (enginePlans.size() != spec.engines().size()) {
      throw new IllegalArgumentException(enginePlans.size() + " plans for "
          + spec.engines().size() + " engines");
    }
    wgmmaReads = Map.copyOf(wgmmaReads);
  }

  /** The tile whose warp accesses are {@code reports}, each plan taken from {@code plans}. */
  @SuppressWarnings("unchecked") // a tensor-core read's plan is an MmaOperand's
  static ProvenTile of(TileSpec tile, List<AccessReport> reports,
      Function<Engine, Plan<?>> plans) {
    Map<Major, Plan<MmaOperand>> wgmmaReads = new EnumMap<>(Major.class);
    for (Major major : Major.values()) {
      wgmmaReads.put(major, (Plan<MmaOperand>) plans.apply(MmaRead.of(MmaFormat.GMMA, major)));
    }
    return new ProvenTile(tile, reports, tile.engines().stream().map(plans).toList(), wgmmaReads,
        Engine.atDefaultAlignment(tile.layout()).flatMap(aligned -> TmaFill.plan(aligned).plan()));
  }

  /** How TMA fills a stage, for a tile with a TMA access it can fill: its first TMA access's. */
  public Optional<TmaFill> tmaFill() {
    return Tma.first(spec.engines()).flatMap(this::planned);
  }

  /**
   * The operands of the tile's declared reads by {@code format} that the instruction can read, in
   * the order declared: none, one, or (wgmma) one of each major.
   */
  public List<MmaOperand> mmaOperands(MmaFormat format) {
    return MmaRead.by(format, spec.engines()).stream()
        .flatMap(read -> this.<MmaOperand>planned(read).stream()).toList();
  }

  /** The plan of {@code engine}, one of the tile's engines. */
  public Plan<?> planOf(Engine engine) {
    List<Engine> engines = spec.engines();
    for (int i = 0; i < engines.size(); i++) {
      if (engines.get(i) == engine) {
        return enginePlans.get(i);
      }
    }
    throw new IllegalArgumentException(engine + " is no engine of tile " + spec.name());
  }

  @SuppressWarnings("unchecked") // each engine's plan is of its own kind: TMA's a TmaFill's
  private <P> Optional<P> planned(Engine engine) {
    return (Optional<P>) planOf(engine).plan();
  }
}
