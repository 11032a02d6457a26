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
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tile that passed every check, and what its files are made from, each worked out once and
 * handed to every writer: the tile (its swizzle derived where bits, base and shift were omitted),
 * the report of each warp access, the plan of each engine it declares (each tensor-core read's
 * {@link MmaOperand}, wgmma's and tcgen05's alike, among them), and how wgmma would read it in
 * either major, which a header says of a tile without a WGMMA access too.
 *
 * @param spec the tile, its swizzle derived where it was to be
 * @param reports the report of each of the tile's warp accesses, in order
 * @param enginePlans the plan of each of the tile's engines, in order: what the engine makes of the
 *     tile, or the violations that prevent it
 * @param wgmmaReads how wgmma reads the tile as an operand of each major, or the violations that
 *     prevent it
 */
public record ProvenTile(TileSpec spec, List<AccessReport> reports, List<Plan<?>> enginePlans,
    Map<Major, Plan<MmaOperand>> wgmmaReads) {

  public ProvenTile {
    reports = List.copyOf(reports);
    enginePlans = List.copyOf(enginePlans);
    if (enginePlans.size() != spec.engines().size()) {
      throw new IllegalArgumentException(enginePlans.size() + " plans for "
          + spec.engines().size() + " engines");
    }
    wgmmaReads = Collections.unmodifiableMap(new EnumMap<>(wgmmaReads));
  }

  /**
   * The tile whose warp accesses are {@code reports}, its engines' plans and wgmma's reads in either
   * major taken from {@code plans}, which worked each out once on the tile's layout.
   */
  static ProvenTile of(TileSpec tile, List<AccessReport> reports, EnginePlans plans) {
    if (!plans.layout().equals(tile.layout())) {
      throw new IllegalArgumentException("plans of another layout than tile " + tile.name() + "'s");
    }
    Map<Major, Plan<MmaOperand>> wgmmaReads = new EnumMap<>(Major.class);
    for (Major major : Major.values()) {
      wgmmaReads.put(major, plans.wgmmaRead(major));
    }
    List<Plan<?>> enginePlans = new ArrayList<>();
    for (Engine engine : tile.engines()) {
      enginePlans.add(plans.of(engine));
    }
    return new ProvenTile(tile, reports, enginePlans, wgmmaReads);
  }

  /** The plan of {@code tma}, one of the tile's engines. */
  public Plan<TmaFill> plan(Tma tma) {
    @SuppressWarnings("unchecked") // a TMA engine's plan is a TmaFill's
    Plan<TmaFill> plan = (Plan<TmaFill>) planOf(tma);
    return plan;
  }

  /** The plan of {@code read}, one of the tile's tensor-core reads (wgmma, tcgen05). */
  public Plan<MmaOperand> plan(MmaRead read) {
    @SuppressWarnings("unchecked") // a tensor-core read's plan is an MmaOperand's
    Plan<MmaOperand> plan = (Plan<MmaOperand>) planOf(read);
    return plan;
  }

  /** How TMA fills a stage, for a tile with a TMA access it can fill: its first TMA access's. */
  public Optional<TmaFill> tmaFill() {
    return Tma.first(spec.engines()).flatMap(tma -> plan(tma).plan());
  }

  /**
   * The operands of the tile's declared reads by {@code format} that the instruction can read, in
   * the order declared: none, one, or (wgmma) one of each major.
   */
  public List<MmaOperand> mmaOperands(MmaFormat format) {
    List<MmaOperand> operands = new ArrayList<>();
    for (MmaRead read : MmaRead.by(format, spec.engines())) {
      plan(read).plan().ifPresent(operands::add);
    }
    return operands;
  }

  /** How wgmma reads the tile as an operand of {@code major}, or the violations that prevent it. */
  public Plan<MmaOperand> wgmmaRead(Major major) {
    return wgmmaReads.get(major);
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
}
