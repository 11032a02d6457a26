package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.UserText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the report's JSON: maps (in their iteration order), lists, strings, numbers, booleans and
 * null, indented by two spaces, so that the output is deterministic and diffs well.
 */
final class Json {
  private Json() {}

  /**
   * A JSON object of {@code keysAndValues}, name then value, in that order; a value may be null, which
   * prints as {@code null}.
   */
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
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append("{\n");
      String inner = indent + "  ";
      int i = 0;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.append(inner);
        quote(String.valueOf(entry.getKey()), out);
        out.append(": ");
        write(entry.getValue(), out, inner);
        out.append(++i < map.size() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append("[\n");
      String inner = indent + "  ";
      for (int i = 0; i < list.size(); i++) {
        out.append(inner);
        write(list.get(i), out, inner);
        out.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else {
      throw new IllegalArgumentException("not JSON: " + value.getClass());
    }
  }

  /**
   * A JSON string: {@link UserText#escaped}'s notation (printable ASCII whatever encoding javac writes
   * the file in, a label's bidirectional controls visible as escapes) is JSON's, quotes added.
   */
  private static void quote(String text, StringBuilder out) {
    out.append('"').append(UserText.escaped(text).replace("\"", "\\\"")).append('"');
  }
}
