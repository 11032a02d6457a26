package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.notation.LaneNotation;
import java.util.Map;

/** The violations of warp accesses and architectures (a rasterizer's need no fragments). */
final class AccessMessages extends MessageFamily {
  static void accessFragments() {
    blame(AccessViolation.VectorBaseMisaligned.class, v -> vectorsOf(v.kind()));
    fragments(AccessViolation.VectorBaseMisaligned.class,
        v -> Map.of("vectors", vectors(v.kind(), v.vectorBytes())));
    blame(AccessViolation.VectorBroken.class, v -> vectorsOf(v.kind()));
    fragments(AccessViolation.VectorBroken.class,
        v -> Map.of("vectors", vectors(v.kind(), v.vectorBytes()),
            "where", v.col() == v.firstCol()
                ? "they start at offset " + v.startOffset() + ", no multiple of " + v.elements()
                : "col " + v.col() + " is at offset " + v.offset() + ", not "
                    + (v.startOffset() + v.col() - v.firstCol()),
            "narrow", v.narrowSwizzle().map(swizzle -> " (a swizzle's base must cover the vector,"
                + " 2^base >= " + v.elements() + " elements; " + swizzle + "'s is " + swizzle.base()
                + ")").orElse("")));
    fragments(AccessViolation.VectorSplitsElements.class,
        v -> Map.of("elementSize", ModelText.elementSize(v.dtype())));
    fragments(AccessViolation.FootprintDoesNotTile.class,
        v -> Map.of("lineWords", v.rowsAsOne() > 1 ? "lines" : "rows",
            "line", v.rowsAsOne() > 1 ? "line of " + v.rowsAsOne() + " rows" : "row"));
    fragments(AccessViolation.TransNeeds8Or16Bit.class,
        v -> Map.of("instruction", matrixInstruction(v.kind()),
            "elementSize", ModelText.elementSize(v.dtype())));
    // m8n8 matrices are the kind's; another shape's are the shape's.
    blame(AccessViolation.MatricesDoNotTile.class, v -> ofAccess(
        v.shape() == MatrixShape.M8N8 ? "kind" : "shape"));
    fragments(AccessViolation.MatricesDoNotTile.class,
        v -> Map.of("instruction", matrixInstruction(v.kind(), v.shape()),
            "matrixRows", v.shape().rows()));
    fragments(AccessViolation.MatrixCountNotDivisor.class,
        v -> Map.of("matrixName", v.shape().ptx().substring(1)));
    // The shape belongs to the other instruction, or to this one with the other trans.
    blame(AccessViolation.MatrixShapeNotOfInstruction.class, v -> ofAccess(
        (v.shape() == MatrixShape.M16N8 ? AccessKind.STMATRIX : AccessKind.LDMATRIX) == v.kind()
            ? "trans" : "shape"));
    fragments(AccessViolation.MatrixShapeNotOfInstruction.class,
        v -> Map.of("instruction", matrixInstruction(v.kind()), "ptx", v.shape().ptx(),
            "dotTrans", v.trans() ? ".trans" : "", "owner", shapeOwner(v.shape())));
    fragments(AccessViolation.MatrixShapeCount.class,
        v -> Map.of("instruction", "ldmatrix." + v.shape().ptx()));
    fragments(AccessViolation.MatrixShapeType.class,
        v -> Map.of("instruction", matrixInstruction(v.kind(), v.shape()),
            "formats", shapeFormats(v.shape())));
    fragments(AccessViolation.LanesUnparsable.class,
        v -> Map.of("notation", LaneNotation.isTriton(v.lanes())
            ? "Triton's bases [[r0,c0],...,[r4,c4]]" : "a CuTe layout of the lanes",
            "position", v.index() + 1));
  }

  static void architectureFragments() {
    fragments(ArchitectureViolation.MissingInstruction.class,
        v -> Map.of("target", target(v.architecture()),
            "instruction", instruction(v.kind()),
            "having", Architecture.requirement(v.kind())
                .map(feature -> ", which " + names(Architecture.having(feature))
                    + (Architecture.having(feature).size() == 1 ? " has" : " have"))
                .orElse("")));
  }

  /** A vector's and a lane map's vectors are their bytes; the others' are fixed by their kind. */
  private static Blame.Attribute vectorsOf(AccessKind kind) {
    return ofAccess(kind == AccessKind.VECTOR || kind == AccessKind.LANES ? "bytes" : "kind");
  }
}
