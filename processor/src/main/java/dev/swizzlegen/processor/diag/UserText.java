package dev.swizzlegen.processor.diag;

import java.util.Locale;

/**
 * Text from the user (a {@code label}, a type's name) as each language it lands in must spell it,
 * so that it never changes the meaning of generated code (SPEC section 8): escaped, never rejected,
 * in what a C++ or Java string literal spells in printable ASCII, so that a bidirectional control
 * is always visible; each language then guards what its lexer does to that ASCII.
 */
public final class UserText {
  private UserText() {}

  /**
   * {@code text} in printable ASCII, as a C++ or Java string literal spells it (unquoted):
   * <code>&#92;u202e</code> for a control character other than {@code \n}, {@code \r}, {@code \t}
   * and for every non-ASCII UTF-16 unit.
   */
  public static String escaped(String text) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /**
   * {@code text} for a C++ {@code //} comment, in the {@link #escaped} notation; a backslash that
   * could end a line (where a comment is wrapped at a space) is spelled {@code \x5c}, else the next
   * line would join the comment ({@code -Wcomment}); {@code ??} is spelled {@code ?\?}, since
   * {@code ??/} is a backslash where trigraphs are on (C++14 and before).
   */
  public static String cppComment(String text) {
    String escaped = escaped(text);
    StringBuilder out = new StringBuilder(escaped.length() + 8);
    for (int i = 0; i < escaped.length(); i++) {
      char c = escaped.charAt(i);
      if (c == '\\' && escaped.charAt(i + 1) == '\\') {
        // An escaped backslash: the second one may be followed by a space, or by nothing.
        boolean endsAWord = i + 2 == escaped.length() || escaped.charAt(i + 2) == ' ';
        out.append(endsAWord ? "\\x5c" : "\\\\");
        i++;
      } else if (c == '?' && i > 0 && escaped.charAt(i - 1) == '?') {
        out.append("\\?");
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * A diagnostic's text as javac prints it to a terminal or an IDE: control characters (a newline
   * would start what looks like another message), line and paragraph separators and invisible
   * format characters (bidirectional controls) as <code>&#92;u202e</code>; other text as it is.
   */
  public static String message(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int type = Character.getType(c);
      boolean hidden = type == Character.CONTROL || type == Character.FORMAT
          || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
          || type == Character.SURROGATE && !validPair(text, i);
      if (hidden && out == null) {
        out = new StringBuilder(text.length() + 8).append(text, 0, i);
      }
      if (out != null) {
        out.append(hidden ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
      }
    }
    return out == null ? text : out.toString();
  }

  /** Whether the surrogate at {@code i} is half of a well-formed pair. */
  private static boolean validPair(String text, int i) {
    char c = text.charAt(i);
    return Character.isHighSurrogate(c)
        ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
        : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
  }
}
