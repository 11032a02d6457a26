package dev.swizzlegen.processor.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Locale;

/**
 * An SVG picture printed as it is drawn, one element a line, each with its attributes in the order
 * given as name, value pairs: the bank map and the storage map both draw through it, so quoting an
 * attribute and escaping a text are written once.
 */
final class Svg {
  private final StringBuilder out;

  Svg(int capacity) {
    out = new StringBuilder(capacity);
  }

  /** The {@code <svg>} element that opens a picture of {@code width} x {@code height} pixels. */
  Svg frame(int width, int height, int fontSize) {
    return open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", width, "height", height,
        "viewBox", "0 0 " + width + " " + height, "font-family", "monospace",
        "font-size", fontSize);
  }

  /** {@code <name ...>}, whose content follows until {@link #close}. */
  Svg open(String name, Object... attributes) {
    start(name, attributes).append(">\n");
    return this;
  }

  Svg close(String name) {
    out.append("</").append(name).append(">\n");
    return this;
  }

  /** An element without content, {@code <name .../>}. */
  Svg empty(String name, Object... attributes) {
    start(name, attributes).append("/>\n");
    return this;
  }

  /** An element holding {@code text}, escaped. */
  Svg text(String name, String text, Object... attributes) {
    start(name, attributes).append('>').append(escape(text)).append("</").append(name)
        .append(">\n");
    return this;
  }

  /**
   * A {@code <text>} at ({@code x}, {@code y}) in {@code size} pixels, then {@code more}
   * attributes; x to two decimals at most.
   */
  Svg label(double x, int y, int size, String content, Object... more) {
    Object[] position = {"x", x == Math.rint(x) ? String.valueOf((long) x) : BigDecimal.valueOf(x)
        .setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString(),
        "y", y, "font-size", size};
    Object[] attributes = Arrays.copyOf(position, position.length + more.length);
    System.arraycopy(more, 0, attributes, position.length, more.length);
    return text("text", content, attributes);
  }

  /** An element whose tooltip is {@code title}: {@code <name ...><title>title</title></name>}. */
  Svg titled(String name, String title, Object... attributes) {
    start(name, attributes).append("><title>").append(escape(title)).append("</title></")
        .append(name).append(">\n");
    return this;
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

  private StringBuilder start(String name, Object[] attributes) {
    out.append('<').append(name);
    for (int i = 0; i < attributes.length; i += 2) {
      out.append(' ').append(attributes[i]).append("=\"")
          .append(escape(String.valueOf(attributes[i + 1]))).append('"');
    }
    return out;
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
