package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.MessageWords.instruction;
import static dev.swizzlegen.processor.diag.MessageWords.matrixInstruction;
import static dev.swizzlegen.processor.diag.MessageWords.names;
import static dev.swizzlegen.processor.diag.MessageWords.shapeFormats;
import static dev.swizzlegen.processor.diag.MessageWords.shapeOwner;
import static dev.swizzlegen.processor.diag.MessageWords.target;
import static dev.swizzlegen.processor.diag.MessageWords.vectors;
import static dev.swizzlegen.processor.diag.ViolationMessages.format;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.notation.LaneNotation;
import dev.swizzlegen.runtime.raster.RasterViolation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Map;

/**
 * The words of the violations of warp accesses, architectures and rasterizers: three of {@link
 * ViolationMessages}' families, registered when one of their violations is first worded.
 */
final class AccessMessages {
  private AccessMessages() {}

  /** The formats of every {@code AccessViolation}. */
  static void accessFormats() {
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
        v -> Map.of("notation", LaneNotation.isTriton(v.lanes())
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

  /** The formats of every {@code ArchitectureViolation}. */
  static void architectureFormats() {
    // The target architecture.
    format(ArchitectureViolation.MissingInstruction.class, "{{target}} has no {{instruction}}"
        + "{{having}}.",
        v -> Map.of("target", target(v.architecture()),
            "instruction", instruction(v.kind()),
            "having", Architecture.requirement(v.kind())
                .map(feature -> ", which " + names(Architecture.having(feature))
                    + (Architecture.having(feature).size() == 1 ? " has" : " have"))
                .orElse("")));
  }

  /** The formats of every {@code RasterViolation}. */
  static void rasterFormats() {
    // Threadblock rasterizers.
    format(RasterViolation.TileSizeOutOfRange.class,
        "tileSize must be 1 to {{maxTileSize}}, not {{tileSize}}.");
    format(RasterViolation.TileSizeNotPowerOfTwo.class, "tileSize {{tileSize}} is not a power of"
        + " two, which CUTLASS_IDENTITY's log tile needs (tileSize = 2^log_tile): use {{below}} or"
        + " {{above}}.");
  }
}
