package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.emit.SwizzleText;
import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.umma.UmmaDescriptor;
import dev.swizzlegen.runtime.umma.UmmaOperand;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a tile's CUDA header says and gives for Blackwell: for a tile with a {@code UMMA} access, the
 * tcgen05 shared-memory descriptor of every K slice ({@link UmmaOperand}), in the comment and as
 * members. All of it is the model's; this class only spells it in CUDA. A tile without a UMMA access
 * gets nothing from it, not even a line of comment.
 */
public final class BlackwellHeaderText {
  private final TileSpec tile;
  private final Optional<UmmaOperand> declaredOperand;

  private BlackwellHeaderText(ProvenTile proven) {
    this.tile = proven.spec();
    this.declaredOperand = proven.ummaOperand();
  }

  public static BlackwellHeaderText of(ProvenTile tile) {
    return new BlackwellHeaderText(tile);
  }

  /** How tcgen05 reads the tile, for a tile with a UMMA access it can read. */
  public Optional<UmmaOperand> declaredOperand() {
    return declaredOperand;
  }

  /**
   * {@code "tcgen05.mma (kind::f16) reads it as a K-major operand with the 128-byte swizzle
   * (SWIZZLE_128B): 4 K slices of 16, LBO 16, SBO 1024 bytes"}.
   */
  public static String reads(UmmaOperand operand) {
    return "tcgen05.mma (kind::" + UmmaOperand.instructionKind(operand.tile().dtype()).orElseThrow()
        + ") reads it as " + ModelText.operandWords(operand.major()) + " with "
        + operand.layoutType().description() + " (" + operand.layoutType().name() + "): "
        + operand.kSlices() + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of "
        + operand.instructionK() + ", LBO " + operand.leadingByteOffset() + ", SBO "
        + operand.strideByteOffset() + " bytes";
  }

  /**
   * The header's comment lines about tcgen05, each starting with {@code "//"}, after the Hopper
   * ones; empty for a tile without a UMMA access.
   */
  String comment() {
    if (declaredOperand.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("//\n// Blackwell (sm_100a):\n");
    for (String line : SwizzleText.wrap(reads(declaredOperand.get()) + ": umma_desc() below.",
        94)) {
      out.append("//   ").append(line).append('\n');
    }
    return out.toString();
  }

  /** Fills the header template's UMMA section: set where the tile has a UMMA access tcgen05 reads. */
  void fill(Template header) {
    header.set("blackwell", comment());
    header.flag("umma", declaredOperand.isPresent());
    declaredOperand.ifPresent(operand -> {
      TileLayout layout = tile.layout();
      boolean kMajor = operand.major() == Major.K;
      String first = "offset("
          + String.join(", ", operand.shape().rowCol("mn", "k_slice * kUmmaK")) + ", stage)";
      header.set("ummaComment", memberComment("tcgen05.mma (sm_100a): " + (kMajor ? "a " : "an ")
              + ModelText.majorWords(operand.major()) + " kind::"
              + UmmaOperand.instructionKind(layout.dtype()).orElseThrow() + " operand with "
              + operand.layoutType().description() + " (" + operand.layoutType().name()
              + "), read from shared memory. One instruction reads kUmmaK of K; kUmmaKSlices of"
              + " them span the tile's K. The operand is kUmmaMnExtent (M or N) by kUmmaKExtent"
              + " (K): umma_row(), umma_col() and umma_offset() below find its element (mn, k)"
              + " whatever the major. kUmmaMajor is the instruction descriptor's a_major or"
              + " b_major."))
          .set("ummaK", Integer.toString(operand.instructionK()))
          .set("ummaKSlices", Integer.toString(operand.kSlices()))
          .set("ummaMnExtent", Integer.toString(operand.shape().mnExtent()))
          .set("ummaKExtent", Integer.toString(operand.shape().kExtent()))
          .set("ummaMnStep", Integer.toString(operand.mnStep()))
          .set("ummaMajor", Integer.toString(operand.majorBit()))
          .set("ummaLeadingByteOffset", Integer.toString(operand.leadingByteOffset()))
          .set("ummaStrideByteOffset", Integer.toString(operand.strideByteOffset()))
          .set("ummaVersion", Integer.toString(UmmaDescriptor.SM100_VERSION))
          .set("ummaLayoutType", Integer.toString(operand.layoutType().code()))
          .set("ummaDescriptor",
              String.format(Locale.ROOT, "0x%016xull", operand.descriptorWithoutStart()))
          .set("ummaFunctions",
              HeaderMembers.functions(TileFunctions.ummaOperand(operand.shape())))
          .set("ummaDescComment", memberComment("The tcgen05 shared-memory descriptor of K slice"
              + " k_slice (K from k_slice * kUmmaK) of the operand whose M or N starts at mn (a"
              + " multiple of kUmmaMnStep), in stage `stage` of this tile at shared-memory address"
              + " smem_address (__cvta_generic_to_shared, aligned to kAlignmentBytes): its start is"
              + " the slice's first element, " + first + ". It is CuTe's UMMA::make_umma_desc of"
              + " the slice in every field the instruction reads (CuTe writes 0 for an offset along"
              + " M or N that an instruction of one group of M or N does not read)."))
          .set("ummaStartBytes", HeaderMembers.bytesOf(operand.tile(), first, ""));
    });
  }

  private static List<String> memberComment(String text) {
    return SwizzleText.wrap(text, 96).stream().map(line -> "// " + line).toList();
  }
}
