package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.LaneMap;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaLayoutType;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.tma.TmaDataType;
import dev.swizzlegen.runtime.tma.TmaFill;
import dev.swizzlegen.runtime.violation.AccessViolation;
import dev.swizzlegen.runtime.violation.ArchitectureViolation;
import dev.swizzlegen.runtime.violation.Cell;
import dev.swizzlegen.runtime.violation.CuteViolation;
import dev.swizzlegen.runtime.violation.LayoutViolation;
import dev.swizzlegen.runtime.violation.MmaViolation;
import dev.swizzlegen.runtime.violation.RasterViolation;
import dev.swizzlegen.runtime.violation.SwizzleViolation;
import dev.swizzlegen.runtime.violation.TmaViolation;
import dev.swizzlegen.runtime.violation.Violation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every violation of the model in words, for the diagnostics and the generated files alike: one
 * format string per kind of violation, whose {@code {{name}}} slots are the record's components or,
 * where the words depend on the values (a plural, a clause present or not, a nested violation), a
 * fragment the kind computes. The model carries no prose; this is the one place its violations are
 * worded.
 *
 * <p>A component is written as its value: a number, an enum's name ({@code HALF}), a swizzle
 * ({@code Swizzle<3,3,3>}), a {@link Cell} as {@code (row 2, col 32)}. Rendering is strict: a slot
 * the kind neither has nor computes is a bug, which the law test finds for every kind.
 */
public final class ViolationMessages {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  /**
   * A kind's words: the format, and the fragments it fills beside the record's components, which
   * may depend on whether the tile was declared in CuTe's notation (a suggestion is then a layout).
   */
  private record Format<V extends Violation>(
      String text, BiFunction<V, Boolean, Map<String, Object>> fragments) {}

  private static final Map<Class<? extends Violation>, Format<?>> FORMATS = new HashMap<>();

  /**
   * Each family of violations (a sealed interface of the model) and what registers its formats: a
   * family's formats, and the records they name, are loaded when one of its violations is first put
   * in words, not all of them in every javac run (they were a fifth of the cold processor's
   * start-up, where a clean build words only wgmma's).
   */
  private static final Map<Class<?>, Runnable> FAMILIES = Map.of(
      SwizzleViolation.class, ViolationMessages::swizzleFormats,
      LayoutViolation.class, ViolationMessages::layoutFormats,
      AccessViolation.class, ViolationMessages::accessFormats,
      TmaViolation.class, ViolationMessages::tmaFormats,
      MmaViolation.class, ViolationMessages::mmaFormats,
      ArchitectureViolation.class, ViolationMessages::architectureFormats,
      RasterViolation.class, ViolationMessages::rasterFormats,
      CuteViolation.class, ViolationMessages::cuteFormats);

  /** The families whose formats are registered. */
  private static final Set<Class<?>> LOADED = new HashSet<>();

  private ViolationMessages() {}

  /** The violation in words: one or more sentences, without the tile's or the access's name. */
  public static String render(Violation violation) {
    return render(violation, false);
  }

  /**
   * The violation in words, its suggestions written as the tile was declared: as attributes, or
   * for a tile declared with {@code layout} ({@code pasted}) as a layout in CuTe's notation.
   */
  static String render(Violation violation, boolean pasted) {
    Format<?> format = formatOf(violation.getClass());
    if (format == null) {
      throw new IllegalArgumentException("no format for " + violation.getClass().getName());
    }
    return fill(format, violation, pasted);
  }

  /** The kinds that have a format: every record of {@link Violation}, as the law test checks. */
  static synchronized Set<Class<? extends Violation>> kinds() {
    FAMILIES.keySet().forEach(ViolationMessages::load);
    return Set.copyOf(FORMATS.keySet());
  }

  /** The format string of a kind, for the law test. */
  static String format(Class<? extends Violation> kind) {
    return formatOf(kind).text();
  }

  /** The format of a kind, its family's formats registered first where they are not yet. */
  private static synchronized Format<?> formatOf(Class<?> kind) {
    for (Class<?> family : kind.getInterfaces()) {
      load(family);
    }
    return FORMATS.get(kind);
  }

