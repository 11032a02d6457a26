package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.MessageWords.cell;
import static dev.swizzlegen.processor.diag.MessageWords.storage;
import static dev.swizzlegen.processor.diag.MessageWords.swizzleName;
import static dev.swizzlegen.processor.diag.MessageWords.target;
import static dev.swizzlegen.processor.diag.MessageWords.vectors;
import static dev.swizzlegen.processor.diag.MessageWords.withoutFinalPeriod;
import static dev.swizzlegen.processor.diag.ViolationMessages.format;
import static dev.swizzlegen.processor.diag.ViolationMessages.formatAsDeclared;

import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation;
import java.util.List;
import java.util.Map;

/**
 * The words of the violations of a tile's swizzle, its layout and a layout in CuTe's notation:
 * three of {@link ViolationMessages}' families, registered when one of their violations is first
 * worded.
 */
final class TileMessages {
  private TileMessages() {}

  /** The formats of every {@code SwizzleViolation}. */
  static void swizzleFormats() {
    // The swizzle's parameters.
    format(SwizzleViolation.NegativeBits.class, "bits must be 0 or more, not {{bits}}.");
    format(SwizzleViolation.NegativeBase.class, "base must be 0 or more, not {{base}}.");
    format(SwizzleViolation.PastOffsetBits.class, "Swizzle<{{bits}},{{base}},{{shift}}> reaches bit"
        + " {{highestBit}}, past the {{offsetBits}} bits of an offset (bits + base + |shift| must be"
        + " at most {{offsetBits}}).");
    format(SwizzleViolation.ZeroShift.class, "shift 0 XORs the {{bits}} masked bits with themselves,"
        + " which clears them: the function is not a bijection.");
    format(SwizzleViolation.OverlappingMasks.class, "|shift| {{magnitude}} is less than bits"
        + " {{bits}}, so the YYY and ZZZ masks overlap, which CuTe forbids; set allowOverlap = true"
        + " to accept it (the swizzle is still a bijection, but not its own inverse).",
        v -> Map.of("magnitude", Math.abs(v.shift())));
  }

