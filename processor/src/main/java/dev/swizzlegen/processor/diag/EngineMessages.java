package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofTile;
import static dev.swizzlegen.processor.diag.MessageWords.blackwellSwizzles;
import static dev.swizzlegen.processor.diag.MessageWords.byteMap;
import static dev.swizzlegen.processor.diag.MessageWords.cell;
import static dev.swizzlegen.processor.diag.MessageWords.names;
import static dev.swizzlegen.processor.diag.MessageWords.onBytes;
import static dev.swizzlegen.processor.diag.MessageWords.swizzleName;
import static dev.swizzlegen.processor.diag.MessageWords.target;
import static dev.swizzlegen.processor.diag.MessageWords.unitBase;
import static dev.swizzlegen.processor.diag.MessageWords.withoutFinalPeriod;
import static dev.swizzlegen.processor.diag.Messages.format;
import static dev.swizzlegen.processor.diag.Messages.formatAsDeclared;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaLayoutType;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The words of the violations of the engines, TMA and the tensor cores' reads (wgmma and tcgen05,
 * one family with the instruction as data): two of the families of {@link Messages#VIOLATIONS}.
 */
final class EngineMessages {
  private EngineMessages() {}

  /** The formats of every {@code TmaViolation}. */
  static void tmaFormats() {
    // TMA.
    // The target architecture's TMA.
    format(TmaViolation.MissingTmaMode.class, ofAccess("kind"), "{{target}} has no {{modeName}}:"
        + " it is one of TMA's Blackwell modes, which {{having}} have (cuda.h names them from"
        + " CUDA 12.8 on); declare one of Hopper's instead, no swizzle or Swizzle<1|2|3,4,3> on"
        + " bytes (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B).",
        v -> Map.of("target", target(v.architecture()),
            "modeName", v.mode().cudaName(),
            "having", names(Architecture.having(Architecture.Feature.BLACKWELL_TMA_MODES))));
    format(TmaViolation.NoTmaMode.class, ofAccess("kind"), "TMA writes no swizzle or"
        + " Swizzle<1|2|3,4,3> on bytes (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B), which on {{dtype}}"
        + " is Swizzle<1|2|3,{{unitBase}},3>, and from sm_100 on also Swizzle<2,5,2> and"
        + " Swizzle<1,6,1> on bytes (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B|ATOM_64B), which on"
        + " {{dtype}} is {{blackwell}}; {{swizzleName}} is {{onBytes}}.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "blackwell", blackwellSwizzles(v.dtype()),
            "swizzleName", swizzleName(v.swizzle(), v.withinEachRow()),
            "onBytes", onBytes(v.byteSwizzle())));
    format(TmaViolation.NoTmaModeForMap.class, ofAccess("kind"), "TMA writes no swizzle,"
        + " Swizzle<1|2|3,4,3> on bytes (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B) or, from sm_100 on,"
        + " one of Blackwell's modes (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, _ATOM_32B_FLIP_8B,"
        + " _ATOM_64B); the XOR map {{map}} on {{dtype}} is {{byteMap}} on bytes.",
        v -> Map.of("byteMap", byteMap(v.map(), v.dtype())));
    format(TmaViolation.TmaPadding.class, ofTile("rowStride"),
        "TMA writes boxes without padding, so rowStride must equal cols, not {{rowStride}}.");
    format(TmaViolation.TmaAlignment.class, ofTile("alignment"), "{{modeName}} repeats every"
        + " {{repeat}} bytes, so the tile's base must be aligned to {{repeat}} bytes, not"
        + " {{alignment}}.",
        v -> Map.of("modeName", v.mode().cudaName(), "repeat", v.mode().alignmentBytes()));
    format(TmaViolation.NoTmaBoxWidth.class, ofTile("cols"), "a TMA box row must be a multiple of"
        + " 16 bytes{{span}}, and no such width divides rows of {{cols}} {{dtype}} ({{rowBytes}}"
        + " bytes).",
        v -> Map.of("span", v.mode() == TmaSwizzle.NONE ? ""
                : " and at most " + TmaFill.spanBytes(v.mode()) + " bytes with "
                    + v.mode().cudaName(),
            "rowBytes", (long) v.cols() * v.dtype().storageBits() / 8));
    formatAsDeclared(TmaViolation.TmaBoxesMisplaced.class, ofAccess("kind"),
        "TMA cannot fill the tile with {{modeName}}: boxes are at most {{widestBox}} elements"
        + " wide, and none lands where the tile's layout puts its elements"
        + " ({{firstMismatch}}).{{columnBlocks}}",
        (v, pasted) -> Map.of("modeName", v.mode().cudaName(),
            "firstMismatch", boxMismatch(v.firstMismatch()),
            "columnBlocks", v.columnBlocks().map(blocks -> columnBlocks(blocks, pasted))
                .orElse("")));

    format(TmaViolation.PackedBoxWidth.class, ofTile("cols"), "TMA copies {{dtype}} as"
        + " {{dataType}}, in boxes exactly {{boxCols}} elements wide, so the tile's cols must be"
        + " a multiple of {{boxCols}}, not {{cols}}.",
        v -> Map.of("dataType", TmaDataType.of(v.dtype()).cudaName()));
    // No mode in this direction: the direction is at fault; else the swizzle, as for NoTmaMode.
    format(TmaViolation.PackedSwizzleMode.class, v -> ofAccess(
        TmaDataType.of(v.dtype()).modes(v.op()).isEmpty() ? "op" : "kind"),
        "TMA copies {{dtype}} as {{dataType}}, which cuda.h allows in {{direction}} {{modes}}; the"
        + " tile's swizzle is {{modeName}}.",
        v -> Map.of("direction", tmaDirection(v.op()),
            "dataType", TmaDataType.of(v.dtype()).cudaName(),
            "modes", TmaDataType.of(v.dtype()).modes(v.op()).isEmpty()
                ? "with no swizzle mode at all (only TMA loads move it)"
                : "only with " + TmaDataType.of(v.dtype()).modes(v.op()).stream()
                    .map(TmaSwizzle::cudaName).reduce((a, b) -> a + ", " + b).orElseThrow(),
            "modeName", v.mode().cudaName()));
  }

  /**
   * The formats of every {@code MmaViolation}: one a kind, whatever the instruction, whose name is
   * the slot {@code {{instruction}}} ({@code wgmma}, {@code tcgen05.mma}).
   */
  static void mmaFormats() {
    // The tensor cores' reads, whatever the instruction.
    mma(MmaViolation.MmaType.class, ofTile("dtype"),
        "{{instruction}} reads {{types}} operands, not {{dtype}}{{asTf32}}.",
        v -> Map.of("types", ModelText.typesRead(v.format()),
            "asTf32", v.dtype() == DType.FLOAT
                ? " (a float tile is read as TF32: declare dtype = TF32)" : ""));
    mma(MmaViolation.MmaTransposeNeeds16Bit.class, ofAccess("major"), "{{instruction}} transposes"
        + " only 16-bit operands (HALF, BF16), so a {{dtype}} operand must be K-major: rows M or"
        + " N, cols K.",
        v -> Map.of());
    mma(MmaViolation.MmaSubByteNeedsKMajor.class, ofAccess("major"), "{{instruction}} reads"
        + " {{dtype}} operands K-major only: declare major = Major.K, with M or N as rows and K"
        + " as cols.",
        v -> Map.of());
    // K is the cols of a K-major operand, the rows of an MN-major one; M or N the other side.
    mma(MmaViolation.MmaKNotMultiple.class, v -> ofTile(
        v.major() == Major.K ? "cols" : "rows"), "one {{instruction}} reads {{instructionK}}"
        + " {{dtype}} of K ({{kBytes}} bytes), so the tile's K, its {{kSide}}, must be a multiple"
        + " of {{instructionK}}, not {{kExtent}}.",
        v -> Map.of("kBytes", v.format().instructionKBytes(),
            "kSide", v.major() == Major.K ? "cols" : "rows"));
    mma(MmaViolation.MmaMnNotMultiple.class, v -> ofTile(
        v.major() == Major.K ? "rows" : "cols"), "{{instruction}} reads M and N {{step}}, so the"
        + " tile's M or N, its {{mnSide}}, must be a multiple of {{mnStep}}, not {{mnExtent}}.",
        v -> Map.of("mnSide", v.major() == Major.K ? "rows" : "cols", "step", v.major() == Major.K
            ? "in groups of 8 rows"
            : "in rows of " + v.mnStep() + " " + v.dtype() + (v.layoutType().isPresent()
                ? ", one row of " + v.layoutType().get().description() : "")));
    mma(MmaViolation.NoMmaLayout.class, ofAccess("kind"), "{{instruction}} reads no swizzle or"
        + " Swizzle<1|2|3,4,3> on bytes (the 32-, 64- and 128-byte swizzles), which on {{dtype}}"
        + " is Swizzle<1|2|3,{{unitBase}},3>{{base32B}}; {{swizzleName}} is {{onBytes}}.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "base32B", base32B(v.format(), v.dtype()),
            "swizzleName", swizzleName(v.swizzle(), v.withinEachRow()),
            "onBytes", onBytes(v.byteSwizzle())));
    mma(MmaViolation.NoMmaLayoutForMap.class, ofAccess("kind"), "{{instruction}} reads no swizzle"
        + " or Swizzle<1|2|3,4,3> on bytes (the 32-, 64- and 128-byte swizzles), which on"
        + " {{dtype}} is Swizzle<1|2|3,{{unitBase}},3>{{base32B}}; the XOR map {{map}} is"
        + " {{byteMap}} on bytes.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "base32B", base32B(v.format(), v.dtype()),
            "byteMap", byteMap(v.map(), v.dtype())));
    // A 32-bit operand in the right swizzle is in the wrong major; any other, the wrong swizzle.
    mma(MmaViolation.Base32BNotReadable.class, v -> ofAccess(
        v.major() == Major.K && v.dtype().storageBits() == 32 ? "major" : "kind"),
        "{{swizzle}} on {{dtype}} is Swizzle<2,5,2> on bytes, the 128-byte swizzle of 32-byte"
        + " units (SWIZZLE_128B_BASE32B), which {{instruction}} reads only as an MN-major operand"
        + " of 32-bit elements (TF32 or FLOAT){{remedy}}.",
        v -> Map.of("remedy", v.dtype().storageBits() == 32
            ? ": declare major = Major.MN, with K as rows and M or N as cols, or use the 128-byte"
                + " swizzle Swizzle<3," + unitBase(v.dtype()) + ",3> for a K-major operand"
            : ": use the 128-byte swizzle, Swizzle<3," + unitBase(v.dtype()) + ",3> on "
                + v.dtype()));
    mma(MmaViolation.MmaAlignment.class, ofTile("alignment"), "{{instruction}} reads {{layout}}"
        + " from a base aligned to {{repeatBytes}} bytes, so the tile's alignment must be at"
        + " least {{repeatBytes}}, not {{alignment}}.",
        v -> Map.of("layout", v.layoutType().description()));
    mma(MmaViolation.DescriptorOffsetOutOfRange.class, ofAccess("kind"),
        "{{instruction}} cannot read the tile as {{operand}} with {{layout}}: its {{groups}} are"
        + " {{bytes}} bytes apart, and a descriptor holds multiples of 16 bytes from 0 to 256 KB.",
        v -> Map.of("operand", ModelText.operandWords(v.major()),
            "layout", v.layoutType().description(), "groups", descriptorGroups(v)));
    mmaAsDeclared(MmaViolation.MmaMisread.class, ofAccess("kind"), "{{instruction}} cannot read"
        + " the tile as {{operand}} with {{layout}}: the descriptor of K slice {{kSlice}} from"
        + " {{mnStart}} (LBO {{leadingByteOffset}}, SBO {{strideByteOffset}} bytes) would read"
        + " {{element}} from byte {{readByte}}, where the tile has it at byte"
        + " {{expectedByte}}.{{atoms}}",
        (v, pasted) -> Map.of("operand", ModelText.operandWords(v.major()),
            "layout", v.layoutType().description(),
            "atoms", v.atoms().isPresent()
                ? atomsHint(v.format(), v.layoutType(), v.atoms().get(), pasted) : ""));
  }

  /** A tensor-core read's kind: its fragments, and the instruction's name. */
  static <V extends MmaViolation> void mma(Class<V> kind, Blame.Rule<? super V> blame, String text,
      Function<V, Map<String, Object>> fragments) {
    mmaAsDeclared(kind, blame, text, (violation, pasted) -> fragments.apply(violation));
  }

  /** A tensor-core read's kind whose fragments suggest a tile, written as the tile was declared. */
  static <V extends MmaViolation> void mmaAsDeclared(Class<V> kind, Blame.Rule<? super V> blame,
      String text, BiFunction<V, Boolean, Map<String, Object>> fragments) {
    formatAsDeclared(kind, blame, text, (violation, pasted) -> {
      Map<String, Object> all = new HashMap<>(fragments.apply(violation, pasted));
      all.put("instruction", violation.format().instruction());
      return all;
    });
  }

  /**
   * The clause on the 128-byte swizzle of 32-byte units, for an instruction that reads it and a
   * 32-bit type: {@code ", and MN-major Swizzle<2,5,2> on bytes (...)"}; else empty.
   */
  static String base32B(MmaFormat format, DType dtype) {
    boolean read = format.layoutTypes().contains(MmaLayoutType.SWIZZLE_128B_BASE32B)
        && dtype.storageBits() == 32;
    return read ? ", and MN-major Swizzle<2,5,2> on bytes (the 128-byte swizzle of 32-byte units),"
        + " which is Swizzle<2,3,2>" : "";
  }

  /** Which TMA copies {@code op} names: loads into the tile, or stores from it. */
  static String tmaDirection(Op op) {
    return op == Op.STORE ? "TMA loads into the tile" : "TMA stores from the tile";
  }

  /** Where the first box tried goes wrong. */
  static String boxMismatch(TmaViolation.BoxMismatch mismatch) {
    if (mismatch instanceof TmaViolation.BoxStartMisaligned start) {
      return box(start.boxRows(), start.boxCols(), start.corner()) + " would start at byte "
          + start.startByte() + ", not a multiple of the " + start.alignmentBytes()
          + " bytes the engine needs";
    }
    TmaViolation.BoxElementMisplaced element = (TmaViolation.BoxElementMisplaced) mismatch;
    return box(element.boxRows(), element.boxCols(), element.corner()) + " would put "
        + cell(element.element()) + " at byte " + element.writtenByte() + ", where the tile has it"
        + " at byte " + element.expectedByte();
  }

  /** {@code "a 8 x 64 box at (row 8, col 0)"}. */
  static String box(int boxRows, int boxCols, Cell corner) {
    return "a " + boxRows + " x " + boxCols + " box at " + cell(corner);
  }

  /** The column blocks TMA would fill, as attributes or a layout to paste, after a space. */
  static String columnBlocks(TmaViolation.ColumnBlocks blocks, boolean pasted) {
    String rowsWider = " Rows of " + blocks.rowBytes() + " bytes are wider than one box: declare"
        + " the tile as column blocks of ";
    String why = ", as CuTe's tile_to_shape builds it, so that each column block is filled by its"
        + " own boxes.";
    int atomCols = blocks.atomCols();
    TileLayout suggested = blocks.suggested();
    if (blocks.atomRows() == 0) {
      return rowsWider + atomCols + "-element atoms ("
          + AttributeText.declaring(suggested, "atomCols = " + atomCols, pasted) + ")" + why;
    }
    int atomRows = blocks.atomRows();
    String atoms = atomRows + " x " + atomCols + " atoms";
    if (blocks.paddedRows() == blocks.rows()) {
      return rowsWider + atoms + " (" + AttributeText.declaring(suggested,
          "atomRows = " + atomRows + ", atomCols = " + atomCols, pasted) + ")" + why;
    }
    return rowsWider + atoms + withoutFinalPeriod(why) + "; " + atomRows + " rows do not divide"
        + " the tile's " + blocks.rows() + ", so make rows a multiple of " + atomRows + " ("
        + AttributeText.declaring(suggested, "rows = " + blocks.paddedRows() + ", atomRows = "
            + atomRows + ", atomCols = " + atomCols, pasted) + ").";
  }

  /** The groups a descriptor offset steps between, for the major and the layout. */
  static String descriptorGroups(MmaViolation.DescriptorOffsetOutOfRange violation) {
    boolean leading = violation.offset() == MmaViolation.DescriptorOffset.LEADING;
    MmaLayoutType layout = violation.layoutType();
    if (violation.major() == Major.K) {
      return leading ? "16-byte columns of core matrices" : "groups of 8 rows";
    }
    if (layout == MmaLayoutType.NONE) {
      return leading ? "groups of 8 rows of K" : "16-byte columns of M or N";
    }
    return leading ? layout.rowBytes() + "-byte blocks of M or N"
        : "groups of " + layout.groupRows() + " rows of K";
  }

  /**
   * The atoms the instruction would read, as attributes or a layout to paste, after a space: the
   * rows it reads (and in how many a group, where the instruction's layouts differ in that), the
   * atoms CuTe would declare, or the narrower layout CUTLASS's selector would pick.
   */
  static String atomsHint(MmaFormat format, MmaLayoutType layout,
      MmaViolation.AtomsHint atoms, boolean pasted) {
    boolean groupsDiffer = false;
    for (MmaLayoutType type : format.layoutTypes()) {
      groupsDiffer |= type.groupRows() != layout.groupRows();
    }
    String reads = " With " + layout.description() + " " + format.instruction() + " reads "
        + (layout == MmaLayoutType.NONE ? "8 x 16-byte core matrices of 128 contiguous bytes"
            : "rows of " + layout.rowBytes() + " bytes"
                + (groupsDiffer ? " in groups of " + layout.groupRows() : ""));
    if (atoms instanceof MmaViolation.CanonicalAtoms canonical) {
      return reads + ": declare atoms of " + canonical.atomRows() + " x " + canonical.rowElements()
          + " (" + AttributeText.declaring(canonical.suggested(), "atomRows = "
              + canonical.atomRows() + ", atomCols = " + canonical.rowElements(), pasted)
          + "), as CuTe's " + format.cuteAtoms() + " layout atoms are.";
    }
    if (atoms instanceof MmaViolation.NarrowerAtoms narrower) {
      return reads + ", and atoms of " + narrower.atomRows() + " x " + narrower.rowElements()
          + " do not fit the tile's " + narrower.declared().rows() + " x "
          + narrower.declared().cols() + ": use " + narrower.layoutType().description()
          + " on atoms of " + narrower.suggested().strided().atomShape() + " ("
          + AttributeText.declaring(narrower.suggested(),
              AttributeText.attributesFrom(narrower.suggested(), narrower.declared()), pasted)
          + "), as CUTLASS's " + format.cutlassSelector() + " picks for such a tile.";
    }
    return reads + ".";
  }
}
