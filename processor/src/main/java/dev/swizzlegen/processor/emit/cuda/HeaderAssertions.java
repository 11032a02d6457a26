package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.tma.TmaBox;
import dev.swizzlegen.runtime.tma.TmaFill;
import dev.swizzlegen.runtime.umma.UmmaOperand;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code static_assert}s a tile's header ends with: what swizzlegen proved and computed, checked
 * again by every compiler that includes the header. Every expected value is the model's
 * ({@link TileLayout}, {@link TmaFill}, {@link WgmmaOperand}, {@link UmmaOperand}), never the
 * header's own arithmetic: the offsets and inverses at the tile's first, middle and last elements,
 * the swizzle and its inverse at the same places of the atom, TMA's box limits and first and last
 * box, the wgmma and the tcgen05 (UMMA) descriptor's fields, its last K slice's descriptor and the
 * operand's logical coordinates ({@link OperandShape}).
 */
final class HeaderAssertions {
  /** Where a long condition may break: before each {@code &&} and {@code |}. */
  private static final Pattern BEFORE_AND_OR = Pattern.compile("(?= && | \\| )");

  private final String type;
  private final List<String> lines = new ArrayList<>();

  private HeaderAssertions(String type) {
    this.type = type;
  }

  /** The assertions, one a line, at namespace scope after the tile's struct. */
  static List<String> of(TileSpec tile, HopperHeaderText hopper, BlackwellHeaderText blackwell) {
    HeaderAssertions assertions = new HeaderAssertions(tile.name());
    TileLayout layout = tile.layout();
    assertions.layout(layout);
    hopper.tmaFill().ifPresent(fill -> assertions.tma(layout, fill));
    hopper.declaredOperand().ifPresent(
        operand -> assertions.wgmma(layout, operand, HopperHeaderText.Members.FIRST, ""));
    hopper.mnOperand().ifPresent(
        operand -> assertions.wgmma(layout, operand, HopperHeaderText.Members.MN, "MN-major read: "));
    blackwell.declaredOperand().ifPresent(operand -> assertions.umma(layout, operand));
    return assertions.lines;
  }

  private void layout(TileLayout layout) {
    List<String> places = List.of("the first element", "a middle element", "the last element");
    Set<List<Integer>> points = new LinkedHashSet<>();
    points.add(List.of(0, 0, 0));
    points.add(List.of(layout.rows() / 2, layout.cols() / 2, layout.stages() / 2));
    points.add(List.of(layout.rows() - 1, layout.cols() - 1, layout.stages() - 1));
    int place = 0;
    for (List<Integer> point : points) {
      int row = point.get(0);
      int col = point.get(1);
      int stage = point.get(2);
      int offset = layout.offset(row, col, stage);
      String what = places.get(points.size() == places.size() ? place++ : place == 0 ? place++ : 2);
      assertThat(call("offset", row, col, stage) + " == " + u(offset), "offset of " + what);
      assertThat(call("row", offset) + " == " + u(row) + " && " + call("col", offset) + " == "
          + u(col) + " && " + call("stage", offset) + " == " + u(stage),
          "row, col and stage invert offset at " + what);
    }
    // The swizzle's domain: the row-major offsets of the tile, or of an atom of a tile of several.
    boolean wholeTile = layout.isOneAtom();
    int domainRows = wholeTile ? layout.rows() : layout.atomRows();
    int domainCols = wholeTile ? layout.cols() : layout.atomCols();
    int domainStride = wholeTile ? layout.rowStride() : layout.atomRowStride();
    Set<Integer> linears = new LinkedHashSet<>(List.of(0,
        domainRows / 2 * domainStride + domainCols / 2,
        (domainRows - 1) * domainStride + domainCols - 1));
    for (int linear : linears) {
      int swizzled = layout.swizzle(linear);
      assertThat(call("swizzle", linear) + " == " + u(swizzled) + " && "
          + call("unswizzle", swizzled) + " == " + u(linear), "unswizzle inverts swizzle");
    }
    if (layout.stages() > 1 && layout.bytesOf(layout.stageStride()) % layout.alignment() == 0) {
      assertThat(bytes(layout, type + "::kStageElements") + " % " + type
          + "::kAlignmentBytes == 0u", "every stage starts aligned");
    }
    if (layout.stages() > 1 && layout.stageStride() != layout.stageElements()) {
      assertThat(type + "::kStageElements >= (" + type + "::kRows - 1u) * " + type
          + "::kRowStride + " + type + "::kCols", "stages lie a stage's span apart or more");
    }
  }

