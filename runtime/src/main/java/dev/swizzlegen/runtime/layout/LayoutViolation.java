package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;
import java.util.OptionalLong;

/** What makes a tile's description no tile: its shape, pitch, atoms, stages, and closure. */
public sealed interface LayoutViolation extends Violation {

  record RowsNotPositive(int rows) implements LayoutViolation {}

  record ColsNotPositive(int cols) implements LayoutViolation {}

  /** Rows {@code rowStride} apart would overlap rows of {@code cols} elements. */
  record RowsOverlap(int rowStride, int cols) implements LayoutViolation {}

  /** The alignment is no power of two of at least one element. */
  record BadAlignment(int alignment, DType dtype) implements LayoutViolation {}

  /** The row form reads B bits from the row, which a shift below B cannot. */
  record RowFormShiftBelowBits(int bits, int shift) implements LayoutViolation {}

  record StagesBelowOne(int stages) implements LayoutViolation {}

  record AtomRowsNotDivisor(int atomRows, int rows) implements LayoutViolation {}

  record AtomColsNotDivisor(int atomCols, int cols) implements LayoutViolation {}

  /**
   * The swizzle on elements is valid, but on bytes ({@code Swizzle<bits, byteBase, shift>}) it reaches
   * past bit 30 of a byte offset.
   */
  record BytesPastOffsetBits(Swizzle swizzle, DType dtype, int byteBase)
      implements LayoutViolation {}

  /** The row form swizzles within each row of one atom; the tile has atoms of another shape. */
  record RowFormWithAtoms(int rows, int cols, int atomRows, int atomCols)
      implements LayoutViolation {}

  /**
   * {@code rowStride} pads whole rows, but the rows are several dense atoms.
   *
   * @param wideAtoms why atoms as wide as the tile would not take the padding either; empty where
   *     they would
   */
  record PaddedDenseAtoms(int cols, int atomCols, Optional<Violation> wideAtoms)
      implements LayoutViolation {}

  /**
   * The tile spans more shared memory than a thread block has.
   *
   * @param extentBytes from the first byte of stage 0 to one past the last of the last stage
   * @param stageExtentBytes the same for one stage
   * @param maxBytes what a thread block can have
   * @param architecture the architecture whose limit {@code maxBytes} is; empty for the most any has
   */
  record ExceedsSharedMemory(int rows, int cols, DType dtype, int stages, long extentBytes,
      long stageExtentBytes, int maxBytes, Optional<Architecture> architecture)
      implements LayoutViolation {

    /** Over the most shared memory any architecture has, no architecture given. */
    public ExceedsSharedMemory(int rows, int cols, DType dtype, int stages, long extentBytes,
        long stageExtentBytes, int maxBytes) {
      this(rows, cols, dtype, stages, extentBytes, stageExtentBytes, maxBytes, Optional.empty());
    }
  }

  /**
   * Stage 1 would start {@code stageBytes} after stage 0 (the default stage stride, rows x rowStride
   * elements), which is not a multiple of the alignment.
   *
   * @param alignedStageStride the least stage stride, in elements, at least the default, that keeps
   *     every stage's base at a multiple of {@code alignment}
   */
  record StageMisaligned(long stageBytes, int alignment, long alignedStageStride)
      implements LayoutViolation {}

  /**
   * A declared stage stride below the {@code stageSpan} elements one stage spans
   * ({@code (rows - 1) x rowStride + cols}): the stages would overlap.
   */
  record StageStrideBelowSpan(int stageStride, int stageSpan) implements LayoutViolation {}

  /**
   * A declared stage stride that is no multiple of {@code step}, the elements that keep a stage's
   * base at a multiple of the {@code alignment} (and of whole storage units of a sub-byte type).
   *
   * @param alignedStageStride the least multiple of {@code step} above {@code stageStride}
   */
  record StageStrideMisaligned(int stageStride, int step, int alignment, long alignedStageStride)
      implements LayoutViolation {}