  /** The formats of every {@code LayoutViolation}. */
  static void layoutFormats() {
    // The tile's layout.
    format(LayoutViolation.RowsNotPositive.class, "rows must be positive, not {{rows}}.");
    format(LayoutViolation.ColsNotPositive.class, "cols must be positive, not {{cols}}.");
    format(LayoutViolation.RowsOverlap.class,
        "rowStride {{rowStride}} is less than cols {{cols}}, so rows would overlap.");
    format(LayoutViolation.BadAlignment.class, "alignment must be a power of two of at least"
        + " {{elementBytes}} bytes ({{unit}}), not {{alignment}}.",
        v -> Map.of("elementBytes", v.dtype().unitBytes(), "unit",
            (v.dtype().elementsPerUnit() == 1 ? "one " : "two ") + v.dtype()));
    format(LayoutViolation.RowFormShiftBelowBits.class, "the row form reads its B = {{bits}} bits"
        + " from the row, so shift must be at least bits, not {{shift}}.");
    format(LayoutViolation.StagesBelowOne.class, "stages must be at least 1, not {{stages}}.");
    format(LayoutViolation.AtomRowsNotDivisor.class,
        "atomRows must be a positive divisor of the tile's {{rows}} rows, not {{atomRows}}.");
    format(LayoutViolation.AtomColsNotDivisor.class,
        "atomCols must be a positive divisor of the tile's {{cols}} cols, not {{atomCols}}.");
    format(LayoutViolation.BytesPastOffsetBits.class, "{{swizzle}} on {{dtype}} elements"
        + " ({{elementBytes}} bytes) is Swizzle<{{bits}},{{byteBase}},{{shift}}> on bytes, which"
        + " reaches past the 31 bits of a byte offset (bits + base + |shift| on bytes must be at most"
        + " 31); lower base or shift.",
        v -> Map.of("elementBytes", v.dtype().unitBytes(), "bits", v.swizzle().bits(),
            "shift", v.swizzle().shift()));
    format(LayoutViolation.RowFormWithAtoms.class, "the row form swizzles within each row of a"
        + " one-atom tile; it does not combine with atoms of {{atomRows}} x {{atomCols}}.");
    format(LayoutViolation.PaddedDenseAtoms.class, "rowStride pads whole rows, but the tile's rows"
        + " are {{atomsAcross}} atoms of {{atomCols}} columns, which are stored densely; {{remedy}}",
        v -> Map.of("atomsAcross", v.cols() / v.atomCols(), "remedy", v.wideAtoms()
            .map(wide -> "drop rowStride (atoms as wide as the tile would not take the padding"
                + " either: " + withoutFinalPeriod(ViolationMessages.render(wide)) + ").")
            .orElse("pad with atoms as wide as the tile (atomCols = " + v.cols()
                + "), or drop rowStride.")));
    format(LayoutViolation.ExceedsSharedMemory.class, "the {{rows}} x {{cols}} {{dtype}} tile"
        + "{{inStages}} spans {{extentBytes}} bytes, more than the {{maxBytes}} bytes ({{kb}} KB) of"
        + " shared memory a thread block can have{{onTarget}}.",
        v -> Map.of("inStages", v.stages() > 1 ? " in " + v.stages() + " stages" : "",
            "kb", v.maxBytes() / 1024,
            "onTarget", v.architecture().map(arch -> " on " + target(arch)).orElse("")));
    formatAsDeclared(LayoutViolation.StageMisaligned.class, "stage 1 would start {{stageBytes}}"
        + " bytes after stage 0, which is not a multiple of the tile's {{alignment}}-byte alignment,"
        + " so stage 1's base would not keep the alignment the tile's proofs hold at every stage:"
        + " declare alignment = {{kept}}, the largest alignment every stage's base keeps; or"
        + " {{apart}}; or one stage.",
        (v, pasted) -> Map.of("kept", Long.lowestOneBit(v.stageBytes()),
            "apart", (pasted ? "a stage mode of stride " + v.alignedStageStride()
                : "stageStride = " + v.alignedStageStride()) + ", the least stage stride that"
                + " keeps " + v.alignment() + " bytes (a gap after each stage)"));
    format(LayoutViolation.StageStrideBelowSpan.class, "stageStride {{stageStride}} is less than"
        + " the {{stageSpan}} elements one stage spans ((rows - 1) x rowStride + cols), so the stages"
        + " would overlap: give at least {{stageSpan}}.");
    format(LayoutViolation.StageStrideMisaligned.class, "stageStride {{stageStride}} is no"
        + " multiple of {{step}} elements, so some stage's base would not keep the tile's"
        + " {{alignment}}-byte alignment: the next stride that does is {{alignedStageStride}}.");
    format(LayoutViolation.AtomHoldsPartOfPeriod.class, "{{swizzle}} reads and writes offset bits"
        + " 0..{{highestBit}}, a pattern of {{period}} elements, past the {{atomRows}} x"
        + " {{atomCols}} atom's {{atomElements}} elements: {{remedy}}.",
        v -> Map.of("atomElements", v.atomRows() * v.atomCols(), "remedy", wholePeriods(v)));
    format(LayoutViolation.TileNotClosed.class, "{{swizzleName}} does not map the {{rows}} x"
        + " {{cols}} tile onto itself: it moves {{element}} to offset {{image}}, which is"
        + " {{imageCell}}, outside the tile.",
        v -> Map.of("swizzleName", swizzleName(v.swizzle(), v.withinEachRow())));
    format(LayoutViolation.AtomNotClosed.class, "{{swizzleName}} does not map the {{atomRows}} x"
        + " {{atomCols}} atom onto itself: it moves {{element}} of the atom to offset {{image}},"
        + " which is {{imageCell}}, outside the atom.",
        v -> Map.of("swizzleName", swizzleName(v.swizzle(), v.withinEachRow())));
    format(LayoutViolation.MapNotClosed.class, "the XOR map {{map}} does not map the {{atomRows}} x"
        + " {{atomCols}} {{what}} onto itself: it moves {{element}}{{ofAtom}} to offset {{image}},"
        + " which is {{imageCell}}, outside the {{what}}.",
        v -> Map.of("what", v.oneAtom() ? "tile" : "atom",
            "ofAtom", v.oneAtom() ? "" : " of the atom"));

    format(LayoutViolation.SplitsStorageUnits.class, "{{dtype}} is stored {{storage}}, so cols,"
        + " rowStride and atomCols must be multiples of {{unitElements}} elements; {{side}}.",
        v -> Map.of("storage", storage(v.dtype()), "side", splitSide(v)));
    format(LayoutViolation.ElementsPastOffsetBits.class, "{{swizzle}} on the bytes of {{dtype}} is"
        + " Swizzle<{{bits}},{{elementBase}},{{shift}}> on its element offsets (two elements to a"
        + " byte), which reaches past the 31 bits of an offset; lower base or shift.",
        v -> Map.of("bits", v.swizzle().bits(), "shift", v.swizzle().shift()));
    format(LayoutViolation.PaddedUnitSplit.class, "{{dtype}} is stored 16 elements to a 16-byte"
        + " unit, which every access moves whole, but the layout splits, reorders or misaligns the"
        + " unit of (row {{row}}, cols {{firstCol}}..{{lastCol}}): the swizzle's base must cover a"
        + " unit (2^base >= 16).",
        v -> Map.of("lastCol", v.firstCol() + 15));
  }

