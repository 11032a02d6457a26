package dev.swizzlegen.runtime.render;

import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws shared memory as the seeds' figures do: one row per 128-byte line, one column per bank, each
 * 4-byte word labelled with the tile element (row, col) stored at its start and tinted by that row, so
 * the permutation is visible. The phase that shows the access's worst conflict (or its first phase,
 * when it has none) is drawn on top: the words its lanes touch are outlined and labelled with the lane,
 * and the conflicting bank is marked.
 */
public final class BankMapSvg {
  /** Lines drawn at most; larger tiles are cut, which the caption says. */
  public static final int MAX_LINES = 32;

  private static final int CELL_WIDTH = 44;
  private static final int CELL_HEIGHT = 22;
  private static final int LEFT = 56;
  private static final int TOP = 64;

  private BankMapSvg() {}

  public static String render(String title, Layout layout, AccessReport report) {
    BankModel banks = BankModel.NVIDIA;
    int bankBytes = banks.bankBytes();
    long extentWords = 0;
    Map<Long, int[]> elementAtWord = new HashMap<>();
    // Each word is labelled with the element holding its first byte.
    for (int row = 0; row < layout.rows(); row++) {
      for (int col = 0; col < layout.cols(); col++) {
        long address = layout.byteOffset(row, col);
        for (long byteInElement = 0; byteInElement < layout.elementBytes(); byteInElement++) {
          if ((address + byteInElement) % bankBytes == 0) {
            elementAtWord.put((address + byteInElement) / bankBytes, new int[] {row, col});
          }
        }
        extentWords = Math.max(extentWords,
            (address + layout.elementBytes() + bankBytes - 1) / bankBytes);
      }
    }
    int totalLines = (int) ((extentWords + banks.banks() - 1) / banks.banks());
    int lines = Math.min(totalLines, MAX_LINES);

    Phase shown = shownPhase(layout, report);
    Map<Long, Integer> laneAtWord = new HashMap<>();
    if (shown != null) {
      for (LaneAccess lane : shown.lanes()) {
        long last = banks.word(lane.byteAddress() + lane.bytes() - 1);
        for (long w = banks.word(lane.byteAddress()); w <= last; w++) {
          laneAtWord.putIfAbsent(w, lane.lane());
        }
      }
    }
    int conflictBank = report.witness().map(w -> w.bank()).orElse(-1);

    int width = LEFT + banks.banks() * CELL_WIDTH + 16;
    int height = TOP + lines * CELL_HEIGHT + 48;
    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
        .append("\" height=\"").append(height).append("\" font-family=\"monospace\" font-size=\"9\">\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(svg, 8, 18, 13, escape(title));
    text(svg, 8, 36, 11, escape(report.summary()));
    for (int bank = 0; bank < banks.banks(); bank++) {
      int x = LEFT + bank * CELL_WIDTH;
      if (bank == conflictBank) {
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(TOP - 14).append("\" width=\"")
            .append(CELL_WIDTH).append("\" height=\"").append(lines * CELL_HEIGHT + 14)
            .append("\" fill=\"none\" stroke=\"#d00\" stroke-width=\"2\"/>\n");
      }
      text(svg, x + 4, TOP - 4, 9, "bank " + bank);
    }
    for (int line = 0; line < lines; line++) {
      int y = TOP + line * CELL_HEIGHT;
      text(svg, 4, y + 14, 9, "+" + line * banks.wavefrontBytes());
      for (int bank = 0; bank < banks.banks(); bank++) {
        long word = (long) line * banks.banks() + bank;
        int x = LEFT + bank * CELL_WIDTH;
        int[] element = elementAtWord.get(word);
        String fill = element == null ? "#eeeeee" : tint(element[0]);
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"")
            .append(CELL_WIDTH).append("\" height=\"").append(CELL_HEIGHT).append("\" fill=\"")
            .append(fill).append("\" stroke=\"#999\" stroke-width=\"0.5\"/>\n");
        if (element != null) {
          text(svg, x + 3, y + 9, 8, element[0] + "," + element[1]);
        }
        Integer lane = laneAtWord.get(word);
        if (lane != null) {
          svg.append("<rect x=\"").append(x + 1).append("\" y=\"").append(y + 1).append("\" width=\"")
              .append(CELL_WIDTH - 2).append("\" height=\"").append(CELL_HEIGHT - 2)
              .append("\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n");
          text(svg, x + 3, y + 19, 9, "T" + lane);
        }
      }
    }
    String legend = "cells: the (row,col) stored at each 4-byte word, tinted by row; T<lane>: "
        + (report.witness().isPresent()
            ? "the lanes of the worst phase (instruction " + report.witness().get().instruction()
                + ", phase " + report.witness().get().phase() + "); red: its conflicting bank"
            : "the lanes of the first phase");
    if (totalLines > lines) {
      legend += "; first " + lines + " of " + totalLines + " lines";
    }
    text(svg, 8, TOP + lines * CELL_HEIGHT + 24, 10, escape(legend));
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static Phase shownPhase(Layout layout, AccessReport report) {
    List<Instruction> instructions = report.access().instructions(layout);
    if (instructions.isEmpty()) {
      return null;
    }
    if (report.witness().isPresent()) {
      return instructions.get(report.witness().get().instruction()).phases()
          .get(report.witness().get().phase());
    }
    return instructions.get(0).phases().get(0);
  }

  /** One of 8 light hues by row, so that neighbouring rows differ. */
  private static String tint(int row) {
    String[] hues = {"#cfe3ff", "#ffe2c4", "#d6f5d6", "#f6d5f0", "#fff5b8", "#d4f1f4", "#e8dcff",
        "#ffd6d6"};
    return hues[row % hues.length];
  }

  private static void text(StringBuilder svg, int x, int y, int size, String content) {
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">%s</text>%n",
        x, y, size, content));
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
