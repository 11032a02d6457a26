package dev.swizzlegen.processor.emit.cuda;

import static dev.swizzlegen.processor.diag.ModelText.majorWords;
import static dev.swizzlegen.processor.diag.ModelText.operandWords;

import dev.swizzlegen.processor.diag.ViolationMessages;
import dev.swizzlegen.processor.emit.SwizzleText;
import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.Plan;
import dev.swizzlegen.runtime.engine.Wgmma;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.tma.TmaDataType;
import dev.swizzlegen.runtime.tma.TmaFill;
import dev.swizzlegen.runtime.violation.Violation;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a tile's CUDA header says and gives for Hopper: for a tile with a {@code TMA} access, the
 * boxes that fill one stage ({@link TmaFill}) and the host helper that encodes their tensor map; for a
 * tile with a {@code WGMMA} access, the wgmma matrix descriptor of every K slice
 * ({@link WgmmaOperand}), and for a tile with two, one of each major, the MN-major read's beside the
 * K-major's ({@link Members#MN}); for every tile, whether wgmma can read it, in the comment. All of it
 * is the model's; this class only spells it in CUDA.
 */
public final class HopperHeaderText {
  /**
   * The names of one wgmma read's members: its template slots and flag, its constants' prefix, its
   * operand functions' prefix and its descriptor function.
   */
  record Members(String slot, String constants, String functions, String descriptor) {
    /** The read of a tile with one, or the K-major read of a tile with two. */
    static final Members FIRST = new Members("wgmma", "kWgmma", "wgmma", "wgmma_desc");
    /** The MN-major read of a tile with two: the same members, named apart. */
    static final Members MN = new Members("wgmmaMn", "kWgmmaMn", "wgmma_mn", "wgmma_desc_mn");
  }

  private final TileSpec tile;
  private final Optional<TmaFill> tmaFill;
  private final Optional<WgmmaOperand> declaredOperand;
  private final Optional<WgmmaOperand> mnOperand;
  /** How wgmma reads the tile in each major, or why not: each worked out once for every use. */
  private final Map<Major, Plan<WgmmaOperand>> wgmmaReads;

  private HopperHeaderText(ProvenTile proven) {
    this.tile = proven.spec();
    this.tmaFill = proven.tmaFill();
    this.wgmmaReads = proven.wgmmaReads();
    List<WgmmaOperand> reads = declaredMajors(tile).stream()
        .map(major -> wgmmaReads.get(major).plan()).flatMap(Optional::stream).toList();
    // One read has the wgmma_desc members whatever its major; of two, the K-major read has them and
    // the MN-major one the wgmma_desc_mn members.
    this.declaredOperand = reads.stream()
        .filter(read -> reads.size() == 1 || read.major() == Major.K).findFirst();
    this.mnOperand = reads.stream()
        .filter(read -> reads.size() == 2 && read.major() == Major.MN).findFirst();
  }

  public static HopperHeaderText of(ProvenTile tile) {
    return new HopperHeaderText(tile);
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
    return tile.engines().stream().filter(Wgmma.class::isInstance)
        .map(wgmma -> ((Wgmma) wgmma).major()).toList();
  }

  /**
   * How wgmma reads the tile, for a tile with a WGMMA access it can read: the read the
   * {@code wgmma_desc} members give, the K-major one of a tile with two.
   */
  public Optional<WgmmaOperand> declaredOperand() {
    return declaredOperand;
  }

  /**
   * The MN-major read of a tile that wgmma reads in both majors: the read the {@code wgmma_desc_mn}
   * members give; empty for a tile with one read or none.
   */
  public Optional<WgmmaOperand> mnOperand() {
    return mnOperand;
  }

  /** The TMA fill the header gives, for a tile with a TMA access. */
  public Optional<TmaFill> tmaFill() {
    return tmaFill;
  }

