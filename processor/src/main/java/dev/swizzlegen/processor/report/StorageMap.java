package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import dev.swizzlegen.runtime.storage.Placement;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * What a storage's report, picture and summary show, read once off the model's plan: each buffer
 * where it lies, its copies' stages, a band per phase with the buffers live in it, and each phase
 * change with the bytes it hands over and what must complete first.
 *
 * @param javaName the type's name as messages give it ({@code Kernel.Smem})
 * @param bytes the plan's bytes from its base, {@code kBytes}; the other numbers are the header's
 *     constants of the same names
 * @param architecture the target's name ({@code sm_90a}), empty without {@code -Aswizzlegen.arch}
 * @param bands a band per named phase in the kernel's order; one of every buffer when none is named
 */
record StorageMap(String name, String type, String javaName, long bytes, int alignment,
    long dynamicBytes, int limitBytes, Optional<String> architecture, int blocksPerSm,
    List<Area> buffers, List<Band> bands, List<Change> changes) {

  /**
   * One buffer where the plan put it, from its first copy's offset.
   *
   * @param tile the tile's qualified type name, for a tile
   * @param parts each copy's stages where they lie; empty for one copy of one stage
   */
  record Area(String name, Buffer.Kind kind, Optional<String> tile, long offset, long bytes,
      int alignment, int copies, long copyBytes, long copyStride, int stages, int barriers,
      Optional<String> phase, List<Part> parts) {
    long end() {
      return offset + bytes;
    }

    String phaseText() {
      return phase.map(name -> "phase " + name).orElse("every phase");
    }
  }

  /** One stage of one copy of a buffer (a copy, for a buffer without stages). */
  record Part(int copy, int stage, long offset, long bytes) {}

  /** One phase's band (no phase where none is named) and the indexes of its live buffers. */
  record Band(Optional<String> phase, List<Integer> live) {
    String title() {
      return phase.orElse("every phase");
    }
  }

  /**
   * One phase change (after the last phase, the first: a persistent kernel's next tile).
   *
   * @param helper the header's {@code <from>_to_<to>}, empty where the kernel does every step
   */
  record Change(String from, String to, String helper, List<Reuse> reused,
      List<ChangeStep> steps) {}

  /** Bytes a buffer of the last phase used and a buffer of the next one uses. */
  record Reuse(String before, String after, long offset, long bytes) {}

  /** A step of a phase change and whether the header's helper performs it (else the kernel). */
  record ChangeStep(Step step, boolean byHelper) {}

  static StorageMap of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<Area> buffers = IntStream.range(0, spec.buffers().size()).mapToObj(i -> {
      Buffer buffer = placement.buffers().get(i);
      int stages = buffer.stages().map(Buffer.Stages::count).orElse(1);
      long stride = buffer.stages().map(Buffer.Stages::strideBytes).orElse(0);
      long extent = buffer.stages().map(staged -> (long) staged.extentBytes())
          .orElse(buffer.copyBytes());
      List<Part> parts = buffer.copies() == 1 && stages == 1 ? List.of()
          : IntStream.range(0, buffer.copies() * stages).mapToObj(n -> new Part(n / stages,
              n % stages, placement.offset(i, n / stages) + n % stages * stride, extent)).toList();
      return new Area(buffer.name(), buffer.kind(), spec.buffers().get(i).tile()
          .map(tile -> tile.type().getQualifiedName().toString()), placement.offsets().get(i),
          buffer.bytes(), buffer.alignment(), buffer.copies(), buffer.copyBytes(),
          buffer.copyStride(), stages, Math.toIntExact(buffer.barrierCount()), buffer.phase(),
          parts);
    }).toList();
    List<Optional<String>> phases = placement.phases().isEmpty() ? List.of(Optional.empty())
        : placement.phases().stream().map(Optional::of).toList();
    List<Band> bands = phases.stream().map(phase -> new Band(phase, IntStream.range(0,
        buffers.size()).filter(i -> phase.map(placement.buffers().get(i)::liveIn).orElse(true))
        .boxed().toList())).toList();
    List<String> names = buffers.stream().map(Area::name).toList();
    List<Change> changes = proven.phaseChanges().stream().map(change -> new Change(change.from(),
        change.to(), StorageHeaderWriter.hasHelper(change)
            ? Names.phaseChange(change.from(), change.to()) : "",
        change.buffers().stream().map(pair -> {
          Area before = buffers.get(names.indexOf(pair.get(0)));
          Area after = buffers.get(names.indexOf(pair.get(1)));
          long start = Math.max(before.offset(), after.offset());
          return new Reuse(before.name(), after.name(), start,
              Math.min(before.end(), after.end()) - start);
        }).toList(),
        change.steps().stream().map(step -> new ChangeStep(step,
            StorageHeaderWriter.helperPerforms(step))).toList())).toList();
    return new StorageMap(spec.name(), spec.type().getQualifiedName().toString(),
        Diagnostics.javaName(spec.type()), placement.bytes(), placement.alignment(),
        placement.dynamicBytes(), proven.limitBytes(),
        proven.architecture().map(architecture -> architecture.optionName()),
        proven.blocksPerMultiprocessor(), buffers, bands, changes);
  }

  /** What rounding a base aligned to 16 bytes only up to {@link #alignment} may take. */
  long slackBytes() {
    return dynamicBytes - bytes;
  }

  private static final int MAX_PLOT_WIDTH = 960;
  /** The width of the phase names' column, left of the plot. */
  private static final int LEFT = 112;
  private static final int RIGHT = 24;
  private static final int TOP = 72;
  private static final int BOX_HEIGHT = 50;
  private static final int BAND_PAD = 6;
  private static final int LINE = 12;
  /** About one character's width at the labels' 10 pixels, in a monospace font. */
  private static final double CHAR_WIDTH = 6.1;
  private static final String[] TILE_HUES = {"#9ecae1", "#a1d99b", "#bcbddc", "#c6dbef",
      "#c7e9c0", "#dadaeb", "#fdd0a2", "#d4f1f4"};
  private static final String BYTES_FILL = "#d9d9d9";
  private static final String LIMIT = "#c00";
  private static final String GREY = "#444";
  private static final List<String> LEGEND = List.of(
      "A band per phase; a buffer live in every phase is in every band, at the same bytes. Outlined"
          + " inside a buffer: its stages (s) and copies (c).",
      "Pink strips: bytes a buffer of the next phase takes over from one of the last; beside them,"
          + " what must complete first ([helper]: the header's <from>_to_<to>(); [kernel]: yours).",
      "Offsets are from base(dynamic_smem), aligned to kAlignment = {alignment} at run time; every"
          + " number here is the header's and the JSON report's.");

  /**
   * This map drawn as a kernel author plans it on paper: x the byte from the aligned base; a band
   * per phase with its live buffers, labelled (under the band, with a leader, where too narrow),
   * their copies' stages outlined; between bands, strips over the bytes the next phase takes over
   * and what must complete first; under them, what to request up to {@code kLimitBytes}.
   */
  String svg() {
    return new Drawing().draw();
  }

  /** The picture's layout: its scale, and the plot and the titles left of it as they are drawn. */
  private final class Drawing {
    // The limit on the scale where the plan takes an eighth of it or more; a small plan fills the
    // width, its limit stated beside the axis.
    private final long axisBytes = dynamicBytes() * 8 >= limitBytes()
        ? Math.max(limitBytes(), dynamicBytes()) : dynamicBytes();
    /** A power of two, so that every edge lies on a byte; the least that fits the plot's width. */
    private final long bytesPerPixel =
        Math.max(1, Long.highestOneBit((axisBytes - 1) / MAX_PLOT_WIDTH) * 2);
    private final int plotWidth = (int) ((axisBytes + bytesPerPixel - 1) / bytesPerPixel);
    private final boolean limitOnScale = limitBytes() <= axisBytes;
    private final String limitSource = architecture().map(arch -> arch + "'s per-block maximum")
        .orElse("sm_90a's, the default without -Aswizzlegen.arch");
    private final String limit = "kLimitBytes " + limitBytes() + " (" + kibApprox(limitBytes())
        + " KiB, " + limitSource + ")";
    /** The plot, x from the base, drawn before its frame, whose height it sets. */
    private final Svg svg = new Svg();
    private final Svg titles = new Svg();
    /** The bottom of the last band's rectangles, where the strips to the next band start. */
    private int boxBottom;

    private String draw() {
      int y = TOP;
      for (int b = 0; b < bands().size(); b++) {
        y = change(b, band(bands().get(b), y));
      }
      int axisY = request(y + 4) + 8;
      int legendTop = axis(axisY) + 8;
      svg.titled("line", "kBytes " + bytes(), "class", "end", "x1", px(bytes()), "y1", TOP - 4,
          "x2", px(bytes()), "y2", axisY, "stroke", "#555", "stroke-dasharray", "3,3");
      if (limitOnScale) {
        svg.empty("line", "class", "limit", "x1", px(limitBytes()), "y1", TOP - 8,
            "x2", px(limitBytes()), "y2", axisY, "stroke", LIMIT, "stroke-width", 1.5);
        svg.label(width(limitBytes()), TOP - 12, 10, limit, "text-anchor", "end", "fill", LIMIT);
      }
      Svg frame = new Svg().frame(Math.max(LEFT + plotWidth + RIGHT, 760),
          legendTop + LEGEND.size() * LINE + 12, 10);
      frame.append("<defs>\n<pattern id=\"slack\" width=\"6\" height=\"6\""
          + " patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
          + "<rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
          + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888\" stroke-width=\"2\"/>"
          + "</pattern>\n</defs>\n");
      frame.empty("rect", "width", "100%", "height", "100%", "fill", "white");
      frame.text("title", "storage " + javaName() + " (" + type()
          + "): its shared memory by phase");
      frame.label(8, 18, 13, "storage " + javaName() + ": " + bytes() + " bytes ("
          + kibApprox(bytes()) + " KiB) from a " + alignment() + "-byte aligned base, "
          + count(buffers().size(), "buffer") + ", " + count(bands().size(), "band"));
      frame.label(8, 34, 10, "request kDynamicBytes = " + dynamicBytes() + " (kBytes and "
          + slackBytes() + " of slack) of kLimitBytes = " + limitBytes() + " ("
          + limitSource + "); " + count(blocksPerSm(), "block") + " per SM by shared memory");
      frame.append(titles.toString());
      frame.open("g", "id", "plot", "transform", "translate(" + LEFT + ",0)",
          "data-bytes-per-pixel", bytesPerPixel).append(svg.toString()).close("g");
      for (int l = 0; l < LEGEND.size(); l++) {
        frame.label(8, legendTop + (l + 1) * LINE, 9,
            LEGEND.get(l).replace("{alignment}", String.valueOf(alignment())), "fill", GREY);
      }
      return frame.close("svg").toString();
    }

    /** One phase's band from {@code top}: its live buffers, then the labels too wide for them. */
    private int band(Band band, int top) {
      int boxTop = top + BAND_PAD;
      boxBottom = boxTop + BOX_HEIGHT;
      titles.label(8, top + 20, 12, band.title(), "font-weight", "bold");
      titles.label(8, top + 34, 9, count(band.live().size(), "buffer") + " live", "fill", GREY);
      svg.open("g", "class", "band", "data-phase", band.title());
      svg.empty("rect", "class", "lane", "x", 0, "y", top, "width", plotWidth, "height",
          BOX_HEIGHT + 2 * BAND_PAD, "fill", "#f7f7f7");
      List<Area> callouts = new ArrayList<>();
      for (int i : band.live()) {
        Area area = buffers().get(i);
        String fill = fill(i);
        svg.titled("rect", tooltip(area), "class", "buffer", "data-buffer", area.name(),
            "data-phase", band.title(), "x", px(area.offset()), "y", boxTop,
            "width", px(area.bytes()), "height", BOX_HEIGHT, "fill", fill, "stroke", "#333",
            "stroke-width", 0.8);
        for (Part part : area.parts()) {
          svg.empty("rect", "class", "part", "data-buffer", area.name(), "x", px(part.offset()),
              "y", boxTop + 2, "width", px(part.bytes()), "height", BOX_HEIGHT - 4, "fill", "none",
              "stroke", "#345", "stroke-width", part.stage() == 0 && area.copies() > 1 ? 1.4 : 0.6);
          String copy = area.copies() > 1 ? "c" + part.copy() : "";
          String label = area.stages() > 1 ? copy + "s" + part.stage() : copy;
          if (width(part.bytes()) >= label.length() * 5 + 6) {
            svg.label(width(part.offset()) + 3, boxBottom - 5, 8, label, "fill", "#345");
          }
        }
        List<String> lines = labelLines(area);
        if (fits(area.bytes(), lines.stream().mapToInt(String::length).max().orElse(0))) {
          for (int l = 0; l < lines.size(); l++) {
            svg.label(width(area.offset()) + 4, boxTop + 13 + l * LINE, l == 0 ? 11 : 9,
                lines.get(l));
          }
        } else {
          // Too narrow to read: a marker at its start, its label under the band.
          svg.empty("line", "class", "marker", "x1", px(area.offset()), "y1", boxTop,
              "x2", px(area.offset()), "y2", boxBottom,
              "stroke", fill.equals(BYTES_FILL) ? "#777" : fill, "stroke-width", 2);
          callouts.add(area);
        }
      }
      // By offset: a leader then crosses no label above it that ends at its left.
      callouts.sort(Comparator.comparingLong(Area::offset));
      int bottom = boxBottom + BAND_PAD;
      for (int c = 0; c < callouts.size(); c++) {
        Area area = callouts.get(c);
        int lineY = bottom + (c + 1) * LINE;
        double x = width(area.offset());
        svg.empty("line", "class", "leader", "x1", px(area.offset()), "y1", boxBottom,
            "x2", px(area.offset()), "y2", lineY - 3, "stroke", "#777", "stroke-width", 0.6);
        String label = String.join(", ", labelLines(area));
        if (x + 4 + label.length() * CHAR_WIDTH <= plotWidth) {
          svg.label(x + 4, lineY, 9, label);
        } else {
          svg.label(x - 2, lineY, 9, label, "text-anchor", "end", "fill", "#000");
        }
      }
      svg.close("g");
      return bottom + callouts.size() * LINE + (callouts.isEmpty() ? 0 : 4);
    }

    /**
     * The change after band {@code b} from {@code top}: its note, and strips over the bytes the
     * next phase takes over down to the next band (after the last, through the note); the next top.
     */
    private int change(int b, int top) {
      List<String> lines = new ArrayList<>();
      if (changes().isEmpty()) {
        // One band: the model changes phase only between two.
        lines.add(bands().get(0).phase().isPresent()
            ? "one phase: no bytes are reused, and no phase change needs a wait"
            : "no phase named: every buffer is live throughout, on bytes of its own");
      } else {
        Change change = changes().get(b);
        boolean back = b == bands().size() - 1;
        List<String> pairs = change.reused().stream().map(reuse -> reuse.after() + " over "
            + reuse.before() + " (" + reuse.bytes() + " bytes at " + reuse.offset() + ")").toList();
        lines.add(change.from() + " -> " + change.to() + (back ? " (back to the first band:"
            + " the next tile of a persistent kernel)" : "") + ": " + (pairs.isEmpty()
                ? "no byte of " + change.from() + " is reused" : String.join(", ", pairs)));
        boolean helper = change.steps().stream().anyMatch(ChangeStep::byHelper);
        lines.add(change.steps().isEmpty() ? "  nothing must complete first" : "  before "
            + change.to() + " touches them, in order (" + (helper
                ? change.helper() + "() does those marked [helper]" : "each the kernel's") + "):");
        for (int n = 0; n < change.steps().size(); n++) {
          ChangeStep step = change.steps().get(n);
          lines.add("  " + (n + 1) + ". " + StorageText.step(step.step()) + " ["
              + (step.byHelper() ? "helper" : "kernel") + "]");
        }
        int stripBottom = top + 8 + lines.size() * LINE + 6 + (back ? 0 : BAND_PAD);
        for (Reuse reuse : change.reused()) {
          svg.titled("rect", reuse.after() + " (" + change.to() + ") over " + reuse.before() + " ("
                  + change.from() + "): bytes " + reuse.offset() + " to "
                  + (reuse.offset() + reuse.bytes()),
              "class", "reuse", "data-before", reuse.before(), "data-after", reuse.after(),
              "x", px(reuse.offset()), "y", boxBottom, "width", px(reuse.bytes()),
              "height", stripBottom - boxBottom, "fill", "#e7298a", "fill-opacity", 0.12,
              "stroke", "#e7298a", "stroke-dasharray", back ? "2,3" : "5,3");
        }
      }
      for (int l = 0; l < lines.size(); l++) {
        svg.label(4, top + 8 + (l + 1) * LINE - 2, 9, lines.get(l));
      }
      return top + 8 + lines.size() * LINE + 6;
    }

    /** What to request: the plan, the slack, the free bytes up to the limit; the row's bottom. */
    private int request(int top) {
      int boxTop = top + 2;
      titles.label(8, top + 18, 12, "request");
      svg.open("g", "id", "request");
      rect("plan", 0, bytes(), boxTop, "#e0e0e0", "kBytes: the plan, " + bytes()
          + " bytes from the aligned base");
      String plan = "kBytes " + bytes();
      if (fits(bytes(), plan.length())) {
        svg.label(4, boxTop + 15, 9, plan);
      }
      int base = Placement.DYNAMIC_BASE_ALIGNMENT;
      if (slackBytes() > 0) {
        rect("slack", bytes(), slackBytes(), boxTop, "url(#slack)", "slack: " + slackBytes()
            + " bytes that rounding a " + base + "-byte aligned dynamic base up to " + alignment()
            + " may take");
      }
      long free = limitBytes() - dynamicBytes();
      if (limitOnScale && free > 0) {
        rect("free", dynamicBytes(), free, boxTop, "#ffffff",
            "free: " + free + " bytes to kLimitBytes");
      }
      int y = boxTop + 24 + LINE;
      svg.label(4, y, 9, slackBytes() > 0
          ? "hatched: " + slackBytes() + " bytes of slack (kDynamicBytes " + dynamicBytes()
              + " - kBytes): base(dynamic_smem) rounds the " + base
              + "-byte aligned dynamic base up to " + alignment() + ", taking up to this much"
          : "no slack: the dynamic base's " + base + "-byte alignment is the plan's");
      y += LINE;
      if (limitOnScale) {
        svg.label(4, y, 9, free + " bytes free up to kLimitBytes " + limitBytes());
      } else {
        svg.label(4, y, 9, limit + " is off the scale, to the right: " + free + " bytes free",
            "fill", LIMIT);
      }
      svg.close("g");
      return y + 4;
    }

    /** The scale under everything, a tick a power-of-two KiB (or a fraction of one); its bottom. */
    private int axis(int y) {
      // The least power of two of 64 bytes or more that the axis holds at most 8 times.
      long step = Math.max(64, Long.highestOneBit(axisBytes / 9) * 2);
      svg.open("g", "id", "axis");
      svg.empty("line", "x1", 0, "y1", y, "x2", plotWidth, "y2", y, "stroke", "#000");
      for (long at = 0; at <= axisBytes; at += step / 2) {
        boolean major = at % step == 0;
        svg.empty("line", "x1", px(at), "y1", y, "x2", px(at), "y2", y + (major ? 6 : 3),
            "stroke", "#000");
        if (major) {
          svg.text("text", exact(at, 1024), "x", px(at), "y", y + 17, "text-anchor", "middle",
              "font-size", 9);
        }
      }
      svg.label(0, y + 30, 9, "KiB from the aligned base; a tick every " + exact(step, 1024)
          + " KiB; 1 pixel = " + count(bytesPerPixel, "byte"));
      svg.close("g");
      return y + 34;
    }

    private void rect(String kind, long offset, long bytes, int top, String fill, String title) {
      svg.titled("rect", title, "class", kind, "x", px(offset), "y", top, "width", px(bytes),
          "height", 24, "fill", fill, "stroke", "#555", "stroke-width", 0.6);
    }

    /** The label's lines: name; bytes and offset; alignment and copies or stages. */
    private static List<String> labelLines(Area area) {
      return List.of(area.name(), area.bytes() + " B at " + area.offset(), "align "
          + area.alignment() + (area.kind() == Buffer.Kind.BARRIERS
              ? ", " + count(area.barriers(), "mbarrier") : "")
          + (area.copies() > 1 ? ", " + area.copies() + " copies every " + area.copyStride() : "")
          + (area.stages() > 1 ? ", " + area.stages() + " stages" : ""));
    }

    private static String tooltip(Area area) {
      return area.name() + " (" + area.tile().orElse(area.kind().name().toLowerCase(
          java.util.Locale.ROOT)) + "): bytes " + area.offset() + " to " + area.end() + ", "
          + area.bytes() + " bytes, " + area.alignment() + "-byte aligned, "
          + (area.copies() == 1 ? "1 copy" : area.copies() + " copies")
          + (area.stages() > 1 ? " of " + area.stages() + " stages" : "") + ", " + area.phaseText();
    }

    /** Barriers orange, bytes grey, each tile a hue of its own in declared order. */
    private String fill(int index) {
      return switch (buffers().get(index).kind()) {
        case BARRIERS -> "#fdae6b";
        case BYTES -> BYTES_FILL;
        case TILE -> TILE_HUES[(int) buffers().subList(0, index).stream()
            .filter(area -> area.kind() == Buffer.Kind.TILE).count() % TILE_HUES.length];
      };
    }

    /** {@code n} and the noun, plural unless it is one. */
    private static String count(long n, String noun) {
      return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Whether {@code chars} characters of a label fit in {@code bytes}' width. */
    private boolean fits(long bytes, int chars) {
      return width(bytes) >= chars * CHAR_WIDTH + 8;
    }

    private double width(long bytes) {
      return (double) bytes / bytesPerPixel;
    }

    private String px(long bytes) {
      return exact(bytes, bytesPerPixel);
    }

    /** {@code bytes / unit}, exactly: a power-of-two scale, or KiB of multiples of 64 bytes. */
    private static String exact(long bytes, long unit) {
      return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(unit)).stripTrailingZeros()
          .toPlainString();
    }

    /** {@code bytes} in KiB to a tenth, for the totals. */
    private static String kibApprox(long bytes) {
      return BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(1024), 1, RoundingMode.HALF_EVEN)
          .stripTrailingZeros().toPlainString();
    }
  }
}