  /** The first side of a tile that splits its type's storage unit, and its value. */
  static String splitSide(LayoutViolation.SplitsStorageUnits violation) {
    int unit = violation.unitElements();
    return violation.cols() % unit != 0 ? "cols is " + violation.cols()
        : violation.rowStride() % unit != 0 ? "rowStride is " + violation.rowStride()
            : "atomCols is " + violation.atomCols();
  }

  /** The atoms of whole periods, or the swizzle of fewer bits, as attributes to paste. */
  static String wholePeriods(LayoutViolation.AtomHoldsPartOfPeriod violation) {
    LayoutViolation.WholePeriods remedy = violation.remedy();
    long rows = remedy.atomRows();
    String advice = "give the atom a multiple of " + violation.period() + " elements";
    if (remedy.fits()) {
      return advice + " (atomRows = " + rows + "), or use a swizzle of fewer bits";
    }
    if (remedy.paddedRows().isPresent()) {
      advice += ", which takes a multiple of " + rows + " rows of " + violation.atomCols()
          + " elements, and " + rows + " does not divide the tile's " + violation.rows() + " rows:"
          + " make rows a multiple of " + rows + " (rows = " + remedy.paddedRows().getAsLong()
          + ", atomRows = " + rows + ")";
    }
    return advice + ", or use a swizzle of fewer bits" + remedy.fewerBits()
        .map(fewer -> ", such as " + fewer + " (bits = " + fewer.bits() + ", base = "
            + fewer.base() + ", shift = " + fewer.shift() + ")")
        .orElse("");
  }

