package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.notation.TextForm;
import java.util.List;

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
 * {@code op = STORE}, {@code TMA store from the tile} is {@code op = LOAD}. A tensor-core read is
 * its format's engine name ({@link MmaFormat#engineName()}: wgmma, UMMA for tcgen05) and the
 * operand's {@code major}. Last, the {@code label} when it is not the engine's description, quoted
 * as {@link TextForm} says.
 */
final class EngineText {
  private static final String LOAD_INTO_THE_TILE = "load into the tile";
  private static final String STORE_FROM_THE_TILE = "store from the tile";

  private EngineText() {}

  static String format(Tma tma) {
    return labelled(tma,
        "TMA " + (tma.op() == Op.STORE ? LOAD_INTO_THE_TILE : STORE_FROM_THE_TILE));
  }

  static String format(MmaRead read) {
    return labelled(read,
        read.format().engineName() + (read.major() == Major.K ? " K-major" : " MN-major"));
  }

  /** {@code words}, the engine's own, then its label where it is not the description. */
  private static String labelled(Engine engine, String words) {
    return engine.label().equals(engine.description())
        ? words
        : words + " label " + TextForm.quote(engine.label());
  }

  /** The engine {@code text} names; throws {@link IllegalArgumentException} naming what is wrong. */
  static Engine parse(String text) {
    TextForm form = new TextForm("an engine", text);
    Engine engine;
    List<MmaFormat> formats = MmaFormat.all();
    String[] names = new String[formats.size() + 1];
    names[0] = "TMA";
    for (int i = 0; i < formats.size(); i++) {
      names[i + 1] = formats.get(i).engineName();
    }
    String name = form.oneOf(names);
    if (name.equals("TMA")) {
      engine = Tma.of(form.oneOf(LOAD_INTO_THE_TILE, STORE_FROM_THE_TILE)
          .equals(LOAD_INTO_THE_TILE) ? Op.STORE : Op.LOAD);
    } else {
      Major major = form.oneOf("K-major", "MN-major").equals("K-major") ? Major.K : Major.MN;
      engine = null;
      for (MmaFormat format : formats) {
        if (format.engineName().equals(name)) {
          engine = MmaRead.of(format, major);
        }
      }
    }
    if (form.accept("label")) {
      return engine.withLabel(form.label());
    }
    form.end("label");
    return engine;
  }
}
