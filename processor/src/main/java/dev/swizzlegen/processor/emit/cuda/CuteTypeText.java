package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.engine.mma.MmaCanonicalLayout;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.notation.CuteExport;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A tile's CuTe type in the header (SPEC section 10): the model's {@link CuteExport} as CuTe spells
 * it, every integer static ({@code cute::Int<n>}); and each descriptor's canonical layout.
 */
public final class CuteTypeText {
  private CuteTypeText() {}

  /**
   * The template's CuTe variables: the type, or the note of why the tile has none.
   *
   * @param cuteIterator {@code make_smem_tensor}'s iterator over {@code smem}: the pointer, or for
   *     packed FP4 CuTe's sub-byte iterator over it (a {@code float_e2m1_t*} steps a byte)
   */
  public record Variables(boolean cute, List<String> cuteComment, List<String> cuteTypes,
      boolean noCute, List<String> cuteNote, String cuteIterator) {}

  /** The variables of a tile, its swizzle on the shared pointer where {@code onPointer}. */
  public static Variables variables(String name, TileLayout layout, boolean onPointer) {
    CuteExport.Checked checked = CuteExport.of(layout, onPointer);
    if (checked.export().isEmpty()) {
      return new Variables(false, List.of(), List.of(), true, note(name, checked), "smem");
    }
    CuteExport export = checked.export().get();
    List<String> comment = new ArrayList<>();
    String staged = layout.stages() > 1 ? "(row, col, stage)" : "(row, col)";
    boolean pointer = export.layout().pointerBits().isPresent();
    String words = "CuTe's layout of the tile: element " + staged + " of make_smem_tensor(smem)"
        + " is smem[offset" + staged + "]. "
        + (pointer ? "The swizzle is on the shared-memory pointer, in bytes, as CuTe's TMA and"
            + " MMA atoms read it; smem must be aligned to kAlignmentBytes."
            : export.layout().swizzle().isPresent()
                ? "The swizzle is on element offsets, composed with the layout."
                : "No swizzle: a strided layout.")
        + " CuTe prints it as";
    comment.addAll(CudaLines.comment("// ", words, CudaLines.WIDTH - 6));
    comment.addAll(CudaLines.comment("//   ", export.toString(), CudaLines.WIDTH - 8));
    List<String> types = new ArrayList<>();
    types.add("using CuteElement = " + element(layout.dtype()) + ";");
    CuteLayout strided = export.layout();
    types.addAll(using("CuteShape", tuple(strided, true)));
    types.addAll(using("CuteStride", tuple(strided, false)));
    String plain = "cute::Layout<CuteShape, CuteStride>";
    String composed = plain;
    if (pointer) {
      Swizzle b = layout.byteSwizzle().orElseThrow();
      composed = "cute::ComposedLayout<" + swizzle(b) + ", cute::smem_ptr_flag_bits<"
          + layout.dtype().storageBits() + ">, " + plain + ">";
    } else {
      List<Swizzle> chain = new ArrayList<>(strided.innerSwizzles());
      strided.swizzle().ifPresent(s -> chain.add(0, s));
      for (int i = chain.size() - 1; i >= 0; i--) {
        composed = "cute::ComposedLayout<" + swizzle(chain.get(i)) + ", cute::Int<0>, " + composed
            + ">";
      }
    }
    if (export.rows().isPresent()) {
      CuteLayout rows = export.rows().get();
      types.addAll(using("CuteRowShape", tuple(rows, true)));
      types.addAll(using("CuteRowStride", tuple(rows, false)));
      composed = "cute::ComposedLayout<cute::Layout<CuteRowShape, CuteRowStride>, cute::Int<0>,"
          + " " + composed + ">";
    }
    types.addAll(using("CuteLayout", composed));
    String iterator =
        layout.dtype().storageBits() < 8 ? "cute::recast_ptr<CuteElement>(smem)" : "smem";
    return new Variables(true, comment, types, false, List.of(), iterator);
  }