  /** The header's bytes of {@code elements} elements, named from outside the struct. */
  private String bytes(TileLayout layout, String elements) {
    return HeaderMembers.bytesOf(layout, elements, type + "::");
  }

  private void tma(TileLayout layout, TmaFill fill) {
    assertThat(type + "::kTmaBoxRows <= 256u && " + type + "::kTmaBoxCols <= 256u",
        "TMA box dimensions are at most 256");
    int span = TmaFill.spanBytes(fill.mode());
    if (span != Integer.MAX_VALUE) {
      assertThat(bytes(layout, type + "::kTmaBoxCols") + " <= " + u(span),
          "a TMA box row stays within " + fill.mode().cudaName() + "'s " + span + " bytes");
    }
    assertThat(bytes(layout, type + "::kTmaBoxes * " + type + "::kTmaBoxRows * " + type
        + "::kTmaBoxCols") + " == " + type + "::kTmaStageBytes", "the TMA boxes fill a stage");
    List<TmaBox> boxes = fill.boxes();
    for (int i : new LinkedHashSet<>(List.of(0, boxes.size() - 1))) {
      TmaBox box = boxes.get(i);
      assertThat(call("tma_box_row", i) + " == " + u(box.row()) + " && " + call("tma_box_col", i)
          + " == " + u(box.col()) + " && " + call("tma_box_offset", i) + " == " + u(box.offset()),
          "TMA box " + i);
    }
  }

  /**
   * A wgmma read's members, named by {@code members}; {@code what} begins each message (empty for
   * the tile's one read or its K-major one).
   */
  private void wgmma(TileLayout layout, WgmmaOperand operand, HopperHeaderText.Members members,
      String what) {
    String prefix = type + "::" + members.constants();
    assertThat(prefix + "Descriptor == ((uint64_t{" + prefix + "LeadingByteOffset} >> 4) << 16"
        + " | (uint64_t{" + prefix + "StrideByteOffset} >> 4) << 32 | uint64_t{" + prefix
        + "BaseOffset} << 49 | uint64_t{" + prefix + "LayoutType} << 62)",
        what + "the wgmma descriptor is its fields");
    int slice = operand.kSlices() - 1;
    int stage = layout.stages() - 1;
    long descriptor = operand.descriptor(0, slice, 0, stage).encode();
    assertThat(type + "::" + members.descriptor() + "(0u, " + u(slice) + ", 0u, " + u(stage)
        + ") == " + String.format(Locale.ROOT, "0x%016xull", descriptor),
        what + "the last K slice's descriptor");
    OperandShape shape = operand.shape();
    assertThat(prefix + "MnExtent == " + u(shape.mnExtent()) + " && " + prefix + "KExtent == "
        + u(shape.kExtent()) + " && " + prefix + "KSlices * " + prefix + "K == " + prefix
        + "KExtent", what + "the wgmma operand's M or N and K");
    // Two elements whose M and K differ, so that a row and column swapped cannot pass.
    int[][] elements = {
        {shape.mnExtent() - 1, 0, stage}, {shape.mnExtent() / 2, shape.kExtent() - 1, 0}};
    String fn = members.functions();
    for (int[] element : elements) {
      int mn = element[0];
      int k = element[1];
      int row = shape.row(mn, k);
      int col = shape.col(mn, k);
      assertThat(call(fn + "_row", mn, k) + " == " + u(row) + " && " + call(fn + "_col", mn, k)
          + " == " + u(col) + " && " + call(fn + "_offset", mn, k, element[2]) + " == "
          + u(layout.offset(row, col, element[2])), what + "wgmma operand element (" + mn + ", "
          + k + ") of stage " + element[2] + " is the tile's (" + row + ", " + col + ")");
    }
  }