  /** The formats of every {@code CuteViolation}. */
  static void cuteFormats() {
    // CuTe layouts (layout = "..."): each names the text, and where it can the part at fault.
    format(CuteViolation.Syntax.class, "layout \"{{text}}\" is no CuTe layout: at character"
        + " {{position}} ({{here}}) CuTe's notation, [Sw<B,M,S> o [_0 o]] SHAPE:STRIDE, expects"
        + " {{expected}}.",
        v -> Map.of("position", v.index() + 1, "here", v.index() >= v.text().length()
            ? "its end" : "\"" + excerpt(v.text(), v.index()) + "\""));
    format(CuteViolation.Rank.class, "layout \"{{text}}\" has {{rank}} top-level mode{{s}}; a"
        + " tile's has 2 (row, col) or 3 (row, col, stage), each a mode or a tuple of modes in"
        + " parentheses.",
        v -> Map.of("s", v.rank() == 1 ? "" : "s"));
    format(CuteViolation.OffsetNotZero.class, "layout \"{{text}}\" starts at offset _{{offset}}, but"
        + " a tile starts at its base: compose with _0.");
    format(CuteViolation.SizeMismatch.class, "layout \"{{text}}\" is {{layoutShape}}, neither the"
        + " {{tileShape}} tile nor an atom of 2 modes that tiles it (rows and cols whole multiples"
        + " of the atom's).",
        v -> Map.of("layoutShape", v.layoutRows() + " x " + v.layoutCols()
                + (v.layoutStages() > 0 ? " x " + v.layoutStages() + " stages" : ""),
            "tileShape", v.rows() + " x " + v.cols() + (v.stages() > 1 ? " x " + v.stages()
                + " stages" : "")));
    format(CuteViolation.NotOneToOne.class, "layout \"{{text}}\" is not one-to-one: {{first}} and"
        + " {{second}} are both at offset {{offset}}{{through}}.",
        v -> Map.of("first", cell(v.first()) + (v.firstStage() != v.secondStage()
                ? " of stage " + v.firstStage() : ""),
            "second", cell(v.second()) + (v.firstStage() != v.secondStage()
                ? " of stage " + v.secondStage() : ""),
            "through", v.modes().isEmpty() ? ", in different atoms (the atoms overlap)"
                : ", through the mode" + (v.modes().size() == 1 ? " " : "s ")
                    + modesAt(v.modes(), v.positions())));
    format(CuteViolation.NegativeOffset.class, "layout \"{{text}}\" puts {{cell}}{{stage}} at"
        + " offset {{offset}}, outside a tile's offsets 0 to 2^31 - 1.",
        v -> Map.of("stage", v.stage() > 0 ? " of stage " + v.stage() : ""));
    format(CuteViolation.AtomHasHoles.class, "the atom \"{{text}}\" spreads its {{size}} elements"
        + " over {{cosize}} offsets, and tile_to_shape would fill the holes with other atoms'"
        + " elements: give an atom without holes, or the whole tile's layout.");
    format(CuteViolation.StagesInterleaved.class, "the stage mode of \"{{text}}\" has stride"
        + " {{stageStride}}, less than the {{stageSpan}} elements stage 0 spans, so its stages lie"
        + " inside each other's rows, where a tile's stages lie at least a stage's span apart"
        + "{{columns}}.",
        v -> Map.of("columns", v.columnsProblem()
            .map(problem -> "; with its stages as columns (cols = K x stages, no stage mode) it is"
                + " no tile either: " + withoutFinalPeriod(ViolationMessages.render(problem)))
            .orElse(": declare the stages as columns (cols = K x stages, no stage mode), as CUTLASS"
                + " 2.x views its multistage buffer: layout = \"" + v.columns() + "\"")));
    format(CuteViolation.SwizzleReadsCarries.class, "layout \"{{text}}\" is one-to-one but no"
        + " tile swizzlegen models: {{swizzle}} reads offset {{read}}, which the mode {{modeAt}}"
        + " reaches in steps of {{stride}}, no power of two, so they carry from one coordinate into"
        + " the next and are no bits of a row, column or stage, the only bits a tile's XOR map reads;"
        + " without the swizzle it is a tile{{instead}}.",
        v -> Map.of("read", v.lowBit() == v.highBit() ? "bit " + v.lowBit()
                : "bits " + v.lowBit() + " to " + v.highBit(),
            "modeAt", modesAt(List.of(v.mode()), List.of(v.position())),
            "instead", v.powerOfTwo().map(text -> ", and with that stride a power of two (the mode"
                + " whose size makes it rounded up) it is one: layout = \"" + text + "\"")
                .orElse(", but with that stride a power of two it is none either")));
    format(CuteViolation.NoTileForm.class, "layout \"{{text}}\" is one-to-one but no tile"
        + " swizzlegen models (atoms of an invertible XOR map of power-of-two sides, or padded rows,"
        + " tiled down or across, stages one after another){{closest}}.",
        v -> Map.of("closest", v.closest().isEmpty() ? "" : ": the closest, " + v.closest()
            + ", puts " + cell(v.cell()) + (v.stage() > 0 ? " of stage " + v.stage() : "")
            + " at offset " + v.tileOffset() + " where CuTe puts it at " + v.cuteOffset()));
    format(CuteViolation.ModesSwapped.class, "layout \"{{text}}\" puts its first mode"
        + " contiguous, as CuTe's MN-major atoms put M (or N): its tile is the transpose of a"
        + " swizzled one, {{unread}}; swizzlegen's tiles are row-major, an MN-major operand K rows"
        + " by M (or N) cols: declare the same layout with its modes swapped, {{declarations}}.",
        v -> Map.of("unread", switch (v.reader()) {
              case TMA -> "which TMA does not read";
              case WGMMA -> "which wgmma does not read";
              case UMMA -> "which tcgen05.mma does not read";
              default -> "its rows along K, whose elements are not contiguous, so "
                  + vectors(v.reader(), v.vectorBytes()) + " cannot move them";
            },
            "declarations", swappedDeclarations(v)));
    format(CuteViolation.PointerWidthMismatch.class, "layout \"{{text}}\" was printed for a pointer"
        + " to {{pointerBits}}-bit elements (smem_ptr[{{pointerBits}}b]), whose width turns its"
        + " swizzle on byte addresses into one on element offsets, but dtype {{dtype}} is stored"
        + " {{stored}}: the swizzle read in {{pointerBits}}-bit units is not the one CuTe applies to"
        + " {{dtype}}. Paste the layout CuTe prints for {{dtype}} (smem_ptr[{{storageBits}}b]), or"
        + " give the dtype of the {{pointerBits}}-bit elements it was printed for.",
        v -> Map.of("stored", v.dtype().isPadded() ? "in " + v.storageBits() + "-bit slots, 16 to"
            + " a 16-byte unit (CUTLASS allocates its shared memory as uint8_t)"
            : "as " + v.storageBits() + "-bit elements" + (v.dtype().elementsPerUnit() > 1
                ? ", two to a byte" : "")));
    format(CuteViolation.ExclusiveWithLayout.class, "{{attribute}} describes the tile a second"
        + " time: layout gives the whole layout; remove {{attribute}} or layout.");
  }

