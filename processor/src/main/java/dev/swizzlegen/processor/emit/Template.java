package dev.swizzlegen.processor.emit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A generated file's shape as readable text with named slots, in AutoValue's way (a resource beside
 * the code, filled by name), without a template library. Three forms, each a whole line except the
 * first:
 *
 * <ul>
 *   <li>{@code {{name}}} inside a line: the slot's text, which must be one line;
 *   <li>a line of only {@code <indent>{{name}}}: the slot's lines, each after the indent (an empty
 *       line stays empty); no line at all for an empty slot;
 *   <li>{@code {{#name}}} ... {@code {{/name}}}: the lines between, kept when the flag is set; or,
 *       for a section given a list of records, rendered once for each, each item's slots and
 *       flags first (a tile's operand reads: one section, as many reads as the tile has).
 * </ul>
 *
 * <p>A template is filled from its variables, typed, as one record ({@link #fill}): a component
 * of type {@code String} or a number is a slot, a {@code List<String>} a slot of lines, a
 * {@code boolean} a flag, a {@code List} of records a section repeated once for each (each record
 * the repetition's variables), and a record a group whose components are variables of the same
 * scope (a writer's part of the header: TMA's, the reads'). Filling is strict: a slot or flag the
 * template reaches must be given, and everything given must be named in the template, so a template
 * and its variables cannot drift apart silently; {@link #variables} answers what a record gives, for
 * a test to hold it equal to what the template names.
 *
 * <p>A template's text is read and cut into its lines' pieces once per resource (a header per tile
 * is rendered from it: reading and matching it again for every tile was a tenth of a build).
 */
public final class Template {
  /** Parsed templates by resource, each read once. */
  private static final Map<String, Shape> LOADED = new ConcurrentHashMap<>();

  private final Shape shape;
  /** The template's own slots and flags, which every repetition falls back on. */
  private final Item own = new Item();
  private final Map<String, List<Item>> repeated = new LinkedHashMap<>();

  /** The slots and flags of one scope: the template's own, or one repetition of a section. */
  private static final class Item {
    private final Map<String, String> slots = new LinkedHashMap<>();
    private final Map<String, Boolean> flags = new LinkedHashMap<>();
  }

  private Template(Shape shape) {
    this.shape = shape;
  }

  /** The template in {@code resource}, beside {@code owner}'s class file. */
  public static Template load(Class<?> owner, String resource) {
    Shape shape = LOADED.computeIfAbsent(owner.getName() + " " + resource,
        key -> Shape.parse(resource, read(owner, resource)));
    return new Template(shape);
  }

  private static String read(Class<?> owner, String resource) {
    try (InputStream in = owner.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no template " + resource + " beside " + owner.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A template of {@code text}, for tests. */
  public static Template of(String text) {
    return new Template(Shape.parse("<text>", text));
  }

  /**
   * Fills the template from {@code variables}, a record whose components are named as the
   * template's slots, flags and repeated sections (see the class comment for their types).
   */
  public Template fill(Record variables) {
    fill(own, variables, true);
    return this;
  }

  /**
   * The names of the slots, flags and sections the variables of type {@code type} give, its
   * groups' and its sections' repetitions' included: what a test holds equal to the names the
   * template uses.
   */
  public static Set<String> variables(Class<? extends Record> type) {
    Set<String> names = new TreeSet<>();
    for (RecordComponent component : type.getRecordComponents()) {
      if (component.getType().isRecord()) {
        names.addAll(variables(component.getType().asSubclass(Record.class)));
        continue;
      }
      names.add(component.getName());
      if (component.getGenericType() instanceof ParameterizedType list
          && list.getActualTypeArguments()[0] instanceof Class<?> element && element.isRecord()) {
        names.addAll(variables(element.asSubclass(Record.class)));
      }
    }
    return names;
  }

  /** The slots, flags and sections the template names. */
  public Set<String> names() {
    Set<String> names = new TreeSet<>(shape.slots);
    names.addAll(shape.flags);
    return names;
  }

  /** Each variables record's components, read once per type (a header per tile is filled). */
  private static final ClassValue<RecordComponent[]> COMPONENTS = new ClassValue<>() {
    @Override
    protected RecordComponent[] computeValue(Class<?> type) {
      return type.getRecordComponents();
    }
  };

  private void fill(Item scope, Record variables, boolean top) {
    for (RecordComponent component : COMPONENTS.get(variables.getClass())) {
      Object value;
      try {
        value = component.getAccessor().invoke(variables);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
      String name = component.getName();
      if (value instanceof Record group) {
        fill(scope, group, top);
      } else if (value instanceof Boolean flag) {
        scope.flags.put(name, flag);
      } else if (value instanceof String || value instanceof Number) {
        String text = value.toString();
        scope.slots.put(name, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
      } else if (value instanceof List<?> list && isListOf(component, String.class)) {
        scope.slots.put(name, String.join("\n", list.stream().map(String.class::cast).toList()));
      } else if (value instanceof List<?> list && top) {
        List<Item> items = new ArrayList<>();
        for (Object each : list) {
          Item item = new Item();
          fill(item, (Record) each, false);
          items.add(item);
        }
        repeated.put(name, List.copyOf(items));
      } else {
        throw new IllegalStateException(shape.name + ": variable " + name + " of "
            + variables.getClass().getSimpleName() + " is no slot, flag or section");
      }
    }
  }

  /** Whether {@code component} is declared a {@code List<element>}. */
  private static boolean isListOf(RecordComponent component, Class<?> element) {
    return component.getGenericType() instanceof ParameterizedType list
        && list.getActualTypeArguments()[0] == element;
  }

  /** The filled text, each line ending in a newline. */
  public String render() {
    List<Map<String, String>> givenSlots = new ArrayList<>(List.of(own.slots));
    List<Map<String, Boolean>> givenFlags = new ArrayList<>(List.of(own.flags));
    for (Map.Entry<String, List<Item>> section : repeated.entrySet()) {
      if (!shape.flags.contains(section.getKey()) || own.flags.containsKey(section.getKey())) {
        throw new IllegalStateException(shape.name + ": section " + section.getKey()
            + " not in the template, or given a flag too");
      }
      for (Item item : section.getValue()) {
        givenSlots.add(item.slots);
        givenFlags.add(item.flags);
      }
    }
    for (Map<String, String> given : givenSlots) {
      for (String slot : given.keySet()) {
        if (!shape.slots.contains(slot)) {
          throw new IllegalStateException(shape.name + ": slot " + slot + " not in the template");
        }
      }
    }
    for (Map<String, Boolean> given : givenFlags) {
      for (String flag : given.keySet()) {
        if (!shape.flags.contains(flag)) {
          throw new IllegalStateException(shape.name + ": flag " + flag + " not in the template");
        }
      }
    }
    StringBuilder out = new StringBuilder(8192);
    render(0, shape.lines.size(), null, out);
    return out.toString();
  }

  /** Renders lines {@code from} to {@code to} (exclusive), with {@code item}'s values first. */
  private void render(int from, int to, Item item, StringBuilder out) {
    for (int i = from; i < to; i++) {
      Line line = shape.lines.get(i);
      if (line instanceof Open open) {
        List<Item> items = repeated.get(open.flag());
        if (items != null) {
          for (Item each : items) {
            render(i + 1, open.close(), each, out);
          }
        } else if (flag(open.flag(), item)) {
          render(i + 1, open.close(), item, out);
        }
        i = open.close();
      } else if (line instanceof LineSlot whole) {
        String text = slot(whole.slot(), item);
        if (!text.isEmpty()) {
          int start = 0;
          while (true) {
            int end = text.indexOf('\n', start);
            String filled = end < 0 ? text.substring(start) : text.substring(start, end);
            out.append(filled.isEmpty() ? "" : whole.indent()).append(filled).append('\n');
            if (end < 0) {
              break;
            }
            start = end + 1;
          }
        }
      } else {
        List<String> pieces = ((Pieces) line).pieces();
        for (int piece = 0; piece < pieces.size(); piece++) {
          if (piece % 2 == 0) {
            out.append(pieces.get(piece));
          } else {
            String text = slot(pieces.get(piece), item);
            if (text.indexOf('\n') >= 0) {
              throw new IllegalStateException(shape.name + ": slot " + pieces.get(piece)
                  + " inside a line has several lines");
            }
            out.append(text);
          }
        }
        out.append('\n');
      }
    }
  }

  /** Slot {@code slot}'s text: {@code item}'s (where one is rendered), else the template's. */
  private String slot(String slot, Item item) {
    String text = item != null && item.slots.containsKey(slot) ? item.slots.get(slot)
        : own.slots.get(slot);
    if (text == null) {
      throw new IllegalStateException(shape.name + ": slot " + slot + " not set");
    }
    return text;
  }

  /** Flag {@code flag}: {@code item}'s (where one is being rendered), else the template's. */
  private boolean flag(String flag, Item item) {
    Boolean value = item != null && item.flags.containsKey(flag) ? item.flags.get(flag)
        : own.flags.get(flag);
    if (value == null) {
      throw new IllegalStateException(shape.name + ": flag " + flag + " not set");
    }
    return value;
  }

  /** A template line, parsed. */
  private sealed interface Line permits Open, Close, LineSlot, Pieces {}

  /** {@code {{#flag}}}: a section begins; its {@link Close} is line {@code close}. */
  private record Open(String flag, int close) implements Line {}

  /** {@code {{/flag}}}: the section ends. */
  private record Close(String flag) implements Line {}

  /** A line of only {@code <indent>{{slot}}}. */
  private record LineSlot(String indent, String slot) implements Line {}

  /** Text and slots alternating: text at even indices, slot names at odd ones. */
  private record Pieces(List<String> pieces) implements Line {}

  /** A template's lines, parsed once, with every slot and flag it names. */
  private record Shape(String name, List<Line> lines, Set<String> slots, Set<String> flags) {
    static Shape parse(String name, String text) {
      List<Line> lines = new ArrayList<>();
      Set<String> slots = new TreeSet<>();
      Set<String> flags = new TreeSet<>();
      Deque<String> open = new ArrayDeque<>();
      Deque<Integer> openAt = new ArrayDeque<>();
      for (String line : text.lines().toList()) {
        String stripped = line.strip();
        String section = stripped.length() > 5 && stripped.startsWith("{{")
            && (stripped.charAt(2) == '#' || stripped.charAt(2) == '/') && stripped.endsWith("}}")
            ? identifier(stripped, 3) : null;
        if (section != null && 3 + section.length() + 2 == stripped.length()) {
          if (stripped.charAt(2) == '#') {
            open.push(section);
            openAt.push(lines.size());
            flags.add(section);
            lines.add(new Open(section, -1));
          } else {
            if (!section.equals(open.peek())) {
              throw new IllegalStateException(name + ": {{/" + section + "}} closes no section");
            }
            open.pop();
            lines.set(openAt.pop(), new Open(section, lines.size()));
            lines.add(new Close(section));
          }
          continue;
        }
        List<String> pieces = pieces(line);
        for (int i = 1; i < pieces.size(); i += 2) {
          slots.add(pieces.get(i));
        }
        if (pieces.size() == 3 && pieces.get(2).isEmpty()
            && pieces.get(0).chars().allMatch(c -> c == ' ')) {
          lines.add(new LineSlot(pieces.get(0), pieces.get(1)));
        } else {
          lines.add(new Pieces(pieces));
        }
      }
      if (!open.isEmpty()) {
        throw new IllegalStateException(name + ": section " + open.peek() + " not closed");
      }
      return new Shape(name, List.copyOf(lines), Set.copyOf(slots), Set.copyOf(flags));
    }

    /** A line cut at its {@code {{slot}}}s: text, slot, text, ..., text. */
    private static List<String> pieces(String line) {
      List<String> pieces = new ArrayList<>();
      int from = 0;
      int at = line.indexOf("{{");
      while (at >= 0) {
        String slot = identifier(line, at + 2);
        int end = slot == null ? -1 : at + 2 + slot.length();
        if (end >= 0 && line.startsWith("}}", end)) {
          pieces.add(line.substring(from, at));
          pieces.add(slot);
          from = end + 2;
          at = line.indexOf("{{", from);
        } else {
          at = line.indexOf("{{", at + 1);
        }
      }
      pieces.add(line.substring(from));
      return pieces;
    }

    /** The identifier ({@code [a-zA-Z][a-zA-Z0-9]*}) at {@code start}, or null. */
    private static String identifier(String text, int start) {
      int end = start;
      while (end < text.length() && (isAsciiLetter(text.charAt(end))
          || end > start && text.charAt(end) >= '0' && text.charAt(end) <= '9')) {
        end++;
      }
      return end > start ? text.substring(start, end) : null;
    }

    private static boolean isAsciiLetter(char c) {
      return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }
  }
}
