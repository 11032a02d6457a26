package dev.swizzlegen.processor.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a generated JSON report back: objects as maps in their order, arrays as lists, integers as
 * {@link Long}, other numbers as {@link Double}, strings (with JSON's escapes), booleans and null.
 * Strict enough for the reports' tests: anything else, or text after the value, is an error.
 */
public final class JsonText {
  private final String text;
  private int at;

  private JsonText(String text) {
    this.text = text;
  }

  /** The value {@code text} holds. */
  public static Object parse(String text) {
    JsonText reader = new JsonText(text);
    Object value = reader.value();
    reader.space();
    if (reader.at != text.length()) {
      throw reader.error("text after the value");
    }
    return value;
  }

  private Object value() {
    space();
    if (at >= text.length()) {
      throw error("a value");
    }
    char c = text.charAt(at);
    if (c == '{') {
      return object();
    } else if (c == '[') {
      return array();
    } else if (c == '"') {
      return string();
    } else if (text.startsWith("true", at)) {
      at += 4;
      return true;
    } else if (text.startsWith("false", at)) {
      at += 5;
      return false;
    } else if (text.startsWith("null", at)) {
      at += 4;
      return null;
    }
    return number();
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    at++;
    space();
    if (peek('}')) {
      at++;
      return map;
    }
    while (true) {
      space();
      String key = string();
      space();
      expect(':');
      if (map.put(key, value()) != null) {
        throw error("a key once: " + key);
      }
      space();
      if (peek(',')) {
        at++;
      } else {
        expect('}');
        return map;
      }
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    at++;
    space();
    if (peek(']')) {
      at++;
      return list;
    }
    while (true) {
      list.add(value());
      space();
      if (peek(',')) {
        at++;
      } else {
        expect(']');
        return list;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      if (at >= text.length()) {
        throw error("a closing quote");
      }
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char escaped = text.charAt(at++);
      switch (escaped) {
        case '"', '\\', '/' -> out.append(escaped);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> throw error("an escape");
      }
    }
  }

  private Object number() {
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    String number = text.substring(start, at);
    if (number.isEmpty()) {
      throw error("a value");
    }
    return number.matches("-?\\d+") ? (Object) Long.parseLong(number)
        : (Object) Double.parseDouble(number);
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("'" + c + "'");
    }
    at++;
  }

  private IllegalArgumentException error(String expected) {
    return new IllegalArgumentException("JSON: expected " + expected + " at " + at);
  }
}
