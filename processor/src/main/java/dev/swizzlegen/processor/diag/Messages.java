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
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every error in words and on its attribute, from its kind's entry in the catalog
 * {@code messages.txt} beside this class, whose {@code {{name}}} slots {@link MessageFamily} fills.
 * A family's fragments are registered when one of its keys is first worded: loading them all was a
 * fifth of a cold processor's start-up, where a clean build words only wgmma's.
 */
public final class Messages<K> {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  /** The model's violations. */
  public static final Messages<Violation> VIOLATIONS = new Messages<>(Map.of(
      SwizzleViolation.class, () -> { },
      LayoutViolation.class, TileMessages::layoutFragments,
      CuteViolation.class, TileMessages::cuteFragments,
      AccessViolation.class, AccessMessages::accessFragments,
      ArchitectureViolation.class, AccessMessages::architectureFragments,
      RasterViolation.class, () -> { },
      TmaViolation.class, AccessMessages::tmaFragments,
      MmaViolation.class, AccessMessages::mmaFragments));

  /** What a reader finds wrong with an annotation's shape before the model is asked. */
  public static final Messages<ShapeError> SHAPES =
      new Messages<>(Map.of(ShapeError.class, TileMessages::shapeFragments));

  /** A {@code @SharedStorage}'s faults: the reader's {@link StorageError}s and the model's. */
  public static final Messages<Object> STORAGE = new Messages<>(Map.of(
      StorageError.class, StorageMessages::readerFragments,
      StorageViolation.class, StorageMessages::modelFragments));

  /** What goes wrong with an annotated element as a whole. */
  public static final Messages<ElementError> ELEMENT =
      new Messages<>(Map.of(ElementError.class, () -> { }));

  /** Words said inside another error's message, which blames ({@link Phrase}). */
  public static final Messages<Phrase> PHRASES =
      new Messages<>(Map.of(Phrase.class, () -> { }));

  /** A kind's entry in the catalog: the attribute it blames, its format. */
  private record Entry(String blame, String text) {}

  /** The catalog, {@code "LayoutViolation.RowsNotPositive"} to its entry, read on first use. */
  private static Map<String, Entry> catalog;

  /** Each family (a sealed interface) and what registers its fragments. */
  private final Map<Class<?>, Runnable> families;
  private final Set<Class<?>> loaded = new HashSet<>();

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
    return fill(entryOf(key).text(), key, pasted);
  }

  /** The attribute at fault. */
  public Blame.Attribute blame(K key) {
    return Blame.Attribute.parse(fill(entryOf(key).blame(), key, false));
  }

  private static String fill(String format, Object key, boolean pasted) {
    Map<String, Object> own = MessageFamily.fragmentsOf(key, pasted);
    return SLOT.matcher(format).replaceAll(slot ->
        Matcher.quoteReplacement(text(MessageFamily.slot(key, own, slot.group(1)))));
  }

  /** The kinds that have an entry, every family's, for the law tests. */
  synchronized Set<Class<?>> kinds() {
    Set<Class<?>> kinds = new HashSet<>();
    for (Class<?> family : families.keySet()) {
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

  /** A key's entry, its family's fragments registered first where they are not yet. */
  private synchronized Entry entryOf(Object key) {
    Class<?> kind = key.getClass();
    List.of(kind.getInterfaces()).forEach(this::load);
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

  /** The catalog: after comments and blank lines, a kind and its blame, then its format. */
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

  private static String text(Object value) {
    if (value instanceof Cell cell) {
      return MessageFamily.cell(cell);
    }
    if (value instanceof Optional<?>) {
      // An optional part has its own words: a fragment says them.
      throw new IllegalArgumentException("an optional component needs a fragment: " + value);
    }
    return String.valueOf(value);
  }
}
