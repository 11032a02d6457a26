package dev.swizzlegen.processor;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.Wgmma;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.tma.TmaFill;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a tile's CUDA header says and gives for Hopper: for a tile with a {@code TMA} access, the
 * boxes that fill one stage ({@link TmaFill}) and the host helper that encodes their tensor map; for a
 * tile with a {@code WGMMA} access, the wgmma matrix descriptor of every K slice
 * ({@link WgmmaOperand}); for every tile, whether wgmma can read it, in the comment. All of it is the
 * model's; this class only spells it in CUDA.
 */
final class HopperHeaderText {
  private static final String FUNCTION = CudaPreamble.HOST_DEVICE + " static constexpr";

  private final TileSpec tile;
  private final Optional<TmaFill> tmaFill;
  private final Optional<WgmmaOperand> declaredOperand;
  private final Map<Major, List<Problem>> wgmmaProblems;

  private HopperHeaderText(TileSpec tile) {
    this.tile = tile;
    TileLayout layout = tile.layout();
    this.tmaFill = tile.engine(Tma.class).flatMap(tma -> tma.plan(layout).plan());
    this.declaredOperand = tile.engine(Wgmma.class).flatMap(wgmma -> wgmma.plan(layout).plan());
    this.wgmmaProblems = problemsByMajor(layout);
  }

  static HopperHeaderText of(TileSpec tile) {
    return new HopperHeaderText(tile);
  }

  /** The major of the tile's WGMMA access, if it declares one. */
  static Optional<Major> declaredMajor(TileSpec tile) {
    return tile.engine(Wgmma.class).map(Wgmma::major);
  }

  /** Every major's problems for the tile: empty where wgmma reads it so. */
  Map<Major, List<Problem>> wgmmaProblems() {
    return wgmmaProblems;
  }

  /** How wgmma reads the tile, for a tile with a WGMMA access it can read. */
  Optional<WgmmaOperand> declaredOperand() {
    return declaredOperand;
  }

  /** The TMA fill the header gives, for a tile with a TMA access. */
  Optional<TmaFill> tmaFill() {
    return tmaFill;
  }

  /** The header's comment lines about TMA and wgmma, each starting with {@code "// "}. */
  String comment() {
    StringBuilder out = new StringBuilder("// Hopper (sm_90):\n");
    tmaFill.ifPresent(fill -> wrapped(out, "TMA fills a stage with " + fill.boxes().size() + " box"
        + (fill.boxes().size() == 1 ? "" : "es") + " of " + fill.boxRows() + " x " + fill.boxCols()
        + " elements, " + fill.mode().cudaName() + ": encode_tma_tensor_map() and tma_box_*()"
        + " below."));
    if (declaredOperand.isPresent()) {
      WgmmaOperand operand = declaredOperand.get();
      wrapped(out, "wgmma (sm_90a) reads it as " + operandWords(operand.major()) + " with "
          + operand.swizzle().description() + ": " + operand.kSlices() + " K slice"
          + (operand.kSlices() == 1 ? "" : "s") + " of " + operand.instructionK() + " (k"
          + operand.instructionK() + "), LBO " + operand.leadingByteOffset() + ", SBO "
          + operand.strideByteOffset() + " bytes: wgmma_desc() below.");
    } else {
      List<String> readable = new ArrayList<>();
      for (Major major : Major.values()) {
        if (wgmmaProblems.get(major).isEmpty()) {
          readable.add(operandWords(major) + " ("
              + (major == Major.K ? "rows M or N, cols K" : "rows K, cols M or N") + ") with "
              + WgmmaOperand.of(tile.layout(), major).swizzle().description());
        }
      }
      if (!readable.isEmpty()) {
        wrapped(out, "wgmma (sm_90a) could read it as " + String.join(", or as ", readable)
            + "; declare @Access(kind = AccessKind.WGMMA" + (readable.size() == 1
                && wgmmaProblems.get(Major.K).isEmpty() ? "" : ", major = ...")
            + ") for its descriptors.");
      } else {
        wrapped(out, "No wgmma reads it as declared. " + unreadableReasons(wgmmaProblems));
      }
    }
    return out.toString();
  }

  /** Why wgmma reads the tile in neither major: each major's first problem, once if they agree. */
  static String unreadableReasons(Map<Major, List<Problem>> problems) {
    String k = problems.get(Major.K).get(0).message();
    String mn = problems.get(Major.MN).get(0).message();
    return k.equals(mn) ? k : "As K-major: " + k + " As MN-major: " + mn;
  }

  private static Map<Major, List<Problem>> problemsByMajor(TileLayout layout) {
    Map<Major, List<Problem>> problems = new LinkedHashMap<>();
    for (Major major : Major.values()) {
      problems.put(major, WgmmaOperand.check(layout, major));
    }
    return problems;
  }

