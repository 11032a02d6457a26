package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessViolation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaViolation;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.LayoutViolation;
import dev.swizzlegen.runtime.raster.RasterViolation;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Which attribute a violation is the fault of: the one place the model's violations meet the
 * annotations' vocabulary. One rule per kind of violation; where the model found the data that
 * decides (which side an element falls off, whether one stage would fit), the rule decides here.
 * A {@link Diagnostics} reports the violation on that attribute's value, or on its annotation where
 * the attribute was not written.
 */
public final class Blame {

  /** An attribute of one of swizzlegen's annotations: {@code cols} of the {@code @SwizzledTile}. */
  public record Attribute(Annotation annotation, String name) {
    /** The annotation an attribute belongs to. */
    public enum Annotation { SWIZZLED_TILE, ACCESS, THREADBLOCK_SWIZZLE, SHARED_STORAGE, BUFFER }

    public Attribute {
      Objects.requireNonNull(annotation, "annotation");
      Objects.requireNonNull(name, "name");
    }

    public static Attribute ofTile(String name) {
      return new Attribute(Annotation.SWIZZLED_TILE, name);
    }

    public static Attribute ofAccess(String name) {
      return new Attribute(Annotation.ACCESS, name);
    }

    public static Attribute ofRasterizer(String name) {
      return new Attribute(Annotation.THREADBLOCK_SWIZZLE, name);
    }

    /** An attribute of a {@code @SharedStorage} (its rules: {@link StorageMessages}). */
    public static Attribute ofStorage(String name) {
      return new Attribute(Annotation.SHARED_STORAGE, name);
    }

    /** An attribute of one of a {@code @SharedStorage}'s {@code @Buffer}s. */
    public static Attribute ofBuffer(String name) {
      return new Attribute(Annotation.BUFFER, name);
    }
  }

  private static final Map<Class<? extends Violation>, Function<Violation, Attribute>> RULES =
      new HashMap<>();

  private Blame() {}

  /** The attribute at fault. */
  public static Attribute of(Violation violation) {
    Function<Violation, Attribute> rule = RULES.get(violation.getClass());
    if (rule == null) {
      throw new IllegalArgumentException("no blame rule for " + violation.getClass().getName());
    }
    return rule.apply(violation);
  }

  /** The kinds that have a rule: every record of {@link Violation}, as the law test checks. */
  static Set<Class<? extends Violation>> kinds() {
    return Set.copyOf(RULES.keySet());
  }

  private static <V extends Violation> void rule(Class<V> kind, Function<V, Attribute> rule) {
    Function<Violation, Attribute> typed = violation -> rule.apply(kind.cast(violation));
    if (RULES.putIfAbsent(kind, typed) != null) {
      throw new IllegalStateException("two blame rules for " + kind.getSimpleName());
    }
  }

  private static <V extends Violation> void rule(Class<V> kind, Attribute attribute) {
    rule(kind, violation -> attribute);
  }

