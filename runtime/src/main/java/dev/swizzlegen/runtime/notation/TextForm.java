package dev.swizzlegen.runtime.notation;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a one-line text form word by word: words separated by one space each, whole numbers, and
 * last, a quoted label. The plumbing of {@code AccessPattern.parse} and {@code Engine.parse}; not
 * part of the model's API.
 *
 * <p>A label is free text, kept exactly: it is written between single quotes, a backslash escaping
 * {@code \\}, {@code \'}, {@code \n}, {@code \r}, {@code \t} and, as <code>&#92;u0001</code>, every other
 * control character and the line and paragraph separators, so that the form stays on one line; every
 * other character is written as it is. Read back, <code>&#92;u</code> and four hex digits may spell
 * any character.
 */
public final class TextForm {
  private static final Pattern WHOLE_NUMBER = Pattern.compile("0|-?[1-9][0-9]*");

  private final String form;
  private final String text;
  private int position;

  /**
   * @param form what the text names, with its article, for messages: {@code "a warp access"}
   * @param text the text to read
   */
  public TextForm(String form, String text) {
    this.form = form;
    this.text = text;
  }

  /** {@code label} between single quotes, escaped as the class comment says. */
  public static String quote(String label) {
    StringBuilder out = new StringBuilder(label.length() + 2).append('\'');
    for (int i = 0; i < label.length(); i++) {
      char c = label.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\'' -> out.append("\\'");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('\'').toString();
  }

  /** Whether every word has been read. */
  private boolean atEnd() {
    return position == text.length();
  }

  /** The next word; {@code expected} says what it may be, for the message when there is none. */
  private String word(String expected) {
    if (atEnd()) {
      throw error(expected);
    }
    int start = position == 0 ? 0 : position + 1;
    if (position > 0 && text.charAt(position) != ' ') {
      throw error(expected);
    }
    int end = start;
    while (end < text.length() && text.charAt(end) != ' ') {
      end++;
    }
    if (end == start) {
      throw error(expected);
    }
    position = end;
    return text.substring(start, end);
  }

  /** Reads {@code word} if it comes next; else reads nothing. */
  public boolean accept(String word) {
    int start = position == 0 ? 0 : position + 1;
    if ((position == 0 || position < text.length() && text.charAt(position) == ' ')
        && text.startsWith(word, start)
        && (start + word.length() == text.length() || text.charAt(start + word.length()) == ' ')) {
      position = start + word.length();
      return true;
    }
    return false;
  }

  /** Reads {@code word}, which must come next. */
  public void expect(String word) {
    if (!accept(word)) {
      throw error(word);
    }
  }

  /** Reads a whole number; {@code what} names it, for the message when the next word is not one. */
  public int number(String what) {
    int start = position;
    String word = word(what);
    try {
      return wholeNumber(word);
    } catch (NumberFormatException notANumber) {
      position = start;
      throw error(what);
    }
  }

  /** Reads the next word, which must be one of {@code words}, and returns it. */
  public String oneOf(String... words) {
    for (String word : words) {
      if (accept(word)) {
        return word;
      }
    }
    throw error(words.length == 1 ? words[0]
        : String.join(", ", Arrays.asList(words).subList(0, words.length - 1)) + " or "
            + words[words.length - 1]);
  }

  /** Reads two whole numbers written {@code AxB} ({@code 8x4}); {@code what} names them. */
  public int[] dimensions(String what) {
    int start = position;
    String word = word(what);
    int x = word.indexOf('x');
    try {
      if (x > 0) {
        return new int[] {wholeNumber(word.substring(0, x)), wholeNumber(word.substring(x + 1))};
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    position = start;
    throw error(what);
  }

  /** Reads a word that is {@code prefix} followed by a whole number ({@code x4}), and the number. */
  public int prefixedNumber(String prefix, String what) {
    int start = position;
    String word = word(what);
    try {
      if (word.startsWith(prefix)) {
        return wholeNumber(word.substring(prefix.length()));
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    position = start;
    throw error(what);
  }

  /**
   * {@code word} as a whole number, written as the form writes one: {@code 0}, {@code 16},
   * {@code -1}, no sign before a positive number and no leading zero, so that each number has one
   * spelling.
   */
  private static int wholeNumber(String word) {
    if (!WHOLE_NUMBER.matcher(word).matches()) {
      throw new NumberFormatException(word);
    }
    return Integer.parseInt(word);
  }

  /**
   * Reads a quoted label, which must end the text (the word {@code label} before it already read),
   * and returns it unescaped.
   */
  public String label() {
    String label = quoted("a label in single quotes", "label");
    if (!atEnd()) {
      throw new IllegalArgumentException(prefix() + "the label must end the text, but "
          + shown(text.substring(position)) + " follows it");
    }
    return label;
  }

  /**
   * Reads free text in single quotes, escaped as a label is, as the next word, and returns it
   * unescaped; {@code what} names it, for messages.
   */
  public String quoted(String what) {
    return quoted(what + " in single quotes", what);
  }

  private String quoted(String expected, String what) {
    if (position >= text.length() || text.charAt(position) != ' '
        || position + 1 == text.length() || text.charAt(position + 1) != '\'') {
      throw error(expected);
    }
    StringBuilder unescaped = new StringBuilder();
    int i = position + 2;
    while (true) {
      if (i >= text.length()) {
        throw new IllegalArgumentException(prefix() + "the " + what + " that starts at column "
            + (position + 2) + " has no closing quote");
      }
      char c = text.charAt(i);
      if (c == '\'') {
        break;
      }
      if (c != '\\') {
        unescaped.append(c);
        i++;
        continue;
      }
      char escaped = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
      switch (escaped) {
        case '\\', '\'' -> unescaped.append(escaped);
        case 'n' -> unescaped.append('\n');
        case 'r' -> unescaped.append('\r');
        case 't' -> unescaped.append('\t');
        case 'u' -> {
          String hex = text.substring(i + 2, Math.min(i + 6, text.length()));
          if (!hex.matches("[0-9a-fA-F]{4}")) {
            throw new IllegalArgumentException(prefix() + "the escape at column " + (i + 1)
                + " of the " + what + " is \\u without four hex digits");
          }
          unescaped.append((char) Integer.parseInt(hex, 16));
          i += 4;
        }
        default -> throw new IllegalArgumentException(prefix() + "the escape at column " + (i + 1)
            + " of the " + what + " is not one of \\\\, \\', \\n, \\r, \\t, \\uXXXX");
      }
      i += 2;
    }
    position = i + 1;
    return unescaped.toString();
  }

  /** Requires every word read; {@code expected} says what else could have come. */
  public void end(String expected) {
    if (!atEnd()) {
      throw error(expected + " or the end");
    }
  }

  /** The exception for text where {@code expected} should come next. */
  private IllegalArgumentException error(String expected) {
    String found;
    if (atEnd()) {
      found = "the end";
    } else {
      int start = position == 0 ? 0 : position + 1;
      int end = start;
      while (end < text.length() && text.charAt(end) != ' ') {
        end++;
      }
      found = position > 0 && text.charAt(position) != ' ' || start == end
          ? "no word, but " + shown(text.substring(position, Math.min(position + 2, text.length())))
          : shown(text.substring(start, end));
    }
    return new IllegalArgumentException(prefix() + "expected " + expected + " at column "
        + (position == 0 ? 1 : atEnd() ? position + 1 : position + 2) + ", found " + found);
  }

  private String prefix() {
    return "not " + form + ", " + shown(text) + ": ";
  }

  /** Text in a message: quoted, on one line. */
  private static String shown(String text) {
    String quoted = quote(text);
    return '"' + quoted.substring(1, quoted.length() - 1) + '"';
  }
}
