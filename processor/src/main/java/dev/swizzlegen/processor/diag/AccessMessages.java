package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaLayoutType;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.LaneNotation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The violations of what an {@code @Access} asks of a tile: warp accesses, the engines (TMA, and
 * the tensor cores' reads, one family with the instruction as data) and the architectures.
 */
final class AccessMessages extends MessageFamily {
  static void accessFragments() {
    fragments(AccessViolation.VectorBaseMisaligned.class,
        v -> Map.of("blamed", vectorsOf(v.kind())));
    fragments(AccessViolation.VectorBroken.class,
        v -> Map.of("blamed", vectorsOf(v.kind()),
            "where", v.col() == v.firstCol()
                ? "they start at offset " + v.startOffset() + ", no multiple of " + v.elements()
                : "col " + v.col() + " is at offset " + v.offset() + ", not "
                    + (v.startOffset() + v.col() - v.firstCol()),
            "narrow", v.narrowSwizzle().map(swizzle -> " (a swizzle's base must cover the vector,"
                + " 2^base >= " + v.elements() + " elements; " + swizzle + "'s is " + swizzle.base()
                + ")").orElse("")));
    fragments(AccessViolation.FootprintDoesNotTile.class,
        v -> Map.of("lineWords", v.rowsAsOne() > 1 ? "lines" : "rows",
            "line", v.rowsAsOne() > 1 ? "line of " + v.rowsAsOne() + " rows" : "row"));
    fragments(AccessViolation.TransNeeds8Or16Bit.class,
        v -> Map.of("instruction", matrixInstruction(v.kind())));
    // m8n8 matrices are the kind's; another shape's are the shape's.
    fragments(AccessViolation.MatricesDoNotTile.class,
        v -> Map.of("blamed", v.shape() == MatrixShape.M8N8 ? "kind" : "shape",
            "instruction", matrixInstruction(v.kind(), v.shape()),
            "matrixRows", v.shape().rows()));
    fragments(AccessViolation.MatrixCountNotDivisor.class,
        v -> Map.of("matrixName", v.shape().ptx().substring(1)));
    // The shape belongs to the other instruction, or to this one with the other trans.
    fragments(AccessViolation.MatrixShapeNotOfInstruction.class, v -> Map.of("blamed",
        (v.shape() == MatrixShape.M16N8 ? AccessKind.STMATRIX : AccessKind.LDMATRIX) == v.kind()
            ? "trans" : "shape",
        "instruction", matrixInstruction(v.kind()), "ptx", v.shape().ptx(),
        "dotTrans", v.trans() ? ".trans" : "", "owner", switch (v.shape()) {
          case M8N8 -> "ldmatrix and stmatrix";
          case M8N16 -> "ldmatrix without .trans (sm_100)";
          case M16N16 -> "ldmatrix with .trans (sm_100)";
          case M16N8 -> "stmatrix with .trans (sm_100)";
        }));
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
        v -> Map.of("instruction", switch (v.kind()) {
              case TMA -> "TMA (cp.async.bulk.tensor)";
              case STMATRIX -> "stmatrix";
              case LDMATRIX -> "ldmatrix";
              case WGMMA -> "wgmma";
              case UMMA -> "tcgen05.mma (UMMA)";
              case VECTOR, MMA_ACCUMULATOR, LANES -> v.kind().name() + " accesses";
            },
            "having", Architecture.requirement(v.kind())
                .map(feature -> ", which " + names(Architecture.having(feature))
                    + (Architecture.having(feature).size() == 1 ? " has" : " have"))
                .orElse("")));
  }

  /** A vector's and a lane map's vectors are their bytes; the others' are fixed by their kind. */
  private static String vectorsOf(AccessKind kind) {
    return kind == AccessKind.VECTOR || kind == AccessKind.LANES ? "bytes" : "kind";
  }

  static void tmaFragments() {
    fragments(TmaViolation.MissingTmaMode.class, v -> Map.of(
        "having", names(Architecture.having(Architecture.Feature.BLACKWELL_TMA_MODES))));
    fragments(TmaViolation.NoTmaMode.class, v -> {
      // Blackwell's modes Swizzle<2,5,2> and Swizzle<1,6,1> on bytes, on elements of the dtype.
      int base = unitBase(v.dtype());
      return Map.of("blackwell", Swizzle.of(2, base + 1, 2) + " and " + Swizzle.of(1, base + 2, 1));
    });
    fragments(TmaViolation.TmaAlignment.class,
        v -> Map.of("repeat", v.mode().alignmentBytes()));
    fragments(TmaViolation.NoTmaBoxWidth.class,
        v -> Map.of("span", v.mode() == TmaSwizzle.NONE ? ""
                : " and at most " + TmaFill.spanBytes(v.mode()) + " bytes with "
                    + v.mode().cudaName(),
            "rowBytes", (long) v.cols() * v.dtype().storageBits() / 8));
    fragmentsAsDeclared(TmaViolation.TmaBoxesMisplaced.class,
        (v, pasted) -> Map.of("firstMismatch", boxMismatch(v.firstMismatch()),
            "columnBlocks", v.columnBlocks().map(blocks -> columnBlocks(blocks, pasted))
                .orElse("")));
    fragments(TmaViolation.PackedSwizzleMode.class, v -> {
      // No mode in this direction: the direction is at fault; else the swizzle, as for NoTmaMode.
      Set<TmaSwizzle> modes = TmaDataType.of(v.dtype()).modes(v.op());
      return Map.of("blamed", modes.isEmpty() ? "op" : "kind",
          "direction", v.op() == Op.STORE ? "TMA loads into the tile" : "TMA stores from the tile",
          "modes", modes.isEmpty() ? "with no swizzle mode at all (only TMA loads move it)"
              : "only with " + modes.stream().map(TmaSwizzle::cudaName)
                  .collect(Collectors.joining(", ")));
    });
  }

  static void mmaFragments() {
    fragments(MmaViolation.MmaType.class,
        v -> Map.of("types", ModelText.typesRead(v.format()),
            "asTf32", v.dtype() == DType.FLOAT
                ? " (a float tile is read as TF32: declare dtype = TF32)" : ""));
    // K is the cols of a K-major operand, the rows of an MN-major one; M or N the other side.
    fragments(MmaViolation.MmaKNotMultiple.class,
        v -> Map.of("kBytes", v.format().instructionKBytes(),
            "kSide", v.major() == Major.K ? "cols" : "rows"));
    fragments(MmaViolation.MmaMnNotMultiple.class,
        v -> Map.of("mnSide", v.major() == Major.K ? "rows" : "cols", "step", v.major() == Major.K
            ? "in groups of 8 rows"
            : "in rows of " + v.mnStep() + " " + v.dtype() + (v.layoutType().isPresent()
                ? ", one row of " + v.layoutType().get().description() : "")));
    // A 32-bit operand in the right swizzle is in the wrong major; any other, the wrong swizzle.
    fragments(MmaViolation.Base32BNotReadable.class, v -> Map.of("blamed",
        v.major() == Major.K && v.dtype().storageBits() == 32 ? "major" : "kind",
        "remedy", v.dtype().storageBits() == 32
            ? ": declare major = Major.MN, with K as rows and M or N as cols, or use the 128-byte"
                + " swizzle Swizzle<3," + unitBase(v.dtype()) + ",3> for a K-major operand"
            : ": use the 128-byte swizzle, Swizzle<3," + unitBase(v.dtype()) + ",3> on "
                + v.dtype()));
    fragments(MmaViolation.DescriptorOffsetOutOfRange.class,
        v -> Map.of("groups", descriptorGroups(v)));
    fragmentsAsDeclared(MmaViolation.MmaMisread.class,
        (v, pasted) -> Map.of("atoms", v.atoms().isPresent()
                ? atomsHint(v.format(), v.layoutType(), v.atoms().get(), pasted) : ""));
  }

  /** {@code "sm_100a, sm_103a and sm_120a"}. */
  private static String names(List<Architecture> architectures) {
    List<String> names = architectures.stream().map(Architecture::optionName).toList();
    return names.size() == 1 ? names.get(0)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and "
            + names.get(names.size() - 1);
  }

  /** {@code "ldmatrix"} for m8n8, {@code "ldmatrix.m16n16"} for the other shapes. */
  private static String matrixInstruction(AccessKind kind, MatrixShape shape) {
    return matrixInstruction(kind) + (shape == MatrixShape.M8N8 ? "" : "." + shape.ptx());
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
   * The rows the instruction reads (in groups where its layouts differ in that), then the atoms
   * CuTe would declare or the narrower layout CUTLASS's selector would pick, to paste.
   */
  private static String atomsHint(MmaFormat format, MmaLayoutType layout,
      MmaViolation.AtomsHint atoms, boolean pasted) {
    boolean groupsDiffer = format.layoutTypes().stream()
        .anyMatch(type -> type.groupRows() != layout.groupRows());
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