  /** The header's comment lines about TMA and wgmma, each starting with {@code "// "}. */
  String comment() {
    StringBuilder out = new StringBuilder("// Hopper (sm_90):\n");
    tmaFill.ifPresent(fill -> wrapped(out, "TMA fills a stage with " + fill.boxes().size() + " box"
        + (fill.boxes().size() == 1 ? "" : "es") + " of " + fill.boxRows() + " x " + fill.boxCols()
        + " elements, " + fill.mode().cudaName() + (fill.mode().isBlackwell()
            ? " (one of Blackwell's modes: sm_100 on, and <cuda.h> from CUDA 12.8 on)" : "")
        + ": encode_tma_tensor_map() and tma_box_*() below."));
    if (declaredOperand.isPresent()) {
      WgmmaOperand operand = declaredOperand.get();
      wrapped(out, "wgmma (sm_90a) reads it as " + operandWords(operand.major()) + " with "
          + operand.swizzle().description() + ": " + operand.kSlices() + " K slice"
          + (operand.kSlices() == 1 ? "" : "s") + " of " + operand.instructionK() + " (k"
          + operand.instructionK() + "), LBO " + operand.leadingByteOffset() + ", SBO "
          + operand.strideByteOffset() + " bytes: wgmma_desc() below.");
      mnOperand.ifPresent(read -> wrapped(out, "wgmma also reads it as an MN-major operand (rows K,"
          + " cols M or N) with " + read.swizzle().description() + ": " + read.kSlices() + " K slice"
          + (read.kSlices() == 1 ? "" : "s") + " of " + read.instructionK() + " (k"
          + read.instructionK() + "), LBO " + read.leadingByteOffset() + ", SBO "
          + read.strideByteOffset() + " bytes: wgmma_desc_mn() below."));
    } else {
      List<String> readable = new ArrayList<>();
      for (Major major : Major.values()) {
        if (wgmmaReads.get(major).exists()) {
          List<String> sides = new OperandShape(tile.layout(), major).rowCol("M or N", "K");
          readable.add(operandWords(major) + " (rows " + sides.get(0) + ", cols " + sides.get(1)
              + ") with "
              + wgmmaReads.get(major).plan().orElseThrow().swizzle().description());
        }
      }
      if (!readable.isEmpty()) {
        wrapped(out, "wgmma (sm_90a) could read it as " + String.join(", or as ", readable)
            + "; declare @Access(kind = AccessKind.WGMMA" + (readable.size() == 1
                && wgmmaReads.get(Major.K).exists() ? "" : ", major = ...")
            + ") for its descriptors.");
      } else {
        wrapped(out, "No wgmma reads it as declared. "
            + unreadableReasons(wgmmaReads.get(Major.K).violations(),
                wgmmaReads.get(Major.MN).violations()));
      }
    }
    return out.toString();
  }

  /** Why wgmma reads the tile in neither major: each major's first violation, once if they agree. */
  static String unreadableReasons(List<Violation> kMajor, List<Violation> mnMajor) {
    String k = ViolationMessages.render(kMajor.get(0));
    String mn = ViolationMessages.render(mnMajor.get(0));
    return k.equals(mn) ? k : "As K-major: " + k + " As MN-major: " + mn;
  }

  /** The host-only includes the TMA members need: left out under NVRTC, as the members that need them. */
  String includes() {
    return tmaFill.isPresent()
        ? "#include <cuda.h>               // CUtensorMap, cuTensorMapEncodeTiled's types\n"
            + "#include <cuda_runtime_api.h>  // cudaGetDriverEntryPoint: no -lcuda needed\n"
        : "";
  }

  /**
   * Fills the header template's TMA and wgmma sections: set where the tile has the access and
   * wgmma or TMA can serve it, each slot the model's value.
   */
  void fill(Template header) {
    TileLayout layout = tile.layout();
    header.flag("tma", tmaFill.isPresent());
    // A Blackwell mode's enumerator, and a sub-byte data type's, only where <cuda.h> has it (CUDA
    // 12.8 on).
    boolean blackwellMode = tmaFill.filter(fill -> fill.mode().isBlackwell()).isPresent();
    boolean subByte = TmaDataType.of(layout.dtype()).sinceCuda12_8();
    boolean blackwell = tmaFill.isPresent() && (blackwellMode || subByte);
    header.flag("tmaHopperMode", tmaFill.isPresent() && !blackwell);
    header.flag("tmaBlackwellMode", blackwell);
    header.flag("tmaBlackwellSwizzle", blackwellMode);
    header.flag("tmaSubByteHopperMode", blackwell && !blackwellMode);
    tmaFill.ifPresent(fill -> {
      header.set("tmaBoxRows", Integer.toString(fill.boxRows()))
          .set("tmaBoxCols", Integer.toString(fill.boxCols()))
          .set("tmaBoxes", Integer.toString(fill.boxes().size()))
          .set("tmaStageBytes", Integer.toString(layout.bytesOf(layout.rows() * layout.cols())))
          .set("tmaFunctions", HeaderMembers.functions(
              TileFunctions.tmaBoxes(layout, fill.boxRows(), fill.boxCols())))
          .set("tmaSwizzle", fill.mode().cudaName())
          .set("tmaSwizzleValue", Integer.toString(fill.mode().value()))
          .set("tmaDataType", tensorMapDataType(layout.dtype()))
          .set("tmaDataTypeNotes", dataTypeNotes(layout.dtype()))
          .set("tmaNeeds", needsCuda12_8(fill.mode(), layout.dtype()))
          .set("tmaBoxAddress", layout.elementBits() % 8 == 0
              ? "tma_box_offset(i) * kElementBytes" : "tma_box_offset(i) / 2 (two elements a byte)");
    });
    header.flag(Members.FIRST.slot(), declaredOperand.isPresent());
    declaredOperand.ifPresent(operand -> fillWgmma(header, Members.FIRST, operand,
        "wgmma (sm_90a): " + (operand.major() == Major.K ? "a " : "an ")
            + majorWords(operand.major())));
    header.flag(Members.MN.slot(), mnOperand.isPresent());
    mnOperand.ifPresent(operand -> fillWgmma(header, Members.MN, operand,
        "wgmma (sm_90a): an MN-major"));
  }

