package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.UserText;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Writes the report's JSON: maps (in their iteration order), lists, strings, numbers, booleans and
 * null, indented by two spaces, so that the output is deterministic and diffs well.
 */
final class Json {
  private Json() {}

  /** A JSON object of {@code keysAndValues}, name then value, in that order; null prints null. */
  static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> object = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      object.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return object;
  }

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, "");
    return out.append('\n').toString();
  }

  private static void write(Object value, StringBuilder out, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      quote(text, out);
    } else if (value instanceof Double number) {
      out.append(number == Math.rint(number) && !number.isInfinite()
          ? String.format(Locale.ROOT, "%.1f", number)
          : Double.toString(number));
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      block(map.entrySet(), '{', '}', out, indent, (entry, inner) -> {
        quote(String.valueOf(entry.getKey()), out);
        out.append(": ");
        write(entry.getValue(), out, inner);
      });
    } else if (value instanceof List<?> list) {
      block(list, '[', ']', out, indent, (item, inner) -> write(item, out, inner));
    } else {
      throw new IllegalArgumentException("not JSON: " + value.getClass());
    }
  }

  /** {@code items} between {@code open} and {@code close}, one an indented line; none on one. */
  private static <T> void block(Collection<T> items, char open, char close, StringBuilder out,
      String indent, BiConsumer<T, String> write) {
    out.append(open);
    String inner = indent + "  ";
    String separator = "\n";
    for (T item : items) {
      out.append(separator).append(inner);
      write.accept(item, inner);
      separator = ",\n";
    }
    out.append(items.isEmpty() ? "" : "\n" + indent).append(close);
  }

  /**
   * A JSON string: {@link UserText#escaped}'s notation (printable ASCII whatever encoding javac
   * writes the file in, a label's bidirectional controls visible as escapes) is JSON's, quoted.
   */
  private static void quote(String text, StringBuilder out) {
    out.append('"').append(UserText.escaped(text).replace("\"", "\\\"")).append('"');
  }
}