  /**
   * The declarations of a layout with its modes swapped: the whole tile; or its atoms in CUTLASS's
   * order where that is not the declared one, then in the declared order, each order named.
   */
  static String swappedDeclarations(CuteViolation.ModesSwapped v) {
    String declared = ", rows = " + v.rows() + ", cols = " + v.cols();
    String layout = ", layout = \"" + v.swapped() + "\"";
    if (v.atomOrder().isEmpty()) {
      return declared.substring(2) + layout;
    }
    String asDeclared = "equal to the tile as declared, " + atomsInOrder(v.atomOrder().get())
        + declared + ", atomOrder = Order." + v.atomOrder().get() + layout;
    return v.cutlassOrder().map(order -> atomsInOrder(order) + declared + ", atomOrder = Order."
        + order + layout + "; or, " + asDeclared).orElse(asDeclared);
  }

  /** The order of a swapped tile's atoms, K rows by M (or N) cols, and whose order it is. */
  static String atomsInOrder(Order order) {
    return order == Order.COL_MAJOR ? "its atoms along K first as CUTLASS's sm90 mainloops tile"
        + " an MN-major operand (tile_to_shape with Step<_2,_1,_3>)"
        : "its atoms along M (or N) first as a plain tile_to_shape numbers them (CUTLASS's sm80"
            + " mainloops')";
  }

  /** Up to 12 characters of {@code text} from {@code index}. */
  static String excerpt(String text, int index) {
    return text.substring(index, Math.min(text.length(), index + 12));
  }

  /** {@code "_2:_0 (character 2)"}, joined by " and ". */
  static String modesAt(List<String> modes, List<Integer> positions) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < modes.size(); i++) {
      text.append(i == 0 ? "" : " and ").append(modes.get(i)).append(" (character ")
          .append(positions.get(i) + 1).append(")");
    }
    return text.toString();
  }
}
