package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.runtime.storage.Buffer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a storage's shared memory by phase, as a kernel author plans it on paper: x is the byte from
 * the plan's aligned base (a tick every power-of-two KiB, one pixel a power-of-two bytes, so that
 * every edge lies exactly on the model's byte); one band per phase, top to bottom in the order the
 * phases are declared, and in each band every buffer live in that phase as a rectangle at its
 * offset and bytes, labelled with its name, bytes, offset, alignment and copies or stages, its copies'
 * stages outlined inside it. A buffer of every phase is in every band, at the same x. Between two bands,
 * the phase change: strips over the bytes a buffer of the next phase takes from one of the last (the
 * model's pairs), and what must complete first, step by step, each marked as the header's helper's or
 * the kernel's. Under the bands, what to request: the plan's {@code kBytes}, the slack that rounding a
 * 16-byte-aligned dynamic base up to {@code kAlignment} may take, the free bytes up to the target's
 * {@code kLimitBytes}, whose line crosses the whole picture.
 *
 * <p>A printer of one {@link StorageMap}: every offset and size is the model's, read there; this
 * class only lays out. A rectangle too narrow for its label (mbarriers, a little scratch) gets a
 * marker line and its label on a line of its own under the band, with a leader. The plot's group
 * carries its scale ({@code data-bytes-per-pixel}); each buffer's rectangle its name and band
 * ({@code data-buffer}, {@code data-phase}) and a tooltip.
 */
final class StorageMapSvg {
  /** The widest the plot gets, in pixels. */
  static final int MAX_PLOT_WIDTH = 960;
  /** The phase names' column, left of the plot. */
  private static final int LEFT = 112;
  private static final int RIGHT = 24;
  private static final int TOP = 72;
  /** A buffer's rectangle's height. */
  private static final int BOX_HEIGHT = 50;
  private static final int BAND_PAD = 6;
  private static final int LINE = 12;
  /** About one character's width at the labels' 10 pixels, in a monospace font. */
  private static final double CHAR_WIDTH = 6.1;
  private static final String[] TILE_HUES = {"#9ecae1", "#a1d99b", "#bcbddc", "#c6dbef",
      "#c7e9c0", "#dadaeb", "#fdd0a2", "#d4f1f4"};
  private static final String BARRIER_FILL = "#fdae6b";
  private static final String BYTES_FILL = "#d9d9d9";
  private static final String LIMIT = "#c00";
  private static final String BLACK = "#000";
  private static final String GREY = "#444";
  private static final List<String> LEGEND = List.of(
      "A band per phase; a buffer live in every phase is in every band, at the same bytes. Outlined"
          + " inside a buffer: its stages (s) and copies (c).",
      "Pink strips: bytes a buffer of the next phase takes over from one of the last; beside them,"
          + " what must complete first ([helper]: the header's <from>_to_<to>(); [kernel]: yours).",
      "Offsets are from base(dynamic_smem), aligned to kAlignment = {alignment} at run time; every"
          + " number here is the header's and the JSON report's.");

  private final StorageMap map;
  private final long axisBytes;
  private final long bytesPerPixel;
  private final int plotWidth;
  /** The plot, then the frame around it. */
  private Svg svg = new Svg(16384);
  /** The bottom of the last band's rectangles, where the strips to the next band start. */
  private int boxBottom;

  private StorageMapSvg(StorageMap map) {
    this.map = map;
    // The limit on the scale where the plan takes an eighth of it or more; a small plan fills the
    // width, its limit stated beside the axis.
    this.axisBytes = map.dynamicBytes() * 8 >= map.limitBytes()
        ? Math.max(map.limitBytes(), map.dynamicBytes()) : map.dynamicBytes();
    long scale = 1;
    while ((axisBytes + scale - 1) / scale > MAX_PLOT_WIDTH) {
      scale *= 2;
    }
    this.bytesPerPixel = scale;
    this.plotWidth = (int) ((axisBytes + scale - 1) / scale);
  }

  /** The picture of {@code map}. */
  static String render(StorageMap map) {
    return new StorageMapSvg(map).draw();
  }

  private String draw() {
    // The plot first, in its own coordinates (x from the base): its height sets the frame's.
    int y = TOP;
    List<Integer> bandTops = new ArrayList<>();
    for (int b = 0; b < map.bands().size(); b++) {
      bandTops.add(y);
      y = band(map.bands().get(b), y);
      y = change(b, y);
    }
    int requestTop = y + 4;
    y = request(requestTop);
    int axisY = y + 8;
    y = axis(axisY);
    // The plan's end and the limit cross every band.
    svg.titled("line", "kBytes " + map.bytes(), "class", "end", "x1", px(map.bytes()), "y1", TOP - 4,
        "x2", px(map.bytes()), "y2", axisY, "stroke", "#555", "stroke-dasharray", "3,3");
    if (map.limitBytes() <= axisBytes) {
      svg.empty("line", "class", "limit", "x1", px(map.limitBytes()), "y1", TOP - 8,
          "x2", px(map.limitBytes()), "y2", axisY, "stroke", LIMIT, "stroke-width", 1.5);
      textEnd(width(map.limitBytes()), TOP - 12, 10, LIMIT, "kLimitBytes " + map.limitBytes()
          + " (" + kibApprox(map.limitBytes()) + " KiB, " + limitSource() + ")");
    }
    String plot = svg.toString();
    svg = new Svg(16384 + plot.length());
    int legendTop = y + 8;
    int height = legendTop + LEGEND.size() * LINE + 12;
    int width = Math.max(LEFT + plotWidth + RIGHT, 760);
    svg.frame(width, height, 10);
    svg.append("<defs>\n<pattern id=\"slack\" width=\"6\" height=\"6\""
        + " patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        + "<rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
        + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888\" stroke-width=\"2\"/>"
        + "</pattern>\n</defs>\n");
    svg.empty("rect", "width", "100%", "height", "100%", "fill", "white");
    svg.text("title", "storage " + map.javaName() + " (" + map.type()
        + "): its shared memory by phase");
    text(8, 18, 13, BLACK, "storage " + map.javaName() + ": " + map.bytes()
        + " bytes (" + kibApprox(map.bytes()) + " KiB) from a " + map.alignment()
        + "-byte aligned base, "
        + map.buffers().size() + (map.buffers().size() == 1 ? " buffer, " : " buffers, ") + map.bands().size()
        + (map.bands().size() == 1 ? " band" : " bands"));
    text(8, 34, 10, BLACK, "request kDynamicBytes = " + map.dynamicBytes() + " (kBytes and "
        + map.slackBytes() + " of slack) of kLimitBytes = " + map.limitBytes() + " ("
        + limitSource() + "); " + map.blocksPerSm()
        + (map.blocksPerSm() == 1 ? " block" : " blocks") + " per SM by shared memory");
    for (int b = 0; b < map.bands().size(); b++) {
      StorageMap.Band band = map.bands().get(b);
      int top = bandTops.get(b);
      svg.text("text", band.title(), "x", 8, "y", top + 20, "font-size", 12, "font-weight", "bold");
      text(8, top + 34, 9, GREY, band.live().size()
          + (band.live().size() == 1 ? " buffer" : " buffers") + " live");
    }
    text(8, requestTop + 18, 12, BLACK, "request");
    svg.open("g", "id", "plot", "transform", "translate(" + LEFT + ",0)", "data-bytes-per-pixel",
        bytesPerPixel).append(plot).close("g");
    for (int l = 0; l < LEGEND.size(); l++) {
      text(8, legendTop + (l + 1) * LINE, 9, GREY, LEGEND.get(l).replace("{alignment}",
          String.valueOf(map.alignment())));
    }
    return svg.close("svg").toString();
  }

  /**
   * One phase's band from {@code top}: its live buffers, then the labels that did not fit in them;
   * its bottom.
   */
  private int band(StorageMap.Band band, int top) {
    int boxTop = top + BAND_PAD;
    svg.open("g", "class", "band", "data-phase", band.title());
    svg.empty("rect", "class", "lane", "x", 0, "y", top, "width", plotWidth, "height",
        BOX_HEIGHT + 2 * BAND_PAD, "fill", "#f7f7f7");
    List<Integer> callouts = new ArrayList<>();
    for (int i : band.live()) {
      StorageMap.Area area = map.buffers().get(i);
      String fill = fill(i);
      svg.titled("rect", tooltip(area), "class", "buffer", "data-buffer", area.name(), "data-phase",
          band.title(), "x", px(area.offset()), "y", boxTop, "width", px(area.bytes()), "height",
          BOX_HEIGHT, "fill", fill, "stroke", "#333", "stroke-width", 0.8);
      for (StorageMap.Part part : area.parts()) {
        svg.empty("rect", "class", "part", "data-buffer", area.name(), "x", px(part.offset()),
            "y", boxTop + 2, "width", px(part.bytes()), "height", BOX_HEIGHT - 4, "fill", "none",
            "stroke", "#345", "stroke-width", part.stage() == 0 && area.copies() > 1 ? 1.4 : 0.6);
        String label = partLabel(area, part);
        if (width(part.bytes()) >= label.length() * 5 + 6) {
          text(width(part.offset()) + 3, boxTop + BOX_HEIGHT - 5, 8, "#345", label);
        }
      }
      List<String> lines = labelLines(area);
      if (width(area.bytes()) >= longest(lines) * CHAR_WIDTH + 8) {
        for (int l = 0; l < lines.size(); l++) {
          text(width(area.offset()) + 4, boxTop + 13 + l * LINE, l == 0 ? 11 : 9, BLACK,
              lines.get(l));
        }
      } else {
        // Too narrow to read: a marker at its start, its label under the band.
        svg.empty("line", "class", "marker", "x1", px(area.offset()), "y1", boxTop,
            "x2", px(area.offset()), "y2", boxTop + BOX_HEIGHT,
            "stroke", fill.equals(BYTES_FILL) ? "#777" : fill, "stroke-width", 2);
        callouts.add(i);
      }
    }
    // By offset: a leader then crosses no label above it that ends at its left.
    callouts.sort(java.util.Comparator.comparingLong(i -> map.buffers().get(i).offset()));
    boxBottom = boxTop + BOX_HEIGHT;
    int bottom = boxTop + BOX_HEIGHT + BAND_PAD;
    for (int c = 0; c < callouts.size(); c++) {
      StorageMap.Area area = map.buffers().get(callouts.get(c));
      int lineY = bottom + (c + 1) * LINE;
      double x = width(area.offset());
      svg.empty("line", "class", "leader", "x1", px(area.offset()), "y1", boxTop + BOX_HEIGHT,
          "x2", px(area.offset()), "y2", lineY - 3, "stroke", "#777", "stroke-width", 0.6);
      String label = String.join(", ", labelLines(area));
      if (x + 4 + label.length() * CHAR_WIDTH <= plotWidth) {
        text(x + 4, lineY, 9, BLACK, label);
      } else {
        textEnd(x - 2, lineY, 9, BLACK, label);
      }
    }
    bottom += callouts.size() * LINE + (callouts.isEmpty() ? 0 : 4);
    svg.close("g");
    return bottom;
  }

  /**
   * The change after band {@code b}, from {@code top}: strips over the bytes the next phase takes
   * over (down to the next band's top, or, after the last band, through the note), and the note; the
   * next band's top.
   */
  private int change(int b, int top) {
    List<String> lines = new ArrayList<>();
    StorageMap.Change change = b < map.changes().size() ? map.changes().get(b) : null;
    if (change == null) {
      if (map.bands().size() == 1) {
        lines.add(map.bands().get(0).phase().isPresent()
            ? "one phase: no bytes are reused, and no phase change needs a wait"
            : "no phase named: every buffer is live throughout, on bytes of its own");
      }
    } else {
      boolean back = b == map.bands().size() - 1;
      List<String> pairs = new ArrayList<>();
      for (StorageMap.Reuse reuse : change.reused()) {
        pairs.add(reuse.after() + " over " + reuse.before() + " (" + reuse.bytes() + " bytes at "
            + reuse.offset() + ")");
      }
      lines.add(change.from() + " -> " + change.to() + (back ? " (back to the first band: the next"
          + " tile of a persistent kernel)" : "") + ": " + (pairs.isEmpty()
              ? "no byte of " + change.from() + " is reused" : String.join(", ", pairs)));
      if (change.steps().isEmpty()) {
        lines.add("  nothing must complete first");
      } else {
        boolean helper = change.steps().stream().anyMatch(StorageMap.ChangeStep::byHelper);
        lines.add("  before " + change.to() + " touches them, in order (" + (helper
            ? change.helper() + "() does those marked [helper]" : "each the kernel's") + "):");
      }
      int n = 1;
      for (StorageMap.ChangeStep step : change.steps()) {
        lines.add("  " + n++ + ". " + StorageText.step(step.step()) + " [" + (step.byHelper()
            ? "helper" : "kernel") + "]");
      }
    }
    int height = lines.isEmpty() ? 10 : 8 + lines.size() * LINE + 6;
    if (change != null) {
      boolean back = b == map.bands().size() - 1;
      for (StorageMap.Reuse reuse : change.reused()) {
        svg.titled("rect", reuse.after() + " (" + change.to() + ") over " + reuse.before() + " ("
                + change.from() + "): bytes " + reuse.offset() + " to "
                + (reuse.offset() + reuse.bytes()),
            "class", "reuse", "data-before", reuse.before(), "data-after", reuse.after(),
            "x", px(reuse.offset()), "y", boxBottom, "width", px(reuse.bytes()),
            "height", top + height + (back ? 0 : BAND_PAD) - boxBottom, "fill", "#e7298a",
            "fill-opacity", 0.12, "stroke", "#e7298a", "stroke-dasharray", back ? "2,3" : "5,3");
      }
    }
    for (int l = 0; l < lines.size(); l++) {
      text(4, top + 8 + (l + 1) * LINE - 2, 9, BLACK, lines.get(l));
    }
    return top + height;
  }

  /** What to request: the plan, the slack, the free bytes up to the limit; the row's bottom. */
  private int request(int top) {
    int boxTop = top + 2;
    int height = 24;
    svg.open("g", "id", "request");
    rect("plan", 0, map.bytes(), boxTop, height, "#e0e0e0", "kBytes: the plan, " + map.bytes()
        + " bytes from the aligned base");
    text(4, boxTop + 15, 9, BLACK, fits(map.bytes(), "kBytes " + map.bytes())
        ? "kBytes " + map.bytes() : "");
    if (map.slackBytes() > 0) {
      rect("slack", map.bytes(), map.slackBytes(), boxTop, height, "url(#slack)",
          "slack: " + map.slackBytes() + " bytes that rounding a "
              + StorageMap.DYNAMIC_BASE_ALIGNMENT + "-byte aligned dynamic base up to " + map.alignment() + " may take");
    }
    if (map.limitBytes() <= axisBytes && map.limitBytes() > map.dynamicBytes()) {
      rect("free", map.dynamicBytes(), map.limitBytes() - map.dynamicBytes(), boxTop, height,
          "#ffffff", "free: " + (map.limitBytes() - map.dynamicBytes()) + " bytes to kLimitBytes");
    }
    int y = boxTop + height + LINE;
    String slack = map.slackBytes() > 0
        ? "hatched: " + map.slackBytes() + " bytes of slack (kDynamicBytes " + map.dynamicBytes()
            + " - kBytes): base(dynamic_smem) rounds the " + StorageMap.DYNAMIC_BASE_ALIGNMENT
            + "-byte aligned dynamic base up to " + map.alignment() + ", taking up to this much"
        : "no slack: the dynamic base's " + StorageMap.DYNAMIC_BASE_ALIGNMENT
            + "-byte alignment is the plan's";
    text(4, y, 9, BLACK, slack);
    y += LINE;
    if (map.limitBytes() <= axisBytes) {
      text(4, y, 9, BLACK, (map.limitBytes() - map.dynamicBytes()) + " bytes free up to"
          + " kLimitBytes " + map.limitBytes());
    } else {
      text(4, y, 9, LIMIT, "kLimitBytes " + map.limitBytes() + " (" + kibApprox(map.limitBytes())
          + " KiB, " + limitSource() + ") is off the scale, to the right: "
          + (map.limitBytes() - map.dynamicBytes()) + " bytes free");
    }
    svg.close("g");
    return y + 4;
  }

  /** The scale under everything, a tick a power-of-two KiB (or a fraction of one); its bottom. */
  private int axis(int y) {
    long step = 64;
    while (axisBytes / step > 8) {
      step *= 2;
    }
    svg.open("g", "id", "axis");
    svg.empty("line", "x1", 0, "y1", y, "x2", plotWidth, "y2", y, "stroke", "#000");
    for (long at = 0; at <= axisBytes; at += step / 2) {
      boolean major = at % step == 0;
      svg.empty("line", "x1", px(at), "y1", y, "x2", px(at), "y2", y + (major ? 6 : 3),
          "stroke", "#000");
      if (major) {
        svg.text("text", kib(at), "x", px(at), "y", y + 17, "text-anchor", "middle",
            "font-size", 9);
      }
    }
    text(0, y + 30, 9, BLACK, "KiB from the aligned base; a tick every " + kib(step)
        + " KiB; 1 pixel = " + bytesPerPixel + (bytesPerPixel == 1 ? " byte" : " bytes"));
    svg.close("g");
    return y + 34;
  }

  private void rect(String kind, long offset, long bytes, int top, int height, String fill,
      String title) {
    svg.titled("rect", title, "class", kind, "x", px(offset), "y", top, "width", px(bytes),
        "height", height, "fill", fill, "stroke", "#555", "stroke-width", 0.6);
  }

  /** The label's lines: name; bytes and offset; alignment and copies or stages. */
  private static List<String> labelLines(StorageMap.Area area) {
    List<String> lines = new ArrayList<>();
    lines.add(area.name());
    lines.add(area.bytes() + " B at " + area.offset());
    String shape = "align " + area.alignment();
    if (area.kind() == Buffer.Kind.BARRIERS) {
      shape += ", " + area.barriers() + (area.barriers() == 1 ? " mbarrier" : " mbarriers");
    }
    if (area.copies() > 1) {
      shape += ", " + area.copies() + " copies every " + area.copyStride();
    }
    if (area.stages() > 1) {
      shape += ", " + area.stages() + " stages";
    }
    lines.add(shape);
    return lines;
  }

  private static String tooltip(StorageMap.Area area) {
    return area.name() + " (" + area.tile().orElse(area.kind().name().toLowerCase(
        java.util.Locale.ROOT)) + "): bytes " + area.offset() + " to " + area.end() + ", "
        + area.bytes() + " bytes, " + area.alignment() + "-byte aligned, " + area.copies()
        + (area.copies() == 1 ? " copy" : " copies") + (area.stages() > 1 ? " of " + area.stages()
            + " stages" : "") + ", " + area.phase().map(phase -> "phase " + phase)
                .orElse("every phase");
  }

  private static String partLabel(StorageMap.Area area, StorageMap.Part part) {
    if (area.copies() > 1 && area.stages() > 1) {
      return "c" + part.copy() + "s" + part.stage();
    }
    return area.copies() > 1 ? "c" + part.copy() : "s" + part.stage();
  }

  private static int longest(List<String> lines) {
    return lines.stream().mapToInt(String::length).max().orElse(0);
  }

  private String fill(int index) {
    StorageMap.Area area = map.buffers().get(index);
    if (area.kind() == Buffer.Kind.BARRIERS) {
      return BARRIER_FILL;
    }
    if (area.kind() == Buffer.Kind.BYTES) {
      return BYTES_FILL;
    }
    int tiles = 0;
    for (int i = 0; i < index; i++) {
      tiles += map.buffers().get(i).kind() == Buffer.Kind.TILE ? 1 : 0;
    }
    return TILE_HUES[tiles % TILE_HUES.length];
  }

  private boolean fits(long bytes, String label) {
    return width(bytes) >= label.length() * CHAR_WIDTH + 8;
  }

  private double width(long bytes) {
    return (double) bytes / bytesPerPixel;
  }

  /** {@code bytes} in pixels, exactly: the scale is a power of two, so the decimal ends. */
  private String px(long bytes) {
    return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(bytesPerPixel)).stripTrailingZeros()
        .toPlainString();
  }

  /** {@code bytes} in KiB, exactly: a tick's bytes are multiples of 64. */
  private static String kib(long bytes) {
    return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(1024)).stripTrailingZeros()
        .toPlainString();
  }

  /** {@code bytes} in KiB to a tenth, for the totals. */
  private static String kibApprox(long bytes) {
    return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(1024), 1,
        java.math.RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
  }

  private String limitSource() {
    return map.architecture().map(arch -> arch + "'s per-block maximum")
        .orElse("sm_90a's, the default without -Aswizzlegen.arch");
  }

  private void text(double x, int y, int size, String color, String content) {
    if (content.isEmpty()) {
      return;
    }
    if (color.equals(BLACK)) {
      svg.text("text", content, "x", num(x), "y", y, "font-size", size);
    } else {
      svg.text("text", content, "x", num(x), "y", y, "font-size", size, "fill", color);
    }
  }

  private void textEnd(double x, int y, int size, String color, String content) {
    svg.text("text", content, "x", num(x), "y", y, "font-size", size, "text-anchor", "end",
        "fill", color);
  }

  /** A coordinate: at most two decimals, none where it is whole. */
  private static String num(double x) {
    return BigDecimal.valueOf(x).setScale(2, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros()
        .toPlainString();
  }
}