  static {
    rule(SwizzleViolation.NegativeBits.class, Attribute.ofTile("bits"));
    rule(SwizzleViolation.NegativeBase.class, Attribute.ofTile("base"));
    rule(SwizzleViolation.PastOffsetBits.class, Attribute.ofTile("shift"));
    rule(SwizzleViolation.ZeroShift.class, Attribute.ofTile("shift"));
    rule(SwizzleViolation.OverlappingMasks.class, Attribute.ofTile("shift"));

    rule(LayoutViolation.RowsNotPositive.class, Attribute.ofTile("rows"));
    rule(LayoutViolation.ColsNotPositive.class, Attribute.ofTile("cols"));
    rule(LayoutViolation.RowsOverlap.class, Attribute.ofTile("rowStride"));
    rule(LayoutViolation.BadAlignment.class, Attribute.ofTile("alignment"));
    rule(LayoutViolation.RowFormShiftBelowBits.class, Attribute.ofTile("shift"));
    rule(LayoutViolation.StagesBelowOne.class, Attribute.ofTile("stages"));
    rule(LayoutViolation.AtomRowsNotDivisor.class, Attribute.ofTile("atomRows"));
    rule(LayoutViolation.AtomColsNotDivisor.class, Attribute.ofTile("atomCols"));
    // Moving the swizzle from elements to bytes adds to its base.
    rule(LayoutViolation.BytesPastOffsetBits.class, Attribute.ofTile("base"));
    rule(LayoutViolation.RowFormWithAtoms.class, v -> Attribute.ofTile(
        v.atomRows() != v.rows() ? "atomRows" : "atomCols"));
    rule(LayoutViolation.PaddedDenseAtoms.class, Attribute.ofTile("rowStride"));
    // Where one stage fits, the stages are too many; else the tile itself is too large.
    rule(LayoutViolation.ExceedsSharedMemory.class, v -> Attribute.ofTile(
        v.stageExtentBytes() <= v.maxBytes() ? "stages" : "rows"));
    rule(LayoutViolation.StageMisaligned.class, Attribute.ofTile("stages"));
    rule(LayoutViolation.StageStrideBelowSpan.class, Attribute.ofTile("stageStride"));
    rule(LayoutViolation.StageStrideMisaligned.class, Attribute.ofTile("stageStride"));
    // An atom column count that is no power of two cannot hold whole periods however many rows it
    // has; else more rows would.
    rule(LayoutViolation.AtomHoldsPartOfPeriod.class, v -> Attribute.ofTile(
        Integer.bitCount(v.atomCols()) != 1 ? "atomCols" : "atomRows"));
    // Rows whose stride is a whole number of swizzle atom rows stay whole; otherwise the row length
    // (the stride where padding set it, else cols) is at fault, else whichever side the element
    // falls off.
    rule(LayoutViolation.TileNotClosed.class, v -> Attribute.ofTile(
        v.rowStride() % v.swizzle().atomCols() != 0
            ? (v.rowStride() != v.cols() ? "rowStride" : "cols")
            : v.imageCell().col() >= v.cols() ? "cols" : "rows"));
    // A padded atom breaks on its stride; a dense one holds too few elements of the swizzle's
    // period: more rows would hold it, unless its row length is no power of two.
    rule(LayoutViolation.AtomNotClosed.class, v -> Attribute.ofTile(
        v.atomRowStride() != v.atomCols() ? "rowStride"
            : Integer.bitCount(v.atomCols()) != 1 ? "atomCols" : "atomRows"));
    // The first side that splits a sub-byte type's storage unit.
    rule(LayoutViolation.SplitsStorageUnits.class, v -> Attribute.ofTile(
        v.cols() % v.unitElements() != 0 ? "cols"
            : v.rowStride() % v.unitElements() != 0 ? "rowStride" : "atomCols"));
    // Moving a packed FP4 swizzle from bytes to elements adds to its base.
    rule(LayoutViolation.ElementsPastOffsetBits.class, Attribute.ofTile("base"));
    // A padded unit stays whole when the swizzle's base covers it.
    rule(LayoutViolation.PaddedUnitSplit.class, Attribute.ofTile("base"));
    // A map (no annotation attribute declares one yet): the side the element falls off, of the
    // tile or of its atom; a padded atom's stride.
    rule(LayoutViolation.MapNotClosed.class, v -> Attribute.ofTile(v.oneAtom()
        ? (v.imageCell().col() >= v.atomCols() ? "cols" : "rows")
        : v.atomRowStride() != v.atomCols() ? "rowStride"
            : v.imageCell().col() >= v.atomCols() ? "atomCols" : "atomRows"));

    // A vector's and a lane map's vectors are their bytes; the others' are fixed by their kind.
    rule(AccessViolation.VectorBaseMisaligned.class, v -> vectorsOf(v.kind()));
    rule(AccessViolation.VectorBroken.class, v -> vectorsOf(v.kind()));
    rule(AccessViolation.UnsupportedVectorBytes.class, Attribute.ofAccess("bytes"));
    rule(AccessViolation.VectorSplitsElements.class, Attribute.ofAccess("bytes"));
    rule(AccessViolation.VectorSplitsUnits.class, Attribute.ofAccess("bytes"));
    rule(AccessViolation.RowsNotWholeVectors.class, Attribute.ofAccess("bytes"));
    rule(AccessViolation.BadThreadGrid.class, Attribute.ofAccess("threads"));
    rule(AccessViolation.RowsAsOneNotDivisor.class, Attribute.ofAccess("rowsAsOne"));
    rule(AccessViolation.FootprintDoesNotTile.class, Attribute.ofAccess("threads"));
    rule(AccessViolation.RowsAsOneWithoutGrid.class, Attribute.ofAccess("rowsAsOne"));
    rule(AccessViolation.BadMatrixCount.class, Attribute.ofAccess("matrices"));
    rule(AccessViolation.TransNeeds8Or16Bit.class, Attribute.ofAccess("trans"));
    // m8n8 matrices are the kind's; another shape's are the shape's.
    rule(AccessViolation.MatricesDoNotTile.class, v -> Attribute.ofAccess(
        v.shape() == MatrixShape.M8N8 ? "kind" : "shape"));
    rule(AccessViolation.MatrixCountNotDivisor.class, Attribute.ofAccess("matrices"));
    // The shape belongs to the other instruction, or to this one with the other trans.
    rule(AccessViolation.MatrixShapeNotOfInstruction.class, v -> Attribute.ofAccess(
        (v.shape() == MatrixShape.M16N8 ? AccessKind.STMATRIX : AccessKind.LDMATRIX) == v.kind()
            ? "trans" : "shape"));
    rule(AccessViolation.MatrixShapeCount.class, Attribute.ofAccess("matrices"));
    rule(AccessViolation.MatrixShapeType.class, Attribute.ofAccess("shape"));
    rule(AccessViolation.AccumulatorType.class, Attribute.ofAccess("kind"));
    rule(AccessViolation.FragmentsDoNotTile.class, Attribute.ofAccess("kind"));
    // A lane map's elements are its lanes'; how far each lane reaches is its bytes.
    rule(AccessViolation.LanesUnparsable.class, Attribute.ofAccess("lanes"));
    rule(AccessViolation.WrongBaseCount.class, Attribute.ofAccess("lanes"));
    rule(AccessViolation.WrongLaneCount.class, Attribute.ofAccess("lanes"));
    rule(AccessViolation.LaneOutsideTile.class, Attribute.ofAccess("lanes"));
    rule(AccessViolation.LaneCrossesRowEnd.class, Attribute.ofAccess("bytes"));
    rule(AccessViolation.LaneMisaligned.class, Attribute.ofAccess("lanes"));

    rule(TmaViolation.NoTmaMode.class, Attribute.ofAccess("kind"));
    rule(TmaViolation.NoTmaModeForMap.class, Attribute.ofAccess("kind"));
    rule(TmaViolation.TmaPadding.class, Attribute.ofTile("rowStride"));
    rule(TmaViolation.TmaAlignment.class, Attribute.ofTile("alignment"));
    rule(TmaViolation.NoTmaBoxWidth.class, Attribute.ofTile("cols"));
    rule(TmaViolation.TmaBoxesMisplaced.class, Attribute.ofAccess("kind"));
    rule(TmaViolation.PackedBoxWidth.class, Attribute.ofTile("cols"));
    // No mode in this direction: the direction is at fault; else the swizzle, as for NoTmaMode.
    rule(TmaViolation.PackedSwizzleMode.class, v -> Attribute.ofAccess(
        TmaDataType.of(v.dtype()).modes(v.op()).isEmpty() ? "op" : "kind"));

    // The tensor cores' reads, whatever the instruction.
    rule(MmaViolation.MmaType.class, Attribute.ofTile("dtype"));
    rule(MmaViolation.MmaTransposeNeeds16Bit.class, Attribute.ofAccess("major"));
    rule(MmaViolation.MmaSubByteNeedsKMajor.class, Attribute.ofAccess("major"));
    // K is the cols of a K-major operand, the rows of an MN-major one; M or N the other side.
    rule(MmaViolation.MmaKNotMultiple.class, v -> Attribute.ofTile(
        v.major() == Major.K ? "cols" : "rows"));
    rule(MmaViolation.MmaMnNotMultiple.class, v -> Attribute.ofTile(
        v.major() == Major.K ? "rows" : "cols"));
    rule(MmaViolation.NoMmaLayout.class, Attribute.ofAccess("kind"));
    rule(MmaViolation.NoMmaLayoutForMap.class, Attribute.ofAccess("kind"));
    // A 32-bit operand in the right swizzle is in the wrong major; any other is in the wrong swizzle.
    rule(MmaViolation.Base32BNotReadable.class, v -> Attribute.ofAccess(
        v.major() == Major.K && v.dtype().storageBits() == 32 ? "major" : "kind"));
    rule(MmaViolation.MmaAlignment.class, Attribute.ofTile("alignment"));
    rule(MmaViolation.DescriptorOffsetOutOfRange.class, Attribute.ofAccess("kind"));
    rule(MmaViolation.MmaMisread.class, Attribute.ofAccess("kind"));
    // The access asks for what the target architecture lacks.
    // A CuTe layout is at fault in itself, but for an attribute that describes it a second time.
    rule(CuteViolation.Syntax.class, Attribute.ofTile("layout"));
    rule(CuteViolation.Rank.class, Attribute.ofTile("layout"));
    rule(CuteViolation.OffsetNotZero.class, Attribute.ofTile("layout"));
    rule(CuteViolation.SizeMismatch.class, Attribute.ofTile("layout"));
    rule(CuteViolation.NotOneToOne.class, Attribute.ofTile("layout"));
    rule(CuteViolation.NegativeOffset.class, Attribute.ofTile("layout"));
    rule(CuteViolation.AtomHasHoles.class, Attribute.ofTile("layout"));
    rule(CuteViolation.StagesInterleaved.class, Attribute.ofTile("layout"));
    rule(CuteViolation.NoTileForm.class, Attribute.ofTile("layout"));
    rule(CuteViolation.SwizzleReadsCarries.class, Attribute.ofTile("layout"));
    rule(CuteViolation.ModesSwapped.class, Attribute.ofTile("layout"));
    rule(CuteViolation.PointerWidthMismatch.class, Attribute.ofTile("layout"));
    rule(CuteViolation.ExclusiveWithLayout.class, v -> Attribute.ofTile(v.attribute().attribute()));

    rule(ArchitectureViolation.MissingInstruction.class, Attribute.ofAccess("kind"));
    rule(TmaViolation.MissingTmaMode.class, Attribute.ofAccess("kind"));

    rule(RasterViolation.TileSizeOutOfRange.class, Attribute.ofRasterizer("tileSize"));
    rule(RasterViolation.TileSizeNotPowerOfTwo.class, Attribute.ofRasterizer("tileSize"));
  }

  private static Attribute vectorsOf(AccessKind kind) {
    return Attribute.ofAccess(
        kind == AccessKind.VECTOR || kind == AccessKind.LANES ? "bytes" : "kind");
  }
}