  /** The note of a tile CuTe's layout cannot express, or that swizzlegen does not export. */
  private static List<String> note(String name, CuteExport.Checked checked) {
    String why = switch (checked.reason().orElseThrow()) {
      case NO_SWIZZLE_CHAIN -> "its XOR map (" + checked.tried() + ") is no chain of CuTe"
          + " swizzles over a permutation of the offset's bits, the only XOR maps CuTe composes";
      case OVERLAPPING_SWIZZLE -> "its swizzle, " + checked.tried() + ", reads bits it also"
          + " writes (|S| < B), which CuTe's Swizzle<B,M,S> rejects";
      case STAGES_NOT_WHOLE_ROWS -> "its swizzle acts within rows, and its stages are no whole"
          + " number of rows apart, so no CuTe layout reads the rows as swizzled words";
      case DIFFERS -> "CuTe composes the swizzle on the whole offset, and the form "
          + checked.tried() + " gives offset " + checked.cuteOffset() + " at (row "
          + checked.cell().row() + ", col " + checked.cell().col() + ", stage " + checked.stage()
          + ") where the tile has " + checked.offset()
          + ": its stage stride or atom grid moves bits the swizzle reads";
    };
    return CudaLines.comment("// ", "No CuTe type (CuteLayout, cute_layout(), make_smem_tensor())"
        + " for " + name + ": " + why + ".", CudaLines.WIDTH - 6);
  }

  /** The canonical layout a descriptor encodes, as CuTe documents it, then in this operand's. */
  public static List<String> canonical(MmaOperand operand) {
    String maker = operand.format().equals(MmaFormat.GMMA) ? "make_gmma_desc<GMMA::Major::"
        : "make_umma_desc<UMMA::Major::";
    List<String> out = new ArrayList<>();
    out.add("// The canonical layout the descriptor encodes, as " + maker
        + (operand.major() == dev.swizzlegen.runtime.Major.K ? "K" : "MN") + "> reads it");
    out.add("// (T elements a 16-byte unit; here in elements, LBO and SBO included):");
    out.add("//   " + MmaCanonicalLayout.symbolic(operand));
    out.addAll(CudaLines.comment("//   ", MmaCanonicalLayout.of(operand).text(),
        CudaLines.WIDTH - 8));
    return out;
  }

  /** CuTe's C++ type of a {@code dtype} element in shared memory. */
  static String element(DType dtype) {
    return switch (dtype) {
      case HALF -> "cute::half_t";
      case BF16 -> "cute::bfloat16_t";
      case FLOAT -> "float";
      case TF32 -> "cute::tfloat32_t";
      case DOUBLE -> "double";
      case INT8 -> "int8_t";
      case UINT8 -> "uint8_t";
      case INT32 -> "int32_t";
      case FP8_E4M3 -> "cute::float_e4m3_t";
      case FP8_E5M2 -> "cute::float_e5m2_t";
      case FP4_E2M1 -> "cute::float_e2m1_t";
      case FP4_E2M1_PADDED -> "cute::detail::float_e2m1_unpacksmem_t";
      case FP6_E3M2 -> "cute::detail::float_e3m2_unpacksmem_t";
      case FP6_E2M3 -> "cute::detail::float_e2m3_unpacksmem_t";
    };
  }

  private static String swizzle(Swizzle s) {
    return "cute::Swizzle<" + s.bits() + ", " + s.base() + ", " + s.shift() + ">";
  }

  /** The shapes (or strides) of {@code layout}'s top-level modes, one C++ tuple type. */
  private static String tuple(CuteLayout layout, boolean shape) {
    return tuple(IntStream.range(0, layout.rank()).mapToObj(layout::mode).toList(), shape);
  }

  private static String tuple(List<CuteLayout.Mode> modes, boolean shape) {
    return modes.stream().map(mode -> mode.isLeaf()
            ? "cute::Int<" + (shape ? mode.size() : mode.stride()) + ">"
            : tuple(mode.children(), shape))
        .collect(Collectors.joining(", ", shape ? "cute::Shape<" : "cute::Stride<", ">"));
  }

  private static List<String> using(String name, String type) {
    return lines("", "using " + name + " = " + type, ";");
  }

  /** {@code type} then {@code end} after {@code indent}: its arguments a line each if too long. */
  private static List<String> lines(String indent, String type, String end) {
    int open = type.indexOf('<');
    if (2 + indent.length() + type.length() + end.length() <= CudaLines.WIDTH || open < 0) {
      return List.of(indent + type + end);
    }
    List<String> args = new ArrayList<>();
    int depth = 0;
    int start = open + 1;
    for (int i = open + 1; i < type.length() - 1; i++) {
      char c = type.charAt(i);
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        args.add(type.substring(start, i).strip());
        start = i + 1;
      }
    }
    args.add(type.substring(start, type.length() - 1).strip());
    List<String> out = new ArrayList<>();
    out.add(indent + type.substring(0, open + 1));
    for (int i = 0; i < args.size(); i++) {
      out.addAll(lines(indent + "    ", args.get(i), i + 1 < args.size() ? "," : ">" + end));
    }
    return out;
  }
}
