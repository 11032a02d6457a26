package dev.swizzlegen.processor.text;

import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.StridedPart;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.TritonEncoding;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/** The words the Java helper and the CUDA header both use to describe a tile's swizzle. */
public final class SwizzleText {
  private SwizzleText() {}

  /**
   * What the swizzle acts on, after its name: {@code "on element offsets (Swizzle<3,4,3> on bytes,
   * TMA mode CU_TENSOR_MAP_SWIZZLE_128B)"}; {@code tmaWhenAligned}: TMA's fill, aligned.
   */
  public static String actsOn(TileSpec tile, Optional<TmaFill> tmaWhenAligned) {
    TileLayout layout = tile.layout();
    boolean packed = layout.dtype().elementsPerUnit() > 1;
    if (layout.swizzleRow() > 0) {
      return "of each stage's offsets before the swizzle" + (layout.isOneAtom() ? ""
          : " (its " + layout.strided().atomShape() + " atoms laid "
              + (layout.atomOrder() == Order.COL_MAJOR ? "down the rows first"
                  : "across the columns first") + ")")
          + ": " + pattern(layout.swizzle(), packed) + "each such row";
    }
    if (layout.swizzlesWithinEachRow()) {
      return "within each row: " + pattern(layout.swizzle(), packed) + "the row, rows "
          + layout.rowStride() + " elements apart";
    }
    String atoms =
        layout.isOneAtom() ? "" : " within each " + layout.strided().atomShape() + " atom";
    // A packed FP4 swizzle is declared on bytes: the element offsets' swizzle is the other one. A
    // map that no swizzle is names its terms on bytes.
    String other = !layout.hasSwizzle()
        ? "on bytes " + layout.byteMap().orElseThrow()
        : packed
            ? layout.inOffsetForm().orElseThrow().elementSwizzle() + " on element offsets, two to a"
                + " byte"
            : layout.byteSwizzle().orElseThrow() + " on bytes";
    return "on " + (packed ? "byte" : "element") + " offsets" + atoms + " (" + other
        + tmaWhenAligned.map(fill -> ", TMA mode " + fill.mode().cudaName()
            + (layout.alignment() < fill.mode().alignmentBytes()
                ? " from a " + fill.mode().alignmentBytes() + "-byte aligned base" : ""))
            .orElse("") + ")";
  }

  /** {@code "its 8 x 64-element pattern repeated along "}. */
  private static String pattern(Swizzle swizzle, boolean packed) {
    return "its " + (1 << swizzle.shift()) + " x " + (1 << (swizzle.base() + swizzle.bits()))
        + (packed ? "-byte" : "-element") + " pattern repeated along ";
  }

  /**
   * The tile's Triton encoding, for the header's comment: its shape, then the attribute as Triton
   * prints it and Gluon's constructor, broken only between a linear layout's bases; or why none.
   */
  public static List<String> triton(TileLayout layout) {
    Optional<TritonEncoding> encoding = TritonEncoding.of(layout);
    if (encoding.isEmpty()) {
      return wrap("Triton has no shared encoding for it: "
          + tritonWhyNot(TritonEncoding.why(layout).orElseThrow()) + ".", 96);
    }
    List<String> lines = new ArrayList<>();
    lines.add("Triton, " + (layout.stages() > 1 ? "each stage" : "the tile") + " as a "
        + encoding.get().shape() + " tensor (the attribute, then Gluon's constructor):");
    for (String form : List.of(encoding.get().mlir(), encoding.get().gluon())) {
      StringBuilder line = new StringBuilder("  ");
      for (String piece : form.split("(?<=\\]), (?=\\[)")) {
        if (line.length() > 2 && line.length() + piece.length() + 2 > 94) {
          lines.add(line.append(",").toString());
          line = new StringBuilder("    ");
        } else if (line.length() > 2) {
          line.append(", ");
        }
        line.append(piece);
      }
      lines.add(line.toString());
    }
    return lines;
  }

  public static String tritonWhyNot(TritonEncoding.Unexpressible why) {
    return switch (why) {
      case NOT_POWER_OF_TWO -> "its encodings describe tensors whose dimensions are powers of two";
      case SUB_BYTE -> "its shared encodings index whole elements of 8 bits or more";
      case NEITHER_LINEAR_NOR_PADDED -> "the layout is no linear layout over GF(2) (a row pitch,"
          + " or a swizzle with one) and no padding of whole rows by a power of two";
    };
  }

  /** The CuTe layout a tile was declared by, for comments; empty for one declared otherwise. */
  public static String cuteLayout(TileSpec tile) {
    return tile.cuteLayout().map(cute -> {
      TileLayout layout = tile.layout();
      boolean atom = cute.size(0) != layout.rows() || cute.size(1) != layout.cols();
      return "Declared as the CuTe layout " + cute + (atom ? ", an atom tiled to " + layout.rows()
          + " x " + layout.cols() + (layout.stages() > 1 ? " x " + layout.stages() + " stages" : "")
          + " by tile_to_shape (" + (layout.atomOrder() == Order.COL_MAJOR ? "down the rows first"
              : "across the columns first, Step<_2,_1,_3>") + ")"
          : "") + "; every element is where CuTe puts it.";
    }).orElse("");
  }

