package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Draws shared memory as the seeds' figures do: one row per 128-byte line, one column per bank, each
 * 4-byte word labelled with the tile element (row, col) stored at its start and tinted by that row, so
 * the permutation is visible. One picture shows every access of a tile, a panel each: on the panel,
 * the phase that shows the access's worst conflict (or its first phase, when it has none) is drawn on
 * top of the words, its lanes' words outlined and labelled with the lane, the conflicting bank marked.
 *
 * <p>The words and their elements are the layout's alone: they are drawn once, in the picture's
 * {@code <defs>}, and every panel shows them with a {@code <use>}, so a picture of several accesses
 * costs little more than one. Each panel is also an SVG view, {@code #access-<i>}.
 */
final class BankMapSvg {
  /** Lines drawn at most; larger tiles are cut, which the caption says. */
  public static final int MAX_LINES = 32;

  private static final int CELL_WIDTH = 44;
  private static final int CELL_HEIGHT = 22;
  private static final int LEFT = 56;
  /** The first line's top, from the top of its panel. */
  private static final int TOP = 40;
  /** One of 8 light hues by row, so that neighbouring rows differ. */
  private static final String[] HUES = {"#cfe3ff", "#ffe2c4", "#d6f5d6", "#f6d5f0", "#fff5b8",
      "#d4f1f4", "#e8dcff", "#ffd6d6"};
  private static final BankModel BANKS = BankModel.NVIDIA;

  private final Layout layout;
  private final int totalLines;
  private final int lines;
  /** The drawn words, each a tinted cell labelled with its element, at the panel's origin. */
  private final String words;

  private BankMapSvg(Layout layout, int totalLines, int lines, String words) {
    this.layout = layout;
    this.totalLines = totalLines;
    this.lines = lines;
    this.words = words;
  }

  /** The words of {@code layout}'s first {@link #MAX_LINES} lines, ready to draw accesses on. */
  public static BankMapSvg of(Layout layout) {
    int bankBytes = BANKS.bankBytes();
    int banks = BANKS.banks();
    int drawnWords = MAX_LINES * banks;
    int[] rowAtWord = new int[drawnWords];
    int[] colAtWord = new int[drawnWords];
    Arrays.fill(rowAtWord, -1);
    long extentWords = 0;
    // Each word is labelled with the element holding its first byte; an element takes at least the
    // byte that holds it (packed FP4 shares it with its neighbour).
    int elementBytes = Math.max(1, layout.elementBits() / 8);
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col < layout.cols(); col++) {
        long address = layout.byteOffset(row, col);
        for (long at = address; at < address + elementBytes; at++) {
          if (at % bankBytes == 0 && at / bankBytes < drawnWords) {
            rowAtWord[(int) (at / bankBytes)] = row;
            colAtWord[(int) (at / bankBytes)] = col;
          }
        }
        extentWords = Math.max(extentWords,
            (address + elementBytes + bankBytes - 1) / bankBytes);
      }
    }
    int totalLines = (int) ((extentWords + banks - 1) / banks);
    int lines = Math.min(totalLines, MAX_LINES);
    StringBuilder words = new StringBuilder(lines * banks * 64);
    words.append("<g id=\"words\" font-size=\"8\">\n");
    for (int line = 0; line < lines; line++) {
      int y = TOP + line * CELL_HEIGHT;
      text(words, 4, y + 14, 9, "+" + line * BANKS.wavefrontBytes());
      for (int bank = 0; bank < banks; bank++) {
        int word = line * banks + bank;
        int x = LEFT + bank * CELL_WIDTH;
        int row = rowAtWord[word];
        if (row < 0) {
          words.append("<use href=\"#empty\" x=\"").append(x).append("\" y=\"").append(y)
              .append("\"/>\n");
          continue;
        }
        words.append("<use href=\"#row").append(row % HUES.length).append("\" x=\"").append(x)
            .append("\" y=\"").append(y).append("\"/><text x=\"").append(x + 3).append("\" y=\"")
            .append(y + 9).append("\">").append(row).append(',').append(colAtWord[word])
            .append("</text>\n");
      }
    }
    words.append("</g>\n");
    return new BankMapSvg(layout, totalLines, lines, words.toString());
  }

  /** The layout drawn. */
  public Layout layout() {
    return layout;
  }

  /**
   * The picture titled {@code title} with a panel for each of {@code reports} (warp accesses on this
   * layout), in order; the panel of {@code reports.get(i)} is the view {@code #access-<i>}.
   */
  public String render(String title, List<AccessReport> reports) {
    int banks = BANKS.banks();
    int width = LEFT + banks * CELL_WIDTH + 16;
    int panelHeight = TOP + lines * CELL_HEIGHT + 40;
    int titleHeight = 28;
    int panels = reports.size();
    int height = titleHeight + panels * panelHeight;
    StringBuilder svg = new StringBuilder(words.length() + reports.size() * 8192);
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
        .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
        .append(height).append("\" font-family=\"monospace\" font-size=\"9\">\n");
    svg.append("<defs>\n");
    for (int hue = 0; hue < HUES.length; hue++) {
      cell(svg, "row" + hue, HUES[hue]);
    }
    cell(svg, "empty", "#eeeeee");
    svg.append(words);
    svg.append("</defs>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(svg, 8, 18, 13, escape(title));
    int top = titleHeight;
    for (int i = 0; i < reports.size(); i++) {
      svg.append("<view id=\"access-").append(i).append("\" viewBox=\"0 ").append(top).append(' ')
          .append(width).append(' ').append(panelHeight).append("\"/>\n");
      svg.append("<g transform=\"translate(0,").append(top).append(")\">\n");
      panel(svg, reports.get(i));
      svg.append("</g>\n");
      top += panelHeight;
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** One access's panel, at the origin: its summary, the banks, the words and its shown phase. */
  private void panel(StringBuilder svg, AccessReport report) {
    int banks = BANKS.banks();
    text(svg, 8, 16, 11, escape(ProofText.summary(report)));
    int conflictBank = report.witness().map(Witness::bank).orElse(-1);
    for (int bank = 0; bank < banks; bank++) {
      int x = LEFT + bank * CELL_WIDTH;
      if (bank == conflictBank) {
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(TOP - 14).append("\" width=\"")
            .append(CELL_WIDTH).append("\" height=\"").append(lines * CELL_HEIGHT + 14)
            .append("\" fill=\"none\" stroke=\"#d00\" stroke-width=\"2\"/>\n");
      }
      text(svg, x + 4, TOP - 4, 9, "bank " + bank);
    }
    svg.append("<use href=\"#words\"/>\n");
    shownPhase(report).ifPresent(phase -> outlineLanes(svg, phase));
    String legend = "cells: the (row,col) stored at each 4-byte word, tinted by row; T<lane>: "
        + report.witness()
            .map(w -> "the lanes of the worst phase (instruction " + w.instruction() + ", phase "
                + w.phase() + (w.merged() ? ", lanes " + w.firstLane() + "-" + w.lastLane()
                + ", two phases served as one" : "") + "); red: its conflicting bank")
            .orElse("the lanes of the first phase");
    if (totalLines > lines) {
      legend += "; first " + lines + " of " + totalLines + " lines";
    }
    text(svg, 8, TOP + lines * CELL_HEIGHT + 20, 10, escape(legend));
  }

  /** Outlines every drawn word the phase's lanes touch, labelled with the first lane on it. */
  private void outlineLanes(StringBuilder svg, Phase phase) {
    int banks = BANKS.banks();
    int drawnWords = lines * banks;
    boolean[] outlined = new boolean[drawnWords];
    for (LaneAccess lane : phase.lanes()) {
      long last = BANKS.word(lane.byteAddress() + lane.bytes() - 1);
      for (long word = BANKS.word(lane.byteAddress()); word <= last; word++) {
        if (word < 0 || word >= drawnWords || outlined[(int) word]) {
          continue;
        }
        outlined[(int) word] = true;
        int x = LEFT + (int) (word % banks) * CELL_WIDTH;
        int y = TOP + (int) (word / banks) * CELL_HEIGHT;
        svg.append("<rect x=\"").append(x + 1).append("\" y=\"").append(y + 1).append("\" width=\"")
            .append(CELL_WIDTH - 2).append("\" height=\"").append(CELL_HEIGHT - 2)
            .append("\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>");
        text(svg, x + 3, y + 19, "T" + lane.lane());
      }
    }
  }

  /** The witness's phase, or the access's first phase; empty for an access with no instructions. */
  private Optional<Phase> shownPhase(AccessReport report) {
    int instruction = report.witness().map(Witness::instruction).orElse(0);
    int index = report.witness().map(Witness::phase).orElse(0);
    Phase[] shown = new Phase[1];
    report.access().forEachPhase(layout, (i, phase, lanes) -> {
      if (i == instruction && phase == index) {
        shown[0] = lanes.toPhase(phase);
      }
    });
    return Optional.ofNullable(shown[0]);
  }

  private static void cell(StringBuilder svg, String id, String fill) {
    svg.append("<rect id=\"").append(id).append("\" width=\"").append(CELL_WIDTH)
        .append("\" height=\"").append(CELL_HEIGHT).append("\" fill=\"").append(fill)
        .append("\" stroke=\"#999\" stroke-width=\"0.5\"/>\n");
  }

  /** A text at (x, y) in the enclosing group's font size. */
  private static void text(StringBuilder svg, int x, int y, String content) {
    svg.append("<text x=\"").append(x).append("\" y=\"").append(y).append("\">").append(content)
        .append("</text>\n");
  }

  private static void text(StringBuilder svg, int x, int y, int size, String content) {
    svg.append("<text x=\"").append(x).append("\" y=\"").append(y).append("\" font-size=\"")
        .append(size).append("\">").append(content).append("</text>\n");
  }

  /**
   * Text for the picture's XML, in ASCII whatever encoding it is written in: markup characters as
   * entities, other non-ASCII characters as character references, and what XML 1.0 forbids or a
   * viewer would not show (control characters, bidirectional and other format characters, unpaired
   * surrogates, U+FFFE and U+FFFF) in the visible notation <code>&#92;u202e</code>: a label is user text.
   */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int type = Character.getType(c);
      boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1));
      if (c == '&') {
        out.append("&amp;");
      } else if (c == '<') {
        out.append("&lt;");
      } else if (c == '>') {
        out.append("&gt;");
      } else if (c >= 0x20 && c < 0x7f) {
        out.append(c);
      } else if (pair) {
        out.append("&#x").append(Integer.toHexString(text.codePointAt(i))).append(';');
        i++;
      } else if (type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
          || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
          || c == 0xFFFE || c == 0xFFFF) {
        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        out.append("&#x").append(Integer.toHexString(c)).append(';');
      }
    }
    return out.toString();
  }
}