  private static void load(Class<?> family) {
    Runnable formats = FAMILIES.get(family);
    if (formats != null && LOADED.add(family)) {
      formats.run();
    }
  }

  private static <V extends Violation> String fill(Format<V> format, Violation violation,
      boolean pasted) {
    @SuppressWarnings("unchecked") // FORMATS maps each class to the format of that class
    V typed = (V) violation;
    Map<String, Object> fragments = format.fragments().apply(typed, pasted);
    Matcher slot = SLOT.matcher(format.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = fragments.containsKey(name) ? fragments.get(name) : component(typed, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(text(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  /** The record component {@code name} of a violation. */
  private static Object component(Violation violation, String name) {
    for (RecordComponent component : violation.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(violation);
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + name + " of " + violation, e);
        }
      }
    }
    throw new IllegalArgumentException("the format of " + violation.getClass().getSimpleName()
        + " names {{" + name + "}}, which it neither has nor computes");
  }

  private static String text(Object value) {
    if (value instanceof Cell cell) {
      return cell(cell);
    }
    if (value instanceof Optional<?>) {
      // An optional part has its own words: a fragment says them.
      throw new IllegalArgumentException("an optional component needs a fragment: " + value);
    }
    return String.valueOf(value);
  }

  private static <V extends Violation> void format(Class<V> kind, String text) {
    format(kind, text, violation -> Map.of());
  }

  private static <V extends Violation> void format(Class<V> kind, String text,
      Function<V, Map<String, Object>> fragments) {
    formatAsDeclared(kind, text, (violation, pasted) -> fragments.apply(violation));
  }

  /** A kind whose fragments suggest a tile, written as the tile was declared. */
  private static <V extends Violation> void formatAsDeclared(Class<V> kind, String text,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    if (FORMATS.putIfAbsent(kind, new Format<>(text, fragments)) != null) {
      throw new IllegalStateException("two formats for " + kind.getSimpleName());
    }
  }

  /** The formats of every {@code SwizzleViolation}. */
  private static void swizzleFormats() {
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
  private static void layoutFormats() {
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
                + " either: " + withoutFinalPeriod(render(wide)) + ").")
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

  /** The formats of every {@code AccessViolation}. */
  private static void accessFormats() {
    // Warp accesses.
    format(AccessViolation.VectorBaseMisaligned.class,
        "the tile's base is only {{alignment}}-byte aligned, too little for {{vectors}}.",
        v -> Map.of("vectors", vectors(v.kind(), v.vectorBytes())));
    format(AccessViolation.VectorBroken.class, "the layout does not keep the {{vectorBytes}} bytes"
        + " of (row {{row}}, cols {{firstCol}}..{{lastCol}}) contiguous and aligned, so {{vectors}}"
        + " cannot move them: {{where}}{{narrow}}.",
        v -> Map.of("vectors", vectors(v.kind(), v.vectorBytes()),
            "where", v.col() == v.firstCol()
                ? "they start at offset " + v.startOffset() + ", no multiple of " + v.elements()
                : "col " + v.col() + " is at offset " + v.offset() + ", not "
                    + (v.startOffset() + v.col() - v.firstCol()),
            "narrow", v.narrowSwizzle().map(swizzle -> " (a swizzle's base must cover the vector,"
                + " 2^base >= " + v.elements() + " elements; " + swizzle + "'s is " + swizzle.base()
                + ")").orElse("")));
    format(AccessViolation.UnsupportedVectorBytes.class,
        "bytes must be 1, 2, 4, 8 or 16 (one LDS/STS), not {{bytes}}.");
    format(AccessViolation.VectorSplitsElements.class, "a {{bytes}}-byte vector cannot hold whole"
        + " {{dtype}} elements of {{elementSize}}.",
        v -> Map.of("elementSize", ModelText.elementSize(v.dtype())));
    format(AccessViolation.VectorSplitsUnits.class, "{{dtype}} is stored 16 elements to a 16-byte"
        + " unit (the form TMA writes and tcgen05 reads), which no instruction splits: a vector on"
        + " it moves whole units, bytes = 16, not {{bytes}}.");
    format(AccessViolation.RowsNotWholeVectors.class, "rows of {{cols}} {{dtype}} elements are not"
        + " a whole number of {{bytes}}-byte vectors.");
    format(AccessViolation.BadThreadGrid.class, "threads must be two positive numbers whose product"
        + " is 32 (the lanes of a warp), not {{{rows}}, {{cols}}}.");
    format(AccessViolation.RowsAsOneNotDivisor.class,
        "rowsAsOne must be a positive divisor of the tile's {{rows}} rows, not {{rowsAsOne}}.");
    format(AccessViolation.FootprintDoesNotTile.class, "a footprint of {{threadRows}} rows x"
        + " {{threadCols}} vectors does not tile the {{rows}} x {{cols}} tile ({{lines}}"
        + " {{lineWords}} of {{vectorsPerLine}} vectors of {{bytes}} bytes per {{line}}).",
        v -> Map.of("lineWords", v.rowsAsOne() > 1 ? "lines" : "rows",
            "line", v.rowsAsOne() > 1 ? "line of " + v.rowsAsOne() + " rows" : "row"));
    format(AccessViolation.RowsAsOneWithoutGrid.class, "rowsAsOne needs a thread grid (threads):"
        + " the coalesced copy takes consecutive vectors whatever the rows.");
    format(AccessViolation.BadMatrixCount.class,
        "matrices must be 1, 2 or 4 (.x1, .x2, .x4), not {{matrices}}.");
    format(AccessViolation.TransNeeds8Or16Bit.class, "{{instruction}}.trans moves 16-bit units:"
        + " 16-bit elements, or pairs of 8-bit ones; {{dtype}} elements are {{elementSize}}.",
        v -> Map.of("instruction", matrixInstruction(v.kind()),
            "elementSize", ModelText.elementSize(v.dtype())));
    format(AccessViolation.MatricesDoNotTile.class, "{{instruction}} reads {{matrixRows}}-row x"
        + " 16-byte matrices, which do not tile {{rows}} x {{cols}} {{dtype}} (rows must be a"
        + " multiple of {{matrixRows}} and rows a multiple of 16 bytes).",
        v -> Map.of("instruction", matrixInstruction(v.kind(), v.shape()),
            "matrixRows", v.shape().rows()));
    format(AccessViolation.MatrixCountNotDivisor.class, "the tile holds {{placements}}"
        + " {{matrixName}} matrices, not a multiple of the {{matrices}} per instruction.",
        v -> Map.of("matrixName", v.shape().ptx().substring(1)));
    format(AccessViolation.MatrixShapeNotOfInstruction.class, "there is no"
        + " {{instruction}}.{{ptx}}{{dotTrans}}: {{ptx}} is a shape of {{owner}} only.",
        v -> Map.of("instruction", matrixInstruction(v.kind()), "ptx", v.shape().ptx(),
            "dotTrans", v.trans() ? ".trans" : "", "owner", shapeOwner(v.shape())));
    format(AccessViolation.MatrixShapeCount.class, "{{instruction}} moves one or two matrices"
        + " (.x1, .x2), not {{matrices}}: set matrices = 1 or 2.",
        v -> Map.of("instruction", "ldmatrix." + v.shape().ptx()));
    format(AccessViolation.MatrixShapeType.class, "{{instruction}} reads {{formats}}, not"
        + " {{dtype}}.",
        v -> Map.of("instruction", matrixInstruction(v.kind(), v.shape()),
            "formats", shapeFormats(v.shape())));
    format(AccessViolation.AccumulatorType.class, "an m16n8 accumulator holds HALF, BF16, FLOAT,"
        + " TF32 or INT32 elements, not {{dtype}}.");
    format(AccessViolation.FragmentsDoNotTile.class, "16 x 8 accumulator fragments do not tile the"
        + " {{rows}} x {{cols}} tile (rows must be a multiple of 16, cols of 8).");
    format(AccessViolation.LanesUnparsable.class, "lanes does not parse as {{notation}}: at"
        + " character {{position}} of \"{{lanes}}\", expected {{expected}}.",
        v -> Map.of("notation", LaneMap.isTriton(v.lanes())
            ? "Triton's bases [[r0,c0],...,[r4,c4]]" : "a CuTe layout of the lanes",
            "position", v.index() + 1));
    format(AccessViolation.WrongBaseCount.class, "Triton's bases name one (row, col) per lane bit:"
        + " 5 for the 32 lanes of a warp, not {{bases}}.");
    format(AccessViolation.WrongLaneCount.class, "a CuTe layout of the lanes maps the 32 lanes of a"
        + " warp, not {{lanes}} (the product of its shape).");
    format(AccessViolation.LaneOutsideTile.class, "the map puts lane {{lane}} on {{cell}}, outside"
        + " the {{rows}} x {{cols}} tile.");
    format(AccessViolation.LaneCrossesRowEnd.class, "lane {{lane}}'s {{bytes}} bytes from {{cell}}"
        + " run past the end of the row's {{cols}} elements.");
    format(AccessViolation.LaneMisaligned.class, "lane {{lane}} starts at {{cell}}, element offset"
        + " {{offset}}, not a multiple of the {{elements}} elements its {{bytes}} bytes hold: a"
        + " {{bytes}}-byte load or store needs an address aligned to {{bytes}} bytes.");
  }

  /** The formats of every {@code TmaViolation}. */
  private static void tmaFormats() {
    // TMA.
    format(TmaViolation.NoTmaMode.class, "TMA writes no swizzle or Swizzle<1|2|3,4,3> on bytes"
        + " (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B), which on {{dtype}} is"
        + " Swizzle<1|2|3,{{unitBase}},3>, and from sm_100 on also Swizzle<2,5,2> and"
        + " Swizzle<1,6,1> on bytes (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B|ATOM_64B), which on"
        + " {{dtype}} is {{blackwell}}; {{swizzleName}} is {{onBytes}}.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "blackwell", blackwellSwizzles(v.dtype()),
            "swizzleName", swizzleName(v.swizzle(), v.withinEachRow()), "onBytes", onBytes(v.byteSwizzle())));
    format(TmaViolation.NoTmaModeForMap.class, "TMA writes no swizzle, Swizzle<1|2|3,4,3> on"
        + " bytes (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B) or, from sm_100 on, one of Blackwell's modes"
        + " (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, _ATOM_32B_FLIP_8B, _ATOM_64B); the XOR map {{map}}"
        + " on {{dtype}} is {{byteMap}} on bytes.",
        v -> Map.of("byteMap", byteMap(v.map(), v.dtype())));
    format(TmaViolation.TmaPadding.class,
        "TMA writes boxes without padding, so rowStride must equal cols, not {{rowStride}}.");
    format(TmaViolation.TmaAlignment.class, "{{modeName}} repeats every {{repeat}} bytes, so the"
        + " tile's base must be aligned to {{repeat}} bytes, not {{alignment}}.",
        v -> Map.of("modeName", v.mode().cudaName(), "repeat", v.mode().alignmentBytes()));
    format(TmaViolation.NoTmaBoxWidth.class, "a TMA box row must be a multiple of 16 bytes{{span}},"
        + " and no such width divides rows of {{cols}} {{dtype}} ({{rowBytes}} bytes).",
        v -> Map.of("span", v.mode() == TmaSwizzle.NONE ? ""
                : " and at most " + TmaFill.spanBytes(v.mode()) + " bytes with "
                    + v.mode().cudaName(),
            "rowBytes", (long) v.cols() * v.dtype().storageBits() / 8));
    formatAsDeclared(TmaViolation.TmaBoxesMisplaced.class, "TMA cannot fill the tile with"
        + " {{modeName}}: boxes are at most {{widestBox}} elements wide, and none lands where the"
        + " tile's layout puts its elements ({{firstMismatch}}).{{columnBlocks}}",
        (v, pasted) -> Map.of("modeName", v.mode().cudaName(),
            "firstMismatch", boxMismatch(v.firstMismatch()),
            "columnBlocks", v.columnBlocks().map(blocks -> columnBlocks(blocks, pasted))
                .orElse("")));

    format(TmaViolation.PackedBoxWidth.class, "TMA copies {{dtype}} as {{dataType}}, in boxes"
        + " exactly {{boxCols}} elements wide, so the tile's cols must be a multiple of {{boxCols}},"
        + " not {{cols}}.",
        v -> Map.of("dataType", TmaDataType.of(v.dtype()).cudaName()));
    format(TmaViolation.PackedSwizzleMode.class, "TMA copies {{dtype}} as {{dataType}}, which"
        + " cuda.h allows in {{direction}} {{modes}}; the tile's swizzle is {{modeName}}.",
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
  private static void mmaFormats() {
    mma(MmaViolation.MmaType.class, "{{instruction}} reads {{types}} operands, not"
        + " {{dtype}}{{asTf32}}.",
        v -> Map.of("types", ModelText.typesRead(v.format()),
            "asTf32", v.dtype() == DType.FLOAT
                ? " (a float tile is read as TF32: declare dtype = TF32)" : ""));
    mma(MmaViolation.MmaTransposeNeeds16Bit.class, "{{instruction}} transposes only 16-bit"
        + " operands (HALF, BF16), so a {{dtype}} operand must be K-major: rows M or N, cols K.",
        v -> Map.of());
    mma(MmaViolation.MmaSubByteNeedsKMajor.class, "{{instruction}} reads {{dtype}} operands"
        + " K-major only: declare major = Major.K, with M or N as rows and K as cols.",
        v -> Map.of());
    mma(MmaViolation.MmaKNotMultiple.class, "one {{instruction}} reads {{instructionK}} {{dtype}}"
        + " of K ({{kBytes}} bytes), so the tile's K, its {{kSide}}, must be a multiple of"
        + " {{instructionK}}, not {{kExtent}}.",
        v -> Map.of("kBytes", v.format().instructionKBytes(),
            "kSide", v.major() == Major.K ? "cols" : "rows"));
    mma(MmaViolation.MmaMnNotMultiple.class, "{{instruction}} reads M and N {{step}}, so the"
        + " tile's M or N, its {{mnSide}}, must be a multiple of {{mnStep}}, not {{mnExtent}}.",
        v -> Map.of("mnSide", v.major() == Major.K ? "rows" : "cols", "step", v.major() == Major.K
            ? "in groups of 8 rows"
            : "in rows of " + v.mnStep() + " " + v.dtype() + (v.layoutType().isPresent()
                ? ", one row of " + v.layoutType().get().description() : "")));
    mma(MmaViolation.NoMmaLayout.class, "{{instruction}} reads no swizzle or Swizzle<1|2|3,4,3>"
        + " on bytes (the 32-, 64- and 128-byte swizzles), which on {{dtype}} is"
        + " Swizzle<1|2|3,{{unitBase}},3>{{base32B}}; {{swizzleName}} is {{onBytes}}.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "base32B", base32B(v.format(), v.dtype()),
            "swizzleName", swizzleName(v.swizzle(), v.withinEachRow()),
            "onBytes", onBytes(v.byteSwizzle())));
    mma(MmaViolation.NoMmaLayoutForMap.class, "{{instruction}} reads no swizzle or"
        + " Swizzle<1|2|3,4,3> on bytes (the 32-, 64- and 128-byte swizzles), which on {{dtype}} is"
        + " Swizzle<1|2|3,{{unitBase}},3>{{base32B}}; the XOR map {{map}} is {{byteMap}} on bytes.",
        v -> Map.of("unitBase", unitBase(v.dtype()), "base32B", base32B(v.format(), v.dtype()),
            "byteMap", byteMap(v.map(), v.dtype())));
    mma(MmaViolation.Base32BNotReadable.class, "{{swizzle}} on {{dtype}} is Swizzle<2,5,2> on"
        + " bytes, the 128-byte swizzle of 32-byte units (SWIZZLE_128B_BASE32B), which"
        + " {{instruction}} reads only as an MN-major operand of 32-bit elements (TF32 or"
        + " FLOAT){{remedy}}.",
        v -> Map.of("remedy", v.dtype().storageBits() == 32
            ? ": declare major = Major.MN, with K as rows and M or N as cols, or use the 128-byte"
                + " swizzle Swizzle<3," + unitBase(v.dtype()) + ",3> for a K-major operand"
            : ": use the 128-byte swizzle, Swizzle<3," + unitBase(v.dtype()) + ",3> on "
                + v.dtype()));
    mma(MmaViolation.MmaAlignment.class, "{{instruction}} reads {{layout}} from a base aligned to"
        + " {{repeatBytes}} bytes, so the tile's alignment must be at least {{repeatBytes}}, not"
        + " {{alignment}}.",
        v -> Map.of("layout", v.layoutType().description()));
    mma(MmaViolation.DescriptorOffsetOutOfRange.class, "{{instruction}} cannot read the tile as"
        + " {{operand}} with {{layout}}: its {{groups}} are {{bytes}} bytes apart, and a descriptor"
        + " holds multiples of 16 bytes from 0 to 256 KB.",
        v -> Map.of("operand", ModelText.operandWords(v.major()),
            "layout", v.layoutType().description(), "groups", descriptorGroups(v)));
    mmaAsDeclared(MmaViolation.MmaMisread.class, "{{instruction}} cannot read the tile as"
        + " {{operand}} with {{layout}}: the descriptor of K slice {{kSlice}} from {{mnStart}} (LBO"
        + " {{leadingByteOffset}}, SBO {{strideByteOffset}} bytes) would read {{element}} from byte"
        + " {{readByte}}, where the tile has it at byte {{expectedByte}}.{{atoms}}",
        (v, pasted) -> Map.of("operand", ModelText.operandWords(v.major()),
            "layout", v.layoutType().description(),
            "atoms", v.atoms().isPresent()
                ? atomsHint(v.format(), v.layoutType(), v.atoms().get(), pasted) : ""));
  }

  /** A tensor-core read's kind: its fragments, and the instruction's name. */
  private static <V extends MmaViolation> void mma(Class<V> kind, String text,
      Function<V, Map<String, Object>> fragments) {
    mmaAsDeclared(kind, text, (violation, pasted) -> fragments.apply(violation));
  }

  /** A tensor-core read's kind whose fragments suggest a tile, written as the tile was declared. */
  private static <V extends MmaViolation> void mmaAsDeclared(Class<V> kind, String text,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    formatAsDeclared(kind, text, (violation, pasted) -> {
      Map<String, Object> all = new HashMap<>(fragments.apply(violation, pasted));
      all.put("instruction", violation.format().instruction());
      return all;
    });
  }

  /**
   * The clause on the 128-byte swizzle of 32-byte units, for an instruction that reads it and a
   * 32-bit type: {@code ", and MN-major Swizzle<2,5,2> on bytes (...)"}; else empty.
   */
  private static String base32B(MmaFormat format, DType dtype) {
    boolean read = format.layoutTypes().contains(MmaLayoutType.SWIZZLE_128B_BASE32B)
        && dtype.storageBits() == 32;
    return read ? ", and MN-major Swizzle<2,5,2> on bytes (the 128-byte swizzle of 32-byte units),"
        + " which is Swizzle<2,3,2>" : "";
  }

  /** The formats of every {@code ArchitectureViolation}. */
  private static void architectureFormats() {
    // The target architecture.
    format(ArchitectureViolation.MissingInstruction.class, "{{target}} has no {{instruction}}"
        + "{{having}}.",
        v -> Map.of("target", target(v.architecture()),
            "instruction", instruction(v.kind()),
            "having", Architecture.requirement(v.kind())
                .map(feature -> ", which " + names(Architecture.having(feature))
                    + (Architecture.having(feature).size() == 1 ? " has" : " have"))
                .orElse("")));
    format(ArchitectureViolation.MissingTmaMode.class, "{{target}} has no {{modeName}}: it is one of"
        + " TMA's Blackwell modes, which {{having}} have (cuda.h names them from CUDA 12.8 on);"
        + " declare one of Hopper's instead, no swizzle or Swizzle<1|2|3,4,3> on bytes"
        + " (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B).",
        v -> Map.of("target", target(v.architecture()),
            "modeName", v.mode().cudaName(),
            "having", names(Architecture.having(Architecture.Feature.BLACKWELL_TMA_MODES))));
  }

  /** The formats of every {@code RasterViolation}. */
  private static void rasterFormats() {
    // Threadblock rasterizers.
    format(RasterViolation.TileSizeOutOfRange.class,
        "tileSize must be 1 to {{maxTileSize}}, not {{tileSize}}.");
    format(RasterViolation.TileSizeNotPowerOfTwo.class, "tileSize {{tileSize}} is not a power of"
        + " two, which CUTLASS_IDENTITY's log tile needs (tileSize = 2^log_tile): use {{below}} or"
        + " {{above}}.");
  }

  /** {@code "(row 2, col 32)"}. */
  private static String cell(Cell cell) {
    return "(row " + cell.row() + ", col " + cell.col() + ")";
  }

  private static String withoutFinalPeriod(String sentence) {
    return sentence.substring(0, sentence.length() - 1);
  }

  /** {@code "Swizzle<3,3,3>"}, or {@code "Swizzle<3,3,3> within each row"} for the row form. */
  private static String swizzleName(Swizzle swizzle, boolean withinEachRow) {
    return withinEachRow ? swizzle + " within each row" : swizzle.toString();
  }

  /** {@code "the target sm_90a (-Aswizzlegen.arch)"}. */
  private static String target(Architecture architecture) {
    return "the target " + architecture.optionName() + " (-A" + OptionNames.ARCH + ")";
  }

  /** {@code "sm_100a, sm_103a and sm_120a"}. */
  private static String names(List<Architecture> architectures) {
    List<String> names = architectures.stream().map(Architecture::optionName).toList();
    return names.size() == 1 ? names.get(0)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** What an access of {@code kind} issues, in words: {@code "TMA (cp.async.bulk.tensor)"}. */
  private static String instruction(AccessKind kind) {
    return switch (kind) {
      case TMA -> "TMA (cp.async.bulk.tensor)";
      case STMATRIX -> "stmatrix";
      case LDMATRIX -> "ldmatrix";
      case WGMMA -> "wgmma";
      case UMMA -> "tcgen05.mma (UMMA)";
      case VECTOR, MMA_ACCUMULATOR, LANES -> kind.name() + " accesses";
    };
  }

  /**
   * Blackwell's TMA modes that are swizzles, on elements of {@code dtype}: {@code Swizzle<2,5,2>} and
   * {@code Swizzle<1,6,1>} on bytes.
   */
  private static String blackwellSwizzles(DType dtype) {
    int bytesBase = Integer.numberOfTrailingZeros(dtype.unitBytes());
    return Swizzle.of(2, 5 - bytesBase, 2) + " and " + Swizzle.of(1, 6 - bytesBase, 1);
  }

  /**
   * An XOR map of element offsets of {@code dtype} on byte offsets, in words; for packed FP4 a map
   * that splits a byte has none.
   */
  private static String byteMap(XorMap map, DType dtype) {
    int k = Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
    return k > 0 && !map.keepsLowBits(k) ? "no map of whole bytes"
        : map.onBytes(dtype.storageBits()).toString();
  }

  /** {@code log2(16 / element bytes)}: the base of the 16-byte units the engines' swizzles move. */
  private static int unitBase(DType dtype) {
    return 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
  }

  private static String onBytes(Optional<Swizzle> byteSwizzle) {
    return byteSwizzle.map(bytes -> bytes + " on bytes").orElse("no swizzle of the byte offset");
  }

  /** What an access of {@code kind} moves whole: {@code "16-byte vectors"}. */
  private static String vectors(AccessKind kind, int vectorBytes) {
    return switch (kind) {
      case VECTOR -> vectorBytes + "-byte vectors";
      case LANES -> "lanes of " + vectorBytes + " bytes";
      case LDMATRIX, STMATRIX -> matrixInstruction(kind) + "'s 16-byte matrix rows";
      case MMA_ACCUMULATOR -> "a lane's pair of accumulator elements";
      default -> throw new IllegalArgumentException(kind + " moves no vectors");
    };
  }

  private static String matrixInstruction(AccessKind kind) {
    return kind == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
  }

  /** {@code "ldmatrix"} for m8n8, {@code "ldmatrix.m16n16"} for the other shapes. */
  private static String matrixInstruction(AccessKind kind, MatrixShape shape) {
    return matrixInstruction(kind) + (shape == MatrixShape.M8N8 ? "" : "." + shape.ptx());
  }

  /** Which instruction, and with or without {@code .trans}, a shape belongs to. */
  private static String shapeOwner(MatrixShape shape) {
    return switch (shape) {
      case M8N8 -> "ldmatrix and stmatrix";
      case M8N16 -> "ldmatrix without .trans (sm_100)";
      case M16N16 -> "ldmatrix with .trans (sm_100)";
      case M16N8 -> "stmatrix with .trans (sm_100)";
    };
  }

  /** The elements a shape's source formats hold. */
  private static String shapeFormats(MatrixShape shape) {
    String bytes = "8-bit elements (INT8, UINT8, FP8_E4M3, FP8_E5M2)";
    String padded = "padded FP4 or FP6 (FP4_E2M1_PADDED, FP6_E3M2, FP6_E2M3)";
    return switch (shape) {
      case M8N8 -> "any elements";
      case M8N16 -> padded + ", unpacking them to bytes (.b8x16.b4x16_p64, .b8x16.b6x16_p32)";
      case M16N16 -> bytes + " or " + padded;
      case M16N8 -> bytes;
    };
  }

  /** How shared memory stores a sub-byte type: two to a byte, or 16 to a 16-byte unit. */
  private static String storage(DType dtype) {
    return dtype.isPadded()
        ? "16 elements to a 16-byte unit (the form TMA writes and tcgen05 reads), which every"
            + " access moves whole"
        : dtype.elementsPerUnit() > 1 ? "two elements to a byte" : "in whole bytes";
  }

  /** The first side of a tile that splits its type's storage unit, and its value. */
  private static String splitSide(LayoutViolation.SplitsStorageUnits violation) {
    int unit = violation.unitElements();
    return violation.cols() % unit != 0 ? "cols is " + violation.cols()
        : violation.rowStride() % unit != 0 ? "rowStride is " + violation.rowStride()
            : "atomCols is " + violation.atomCols();
  }

  /** Which TMA copies {@code op} names: loads into the tile, or stores from it. */
  private static String tmaDirection(Op op) {
    return op == Op.STORE ? "TMA loads into the tile" : "TMA stores from the tile";
  }

  /** The atoms of whole periods, or the swizzle of fewer bits, as attributes to paste. */
  private static String wholePeriods(LayoutViolation.AtomHoldsPartOfPeriod violation) {
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

  /** Where the first box tried goes wrong. */
  private static String boxMismatch(TmaViolation.BoxMismatch mismatch) {
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
  private static String box(int boxRows, int boxCols, Cell corner) {
    return "a " + boxRows + " x " + boxCols + " box at " + cell(corner);
  }

  /** The column blocks TMA would fill, as attributes or a layout to paste, after a space. */
  private static String columnBlocks(TmaViolation.ColumnBlocks blocks, boolean pasted) {
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
  private static String descriptorGroups(MmaViolation.DescriptorOffsetOutOfRange violation) {
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
  private static String atomsHint(MmaFormat format, MmaLayoutType layout,
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
          + " on atoms of " + narrower.suggested().atomShape() + " ("
          + AttributeText.declaring(narrower.suggested(),
              AttributeText.attributesFrom(narrower.suggested(), narrower.declared()), pasted)
          + "), as CUTLASS's " + format.cutlassSelector() + " picks for such a tile.";
    }
    return reads + ".";
  }

  /** The formats of every {@code CuteViolation}. */
  private static void cuteFormats() {
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
                + " no tile either: " + withoutFinalPeriod(render(problem)))
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
  private static String swappedDeclarations(CuteViolation.ModesSwapped v) {
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
  private static String atomsInOrder(Order order) {
    return order == Order.COL_MAJOR ? "its atoms along K first as CUTLASS's sm90 mainloops tile"
        + " an MN-major operand (tile_to_shape with Step<_2,_1,_3>)"
        : "its atoms along M (or N) first as a plain tile_to_shape numbers them (CUTLASS's sm80"
            + " mainloops')";
  }

  /** Up to 12 characters of {@code text} from {@code index}. */
  private static String excerpt(String text, int index) {
    return text.substring(index, Math.min(text.length(), index + 12));
  }

  /** {@code "_2:_0 (character 2)"}, joined by " and ". */
  private static String modesAt(List<String> modes, List<Integer> positions) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < modes.size(); i++) {
      text.append(i == 0 ? "" : " and ").append(modes.get(i)).append(" (character ")
          .append(positions.get(i) + 1).append(")");
    }
    return text.toString();
  }
}
