package dev.swizzlegen.processor.emit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated file's shape as readable text with named slots, in AutoValue's way (a resource beside
 * the code, filled by name), without a template library. Three forms, each a whole line except the
 * first:
 *
 * <ul>
 *   <li>{@code {{name}}} inside a line: the slot's text, which must be one line;
 *   <li>a line of only {@code <indent>{{name}}}: the slot's lines, each after the indent (an empty
 *       line stays empty); no line at all for an empty slot;
 *   <li>{@code {{#name}}} ... {@code {{/name}}}: the lines between, kept when the flag is set.
 * </ul>
 *
 * Filling is strict: a slot or flag the template reaches must be given, and everything given must be
 * named in the template, so a template and its writer cannot drift apart silently.
 */
public final class Template {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");
  private static final Pattern LINE_SLOT = Pattern.compile("([ ]*)\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");
  private static final Pattern SECTION = Pattern.compile("\\{\\{([#/])([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  private final String name;
  private final List<String> lines;
  private final Map<String, String> slots = new LinkedHashMap<>();
  private final Map<String, Boolean> flags = new LinkedHashMap<>();

  private Template(String name, String text) {
    this.name = name;
    this.lines = text.lines().toList();
  }

  /** The template in {@code resource}, beside {@code owner}'s class file. */
  public static Template load(Class<?> owner, String resource) {
    try (InputStream in = owner.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no template " + resource + " beside " + owner.getName());
      }
      return new Template(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A template of {@code text}, for tests. */
  public static Template of(String text) {
    return new Template("<text>", text);
  }

  /** Fills slot {@code slot} with {@code text} (lines joined by newlines, no final newline needed). */
  public Template set(String slot, String text) {
    slots.put(slot, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
    return this;
  }

  /** Fills slot {@code slot} with {@code lines}. */
  public Template set(String slot, List<String> lines) {
    return set(slot, String.join("\n", lines));
  }

  /** Sets flag {@code flag}: whether its section is kept. */
  public Template flag(String flag, boolean value) {
    flags.put(flag, value);
    return this;
  }

  /** The filled text, each line ending in a newline. */
  public String render() {
    StringBuilder out = new StringBuilder(4096);
    Deque<String> open = new ArrayDeque<>();
    int skipping = 0;
    for (String line : lines) {
      Matcher section = SECTION.matcher(line.strip());
      if (section.matches()) {
        String flag = section.group(2);
        if (section.group(1).equals("#")) {
          Boolean value = flags.get(flag);
          if (value == null) {
            throw new IllegalStateException(name + ": flag " + flag + " not set");
          }
          open.push(flag);
          skipping += skipping > 0 || !value ? 1 : 0;
        } else {
          if (!flag.equals(open.peek())) {
            throw new IllegalStateException(name + ": {{/" + flag + "}} closes no section");
          }
          open.pop();
          skipping = Math.max(0, skipping - 1);
        }
        continue;
      }
      if (skipping > 0) {
        continue;
      }
      Matcher whole = LINE_SLOT.matcher(line);
      if (whole.matches()) {
        String text = slot(whole.group(2));
        if (!text.isEmpty()) {
          for (String filled : text.split("\n", -1)) {
            out.append(filled.isEmpty() ? "" : whole.group(1)).append(filled).append('\n');
          }
        }
        continue;
      }
      Matcher slot = SLOT.matcher(line);
      StringBuilder filled = new StringBuilder();
      while (slot.find()) {
        String text = slot(slot.group(1));
        if (text.contains("\n")) {
          throw new IllegalStateException(name + ": slot " + slot.group(1) + " inside a line has"
              + " several lines");
        }
        slot.appendReplacement(filled, Matcher.quoteReplacement(text));
      }
      slot.appendTail(filled);
      out.append(filled).append('\n');
    }
    if (!open.isEmpty()) {
      throw new IllegalStateException(name + ": section " + open.peek() + " not closed");
    }
    Set<String> named = new HashSet<>();
    for (String line : lines) {
      Matcher slot = SLOT.matcher(line);
      while (slot.find()) {
        named.add(slot.group(1));
      }
      Matcher section = SECTION.matcher(line);
      while (section.find()) {
        named.add("#" + section.group(2));
      }
    }
    for (String given : slots.keySet()) {
      if (!named.contains(given)) {
        throw new IllegalStateException(name + ": slot " + given + " not in the template");
      }
    }
    for (String given : flags.keySet()) {
      if (!named.contains("#" + given)) {
        throw new IllegalStateException(name + ": flag " + given + " not in the template");
      }
    }
    return out.toString();
  }

  private String slot(String slot) {
    String text = slots.get(slot);
    if (text == null) {
      throw new IllegalStateException(name + ": slot " + slot + " not set");
    }
    return text;
  }
}
