package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.Arrays;
import java.util.List;

/**
 * Draws shared memory as the seeds' figures do: a row per 128-byte line, a column per bank, each
 * 4-byte word labelled with the element (row, col) at its start and tinted by that row. A panel
 * per access (the view {@code #access-<i>}) outlines the lanes of the phase of its worst conflict
 * (or its first) and marks the conflicting bank; the words, the layout's alone, are drawn once in
 * {@code <defs>} and each panel shows them with a {@code <use>}.
 *
 * @param totalLines the layout's 128-byte lines, of which {@code lines} are drawn
 * @param defs the cells' tints and the drawn words, each a tinted cell labelled with its element
 */
record BankMapSvg(Layout layout, int totalLines, int lines, String defs) {
  /** Lines drawn at most; larger tiles are cut, which the caption says. */
  static final int MAX_LINES = 32;

  private static final int CELL_WIDTH = 44;
  private static final int CELL_HEIGHT = 22;
  private static final int LEFT = 56;
  private static final int TOP = 40;
  /** One of 8 light hues by row, so that neighbouring rows differ. */
  private static final String[] HUES = {"#cfe3ff", "#ffe2c4", "#d6f5d6", "#f6d5f0", "#fff5b8",
      "#d4f1f4", "#e8dcff", "#ffd6d6"};
  private static final BankModel BANKS = BankModel.NVIDIA;

