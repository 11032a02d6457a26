package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The violations of a tile's swizzle, its layout and a layout in CuTe's notation, and what the
 * readers find wrong with how an annotation is written ({@link ShapeError}).
 */
final class TileMessages extends MessageFamily {
  static void layoutFragments() {
    fragments(LayoutViolation.BadAlignment.class,
        v -> Map.of("unit", (v.dtype().elementsPerUnit() == 1 ? "one " : "two ") + v.dtype()));
    fragments(LayoutViolation.RowFormWithAtoms.class,
        v -> Map.of("blamed", v.atomRows() != v.rows() ? "atomRows" : "atomCols"));
    fragments(LayoutViolation.PaddedDenseAtoms.class,
        v -> Map.of("atomsAcross", v.cols() / v.atomCols(), "remedy", v.wideAtoms()
            .map(wide -> "drop rowStride (atoms as wide as the tile would not take the padding"
                + " either: " + withoutFinalPeriod(Messages.VIOLATIONS.render(wide)) + ").")
            .orElse("pad with atoms as wide as the tile (atomCols = " + v.cols()
                + "), or drop rowStride.")));
    // Where one stage fits, the stages are too many; else the tile itself is too large.
    fragments(LayoutViolation.ExceedsSharedMemory.class,
        v -> Map.of("blamed", v.stageExtentBytes() <= v.maxBytes() ? "stages" : "rows",
            "inStages", v.stages() > 1 ? " in " + v.stages() + " stages" : "",
            "kb", v.maxBytes() / 1024,
            "onTarget", v.architecture().map(arch -> " on " + target(arch)).orElse("")));
    fragmentsAsDeclared(LayoutViolation.StageMisaligned.class,
        (v, pasted) -> Map.of("kept", Long.lowestOneBit(v.stageBytes()),
            "apart", (pasted ? "a stage mode of stride " + v.alignedStageStride()
                : "stageStride = " + v.alignedStageStride()) + ", the least stage stride that"
                + " keeps " + v.alignment() + " bytes (a gap after each stage)"));
    // An atom column count that is no power of two cannot hold whole periods however many rows it
    // has; else more rows would.
    fragments(LayoutViolation.AtomHoldsPartOfPeriod.class,
        v -> Map.of("blamed", Integer.bitCount(v.atomCols()) != 1 ? "atomCols" : "atomRows",
            "atomElements", v.atomRows() * v.atomCols(), "remedy", wholePeriods(v)));
    // Rows whose stride is a whole number of swizzle atom rows stay whole; otherwise the row length
    // (the stride where padding set it, else cols) is at fault, else whichever side the element
    // falls off.
    fragments(LayoutViolation.TileNotClosed.class, v -> Map.of("blamed",
        v.rowStride() % v.swizzle().atomCols() != 0
            ? (v.rowStride() != v.cols() ? "rowStride" : "cols")
            : v.imageCell().col() >= v.cols() ? "cols" : "rows"));
    // A padded atom breaks on its stride; a dense one holds too few elements of the swizzle's
    // period: more rows would hold it, unless its row length is no power of two.
    fragments(LayoutViolation.AtomNotClosed.class, v -> Map.of("blamed",
        v.atomRowStride() != v.atomCols() ? "rowStride"
            : Integer.bitCount(v.atomCols()) != 1 ? "atomCols" : "atomRows"));
    // A map (no attribute declares one yet): the side the element falls off, or a padded stride.
    fragments(LayoutViolation.MapNotClosed.class, v -> Map.of("blamed", v.oneAtom()
            ? (v.imageCell().col() >= v.atomCols() ? "cols" : "rows")
            : v.atomRowStride() != v.atomCols() ? "rowStride"
                : v.imageCell().col() >= v.atomCols() ? "atomCols" : "atomRows",
        "what", v.oneAtom() ? "tile" : "atom", "ofAtom", v.oneAtom() ? "" : " of the atom"));
    fragments(LayoutViolation.SplitsStorageUnits.class, v -> {
      // The first side that splits a sub-byte type's storage unit.
      int unit = v.unitElements();
      String blamed = v.cols() % unit != 0 ? "cols"
          : v.rowStride() % unit != 0 ? "rowStride" : "atomCols";
      int length = v.cols() % unit != 0 ? v.cols()
          : v.rowStride() % unit != 0 ? v.rowStride() : v.atomCols();
      return Map.of("blamed", blamed, "side", blamed + " is " + length,
          "storage", storage(v.dtype()));
    });
    fragments(LayoutViolation.PaddedUnitSplit.class,
        v -> Map.of("lastCol", v.firstCol() + 15));
  }

