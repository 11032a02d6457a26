package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.layout.CuteViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import dev.swizzlegen.runtime.raster.RasterViolation;
import dev.swizzlegen.runtime.storage.StorageViolation;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every error in words and on its attribute, one registry per kind of key: the model's violations
 * ({@link #VIOLATIONS}), the readers' shape errors ({@link #SHAPES}), a storage's faults, the
 * reader's and the model's ({@link #STORAGE}), and an element's as a whole ({@link #ELEMENT}). A
 * key is a record; each kind of it (each record class) has one format, whose {@code {{name}}}
 * slots are the record's components or, where the words depend on the values (a plural, a clause
 * present or not, a nested fault), a fragment the kind computes; and one blame rule, the attribute
 * at fault. The model carries no prose: the family
 * classes ({@link TileMessages}, {@link AccessMessages}, {@link EngineMessages},
 * {@link ShapeMessages}, {@link StorageMessages}) are this class's data.
 *
 * <p>A component is written as its value: a number, an enum's name ({@code HALF}), a swizzle
 * ({@code Swizzle<3,3,3>}), a {@link Cell} as {@code (row 2, col 32)}. Rendering is strict: a slot
 * the kind neither has nor computes, or an optional component without a fragment to word it, is a
 * bug, which the law tests find for every kind.
 *
 * <p>A family's formats, and the records they name, are registered when one of its keys is first
 * put in words, not all of them in every javac run (they were a fifth of the cold processor's
 * start-up, where a clean build words only wgmma's).
 *
 * @param <K> the keys: what every record of the registry's families implements
 */
public final class Messages<K> {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  /** The model's violations, each family registered by the class that words it. */
  public static final Messages<Violation> VIOLATIONS = new Messages<>(Map.of(
      SwizzleViolation.class, TileMessages::swizzleFormats,
      LayoutViolation.class, TileMessages::layoutFormats,
      CuteViolation.class, TileMessages::cuteFormats,
      AccessViolation.class, AccessMessages::accessFormats,
      ArchitectureViolation.class, AccessMessages::architectureFormats,
      RasterViolation.class, AccessMessages::rasterFormats,
      TmaViolation.class, EngineMessages::tmaFormats,
      MmaViolation.class, EngineMessages::mmaFormats));

  /** What a reader finds wrong with an annotation's shape before the model is asked. */
  public static final Messages<ShapeError> SHAPES =
      new Messages<>(Map.of(ShapeError.class, ShapeMessages::formats));

  /** A {@code @SharedStorage}'s faults: the reader's {@link StorageError}s and the model's. */
  public static final Messages<Object> STORAGE = new Messages<>(Map.of(
      StorageError.class, StorageMessages::readerFormats,
      StorageViolation.class, StorageMessages::modelFormats));

  /** What goes wrong with an annotated element as a whole. */
  public static final Messages<ElementError> ELEMENT = new Messages<>(Map.of(
      ElementError.class, () -> format(ElementError.Failed.class, Blame.Attribute.ELEMENT,
          "swizzlegen failed on {{subject}} {{type}} ({{bug}}); this is a bug in swizzlegen,"
          + " please report it with this annotation.")));

  /**
   * A kind's words and blame: the format, the fragments it fills beside the record's components
   * (which may depend on whether the tile was declared in CuTe's notation: a suggestion is then a
   * layout), and the attribute at fault.
   */
  private record Format<V>(
      String text, BiFunction<V, Boolean, Map<String, Object>> fragments, Blame.Rule<V> blame) {}

  /** Each family (a sealed interface) and what registers its formats. */
  private final Map<Class<?>, Runnable> families;
  private final Set<Class<?>> loaded = new HashSet<>();
  private final Map<Class<?>, Format<?>> formats = new HashMap<>();

  private Messages(Map<Class<?>, Runnable> families) {
    this.families = families;
  }

  /** The key in words: one or more sentences, without the element's or the access's name. */
  public String render(K key) {
    return render(key, false);
  }

  /**
   * The key in words, its suggestions written as the tile was declared: as attributes, or for a
   * tile declared with {@code layout} ({@code pasted}) as a layout in CuTe's notation.
   */
  public String render(K key, boolean pasted) {
    return fill(formatOf(key), key, pasted);
  }

  /** The attribute at fault. */
  public Blame.Attribute blame(K key) {
    return blame(formatOf(key), key);
  }

  /** The kinds that have a format and a blame rule, every family's, for the law tests. */
  synchronized Set<Class<?>> kinds() {
    families.keySet().forEach(this::load);
    return Set.copyOf(formats.keySet());
  }

  /**
   * A kind whose words are its components', in the registry of its family; {@code blame} is the
   * attribute at fault, or the rule that decides it.
   */
  static <V> void format(Class<V> kind, Blame.Rule<? super V> blame, String text) {
    format(kind, blame, text, key -> Map.of());
  }

  /** A kind whose words need fragments computed from its values. */
  static <V> void format(Class<V> kind, Blame.Rule<? super V> blame, String text,
      Function<V, Map<String, Object>> fragments) {
    formatAsDeclared(kind, blame, text, (key, pasted) -> fragments.apply(key));
  }

  /** A kind whose fragments suggest a tile, written as the tile was declared. */
  static <V> void formatAsDeclared(Class<V> kind, Blame.Rule<? super V> blame, String text,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    Format<V> format = new Format<>(text, fragments, blame::of);
    for (Messages<?> registry : List.of(VIOLATIONS, SHAPES, STORAGE, ELEMENT)) {
      if (Arrays.stream(kind.getInterfaces()).anyMatch(registry.families::containsKey)) {
        if (registry.formats.putIfAbsent(kind, format) != null) {
          throw new IllegalStateException("two formats for " + kind.getSimpleName());
        }
        return;
      }
    }
    throw new IllegalArgumentException(kind.getName() + " is of no family of messages");
  }

  /** The format of a key's kind, its family's formats registered first where they are not yet. */
  private synchronized Format<?> formatOf(Object key) {
    for (Class<?> family : key.getClass().getInterfaces()) {
      load(family);
    }
    Format<?> format = formats.get(key.getClass());
    if (format == null) {
      throw new IllegalArgumentException("no format for " + key.getClass().getName());
    }
    return format;
  }

  private void load(Class<?> family) {
    Runnable register = families.get(family);
    if (register != null && loaded.add(family)) {
      register.run();
    }
  }

  @SuppressWarnings("unchecked") // formats maps each class to the format of that class
  private static <V> Blame.Attribute blame(Format<V> format, Object key) {
    return format.blame().of((V) key);
  }

  @SuppressWarnings("unchecked") // formats maps each class to the format of that class
  private static <V> String fill(Format<V> format, Object key, boolean pasted) {
    Map<String, Object> fragments = format.fragments().apply((V) key, pasted);
    Matcher slot = SLOT.matcher(format.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = fragments.containsKey(name) ? fragments.get(name) : component(key, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(text(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  /** The record component {@code name} of a key. */
  private static Object component(Object key, String name) {
    for (RecordComponent component : key.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(key);
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + name + " of " + key, e);
        }
      }
    }
    throw new IllegalArgumentException("the format of " + key.getClass().getSimpleName()
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
}