  private void umma(TileLayout layout, UmmaOperand operand) {
    assertThat(type + "::kUmmaDescriptor == ((uint64_t{" + type
        + "::kUmmaLeadingByteOffset} >> 4) << 16 | (uint64_t{" + type
        + "::kUmmaStrideByteOffset} >> 4) << 32 | uint64_t{" + type + "::kUmmaVersion} << 46"
        + " | uint64_t{" + type + "::kUmmaBaseOffset} << 49 | uint64_t{" + type
        + "::kUmmaLayoutType} << 61)", "the UMMA descriptor is its fields");
    int slice = operand.kSlices() - 1;
    int stage = layout.stages() - 1;
    int mn = operand.mnExtent() - operand.mnStep();
    long descriptor = operand.descriptor(0, slice, mn, stage).encode();
    assertThat(type + "::umma_desc(0u, " + u(slice) + ", " + u(mn) + ", " + u(stage) + ") == "
        + String.format(Locale.ROOT, "0x%016xull", descriptor),
        "the last K slice's descriptor from the last M or N step");
    OperandShape shape = operand.shape();
    assertThat(type + "::kUmmaMnExtent == " + u(shape.mnExtent()) + " && " + type
        + "::kUmmaKExtent == " + u(shape.kExtent()) + " && " + type + "::kUmmaKSlices * " + type
        + "::kUmmaK == " + type + "::kUmmaKExtent", "the UMMA operand's M or N and K");
    int[][] elements = {
        {shape.mnExtent() - 1, 0, stage}, {shape.mnExtent() / 2, shape.kExtent() - 1, 0}};
    for (int[] element : elements) {
      int row = shape.row(element[0], element[1]);
      int col = shape.col(element[0], element[1]);
      assertThat(call("umma_row", element[0], element[1]) + " == " + u(row) + " && "
          + call("umma_col", element[0], element[1]) + " == " + u(col) + " && "
          + call("umma_offset", element[0], element[1], element[2]) + " == "
          + u(layout.offset(row, col, element[2])), "UMMA operand element (" + element[0] + ", "
          + element[1] + ") of stage " + element[2] + " is the tile's (" + row + ", " + col + ")");
    }
  }

  private String call(String function, int... arguments) {
    List<String> values = new ArrayList<>();
    for (int argument : arguments) {
      values.add(u(argument));
    }
    return type + "::" + function + "(" + String.join(", ", values) + ")";
  }

  private static String u(long value) {
    return value + "u";
  }

  /**
   * {@code static_assert(condition, "swizzlegen: what");}, broken before a {@code &&} or {@code |}
   * where the line would pass 100 columns.
   */
  private void assertThat(String condition, String what) {
    String message = "\"swizzlegen: " + what + "\");";
    String indent = " ".repeat("static_assert(".length());
    StringBuilder line = new StringBuilder("static_assert(");
    String[] parts = BEFORE_AND_OR.split(condition);
    for (int i = 0; i < parts.length; i++) {
      String part = line.length() > indent.length() ? parts[i].strip() : parts[i];
      String joiner = i == 0 ? "" : " ";
      if (i > 0 && line.length() + joiner.length() + part.length() > 100) {
        lines.add(line.toString());
        line.setLength(0);
        line.append(indent);
        joiner = "";
      }
      line.append(joiner).append(part);
    }
    if (line.length() + 2 + message.length() > 100) {
      lines.add(line + ",");
      lines.add(indent + message);
    } else {
      lines.add(line + ", " + message);
    }
  }
}