  /** How shared memory stores a sub-byte type: two to a byte, or 16 to a 16-byte unit. */
  private static String storage(DType dtype) {
    return dtype.isPadded()
        ? "16 elements to a 16-byte unit (the form TMA writes and tcgen05 reads), which every"
            + " access moves whole"
        : dtype.elementsPerUnit() > 1 ? "two elements to a byte" : "in whole bytes";
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

  static void cuteFragments() {
    fragments(CuteViolation.Syntax.class,
        v -> Map.of("position", v.index() + 1, "here", v.index() >= v.text().length()
            ? "its end" : "\""
            + v.text().substring(v.index(), Math.min(v.text().length(), v.index() + 12)) + "\""));
    fragments(CuteViolation.Rank.class,
        v -> Map.of("s", v.rank() == 1 ? "" : "s"));
    fragments(CuteViolation.SizeMismatch.class,
        v -> Map.of("layoutShape", v.layoutRows() + " x " + v.layoutCols()
                + (v.layoutStages() > 0 ? " x " + v.layoutStages() + " stages" : ""),
            "tileShape", v.rows() + " x " + v.cols() + (v.stages() > 1 ? " x " + v.stages()
                + " stages" : "")));
    fragments(CuteViolation.NotOneToOne.class,
        v -> Map.of("first", cell(v.first()) + (v.firstStage() != v.secondStage()
                ? " of stage " + v.firstStage() : ""),
            "second", cell(v.second()) + (v.firstStage() != v.secondStage()
                ? " of stage " + v.secondStage() : ""),
            "through", v.modes().isEmpty() ? ", in different atoms (the atoms overlap)"
                : ", through the mode" + (v.modes().size() == 1 ? " " : "s ")
                    + modesAt(v.modes(), v.positions())));
    fragments(CuteViolation.NegativeOffset.class,
        v -> Map.of("stage", v.stage() > 0 ? " of stage " + v.stage() : ""));
    fragments(CuteViolation.StagesInterleaved.class,
        v -> Map.of("columns", v.columnsProblem()
            .map(problem -> "; with its stages as columns (cols = K x stages, no stage mode) it is"
                + " no tile either: " + withoutFinalPeriod(Messages.VIOLATIONS.render(problem)))
            .orElse(": declare the stages as columns (cols = K x stages, no stage mode), as CUTLASS"
                + " 2.x views its multistage buffer: layout = \"" + v.columns() + "\"")));
    fragments(CuteViolation.SwizzleReadsCarries.class,
        v -> Map.of("read", v.lowBit() == v.highBit() ? "bit " + v.lowBit()
                : "bits " + v.lowBit() + " to " + v.highBit(),
            "modeAt", modesAt(List.of(v.mode()), List.of(v.position())),
            "instead", v.powerOfTwo().map(text -> ", and with that stride a power of two (the mode"
                + " whose size makes it rounded up) it is one: layout = \"" + text + "\"")
                .orElse(", but with that stride a power of two it is none either")));
    fragments(CuteViolation.NoTileForm.class,
        v -> Map.of("closest", v.closest().isEmpty() ? "" : ": the closest, " + v.closest()
            + ", puts " + cell(v.cell()) + (v.stage() > 0 ? " of stage " + v.stage() : "")
            + " at offset " + v.tileOffset() + " where CuTe puts it at " + v.cuteOffset()));
    fragments(CuteViolation.ModesSwapped.class,
        v -> Map.of("unread", switch (v.reader()) {
              case TMA -> "which TMA does not read";
              case WGMMA -> "which wgmma does not read";
              case UMMA -> "which tcgen05.mma does not read";
              default -> "its rows along K, whose elements are not contiguous, so "
                  + vectors(v.reader(), v.vectorBytes()) + " cannot move them";
            },
            "declarations", swappedDeclarations(v)));
    fragments(CuteViolation.PointerWidthMismatch.class,
        v -> Map.of("stored", v.dtype().isPadded() ? "in " + v.storageBits() + "-bit slots, 16 to"
            + " a 16-byte unit (CUTLASS allocates its shared memory as uint8_t)"
            : "as " + v.storageBits() + "-bit elements" + (v.dtype().elementsPerUnit() > 1
                ? ", two to a byte" : "")));
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

  /** {@code "_2:_0 (character 2)"}, joined by " and ". */
  private static String modesAt(List<String> modes, List<Integer> positions) {
    return IntStream.range(0, modes.size())
        .mapToObj(i -> modes.get(i) + " (character " + (positions.get(i) + 1) + ")")
        .collect(Collectors.joining(" and "));
  }

  static void shapeFragments() {
    fragments(ShapeError.OpFixed.class,
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }));
    // On the attribute missing, which is not written: the message lands on the annotation.
    fragments(ShapeError.SizeToDerive.class,
        error -> Map.of("blamed", error.rowsGiven() ? "cols" : "rows"));
    fragments(ShapeError.BitsMissing.class,
        error -> Map.of("given", error.baseGiven() ? "base" : "shift"));
    // On name, which is not written: the message lands on the annotation.
    fragments(ShapeError.NameFromType.class, error -> Map.of("annotation",
        error.rasterizer() ? "ThreadblockSwizzle" : "SwizzledTile"));
    fragments(ShapeError.NameTaken.class, error -> Map.of("what", error.header() ? "header"
            : error.declaration() == ShapeError.Declaration.TILE ? "Java helper" : "Java class",
        "ownerWords", switch (error.ownerDeclaration()) {
          case TILE -> error.ownerIsThisType() ? "the @SwizzledTile of this type" : error.owner();
          case RASTERIZER -> "the @ThreadblockSwizzle of " + error.owner();
          case STORAGE -> "the @SharedStorage of " + error.owner();
        }));
    // The solver's words end a sentence of their own; here they end this one.
    fragments(ShapeError.NothingToDerive.class, error -> Map.of("clause",
        error.why().endsWith(".") ? withoutFinalPeriod(error.why()) : error.why()));
  }
}
