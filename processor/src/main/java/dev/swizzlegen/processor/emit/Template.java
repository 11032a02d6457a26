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
    for (Binding binding : BINDINGS.get(type)) {
      if (binding.kind() == Kind.GROUP) {
        names.addAll(variables(binding.component().getType().asSubclass(Record.class)));
        continue;
      }
      names.add(binding.component().getName());
      if (binding.kind() == Kind.SECTION) {
        names.addAll(variables(element(binding.component()).asSubclass(Record.class)));
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

  /** What a component of a variables record is to the template, by its declared type. */
  private enum Kind {
    /** A record: its components are variables of the same scope. */
    GROUP,
    /** A {@code boolean}. */
    FLAG,
    /** A {@code String} or a number: one line. */
    SLOT,
    /** A {@code List<String>}: a slot of lines. */
    LINES,
    /** A {@code List} of records: a section repeated once for each. */
    SECTION;

    static Kind of(RecordComponent component) {
      Class<?> type = component.getType();
      if (type.isRecord()) {
        return GROUP;
      } else if (type == boolean.class) {
        return FLAG;
      } else if (type == String.class || type == int.class || type == long.class) {
        return SLOT;
      } else if (type == List.class) {
        return element(component) == String.class ? LINES : SECTION;
      }
      throw new IllegalStateException("variable " + component.getName() + " of "
          + component.getDeclaringRecord().getSimpleName() + " is no slot, flag or section");
    }
  }

  /** A component of a variables record and what it is to the template. */
  private record Binding(RecordComponent component, Kind kind) {}

  /** The element type of a {@code List} component. */
  private static Class<?> element(RecordComponent component) {
    return (Class<?>) ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0];
  }

  /** Each variables record's components, read and told apart once per type (a header per tile). */
  private static final ClassValue<List<Binding>> BINDINGS = new ClassValue<>() {
    @Override
    protected List<Binding> computeValue(Class<?> type) {
      return java.util.Arrays.stream(type.getRecordComponents())
          .map(component -> new Binding(component, Kind.of(component))).toList();
    }
  };

  private void fill(Item scope, Record variables, boolean top) {
    for (Binding binding : BINDINGS.get(variables.getClass())) {
      Object value;
      try {
        value = binding.component().getAccessor().invoke(variables);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
      String name = binding.component().getName();
      switch (binding.kind()) {
        case GROUP -> fill(scope, (Record) value, top);
        case FLAG -> scope.flags.put(name, (Boolean) value);
        case SLOT -> {
          String text = value.toString();
          scope.slots.put(name, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        }
        case LINES -> scope.slots.put(name, String.join("\n", ((List<?>) value).stream()
            .map(String.class::cast).toList()));
        case SECTION -> {
          if (!top) {
            throw new IllegalStateException(shape.name + ": section " + name + " inside a section");
          }
          List<Item> items = new ArrayList<>();
          for (Object each : (List<?>) value) {
            Item item = new Item();
            fill(item, (Record) each, false);
            items.add(item);
          }
          repeated.put(name, List.copyOf(items));
        }
      }
    }
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
      i = shape.lines.get(i).render(this, i, item, out);
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
  private sealed interface Line permits Open, Close, LineSlot, Pieces {
    /**
     * Renders the line, line {@code at} of {@code template}, with {@code item}'s values first; the
     * last line it took (a section's close).
     */
    int render(Template template, int at, Item item, StringBuilder out);
  }

  /** {@code {{#flag}}}: a section begins; its {@link Close} is line {@code close}. */
  private record Open(String flag, int close) implements Line {
    @Override
    public int render(Template template, int at, Item item, StringBuilder out) {
      List<Item> items = template.repeated.get(flag);
      if (items != null) {
        for (Item each : items) {
          template.render(at + 1, close, each, out);
        }
      } else if (template.flag(flag, item)) {
        template.render(at + 1, close, item, out);
      }
      return close;
    }
  }

  /** {@code {{/flag}}}: the section ends. */
  private record Close(String flag) implements Line {
    @Override
    public int render(Template template, int at, Item item, StringBuilder out) {
      return at;
    }
  }

  /** A line of only {@code <indent>{{slot}}}: the slot's lines, each after the indent. */
  private record LineSlot(String indent, String slot) implements Line {
    @Override
    public int render(Template template, int at, Item item, StringBuilder out) {
      String text = template.slot(slot, item);
      if (!text.isEmpty()) {
        for (String filled : text.split("\n", -1)) {
          out.append(filled.isEmpty() ? "" : indent).append(filled).append('\n');
        }
      }
      return at;
    }
  }

  /** Text and slots alternating: text at even indices, slot names at odd ones. */
  private record Pieces(List<String> pieces) implements Line {
    @Override
    public int render(Template template, int at, Item item, StringBuilder out) {
      for (int piece = 0; piece < pieces.size(); piece++) {
        if (piece % 2 == 0) {
          out.append(pieces.get(piece));
        } else {
          String text = template.slot(pieces.get(piece), item);
          if (text.indexOf('\n') >= 0) {
            throw new IllegalStateException(template.shape.name + ": slot " + pieces.get(piece)
                + " inside a line has several lines");
          }
          out.append(text);
        }
      }
      out.append('\n');
      return at;
    }
  }

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
