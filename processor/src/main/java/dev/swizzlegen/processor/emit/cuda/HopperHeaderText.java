package dev.swizzlegen.processor.emit.cuda;

import static dev.swizzlegen.processor.diag.ModelText.operandWords;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a tile's CUDA header says and gives for Hopper: for a tile with a {@code TMA} access, the
 * boxes that fill one stage ({@link TmaFill}) and the host helper that encodes their tensor map;
 * in the comment, how wgmma reads it ({@link OperandReadText}), or, only for an explicit
 * {@code -Aswizzlegen.arch} with wgmma, whether wgmma could read it, in each major.
 *
 * @param wgmmaReads how wgmma reads the tile in each major, or why not
 */
public record HopperHeaderText(TileSpec tile, Optional<TmaFill> tmaFill,
    Map<Major, Plan<MmaOperand>> wgmmaReads) {
  public static HopperHeaderText of(ProvenTile proven) {
    return new HopperHeaderText(proven.spec(), proven.tmaFill(), proven.wgmmaReads());
  }

  /**
   * The major of the tile's WGMMA access, if it declares one; of a tile with two, that of the
   * K-major one, which has the {@code wgmma_desc} members.
   */
  public static Optional<Major> declaredMajor(TileSpec tile) {
    List<Major> majors = declaredMajors(tile);
    return majors.size() == 2 ? Optional.of(Major.K) : majors.stream().findFirst();
  }

  /** The majors of the tile's WGMMA accesses, in the order declared: none, one, or one of each. */
  public static List<Major> declaredMajors(TileSpec tile) {
    return MmaRead.by(MmaFormat.GMMA, tile.engines()).stream().map(MmaRead::major).toList();
  }

  /**
   * The header's comment section about TMA and wgmma, after a {@code "//"} line; empty where there
   * is nothing to say. Notes about an architecture come only from what the tile declares or from an
   * explicit {@code -Aswizzlegen.arch} with wgmma: then, for a tile no tensor core is declared to
   * read, whether wgmma could read it (not for an element type wgmma never reads).
   */
  String comment(OperandReadText reads, Optional<Architecture> architecture) {
    List<String> lines = new ArrayList<>();
    tmaFill.ifPresent(fill -> lines.addAll(wrapped("TMA fills a stage with " + fill.boxes().size()
        + " box" + (fill.boxes().size() == 1 ? "" : "es") + " of " + fill.boxRows() + " x "
        + fill.boxCols() + " elements, " + fill.mode().cudaName() + (fill.mode().isBlackwell()
            ? " (one of Blackwell's modes: sm_100 on, and <cuda.h> from CUDA 12.8 on)" : "")
        + ": encode_tma_tensor_map() and tma_box_*() below.")));
    List<String> declared = reads.comment(MmaFormat.GMMA);
    lines.addAll(declared);
    boolean wgmmaNotes = !declared.isEmpty();
    boolean anyRead = !reads.reads().isEmpty();
    if (!anyRead && architecture.filter(arch -> arch.has(Architecture.Feature.WGMMA)).isPresent()
        && MmaFormat.GMMA.type(tile.layout().dtype()).isPresent()) {
      wgmmaNotes = true;
      List<String> readable = new ArrayList<>();
      for (Major major : Major.values()) {
        if (wgmmaReads.get(major).exists()) {
          List<String> sides = new OperandShape(tile.layout(), major).rowCol("M or N", "K");
          readable.add(operandWords(major) + " (rows " + sides.get(0) + ", cols "
              + sides.get(1) + ") with "
              + wgmmaReads.get(major).plan().orElseThrow().layoutType().description());
        }
      }
      if (!readable.isEmpty()) {
        lines.addAll(wrapped("wgmma could read it as " + String.join(", or as ", readable)
            + "; declare @Access(kind = AccessKind.WGMMA" + (readable.size() == 1
                && wgmmaReads.get(Major.K).exists() ? "" : ", major = ...")
            + ") for its descriptors."));
      } else {
        lines.addAll(wrapped("No wgmma reads it as declared. "
            + unreadableReasons(wgmmaReads.get(Major.K).violations(),
                wgmmaReads.get(Major.MN).violations())));
      }
    }
    if (lines.isEmpty()) {
      return "";
    }
    return "//\n// " + (wgmmaNotes ? "Hopper (sm_90a)" : "TMA (sm_90 and later)") + ":\n"
        + String.join("\n", lines) + "\n";
  }

  /** Why wgmma reads the tile in neither major: each major's first violation, once if equal. */
  static String unreadableReasons(List<Violation> kMajor, List<Violation> mnMajor) {
    String k = Messages.VIOLATIONS.render(kMajor.get(0));
    String mn = Messages.VIOLATIONS.render(mnMajor.get(0));
    return k.equals(mn) ? k : "As K-major: " + k + " As MN-major: " + mn;
  }

  /** The host-only includes the TMA members need, left out under NVRTC. */
  String includes() {
    return tmaFill.isPresent()
        ? "#include <cuda.h>               // CUtensorMap, cuTensorMapEncodeTiled's types\n"
            + "#include <cuda_runtime_api.h>  // cudaGetDriverEntryPoint: no -lcuda needed\n"
        : "";
  }

  /** The header template's variables for TMA, each the model's value; empty without TMA. */
  public record TmaVariables(boolean tma, boolean tmaHopperMode, boolean tmaBlackwellMode,
      boolean tmaBlackwellSwizzle, boolean tmaSubByteHopperMode, int tmaBoxRows, int tmaBoxCols,
      int tmaBoxes, int tmaStageBytes, List<String> tmaFunctions, String tmaSwizzle,
      int tmaSwizzleValue, String tmaDataType, List<String> tmaDataTypeNotes, String tmaNeeds,
      String tmaBoxAddress) {}

  TmaVariables variables() {
    TileLayout layout = tile.layout();
    // A Blackwell mode's enumerator, and a sub-byte data type's, only where <cuda.h> has it (CUDA
    // 12.8 on).
    boolean blackwellMode = tmaFill.filter(fill -> fill.mode().isBlackwell()).isPresent();
    boolean subByte = TmaDataType.of(layout.dtype()).sinceCuda12_8();
    boolean blackwell = tmaFill.isPresent() && (blackwellMode || subByte);
    if (tmaFill.isEmpty()) {
      return new TmaVariables(false, false, false, false, false, 0, 0, 0, 0, List.of(), "", 0, "",
          List.of(), "", "");
    }
    TmaFill fill = tmaFill.get();
    return new TmaVariables(true, !blackwell, blackwell, blackwellMode,
        blackwell && !blackwellMode, fill.boxRows(), fill.boxCols(), fill.boxes().size(),
        layout.bytesOf(layout.rows() * layout.cols()),
        CudaHeaderWriter.functions(TileFunctions.tmaBoxes(layout, fill.boxRows(), fill.boxCols())),
        fill.mode().cudaName(), fill.mode().value(), tensorMapDataType(layout.dtype()),
        dataTypeNotes(layout.dtype()), needsCuda12_8(fill.mode(), layout.dtype()),
        layout.elementBits() % 8 == 0
            ? "tma_box_offset(i) * kElementBytes" : "tma_box_offset(i) / 2 (two elements a byte)");
  }

  /** The {@code CUtensorMapDataType} TMA copies elements of {@code dtype} as. */
  public static String tensorMapDataType(DType dtype) {
    return TmaDataType.of(dtype).cudaName();
  }

  /** What the TMA members need of CUDA 12.8's {@code <cuda.h>}: the mode, the data type or both. */
  private static String needsCuda12_8(TmaSwizzle mode, DType dtype) {
    TmaDataType type = TmaDataType.of(dtype);
    if (!type.sinceCuda12_8()) {
      return "TMA mode " + mode.cudaName();
    }
    return mode.isBlackwell() ? "TMA mode " + mode.cudaName() + " and data type " + type.cudaName()
        : "TMA data type " + type.cudaName();
  }

  /** Comment lines on what a sub-byte data type asks of the global matrix; none for the others. */
  private static List<String> dataTypeNotes(DType dtype) {
    TmaDataType type = TmaDataType.of(dtype);
    if (!type.sinceCuda12_8()) {
      return List.of();
    }
    String rules = type.boxCols() != 0
        ? "the global matrix's address must be 32-byte aligned, its global_cols a multiple of 128"
            + " and row_pitch_bytes a multiple of 32 (cuda.h)"
        : "global_cols must be even and row_pitch_bytes a multiple of 16 (cuda.h)";
    return CudaLines.comment("// ", type.cudaName() + " (CUDA 12.8 and later, sm_100): " + rules
        + "; global dimensions count elements, not bytes.", 96);
  }

  private static List<String> wrapped(String text) {
    return CudaLines.comment("//   ", text, 94);
  }
}