  /** {@code "a K-major operand"}, {@code "an MN-major operand"}. */
  static String operandWords(Major major) {
    return (major == Major.K ? "a " : "an ") + majorWords(major) + " operand";
  }

  /** {@code "K-major"}, {@code "MN-major"}. */
  static String majorWords(Major major) {
    return major == Major.K ? "K-major" : "MN-major";
  }

  /** The host-only includes the members need: left out under NVRTC, as the members that need them. */
  String includes() {
    return tmaFill.isPresent()
        ? "#include <cuda.h>               // CUtensorMap, cuTensorMapEncodeTiled's types\n"
            + "#include <cuda_runtime_api.h>  // cudaGetDriverEntryPoint: no -lcuda needed\n"
        : "";
  }

  /** The struct's members for TMA and wgmma, after its index functions; empty when it has none. */
  String members() {
    StringBuilder out = new StringBuilder();
    tmaFill.ifPresent(fill -> tmaMembers(out, fill));
    declaredOperand.ifPresent(operand -> wgmmaMembers(out, operand));
    return out.toString();
  }

  private void tmaMembers(StringBuilder out, TmaFill fill) {
    TileLayout layout = tile.layout();
    out.append('\n');
    memberComment(out, "TMA (cp.async.bulk.tensor, sm_90): a stage is filled by kTmaBoxes boxes of"
        + " kTmaBoxRows x kTmaBoxCols elements; box i copies the tile's block from (tma_box_row(i),"
        + " tma_box_col(i)) to element tma_box_offset(i) of the stage. Together they write"
        + " kTmaStageBytes, the mbarrier's transaction bytes.");
    constant(out, "uint32_t", "kTmaBoxRows", Integer.toString(fill.boxRows()));
    constant(out, "uint32_t", "kTmaBoxCols", Integer.toString(fill.boxCols()));
    constant(out, "uint32_t", "kTmaBoxes", Integer.toString(fill.boxes().size()));
    constant(out, "uint32_t", "kTmaStageBytes",
        Integer.toString(layout.rows() * layout.cols() * layout.elementBytes()));
    out.append('\n');
    function(out, "uint32_t", "tma_box_row", "The tile row of box i's first element: boxes by"
        + " tile row, then column.", "uint32_t box", "box / (kCols / kTmaBoxCols) * kTmaBoxRows");
    function(out, "uint32_t", "tma_box_col", "The tile column of box i's first element.",
        "uint32_t box", "box % (kCols / kTmaBoxCols) * kTmaBoxCols");
    function(out, "uint32_t", "tma_box_offset", "The element offset in a stage where box i is"
        + " written: offset() of its first element.", "uint32_t box",
        "offset(tma_box_row(box), tma_box_col(box))");
    out.append('\n');
    out.append(CudaPreamble.HOST_ONLY).append('\n');
    memberComment(out, "Host only (<cuda.h>, which NVRTC lacks): the tensor map's swizzle mode and"
        + " data type, and its encoder.");
    out.append("  static constexpr CUtensorMapSwizzle kTmaSwizzle = ").append(fill.mode().cudaName())
        .append(";\n");
    out.append("  static constexpr CUtensorMapDataType kTmaDataType = ")
        .append(tensorMapDataType(layout.dtype())).append(";\n");
    out.append('\n');
    out.append("""
          // Encodes the tensor map of a row-major global matrix of global_rows x global_cols elements,
          // rows row_pitch_bytes apart (a multiple of 16), from which TMA fills this tile: the tile's
          // data type, box and swizzle mode. Load box i of the block at (row, col) of the matrix with
          // coordinates {col + tma_box_col(i), row + tma_box_row(i)} into the stage's address plus
          // tma_box_offset(i) * kElementBytes. Host only; reaches the driver through the runtime's
          // entry point, so the program needs no -lcuda.
          static inline CUresult encode_tma_tensor_map(CUtensorMap* map, const void* global_address,
                                                       uint64_t global_rows, uint64_t global_cols,
                                                       uint64_t row_pitch_bytes) {
            using Encode = CUresult(CUDAAPI*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
                                              const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                                              const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle,
                                              CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
            void* entry = nullptr;
            cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
        #if CUDART_VERSION >= 12050
            const cudaError_t status = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &entry,
                                                                        12000, cudaEnableDefault, &found);
        #else
            const cudaError_t status =
                cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &entry, cudaEnableDefault, &found);
        #endif
            if (status != cudaSuccess || found != cudaDriverEntryPointSuccess || entry == nullptr) {
              return CUDA_ERROR_NOT_FOUND;
            }
            const cuuint64_t global_dims[2] = {global_cols, global_rows};
            const cuuint64_t global_strides[1] = {row_pitch_bytes};
            const cuuint32_t box_dims[2] = {kTmaBoxCols, kTmaBoxRows};
            const cuuint32_t element_strides[2] = {1, 1};
            return reinterpret_cast<Encode>(entry)(
                map, kTmaDataType, 2, const_cast<void*>(global_address), global_dims, global_strides,
                box_dims, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, kTmaSwizzle,
                CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
          }
        #endif
        """);
  }