  /** How a sub-byte tile's offsets become addresses, for comments; empty for the others. */
  public static String storage(TileLayout layout) {
    DType dtype = layout.dtype();
    if (dtype.isPadded()) {
      return "Padded form: each 16 elements fill one 16-byte unit (" + dtype.bits() * 2
          + " bytes of values, then a " + (16 - dtype.bits() * 2) + "-byte gap), which every access"
          + " moves whole; offsets count elements, which at 16-byte granularity are byte slots: the"
          + " unit of offset o starts at byte o - o % 16.";
    }
    if (dtype.storageBits() % 8 != 0) {
      return "Packed: offsets count elements, two to a byte; offset o is in byte o / 2 (o % 2 picks"
          + " its half of the byte). The swizzle's bits, base and shift count bytes.";
    }
    return "";
  }

  /** A tile's stages: {@code "3 pipeline stages, 8192 elements (16384 bytes) apart"}, a gap's. */
  public static String stages(TileLayout layout) {
    StridedPart strided = layout.strided();
    int gap = strided.stageStride() - strided.stageExtentElements();
    return strided.stages() + " pipeline stages, " + strided.stageStride() + " elements ("
        + layout.bytesOf(strided.stageStride()) + " bytes) apart"
        + (strided.stagesApart() ? ", each spanning " + strided.stageExtentElements()
            + " elements, a gap of " + gap + " after it" : "");
  }

  /**
   * The atom's shape and numbering, then a map of atom numbers by row and column block (cut to its
   * corners when large); empty for one atom.
   */
  public static List<String> atomMap(TileLayout layout) {
    if (layout.isOneAtom()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    StridedPart strided = layout.strided();
    lines.add(layout.swizzleName() + " on " + strided.atomShape() + " atoms of "
        + strided.atomElements() + " elements (" + layout.bytesOf(strided.atomElements())
        + " bytes), " + strided.atomsDown() + " down x " + strided.atomsAcross()
        + " across, numbered "
        + (layout.atomOrder() == Order.COL_MAJOR
            ? "down the rows first (column-major, CuTe's tile_to_shape):"
            : "across the columns first (row-major):"));
    int labelWidth = ("rows " + (layout.rows() - layout.atomRows()) + ".." + (layout.rows() - 1))
        .length();
    List<Integer> shownCols = corners(strided.atomsAcross());
    List<String> colLabels = shownCols.stream().map(j -> span("cols", j, layout.atomCols())).toList();
    int cellWidth = colLabels.stream().mapToInt(String::length).max().orElse(3) + 2;
    StringBuilder header = new StringBuilder(" ".repeat(labelWidth));
    colLabels.forEach(label -> header.append(pad(label, cellWidth)));
    lines.add(header.toString());
    for (int i : corners(strided.atomsDown())) {
      StringBuilder line = new StringBuilder(pad(span("rows", i, layout.atomRows()), -labelWidth));
      for (int j : shownCols) {
        line.append(pad(i < 0 || j < 0 ? "..." : String.valueOf(strided.atomNumber(i, j)),
            cellWidth));
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  /** {@code "rows 8..15"}, block {@code i} of {@code size} on a {@code side}; -1 is "...". */
  private static String span(String side, int i, int size) {
    return i < 0 ? "..." : side + " " + i * size + ".." + ((i + 1) * size - 1);
  }

  /** 0..n-1, or its first three and last one with -1 for the elided middle when n is above 5. */
  private static List<Integer> corners(int n) {
    return n <= 5 ? IntStream.range(0, n).boxed().toList() : List.of(0, 1, 2, -1, n - 1);
  }

  /** {@code text} right-aligned in {@code width} characters, left-aligned for a negative one. */
  private static String pad(String text, int width) {
    return String.format(Locale.ROOT, "%" + width + "s", text);
  }

  /** The swizzle as a matrix over GF(2), as linear layouts print it; empty for the identity. */
  public static List<String> matrix(TileLayout layout) {
    boolean map = !layout.hasSwizzle();
    if (!map && layout.swizzle().isIdentity()) {
      return List.of();
    }
    int atomCols = map ? 0 : 1 << (layout.swizzle().base() + layout.swizzle().bits());
    List<String> lines = new ArrayList<>();
    lines.add("The " + (map ? "XOR map" : "swizzle") + " as a matrix over GF(2) (a linear layout):"
        + " row i is output bit i, column j input bit j, bit 0 first, of "
        + (!map && layout.swizzlesWithinEachRow()
            ? "row * " + atomCols + " + col % " + atomCols + " (one pattern of the row)"
            : "the row-major "
                + (!map && layout.dtype().elementsPerUnit() > 1 ? "byte offset" : "offset")
                + (layout.isOneAtom() ? "" : " within an atom"))
        + ":");
    lines.addAll(map ? layout.inner().rows(layout.inner().span())
        : layout.swizzle().xorMap().rows(layout.swizzle().atomBits()));
    return lines;
  }

  /** Words of {@code text} in lines of at most {@code width} characters. */
  public static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() > 0 ? " " : "").append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
