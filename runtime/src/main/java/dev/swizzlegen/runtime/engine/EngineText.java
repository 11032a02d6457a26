package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.text.TextForm;

/**
 * An engine as one line of text, and back: how a generated helper spells its {@code ENGINES}, so that
 * compiled helpers depend on {@link Engine#parse} alone, not on the engines' factories (issue 19).
 * {@code parse(format(engine))} equals {@code engine} for every engine an annotation can declare.
 *
 * <pre>
 *   TMA load into the tile
 *   TMA store from the tile label 'C out'
 *   wgmma K-major
 *   wgmma MN-major label 'B read by the MMA'
 *   UMMA K-major
 *   UMMA MN-major label 'B'
 * </pre>
 *
 * <p>TMA says which way it moves the tile as a kernel author says it, and in full, since the
 * annotation's {@code op} is shared memory's side of it: {@code TMA load into the tile} is
 * {@code op = STORE}, {@code TMA store from the tile} is {@code op = LOAD}. wgmma and UMMA (tcgen05)
 * name the operand's {@code major}. Last, the {@code label} when it is not the engine's description, quoted
 * as {@link TextForm} says.
 */
final class EngineText {
  private static final String LOAD_INTO_THE_TILE = "load into the tile";
  private static final String STORE_FROM_THE_TILE = "store from the tile";

  private EngineText() {}

  static String format(Engine engine) {
    String text;
    if (engine instanceof Tma tma) {
      text = "TMA " + (tma.op() == Op.STORE ? LOAD_INTO_THE_TILE : STORE_FROM_THE_TILE);
    } else if (engine instanceof Wgmma wgmma) {
      text = "wgmma " + majorWord(wgmma.major());
    } else {
      text = "UMMA " + majorWord(((Umma) engine).major());
    }
    return engine.label().equals(engine.description())
        ? text
        : text + " label " + TextForm.quote(engine.label());
  }

  private static String majorWord(Major major) {
    return major == Major.K ? "K-major" : "MN-major";
  }

  /** The engine {@code text} names; throws {@link IllegalArgumentException} naming what is wrong. */
  static Engine parse(String text) {
    TextForm form = new TextForm("an engine", text);
    Engine engine;
    String name = form.oneOf("TMA", "wgmma", "UMMA");
    if (name.equals("TMA")) {
      engine = Tma.of(form.oneOf(LOAD_INTO_THE_TILE, STORE_FROM_THE_TILE)
          .equals(LOAD_INTO_THE_TILE) ? Op.STORE : Op.LOAD);
    } else {
      Major major = form.oneOf("K-major", "MN-major").equals("K-major") ? Major.K : Major.MN;
      engine = name.equals("wgmma") ? Wgmma.of(major) : Umma.of(major);
    }
    if (form.accept("label")) {
      return engine.withLabel(form.label());
    }
    form.end("label");
    return engine;
  }
}