  private void wgmmaMembers(StringBuilder out, WgmmaOperand operand) {
    TileLayout layout = tile.layout();
    boolean kMajor = operand.major() == Major.K;
    out.append('\n');
    memberComment(out, "wgmma (sm_90a): " + (kMajor ? "a " : "an ") + majorWords(operand.major())
        + " " + WgmmaOperand.ptxType(layout.dtype()).orElseThrow() + " operand with "
        + operand.swizzle().description() + ". One instruction reads kWgmmaK of K (k"
        + operand.instructionK() + "); kWgmmaKSlices of them span the tile's K. Pass kWgmmaTranspose"
        + " as the instruction's imm-trans" + (kMajor ? "" : " (16-bit types)") + ".");
    constant(out, "uint32_t", "kWgmmaK", Integer.toString(operand.instructionK()));
    constant(out, "uint32_t", "kWgmmaKSlices", Integer.toString(operand.kSlices()));
    constant(out, "uint32_t", "kWgmmaMnStep", Integer.toString(operand.mnStep()));
    constant(out, "uint32_t", "kWgmmaTranspose", Integer.toString(operand.transpose()));
    constant(out, "uint32_t", "kWgmmaLeadingByteOffset",
        Integer.toString(operand.leadingByteOffset()));
    constant(out, "uint32_t", "kWgmmaStrideByteOffset",
        Integer.toString(operand.strideByteOffset()));
    constant(out, "uint32_t", "kWgmmaBaseOffset", "0");
    out.append("  // 0 no swizzle, 1 the 128-byte, 2 the 64-byte, 3 the 32-byte swizzle.\n");
    constant(out, "uint32_t", "kWgmmaLayoutType", Integer.toString(operand.swizzle().code()));
    out.append("  // The matrix descriptor less its start address: LBO >> 4 << 16 | SBO >> 4 << 32 |"
        + " base offset << 49\n  // | layout type << 62.\n");
    constant(out, "uint64_t", "kWgmmaDescriptor",
        String.format(Locale.ROOT, "0x%016xull", operand.descriptorWithoutStart()));
    out.append('\n');
    String first = kMajor ? "offset(mn, k_slice * kWgmmaK, stage)"
        : "offset(k_slice * kWgmmaK, mn, stage)";
    memberComment(out, "The wgmma matrix descriptor of K slice k_slice (K from k_slice * kWgmmaK)"
        + " of the operand whose M or N starts at mn (a multiple of kWgmmaMnStep), in stage `stage`"
        + " of this tile at shared-memory address smem_address (__cvta_generic_to_shared, aligned to"
        + " kAlignmentBytes): its start is the slice's first element, " + first + ".");
    out.append("  ").append(FUNCTION).append(" uint64_t wgmma_desc(\n")
        .append("      uint32_t smem_address, uint32_t k_slice = 0, uint32_t mn = 0,")
        .append(" uint32_t stage = 0) {\n");
    out.append("    return kWgmmaDescriptor\n        | ((smem_address + ").append(first)
        .append(" * kElementBytes) & 0x3FFFFu) >> 4;\n");
    out.append("  }\n");
  }

  /** The {@code CUtensorMapDataType} TMA copies elements of {@code dtype} as. */
  static String tensorMapDataType(DType dtype) {
    return "CU_TENSOR_MAP_DATA_TYPE_" + switch (dtype) {
      case HALF -> "FLOAT16";
      case BF16 -> "BFLOAT16";
      case FLOAT -> "FLOAT32";
      case TF32 -> "TFLOAT32";
      case DOUBLE -> "FLOAT64";
      case INT32 -> "INT32";
      case INT8, UINT8, FP8_E4M3, FP8_E5M2 -> "UINT8";
    };
  }

  private static void constant(StringBuilder out, String type, String name, String value) {
    out.append("  static constexpr ").append(type).append(' ').append(name).append(" = ")
        .append(value).append(";\n");
  }

  private static void function(StringBuilder out, String type, String name, String comment,
      String parameters, String body) {
    out.append("  // ").append(comment).append('\n');
    out.append("  ").append(FUNCTION).append(' ').append(type).append(' ').append(name).append('(')
        .append(parameters).append(") {\n");
    out.append("    return ").append(body).append(";\n");
    out.append("  }\n");
  }

  private static void memberComment(StringBuilder out, String text) {
    for (String line : SwizzleText.wrap(text, 96)) {
      out.append("  // ").append(line).append('\n');
    }
  }

  private static void wrapped(StringBuilder out, String text) {
    for (String line : SwizzleText.wrap(text, 94)) {
      out.append("//   ").append(line).append('\n');
    }
  }
}