  /** The words of {@code layout}'s first {@link #MAX_LINES} lines, to draw accesses on. */
  static BankMapSvg of(Layout layout) {
    int bankBytes = BANKS.bankBytes();
    int banks = BANKS.banks();
    int drawnWords = MAX_LINES * banks;
    // Each drawn word's element, row * cols + col, or -1.
    int[] elementAt = new int[drawnWords];
    Arrays.fill(elementAt, -1);
    long extentWords = 0;
    // Each word is labelled with the element holding its first byte; an element takes at least the
    // byte that holds it (packed FP4 shares it with its neighbour).
    int elementBytes = Math.max(1, layout.elementBits() / 8);
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col < layout.cols(); col++) {
        long address = layout.byteOffset(row, col);
        for (long at = address; at < address + elementBytes; at++) {
          if (at % bankBytes == 0 && at / bankBytes < drawnWords) {
            elementAt[(int) (at / bankBytes)] = row * layout.cols() + col;
          }
        }
        extentWords = Math.max(extentWords, (address + elementBytes + bankBytes - 1) / bankBytes);
      }
    }
    int totalLines = (int) ((extentWords + banks - 1) / banks);
    int lines = Math.min(totalLines, MAX_LINES);
    Svg words = new Svg();
    for (int hue = 0; hue < HUES.length; hue++) {
      cell(words, "row" + hue, HUES[hue]);
    }
    cell(words, "empty", "#eeeeee").open("g", "id", "words", "font-size", 8);
    for (int line = 0; line < lines; line++) {
      int y = TOP + line * CELL_HEIGHT;
      words.label(4, y + 14, 9, "+" + line * BANKS.wavefrontBytes());
      for (int bank = 0; bank < banks; bank++) {
        int word = line * banks + bank;
        int x = LEFT + bank * CELL_WIDTH;
        int row = Math.floorDiv(elementAt[word], layout.cols());
        if (row < 0) {
          words.empty("use", "href", "#empty", "x", x, "y", y);
        } else {
          words.empty("use", "href", "#row" + row % HUES.length, "x", x, "y", y).text("text",
              row + "," + elementAt[word] % layout.cols(), "x", x + 3, "y", y + 9);
        }
      }
    }
    return new BankMapSvg(layout, totalLines, lines, words.close("g").toString());
  }

  /** The picture titled {@code title}, a panel for each of {@code reports} on this layout. */
  String render(String title, List<AccessReport> reports) {
    int width = LEFT + BANKS.banks() * CELL_WIDTH + 16;
    int panelHeight = TOP + lines * CELL_HEIGHT + 40;
    int titleHeight = 28;
    Svg svg = new Svg().frame(width, titleHeight + reports.size() * panelHeight, 9)
        .open("defs").append(defs).close("defs")
        .empty("rect", "width", "100%", "height", "100%", "fill", "white").label(8, 18, 13, title);
    for (int i = 0; i < reports.size(); i++) {
      int top = titleHeight + i * panelHeight;
      svg.empty("view", "id", "access-" + i, "viewBox", "0 " + top + " " + width + " "
          + panelHeight);
      svg.open("g", "transform", "translate(0," + top + ")");
      panel(svg, reports.get(i));
      svg.close("g");
    }
    return svg.close("svg").toString();
  }

  /** One access's panel, at the origin: its summary, the banks, the words and one phase's lanes. */
  private void panel(Svg svg, AccessReport report) {
    svg.label(8, 16, 11, ProofText.summary(report));
    int conflictBank = report.witness().map(Witness::bank).orElse(-1);
    for (int bank = 0; bank < BANKS.banks(); bank++) {
      int x = LEFT + bank * CELL_WIDTH;
      if (bank == conflictBank) {
        svg.empty("rect", "x", x, "y", TOP - 14, "width", CELL_WIDTH, "height",
            lines * CELL_HEIGHT + 14, "fill", "none", "stroke", "#d00", "stroke-width", 2);
      }
      svg.label(x + 4, TOP - 4, 9, "bank " + bank);
    }
    svg.empty("use", "href", "#words");
    // The witness's phase, or the access's first (none for an access with no instructions).
    int instruction = report.witness().map(Witness::instruction).orElse(0);
    int shown = report.witness().map(Witness::phase).orElse(0);
    report.access().forEachPhase(layout, (i, phase, lanes) -> {
      if (i == instruction && phase == shown) {
        outlineLanes(svg, lanes.toPhase(phase));
      }
    });
    String legend = "cells: the (row,col) stored at each 4-byte word, tinted by row; T<lane>: "
        + report.witness().map(w -> "the lanes of the worst phase (instruction "
            + w.instruction() + ", phase " + w.phase() + (w.merged() ? ", lanes " + w.firstLane()
            + "-" + w.lastLane() + ", two phases served as one" : "")
            + "); red: its conflicting bank").orElse("the lanes of the first phase");
    if (totalLines > lines) {
      legend += "; first " + lines + " of " + totalLines + " lines";
    }
    svg.label(8, TOP + lines * CELL_HEIGHT + 20, 10, legend);
  }

  /** Outlines every drawn word the phase's lanes touch, labelled with the first lane on it. */
  private void outlineLanes(Svg svg, Phase phase) {
    int banks = BANKS.banks();
    boolean[] outlined = new boolean[lines * banks];
    for (LaneAccess lane : phase.lanes()) {
      long last = BANKS.word(lane.byteAddress() + lane.bytes() - 1);
      for (long word = BANKS.word(lane.byteAddress()); word <= last; word++) {
        if (word < 0 || word >= outlined.length || outlined[(int) word]) {
          continue;
        }
        outlined[(int) word] = true;
        int x = LEFT + (int) (word % banks) * CELL_WIDTH;
        int y = TOP + (int) (word / banks) * CELL_HEIGHT;
        svg.empty("rect", "x", x + 1, "y", y + 1, "width", CELL_WIDTH - 2, "height",
                CELL_HEIGHT - 2, "fill", "none", "stroke", "black", "stroke-width", 2)
            .text("text", "T" + lane.lane(), "x", x + 3, "y", y + 19);
      }
    }
  }

  private static Svg cell(Svg svg, String id, String fill) {
    return svg.empty("rect", "id", id, "width", CELL_WIDTH, "height", CELL_HEIGHT, "fill", fill,
        "stroke", "#999", "stroke-width", 0.5);
  }
}
