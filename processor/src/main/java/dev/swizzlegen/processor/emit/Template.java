package dev.swizzlegen.processor.emit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated file's shape as readable text with named slots, in AutoValue's way (a resource beside
 * the code, filled by name): {@code {{name}}} inside a line, one line of text; a line of only
 * {@code <indent>{{name}}}, the slot's lines after the indent (none for an empty slot);
 * {@code {{#name}}} ... {@code {{/name}}}, the lines between where the flag is set, or once for
 * each record of a list (a tile's operand reads).
 *
 * <p>It is filled from one record of typed variables ({@link #fill}): a {@code String} or number
 * is a slot, a {@code List<String>} a slot of lines, a {@code boolean} a flag, a {@code List} of
 * records a repeated section, a record a group of variables of the same scope. Filling is strict
 * (what the template reaches must be given, what is given must be named once), so a template and
 * its variables cannot drift apart silently. A resource is parsed once.
 */
public final class Template {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)}}");
  private static final Pattern SECTION = Pattern.compile("\\{\\{([#/])([a-zA-Z][a-zA-Z0-9]*)}}");
  private static final Map<String, Shape> LOADED = new ConcurrentHashMap<>();

  private final Shape shape;
  private final Scope own = new Scope(null, new HashMap<>());
  /** The repeated sections' items, by section. */
  private final Map<String, List<Scope>> repeated = new HashMap<>();

  /** The slots' and flags' values of the template's own scope, or of a section's repetition. */
  private record Scope(Scope outer, Map<String, Object> values) {}

  private Template(Shape shape) {
    this.shape = shape;
  }

  /** The template in {@code resource}, beside {@code owner}'s class file. */
  public static Template load(Class<?> owner, String resource) {
    return new Template(LOADED.computeIfAbsent(owner.getName() + " " + resource,
        key -> Shape.parse(resource, read(owner, resource))));
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

  /** For tests. */
  public static Template of(String text) {
    return new Template(Shape.parse("<text>", text));
  }

  /** Fills the template from {@code variables}, a record named as the template's variables. */
  public Template fill(Record variables) {
    fill(own, variables);
    return this;
  }

  /** The names the variables of {@code type} give, groups' and sections' included (for tests). */
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

  /** What a component of a variables record is to the template. */
  private enum Kind {
    GROUP,
    FLAG,
    SLOT,
    LINES,
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
  private record Binding(RecordComponent component, Kind kind) {
    Object value(Record variables) {
      try {
        return component.getAccessor().invoke(variables);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** The element type of a {@code List} component. */
  private static Class<?> element(RecordComponent component) {
    return (Class<?>) ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0];
  }

  /** Each variables record's components, read and told apart once per type (a header per tile). */
  private static final ClassValue<List<Binding>> BINDINGS = new ClassValue<>() {
    @Override
    protected List<Binding> computeValue(Class<?> type) {
      return Arrays.stream(type.getRecordComponents())
          .map(component -> new Binding(component, Kind.of(component))).toList();
    }
  };

  private void fill(Scope scope, Record variables) {
    for (Binding binding : BINDINGS.get(variables.getClass())) {
      Object value = binding.value(variables);
      String name = binding.component().getName();
      switch (binding.kind()) {
        case GROUP -> fill(scope, (Record) value);
        case FLAG -> scope.values.put(named(scope, name, shape.flags), value);
        case SLOT -> {
          String text = value.toString();
          scope.values.put(named(scope, name, shape.slots),
              text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        }
        case LINES -> scope.values.put(named(scope, name, shape.slots),
            String.join("\n", ((List<?>) value).stream().map(String.class::cast).toList()));
        case SECTION -> {
          if (scope != own) {
            throw new IllegalStateException(shape.name + ": section " + name + " inside a section");
          }
          List<Scope> items = new ArrayList<>();
          for (Object each : (List<?>) value) {
            items.add(new Scope(own, new HashMap<>()));
            fill(items.get(items.size() - 1), (Record) each);
          }
          repeated.put(named(scope, name, shape.flags), List.copyOf(items));
        }
      }
    }
  }

  /** {@code name}, which the template must name among {@code names} and the scope not yet give. */
  private String named(Scope scope, String name, Set<String> names) {
    if (!names.contains(name) || scope.values.containsKey(name)
        || scope == own && repeated.containsKey(name)) {
      throw new IllegalStateException(shape.name + ": " + name + " not in the template as given,"
          + " or given twice");
    }
    return name;
  }

  /** The filled text, each line ending in a newline. */
  public String render() {
    StringBuilder out = new StringBuilder(8192);
    render(shape.lines, own, out);
    return out.toString();
  }

  private void render(List<Line> lines, Scope scope, StringBuilder out) {
    lines.forEach(line -> line.render(this, scope, out));
  }

  /** {@code name}'s value in {@code scope} or the scopes around it. */
  private Object find(Scope scope, String name) {
    for (Scope around = scope; around != null; around = around.outer) {
      Object value = around.values.get(name);
      if (value != null) {
        return value;
      }
    }
    throw new IllegalStateException(shape.name + ": " + name + " not set");
  }

  /** A template line, parsed. */
  private sealed interface Line permits Section, LineSlot, Pieces {
    void render(Template template, Scope scope, StringBuilder out);
  }

  /** {@code {{#flag}}} ... {@code {{/flag}}}: {@code body}, once a repetition or where set. */
  private record Section(String flag, List<Line> body) implements Line {
    @Override
    public void render(Template template, Scope scope, StringBuilder out) {
      List<Scope> items = template.repeated.get(flag);
      if (items != null) {
        items.forEach(item -> template.render(body, item, out));
      } else if ((Boolean) template.find(scope, flag)) {
        template.render(body, scope, out);
      }
    }
  }

  /** A line of only {@code <indent>{{slot}}}: the slot's lines, each after the indent. */
  private record LineSlot(String indent, String slot) implements Line {
    @Override
    public void render(Template template, Scope scope, StringBuilder out) {
      String text = (String) template.find(scope, slot);
      if (!text.isEmpty()) {
        for (String filled : text.split("\n", -1)) {
          out.append(filled.isEmpty() ? "" : indent).append(filled).append('\n');
        }
      }
    }
  }

  /** Text and slots alternating: text at even indices, slot names at odd ones. */
  private record Pieces(List<String> pieces) implements Line {
    @Override
    public void render(Template template, Scope scope, StringBuilder out) {
      for (int piece = 0; piece < pieces.size(); piece++) {
        String text = piece % 2 == 0 ? pieces.get(piece)
            : (String) template.find(scope, pieces.get(piece));
        if (text.indexOf('\n') >= 0) {
          throw new IllegalStateException(template.shape.name + ": slot " + pieces.get(piece)
              + " inside a line has several lines");
        }
        out.append(text);
      }
      out.append('\n');
    }
  }

  /** A template's lines, parsed once, with every slot and flag it names. */
  private record Shape(String name, List<Line> lines, Set<String> slots, Set<String> flags) {
    static Shape parse(String name, String text) {
      Set<String> slots = new TreeSet<>();
      Set<String> flags = new TreeSet<>();
      // The sections being read, innermost first, under the template's own lines.
      Deque<Section> open = new ArrayDeque<>(List.of(new Section("", new ArrayList<>())));
      for (String line : text.lines().toList()) {
        Matcher section = SECTION.matcher(line.strip());
        if (section.matches() && section.group(1).equals("#")) {
          Section opened = new Section(section.group(2), new ArrayList<>());
          open.peek().body().add(opened);
          open.push(opened);
          flags.add(opened.flag());
        } else if (section.matches()) {
          if (!open.peek().flag().equals(section.group(2))) {
            throw new IllegalStateException(name + ": {{/" + section.group(2) + "}} closes no"
                + " section");
          }
          open.pop();
        } else {
          // The line cut at its {{slot}}s: text, slot, text, ..., text.
          List<String> pieces = new ArrayList<>();
          Matcher slot = SLOT.matcher(line);
          int from = 0;
          while (slot.find()) {
            pieces.add(line.substring(from, slot.start()));
            pieces.add(slot.group(1));
            slots.add(slot.group(1));
            from = slot.end();
          }
          pieces.add(line.substring(from));
          open.peek().body().add(pieces.size() == 3 && pieces.get(2).isEmpty()
              && pieces.get(0).chars().allMatch(c -> c == ' ')
              ? new LineSlot(pieces.get(0), pieces.get(1)) : new Pieces(pieces));
        }
      }
      if (open.size() > 1) {
        throw new IllegalStateException(name + ": section " + open.peek().flag() + " not closed");
      }
      return new Shape(name, open.peek().body(), Set.copyOf(slots), Set.copyOf(flags));
    }
  }
}
