package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.raster.RasterViolation;
import dev.swizzlegen.runtime.storage.StorageViolation;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every error in words and on its attribute, one registry per kind of key: the model's violations
 * ({@link #VIOLATIONS}), the readers' shape errors ({@link #SHAPES}), a storage's faults, the
 * reader's and the model's ({@link #STORAGE}), an element's as a whole ({@link #ELEMENT}), and the
 * words said inside them ({@link #PHRASES}, which blame nothing of their own: {@code inside}). A
 * key is a record; each kind of it (each record class) has one entry in the catalog
 * {@code messages.txt} beside this class: its format, whose {@code {{name}}} slots are the record's
 * components or, where the words depend on the values (a plural, a clause present or not, a nested
 * fault), fragments the kind computes; and its blame, the attribute at fault, or {@code computed}
 * where the values decide it. The fragments and the computed blame rules are code, registered by
 * the family classes ({@link TileMessages}, {@link AccessMessages}, {@link EngineMessages},
 * {@link ShapeMessages}, {@link StorageMessages}) with {@link #fragments} and {@link #blame}; a
 * family's fragments apply to each of its kinds. The model carries no prose.
 *
 * <p>A component is written as its value: a number, an enum's name ({@code HALF}), a swizzle
 * ({@code Swizzle<3,3,3>}), a {@link Cell} as {@code (row 2, col 32)}. Rendering is strict: a slot
 * the kind neither has nor computes, an optional component without a fragment to word it, a kind
 * without an entry, a computed blame without its rule or a fixed one with a rule as well is a bug,
 * which the law tests find for every kind.
 *
 * <p>A family's fragments and rules, and the records they name, are registered when one of its
 * keys is first put in words, not all of them in every javac run (they were a fifth of the cold
 * processor's start-up, where a clean build words only wgmma's).
 *
 * @param <K> the keys: what every record of the registry's families implements
 */
public final class Messages<K> {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  /** The model's violations, each family's fragments registered by the class that words it. */
  public static final Messages<Violation> VIOLATIONS = new Messages<>(Map.of(
      SwizzleViolation.class, TileMessages::swizzleFragments,
      LayoutViolation.class, TileMessages::layoutFragments,
      CuteViolation.class, TileMessages::cuteFragments,
      AccessViolation.class, AccessMessages::accessFragments,
      ArchitectureViolation.class, AccessMessages::architectureFragments,
      RasterViolation.class, () -> { },
      TmaViolation.class, EngineMessages::tmaFragments,
      MmaViolation.class, EngineMessages::mmaFragments));

  /** What a reader finds wrong with an annotation's shape before the model is asked. */
  public static final Messages<ShapeError> SHAPES =
      new Messages<>(Map.of(ShapeError.class, ShapeMessages::shapeFragments));

  /** A {@code @SharedStorage}'s faults: the reader's {@link StorageError}s and the model's. */
  public static final Messages<Object> STORAGE = new Messages<>(Map.of(
      StorageError.class, StorageMessages::readerFragments,
      StorageViolation.class, StorageMessages::modelFragments));

  /** What goes wrong with an annotated element as a whole. */
  public static final Messages<ElementError> ELEMENT =
      new Messages<>(Map.of(ElementError.class, () -> { }));

  /** Words said inside an error's message, which blames ({@link Phrase}). */
  public static final Messages<Phrase> PHRASES =
      new Messages<>(Map.of(Phrase.class, () -> { }));

  /** A kind's entry in the catalog: the attribute it blames (or {@code computed}), its format. */
  private record Entry(String blame, String text) {}

  /** The catalog, {@code "LayoutViolation.RowsNotPositive"} to its entry, read on first use. */
  private static Map<String, Entry> catalog;

  /** Each family (a sealed interface) and what registers its fragments and rules. */
  private final Map<Class<?>, Runnable> families;
  private final Set<Class<?>> loaded = new HashSet<>();
  private final Map<Class<?>, BiFunction<Object, Boolean, Map<String, Object>>> fragments =
      new ConcurrentHashMap<>();
  private final Map<Class<?>, Blame.Rule<Object>> rules = new ConcurrentHashMap<>();

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
    Entry entry = entryOf(key);
    Map<String, Object> values = new HashMap<>();
    for (Class<?> kind : kindAndFamilies(key.getClass())) {
      values.putAll(fragments.getOrDefault(kind, (k, p) -> Map.of()).apply(key, pasted));
    }
    Matcher slot = SLOT.matcher(entry.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = values.containsKey(name) ? values.get(name) : component(key, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(text(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  /** The attribute at fault. */
  public Blame.Attribute blame(K key) {
    Entry entry = entryOf(key);
    Blame.Rule<Object> rule = rules.get(key.getClass());
    if (entry.blame().equals("computed") == (rule == null)) {
      throw new IllegalStateException(key.getClass().getSimpleName() + " has blame "
          + entry.blame() + (rule == null ? " and no rule" : " and a rule besides"));
    }
    return rule != null ? rule.of(key) : Blame.Attribute.parse(entry.blame());
  }

  /** The kinds that have an entry, every family's, for the law tests. */
  synchronized Set<Class<?>> kinds() {
    Set<Class<?>> kinds = new HashSet<>();
    for (Class<?> family : families.keySet()) {
      load(family);
      for (String name : catalog().keySet()) {
        if (name.startsWith(family.getSimpleName() + ".")) {
          try {
            kinds.add(Class.forName(family.getPackageName() + "." + name.replace('.', '$')));
          } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the catalog names " + name + ", which is no kind", e);
          }
        }
      }
    }
    return kinds;
  }

  /**
   * The fragments of {@code kind}: a record's, or a family's (a sealed interface), which every kind
   * of it fills beside its own; registered in the registry of its family.
   */
  static <V> void fragments(Class<V> kind, Function<V, Map<String, Object>> fragments) {
    fragmentsAsDeclared(kind, (key, pasted) -> fragments.apply(key));
  }

  /** Fragments that suggest a tile, written as the tile was declared. */
  @SuppressWarnings("unchecked") // applied to keys of that kind only
  static <V> void fragmentsAsDeclared(Class<V> kind,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    put(registryOf(kind).fragments, kind, (key, pasted) -> fragments.apply((V) key, pasted));
  }

  /** The rule of a kind whose catalog entry blames {@code computed}: its values decide. */
  @SuppressWarnings("unchecked") // applied to keys of that kind only
  static <V> void blame(Class<V> kind, Blame.Rule<? super V> rule) {
    put(registryOf(kind).rules, kind, key -> rule.of((V) key));
  }

  private static <T> void put(Map<Class<?>, T> map, Class<?> kind, T value) {
    if (map.putIfAbsent(kind, value) != null) {
      throw new IllegalStateException("two registrations for " + kind.getSimpleName());
    }
  }

  /** The registry whose families {@code kind} is, or is of. */
  private static Messages<?> registryOf(Class<?> kind) {
    for (Messages<?> registry : List.of(VIOLATIONS, SHAPES, STORAGE, ELEMENT)) {
      if (kindAndFamilies(kind).stream().anyMatch(registry.families::containsKey)) {
        return registry;
      }
    }
    throw new IllegalArgumentException(kind.getName() + " is of no family of messages");
  }

  private static List<Class<?>> kindAndFamilies(Class<?> kind) {
    List<Class<?>> classes = new ArrayList<>(List.of(kind.getInterfaces()));
    classes.add(kind);
    return classes;
  }

  /** A key's entry, its family's fragments and rules registered first where they are not yet. */
  private synchronized Entry entryOf(Object key) {
    Class<?> kind = key.getClass();
    kindAndFamilies(kind).forEach(this::load);
    Entry entry = catalog().get(kind.getName().substring(kind.getPackageName().length() + 1)
        .replace('$', '.'));
    if (entry == null) {
      throw new IllegalArgumentException("no format for " + kind.getName());
    }
    return entry;
  }

  private void load(Class<?> family) {
    Runnable register = families.get(family);
    if (register != null && loaded.add(family)) {
      register.run();
    }
  }

  /**
   * The catalog: after comments ({@code #}) and blank lines, each kind's line, its name and its
   * blame, then its format on one indented line.
   */
  private static synchronized Map<String, Entry> catalog() {
    if (catalog == null) {
      Map<String, Entry> entries = new HashMap<>();
      try (InputStream in = Messages.class.getResourceAsStream("messages.txt")) {
        List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
            .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        for (int i = 0; i < lines.size(); i += 2) {
          String[] kind = lines.get(i).split(" ");
          if (kind.length != 2 || !lines.get(i + 1).startsWith("    ")
              || entries.put(kind[0], new Entry(kind[1], lines.get(i + 1).substring(4))) != null) {
            throw new IllegalStateException("messages.txt: no entry at " + lines.get(i));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      catalog = Map.copyOf(entries);
    }
    return catalog;
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
