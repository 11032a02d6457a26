package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Optional;

/**
 * A hardware engine that reads or writes the tile without the load/store unit: the bulk tensor copy
 * engine ({@link Tma}), the tensor cores through shared-memory descriptors ({@link MmaRead}: wgmma
 * on Hopper, tcgen05 on Blackwell, as its format says). An engine
 * issues no warp instructions, so the bank model has nothing to cost; it is a requirement on the
 * layout, met when the engine has a {@link Plan} for it (the boxes, the descriptor fields), broken by
 * the violations that prevent one. Warp instructions, which the bank model costs, are
 * {@link AccessPattern}s.
 *
 * <p>An engine is added here and nowhere else in the model: the solver keeps only the layouts every
 * declared engine has a plan for, whatever the engine. What differs between engines is a method
 * of each (its plan, its use of the bytes, what a target lacks) or, for what a user of the model
 * does with each kind and its plan (words, a report), a {@link Visitor}: no one outside this
 * package asks which record an engine is.
 */
public sealed interface Engine permits Tma, MmaRead {

  /**
   * The engines, in order, as an unmodifiable list: how a generated helper spells its
   * {@code ENGINES}. One method, neither overloaded nor generic, as {@link AccessPattern#listOf}.
   */
  static List<Engine> listOf(Engine... engines) {
    return List.of(engines);
  }

  /**
   * The engine {@code text} names, as {@link #text()} writes it: {@code "TMA load into the tile"}
   * (the annotation's {@code op = STORE}), {@code "TMA store from the tile"} ({@code op = LOAD}),
   * {@code "wgmma K-major"}, {@code "wgmma MN-major"}, {@code "UMMA K-major"},
   * {@code "UMMA MN-major"}, each optionally followed by
   * {@code label 'TEXT'}, quoted as {@link AccessPattern#parse} quotes an access's. How a generated
   * helper spells its {@code ENGINES}.
   *
   * @throws IllegalArgumentException naming the word that is wrong and what was expected there
   */
  static Engine parse(String text) {
    return EngineText.parse(text);
  }

  /** The engine as one line of text, which {@link #parse} reads back as an equal engine. */
  String text();

  /** The annotation's kind that declares the engine. */
  AccessKind kind();

  /** Whether the engine writes shared memory ({@code STORE}) or reads it ({@code LOAD}). */
  Op op();

  /** The name given in the annotation, or else {@link #description()}. */
  String label();

  /** What the engine does with the tile, in words: {@code "TMA load into the tile"}. */
  String description();

  /** The same engine named {@code label}; an empty label names it by its description. */
  Engine withLabel(String label);

  /** How the engine reads or writes the tile, or every violation that prevents it. */
  Plan<?> plan(TileLayout tile);

  /** How the engine uses the tile's bytes: its proxy (async), and whether it writes them. */
  BufferUse use();

  /**
   * What prevents {@code plan}, this engine's {@link #plan} of a tile, on {@code target}: its
   * violations, and where it has one, what the target lacks of it (TMA's Blackwell-only modes).
   */
  default List<Violation> violationsOn(Architecture target, Plan<?> plan) {
    return plan.violations();
  }

  /**
   * {@code visitor}'s method for this engine's kind, given {@code plan}, this engine's
   * {@link #plan} of a tile, with its type.
   */
  <R> R accept(Visitor<R> visitor, Plan<?> plan);

  /**
   * What a user of the model does with each kind of engine and its plan: one method per kind, so
   * that a new engine is a new method here, which every visitor must then say.
   *
   * @param <R> what the visit returns
   */
  interface Visitor<R> {
    R tma(Tma tma, Plan<TmaFill> fill);

    R mmaRead(MmaRead read, Plan<MmaOperand> operand);
  }

  /**
   * The violations of {@link #plan} that no swizzle removes, for a tile whose swizzle is still to be
   * chosen, checked on the unswizzled tile {@code plain}.
   */
  List<Violation> geometryViolations(TileLayout plain);

  /**
   * The alignment a tile that engines read takes where it declares none: its own, or the repeat of
   * the TMA mode whose byte pattern its swizzle is ({@link TileLayout#tmaSwizzle()}), if more. TMA
   * writes, and wgmma and tcgen05 read, that pattern from a base aligned to its repeat
   * ({@link TmaSwizzle#alignmentBytes()}), whichever engine it is: boxes and descriptors are proven
   * from such a base.
   */
  static int defaultAlignment(TileLayout tile) {
    return Math.max(tile.alignment(), tile.tmaSwizzle().map(TmaSwizzle::alignmentBytes).orElse(0));
  }

  /**
   * The tile at its {@link #defaultAlignment}: itself where it declares that much, else the tile
   * with that alignment, if it can have it (empty where its description allows none such). The
   * engines' plans on it are what they make of the tile from a base aligned to its TMA mode's
   * repeat, whatever alignment it declares:
   * {@code atDefaultAlignment(tile).flatMap(aligned -> TmaFill.plan(aligned).plan())} is how TMA
   * would fill a tile whose layout it can write at all.
   */
  static Optional<TileLayout> atDefaultAlignment(TileLayout tile) {
    int alignment = defaultAlignment(tile);
    return alignment == tile.alignment() ? Optional.of(tile)
        : tile.toBuilder().alignment(alignment).tryBuild();
  }
}
