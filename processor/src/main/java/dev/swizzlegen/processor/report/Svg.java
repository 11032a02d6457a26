package dev.swizzlegen.processor.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * An SVG picture printed as it is drawn, one element a line, its attributes name, value pairs in
 * the order given: both pictures draw through it, so quoting and escaping are written once.
 */
final class Svg {
  private final StringBuilder out = new StringBuilder(16384);

  /** The {@code <svg>} element that opens a picture of {@code width} x {@code height} pixels. */
  Svg frame(int width, int height, int fontSize) {
    return open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", width, "height", height,
        "viewBox", "0 0 " + width + " " + height, "font-family", "monospace",
        "font-size", fontSize);
  }

  /** {@code <name ...>}, whose content follows until {@link #close}. */
  Svg open(String name, Object... attributes) {
    return append(start(name, attributes) + ">\n");
  }

  Svg close(String name) {
    return append("</" + name + ">\n");
  }

  /** An element without content, {@code <name .../>}. */
  Svg empty(String name, Object... attributes) {
    return append(start(name, attributes) + "/>\n");
  }

  /** An element holding {@code text}, escaped. */
  Svg text(String name, String text, Object... attributes) {
    return append(start(name, attributes) + ">" + escape(text) + "</" + name + ">\n");
  }

  /** A {@code <text>} at ({@code x}, {@code y}), x to two decimals at most, then {@code more}. */
  Svg label(double x, int y, int size, String content, Object... more) {
    Object[] position = {"x", BigDecimal.valueOf(x).setScale(2, RoundingMode.HALF_EVEN)
        .stripTrailingZeros().toPlainString(), "y", y, "font-size", size};
    return text("text", content, Stream.concat(Stream.of(position), Stream.of(more)).toArray());
  }

  /** An element whose tooltip is {@code title}: {@code <name ...><title>title</title></name>}. */
  Svg titled(String name, String title, Object... attributes) {
    return append(start(name, attributes) + "><title>" + escape(title) + "</title></" + name
        + ">\n");
  }

  /** Markup drawn apart ({@code <defs>}' content, a plot drawn before its frame), as it is. */
  Svg append(CharSequence markup) {
    out.append(markup);
    return this;
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private static String start(String name, Object[] attributes) {
    StringBuilder start = new StringBuilder("<").append(name);
    for (int i = 0; i < attributes.length; i += 2) {
      start.append(' ').append(attributes[i]).append("=\"")
          .append(escape(String.valueOf(attributes[i + 1]))).append('"');
    }
    return start.toString();
  }

  /**
   * User text for the picture's XML, in ASCII whatever encoding it is written in: markup as
   * entities, other non-ASCII characters as references, and what XML 1.0 forbids or a viewer would
   * not show (control and format characters such as bidirectional ones, unpaired surrogates, U+FFFE
   * and U+FFFF) in the visible notation <code>&#92;u202e</code>.
   */
  private static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length() + 16);
    text.codePoints().forEach(c -> {
      int type = Character.getType(c);
      if (c == '&' || c == '<' || c == '>') {
        escaped.append(c == '&' ? "&amp;" : c == '<' ? "&lt;" : "&gt;");
      } else if (c >= 0x20 && c < 0x7f) {
        escaped.append((char) c);
      } else if (c <= 0xFFFF && (type == Character.CONTROL || type == Character.FORMAT
          || type == Character.SURROGATE || type == Character.LINE_SEPARATOR
          || type == Character.PARAGRAPH_SEPARATOR || c >= 0xFFFE)) {
        escaped.append(String.format(Locale.ROOT, "\\u%04x", c));
      } else {
        escaped.append("&#x").append(Integer.toHexString(c)).append(';');
      }
    });
    return escaped.toString();
  }
}
