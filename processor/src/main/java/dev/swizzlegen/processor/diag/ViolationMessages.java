package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import dev.swizzlegen.runtime.raster.RasterViolation;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every violation of the model in words, for the diagnostics and the generated files alike: one
 * format string per kind of violation, whose {@code {{name}}} slots are the record's components or,
 * where the words depend on the values (a plural, a clause present or not, a nested violation), a
 * fragment the kind computes. The model carries no prose; this is the one place its violations are
 * worded.
 *
 * <p>A component is written as its value: a number, an enum's name ({@code HALF}), a swizzle
 * ({@code Swizzle<3,3,3>}), a {@link Cell} as {@code (row 2, col 32)}. Rendering is strict: a slot
 * the kind neither has nor computes is a bug, which the law test finds for every kind.
 */
public final class ViolationMessages {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  /**
   * A kind's words: the format, and the fragments it fills beside the record's components, which
   * may depend on whether the tile was declared in CuTe's notation (a suggestion is then a layout).
   */
  private record Format<V extends Violation>(
      String text, BiFunction<V, Boolean, Map<String, Object>> fragments) {}

  private static final Map<Class<? extends Violation>, Format<?>> FORMATS = new HashMap<>();

  /**
   * Each family of violations (a sealed interface of the model) and what registers its formats (in
   * {@link TileMessages}, {@link AccessMessages} and {@link EngineMessages}): a
   * family's formats, and the records they name, are loaded when one of its violations is first put
   * in words, not all of them in every javac run (they were a fifth of the cold processor's
   * start-up, where a clean build words only wgmma's).
   */
  private static final Map<Class<?>, Runnable> FAMILIES = Map.of(
      SwizzleViolation.class, TileMessages::swizzleFormats,
      LayoutViolation.class, TileMessages::layoutFormats,
      AccessViolation.class, AccessMessages::accessFormats,
      TmaViolation.class, EngineMessages::tmaFormats,
      MmaViolation.class, EngineMessages::mmaFormats,
      ArchitectureViolation.class, AccessMessages::architectureFormats,
      RasterViolation.class, AccessMessages::rasterFormats,
      CuteViolation.class, TileMessages::cuteFormats);

  /** The families whose formats are registered. */
  private static final Set<Class<?>> LOADED = new HashSet<>();

  private ViolationMessages() {}

  /** The violation in words: one or more sentences, without the tile's or the access's name. */
  public static String render(Violation violation) {
    return render(violation, false);
  }

  /**
   * The violation in words, its suggestions written as the tile was declared: as attributes, or
   * for a tile declared with {@code layout} ({@code pasted}) as a layout in CuTe's notation.
   */
  static String render(Violation violation, boolean pasted) {
    Format<?> format = formatOf(violation.getClass());
    if (format == null) {
      throw new IllegalArgumentException("no format for " + violation.getClass().getName());
    }
    return fill(format, violation, pasted);
  }

  /** The kinds that have a format: every record of {@link Violation}, as the law test checks. */
  static synchronized Set<Class<? extends Violation>> kinds() {
    FAMILIES.keySet().forEach(ViolationMessages::load);
    return Set.copyOf(FORMATS.keySet());
  }

  /** The format string of a kind, for the law test. */
  static String format(Class<? extends Violation> kind) {
    return formatOf(kind).text();
  }

  /** The format of a kind, its family's formats registered first where they are not yet. */
  private static synchronized Format<?> formatOf(Class<?> kind) {
    for (Class<?> family : kind.getInterfaces()) {
      load(family);
    }
    return FORMATS.get(kind);
  }

  private static void load(Class<?> family) {
    Runnable formats = FAMILIES.get(family);
    if (formats != null && LOADED.add(family)) {
      formats.run();
    }
  }

  private static <V extends Violation> String fill(Format<V> format, Violation violation,
      boolean pasted) {
    @SuppressWarnings("unchecked") // FORMATS maps each class to the format of that class
    V typed = (V) violation;
    Map<String, Object> fragments = format.fragments().apply(typed, pasted);
    Matcher slot = SLOT.matcher(format.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = fragments.containsKey(name) ? fragments.get(name) : component(typed, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(text(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  /** The record component {@code name} of a violation. */
  private static Object component(Violation violation, String name) {
    for (RecordComponent component : violation.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(violation);
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + name + " of " + violation, e);
        }
      }
    }
    throw new IllegalArgumentException("the format of " + violation.getClass().getSimpleName()
        + " names {{" + name + "}}, which it neither has nor computes");
  }

  private static String text(Object value) {
    if (value instanceof Cell cell) {
      return MessageWords.cell(cell);
    }
    if (value instanceof Optional<?>) {
      // An optional part has its own words: a fragment says them.
      throw new IllegalArgumentException("an optional component needs a fragment: " + value);
    }
    return String.valueOf(value);
  }

  static <V extends Violation> void format(Class<V> kind, String text) {
    format(kind, text, violation -> Map.of());
  }

  static <V extends Violation> void format(Class<V> kind, String text,
      Function<V, Map<String, Object>> fragments) {
    formatAsDeclared(kind, text, (violation, pasted) -> fragments.apply(violation));
  }

  /** A kind whose fragments suggest a tile, written as the tile was declared. */
  static <V extends Violation> void formatAsDeclared(Class<V> kind, String text,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    if (FORMATS.putIfAbsent(kind, new Format<>(text, fragments)) != null) {
      throw new IllegalStateException("two formats for " + kind.getSimpleName());
    }
  }
}