  /**
   * Several dense atoms, each holding only part of the swizzle's period: the swizzle reads and writes
   * offset bits {@code 0..highestBit}, a pattern of {@code period} elements.
   *
   * @param remedy the atoms of whole periods, or the swizzle of fewer bits, that would do
   */
  record AtomHoldsPartOfPeriod(Swizzle swizzle, int highestBit, long period, int rows,
      int atomRows, int atomCols, WholePeriods remedy) implements LayoutViolation {}

  /**
   * Atoms of whole periods: {@code atomRows} rows of the atom's columns hold a multiple of the
   * period.
   *
   * @param atomRows the fewest rows that do
   * @param fits whether atoms of that many rows give a valid tile as declared
   * @param paddedRows where they do not: the tile's rows rounded up to a multiple of
   *     {@code atomRows}, if that gives a valid tile
   * @param fewerBits where they do not: the first swizzle of fewer bits that gives a valid tile
   */
  record WholePeriods(long atomRows, boolean fits, OptionalLong paddedRows,
      Optional<Swizzle> fewerBits) {}

  /**
   * The swizzle moves an element of the one-atom tile outside it.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param element the first such element, in row-major order
   * @param image the offset it moves to
   * @param imageCell where that offset lies, past the tile's rows or columns
   */
  record TileNotClosed(Swizzle swizzle, boolean withinEachRow, int rows, int cols, int rowStride,
      Cell element, int image, Cell imageCell) implements LayoutViolation {}

  /**
   * The swizzle moves an element of an atom outside it.
   *
   * @param withinEachRow whether the swizzle is applied within each row (else to the offset)
   * @param atomRowStride elements between the atom's row starts
   * @param element the first such element of the atom, in row-major order
   * @param image the offset it moves to, from the atom's start
   * @param imageCell where that offset lies, past the atom's rows or columns
   */
  record AtomNotClosed(Swizzle swizzle, boolean withinEachRow, int atomRows, int atomCols,
      int atomRowStride, Cell element, int image, Cell imageCell) implements LayoutViolation {}

  /**
   * A side of the tile splits the storage unit of a sub-byte type: packed FP4 keeps two elements to
   * a byte, so {@code cols}, {@code rowStride} and {@code atomCols} must be even; a padded type keeps
   * 16 elements to a 16-byte unit, so they must be multiples of 16.
   *
   * @param unitElements the elements of one storage unit: 2 (a byte) or 16 (a 16-byte unit)
   */
  record SplitsStorageUnits(DType dtype, int unitElements, int cols, int rowStride, int atomCols)
      implements LayoutViolation {}

  /**
   * The swizzle of a packed FP4 tile, stated in bytes, is {@code Swizzle<bits, elementBase, shift>}
   * on element offsets (one bit more), which reaches past the 31 bits of an offset.
   */
  record ElementsPastOffsetBits(Swizzle swizzle, DType dtype, int elementBase)
      implements LayoutViolation {}

  /**
   * The layout of a padded sub-byte tile splits, reorders or misaligns the 16-element unit of
   * (row, cols {@code firstCol..firstCol+15}), which shared memory holds as one 16-byte unit.
   */
  record PaddedUnitSplit(DType dtype, int row, int firstCol) implements LayoutViolation {}

  /**
   * The XOR map of a tile declared by one (no swizzle) moves an element of an atom outside it.
   *
   * @param map the map, on the atom's element offset
   * @param oneAtom whether the atom is the whole tile
   * @param atomRowStride elements between the atom's row starts
   * @param element the first such element of the atom, in row-major order
   * @param image the offset it moves to, from the atom's start
   * @param imageCell where that offset lies, past the atom's rows or columns
   */
  record MapNotClosed(XorMap map, boolean oneAtom, int atomRows, int atomCols, int atomRowStride,
      Cell element, int image, Cell imageCell) implements LayoutViolation {}
}