  /**
   * Fills the slots of one wgmma read's members, named by {@code members}; {@code what} begins its
   * comment ({@code "wgmma (sm_90a): a K-major"}), which goes on with the operand's type and mode.
   */
  private void fillWgmma(Template header, Members members, WgmmaOperand operand, String what) {
    TileLayout layout = tile.layout();
    boolean kMajor = operand.major() == Major.K;
    String k = members.constants() + "K";
    String first = "offset("
        + String.join(", ", operand.shape().rowCol("mn", "k_slice * " + k)) + ", stage)";
    String fn = members.functions();
    String slot = members.slot();
    header.set(slot + "Comment", memberComment(what + " "
            + WgmmaOperand.ptxType(layout.dtype()).orElseThrow() + " operand with "
            + operand.swizzle().description() + ". One instruction reads " + k + " of K (k"
            + operand.instructionK() + "); " + k + "Slices of them span the tile's K. The operand is "
            + members.constants() + "MnExtent (M or N) by " + members.constants() + "KExtent (K): "
            + fn + "_row(), " + fn + "_col() and " + fn + "_offset() below find its element (mn, k)"
            + " whatever the major. Pass " + members.constants() + "Transpose as the instruction's"
            + " imm-trans" + (kMajor ? "" : " (16-bit types)") + "."))
        .set(slot + "K", Integer.toString(operand.instructionK()))
        .set(slot + "KSlices", Integer.toString(operand.kSlices()))
        .set(slot + "MnExtent", Integer.toString(operand.shape().mnExtent()))
        .set(slot + "KExtent", Integer.toString(operand.shape().kExtent()))
        .set(slot + "Functions", HeaderMembers.functions(members == Members.MN
            ? TileFunctions.wgmmaMnOperand(operand.shape())
            : TileFunctions.wgmmaOperand(operand.shape())))
        .set(slot + "MnStep", Integer.toString(operand.mnStep()))
        .set(slot + "Transpose", Integer.toString(operand.transpose()))
        .set(slot + "LeadingByteOffset", Integer.toString(operand.leadingByteOffset()))
        .set(slot + "StrideByteOffset", Integer.toString(operand.strideByteOffset()))
        .set(slot + "LayoutType", Integer.toString(operand.swizzle().code()))
        .set(slot + "Descriptor",
            String.format(Locale.ROOT, "0x%016xull", operand.descriptorWithoutStart()))
        .set(slot + "DescComment", memberComment("The wgmma matrix descriptor of K slice k_slice (K"
            + " from k_slice * " + k + ") of the operand whose M or N starts at mn (a multiple of "
            + members.constants() + "MnStep), in stage `stage` of this tile at shared-memory address"
            + " smem_address (__cvta_generic_to_shared, aligned to kAlignmentBytes): its start is the"
            + " slice's first element, " + first + "."))
        .set(slot + "Start", first);
  }

  /** The {@code CUtensorMapDataType} TMA copies elements of {@code dtype} as. */
  public static String tensorMapDataType(DType dtype) {
    return TmaDataType.of(dtype).cudaName();
  }

  /**
   * What a tile's TMA members need of {@code <cuda.h>} from CUDA 12.8 on, for the message of the
   * encoder that stands in before it: the Blackwell mode, the sub-byte data type, or both.
   */
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
    return memberComment(type.cudaName() + " (CUDA 12.8 and later, sm_100): " + rules + "; global"
        + " dimensions count elements, not bytes.");
  }

  private static List<String> memberComment(String text) {
    return SwizzleText.wrap(text, 96).stream().map(line -> "// " + line).toList();
  }

  private static void wrapped(StringBuilder out, String text) {
    for (String line : SwizzleText.wrap(text, 94)) {
      out.append("//   ").append(line).append('\n');
    }
  }
}
