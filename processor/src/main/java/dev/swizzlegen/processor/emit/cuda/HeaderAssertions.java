package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaBox;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The {@code static_assert}s a tile's header ends with, checked again by every compiler that
 * includes it; every expected value is the model's ({@link TileLayout}, {@link TmaFill},
 * {@link MmaOperand}), never the header's own arithmetic: offsets, inverses and the swizzle at the
 * first, middle and last elements, TMA's box limits and first and last box, and for each
 * tensor-core read its descriptor's fields, its last K slice's descriptor and the operand's logical
 * coordinates ({@link OperandShape}).
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
  static List<String> of(TileSpec tile, HopperHeaderText hopper, OperandReadText reads) {
    HeaderAssertions assertions = new HeaderAssertions(tile.name());
    TileLayout layout = tile.layout();
    assertions.layout(layout);
    hopper.tmaFill().ifPresent(fill -> assertions.tma(layout, fill));
    for (OperandReadText.Read read : reads.reads()) {
      assertions.read(layout, read);
    }
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
    int domainStride = wholeTile ? layout.rowStride() : layout.strided().atomRowStride();
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
    if (layout.stages() > 1 && layout.strided().stagesApart()) {
      assertThat(type + "::kStageElements >= (" + type + "::kRows - 1u) * " + type
          + "::kRowStride + " + type + "::kCols", "stages lie a stage's span apart or more");
    }
  }

  /** The header's bytes of {@code elements} elements, named from outside the struct. */
  private String bytes(TileLayout layout, String elements) {
    return CudaHeaderWriter.bytesOf(layout, elements, type + "::");
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
   * A tensor-core read's members: the descriptor is its fields where the format lays them, the last
   * K slice's descriptor, the operand's extents and two of its elements are the model's. The second
   * read of a tile's two starts each message with what it is.
   */
  private void read(TileLayout layout, OperandReadText.Read read) {
    MmaOperand operand = read.operand();
    Names.MmaMembers members = read.members();
    String engine = read.format().engineName();
    String what = members.second() ? "MN-major read: " : "";
    String prefix = type + "::" + members.constants();
    List<String> fields = new ArrayList<>();
    for (MmaDescriptor.Bits bits : read.format().descriptor().fields()) {
      Optional<String> constant = OperandReadText.constant(bits.field());
      if (constant.isPresent()) {
        String field = "uint64_t{" + prefix + constant.get() + "}";
        fields.add((bits.field().inUnits() ? "(" + field + " >> 4)" : field) + " << "
            + bits.shift());
      }
    }
    assertThat(prefix + "Descriptor == (" + String.join(" | ", fields) + ")",
        what + "the " + engine + " descriptor is its fields");
    int slice = operand.kSlices() - 1;
    int stage = layout.stages() - 1;
    boolean fromLastStep = read.words().fromLastMnStep();
    int first = fromLastStep ? operand.mnExtent() - operand.mnStep() : 0;
    long descriptor = operand.descriptor(0, slice, first, stage).encode();
    assertThat(type + "::" + members.descriptor() + "(0u, " + u(slice) + ", " + u(first) + ", "
        + u(stage) + ") == " + String.format(Locale.ROOT, "0x%016xull", descriptor),
        what + "the last K slice's descriptor"
            + (fromLastStep ? " from the last M or N step" : ""));
    OperandShape shape = operand.shape();
    assertThat(prefix + "MnExtent == " + u(shape.mnExtent()) + " && " + prefix + "KExtent == "
        + u(shape.kExtent()) + " && " + prefix + "KSlices * " + prefix + "K == " + prefix
        + "KExtent", what + "the " + engine + " operand's M or N and K");
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
          + u(layout.offset(row, col, element[2])), what + engine + " operand element (" + mn
          + ", " + k + ") of stage " + element[2] + " is the tile's (" + row + ", " + col + ")");
    }
  }

  private String call(String function, int... arguments) {
    return type + "::" + function + "(" + IntStream.of(arguments).mapToObj(HeaderAssertions::u)
        .collect(Collectors.joining(", ")) + ")";
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
