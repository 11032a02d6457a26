package dev.swizzlegen.processor;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the report's JSON: maps (in their iteration order), lists, strings, numbers, booleans and
 * null, indented by two spaces, so that the output is deterministic and diffs well.
 */
final class Json {
  private Json() {}

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

  private static void quote(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          // Non-ASCII as escapes too: the file is ASCII whatever encoding javac writes it in, and
          // a label's bidirectional controls stay visible.
          if (c < 0x20 || c > 0x7e) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
