package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomColsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomHoldsPartOfPeriod;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.AtomRowsNotDivisor;
import dev.swizzlegen.runtime.layout.LayoutViolation.BadAlignment;
import dev.swizzlegen.runtime.layout.LayoutViolation.BytesPastOffsetBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.ColsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.ElementsPastOffsetBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.layout.LayoutViolation.MapNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.PaddedDenseAtoms;
import dev.swizzlegen.runtime.layout.LayoutViolation.PaddedUnitSplit;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowFormShiftBelowBits;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowFormWithAtoms;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsNotPositive;
import dev.swizzlegen.runtime.layout.LayoutViolation.RowsOverlap;
import dev.swizzlegen.runtime.layout.LayoutViolation.SplitsStorageUnits;
import dev.swizzlegen.runtime.layout.LayoutViolation.StagesBelowOne;
import dev.swizzlegen.runtime.layout.LayoutViolation.TileNotClosed;
import dev.swizzlegen.runtime.layout.LayoutViolation.WholePeriods;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The rules of a tile layout, beside its description ({@link TileDescription#check}): every reason
 * a description is not a valid {@link TileLayout}, each a typed {@link Violation}. The description's
 * own numbers first (sides, pitch, alignment, atoms, stages, storage units, shared memory), then, on
 * the tile it would make, the swizzle's closure inside each atom and, for a padded sub-byte type,
 * its 16-byte units kept whole.
 *
 * <p>The swizzle must map each atom's offsets onto themselves, so that the tile occupies exactly
 * the elements it would occupy unswizzled. Closure is decided by algebra on the inner map where it
 * can be ({@link #closedByAlgebra}), else element by element, the first element that leaves its
 * atom the witness.
 */
final class LayoutRules {
  private LayoutRules() {}

  /** Every reason a description is not a valid tile, and the tile (built once) where it is one. */
  record Checked(List<Violation> problems, Optional<TileLayout> tile) {}

  /** Every reason {@code d} is not a valid tile, and the tile where it is one. */
  static Checked check(TileDescription d) {
    List<Violation> problems = new ArrayList<>();
    if (d.rows <= 0) {
      problems.add(new RowsNotPositive(d.rows));
    }
    if (d.cols <= 0) {
      problems.add(new ColsNotPositive(d.cols));
    }
    if (d.rowStride() < d.cols) {
      problems.add(new RowsOverlap(d.rowStride(), d.cols));
    }
    if (d.alignment < d.dtype.unitBytes() || Integer.bitCount(d.alignment) != 1) {
      problems.add(new BadAlignment(d.alignment, d.dtype));
    }
    if (d.withinEachRow && d.swizzle.shift() < d.swizzle.bits()) {
      problems.add(new RowFormShiftBelowBits(d.swizzle.bits(), d.swizzle.shift()));
    }
    if (d.stages < 1) {
      problems.add(new StagesBelowOne(d.stages));
    }
    if (d.rows > 0 && (d.atomRows() <= 0 || d.rows % d.atomRows() != 0)) {
      problems.add(new AtomRowsNotDivisor(d.atomRows(), d.rows));
    }
    if (d.cols > 0 && (d.atomCols() <= 0 || d.cols % d.atomCols() != 0)) {
      problems.add(new AtomColsNotDivisor(d.atomCols(), d.cols));
    }
    if (!d.withinEachRow && d.map == null) {
      // The header, the report and TMA work on byte offsets: the swizzle must fit there too, the
      // identity (bits = 0) included, whose byte form every generated file states. Moving to bytes
      // adds to base. (A map's bytes were checked when it was described.)
      int byteBase = d.swizzle.base() + Integer.numberOfTrailingZeros(d.dtype.unitBytes());
      if (!Swizzle.check(d.swizzle.bits(), byteBase, d.swizzle.shift(), true).isEmpty()) {
        problems.add(new BytesPastOffsetBits(d.swizzle, d.dtype, byteBase));
      }
    }
    if (!Recast.fitsOnElements(d.dtype, d.swizzle)) {
      problems.add(new ElementsPastOffsetBits(d.swizzle, d.dtype,
          d.swizzle.base() + Recast.unitShift(d.dtype)));
    }
    // A sub-byte type's storage unit (a byte of packed FP4, a 16-byte unit of a padded type) is
    // never split by a row, its pitch or an atom.
    int unit = Recast.keptWhole(d.dtype);
    if (unit > 1 && d.cols > 0
        && (d.cols % unit != 0 || d.rowStride() % unit != 0 || d.atomCols() % unit != 0)) {
      problems.add(new SplitsStorageUnits(d.dtype, unit, d.cols, d.rowStride(), d.atomCols()));
    }
    if (problems.isEmpty()) {
      StageStrides.belowSpan(d.stageStride, d.rows, d.cols, d.rowStride()).ifPresent(problems::add);
    }
    if (!problems.isEmpty()) {
      return new Checked(problems, Optional.empty());
    }
    if (d.withinEachRow && d.swizzleRow <= 0
        && (d.atomRows() != d.rows || d.atomCols() != d.cols)) {
      problems.add(new RowFormWithAtoms(d.rows, d.cols, d.atomRows(), d.atomCols()));
      return new Checked(problems, Optional.empty());
    }
    if (d.rowStride() != d.cols && d.atomCols() != d.cols) {
      // Atoms as wide as the tile take padding only where the swizzle keeps padded atoms whole.
      List<Violation> wideAtoms =
          d.copy().atom(d.atomRows, OptionalInt.of(d.cols), d.atomOrder).check();
      problems.add(new PaddedDenseAtoms(d.cols, d.atomCols(), wideAtoms.stream().findFirst()));
      return new Checked(problems, Optional.empty());
    }
    // Whole bytes: a packed FP4 tile's sides are even.
    int bits = d.dtype.storageBits();
    long strideBytes = (long) d.stageStride() * bits / 8;
    long extentBytes = (d.stages - 1) * strideBytes
        + ((long) (d.rows - 1) * d.rowStride() + d.cols) * bits / 8;
    int capacity =
        d.architecture.map(Architecture::sharedMemoryBytes).orElse(Architecture.MAX_SHARED_BYTES);
    if (extentBytes > capacity) {
      long stageExtentBytes = ((long) (d.rows - 1) * d.rowStride() + d.cols) * bits / 8;
      problems.add(new ExceedsSharedMemory(d.rows, d.cols, d.dtype, d.stages, extentBytes,
          stageExtentBytes, capacity, d.architecture));
      return new Checked(problems, Optional.empty());
    }
    Optional<Violation> misaligned =
        StageStrides.misaligned(d.dtype, d.stageStride, d.rows, d.rowStride(), d.stages,
            d.alignment);
    if (misaligned.isPresent()) {
      problems.add(misaligned.get());
      return new Checked(problems, Optional.empty());
    }
    TileLayout tile = new TileLayout(d);
    closureProblem(tile).ifPresent(problems::add);
    if (problems.isEmpty() && d.dtype.isPadded()) {
      splitUnit(tile).ifPresent(problems::add);
    }
    return new Checked(problems, problems.isEmpty() ? Optional.of(tile) : Optional.empty());
  }

  /**
   * A violation if the swizzle moves some element of an atom outside it, naming the first such
   * element in row-major order.
   */
  private static Optional<Violation> closureProblem(TileLayout tile) {
    if (tile.swizzleRow() > 0) {
      return rowsClosureProblem(tile);
    }
    int atomRows = tile.atomRows();
    int atomCols = tile.atomCols();
    int wordCols = tile.wordCols();
    XorMap inner = tile.inner();
    int rows = tile.rows();
    int stride = tile.strided().atomRowStride();
    // The inner map repeats every 2^span offsets.
    long period = 1L << inner.span();
    // A declared swizzle's atoms hold whole periods; a map's need only be mapped onto themselves.
    if (tile.hasSwizzle() && !tile.isOneAtom() && wordCols == stride && stride == atomCols
        && ((long) atomRows * atomCols) % period != 0) {
      // Several atoms: each must hold whole periods of its swizzle, as CuTe's atoms do; a mask past
      // the atom would be half dead and the atoms would not repeat one pattern.
      return Optional.of(new AtomHoldsPartOfPeriod(tile.swizzle(),
          Long.numberOfTrailingZeros(period / 2), period, rows, atomRows, atomCols,
          wholePeriodsAdvice(tile, period)));
    }
    if (closedByAlgebra(tile)) {
      return Optional.empty();
    }
    // Not closed (or not decided by the algebra): the first element whose word leaves the atom's
    // words, in row-major order, names the witness (on a padded word a column pushed past the row's
    // end may read, as an offset, like a cell of the next row: the word says it left). In a dense word
    // the map changes only bits below 2^written: words in whole blocks of 2^written stay in their
    // block, so only the last, partial block can leave the atom.
    int first = 0;
    if (wordCols == atomCols && !inner.isIdentity()) {
      long block = 1L << inner.writtenBits();
      first = (int) ((long) atomRows * atomCols / block * block);
    }
    for (int linear = first; linear < atomRows * atomCols; linear++) {
      int row = linear / atomCols;
      int col = linear % atomCols;
      int word = inner.apply(row * wordCols + col);
      int imageRow = word / wordCols;
      int imageCol = word % wordCols;
      int image = tile.unword(word);
      if (imageRow < atomRows && imageCol < atomCols) {
        continue;
      }
      if (!tile.hasSwizzle()) {
        return Optional.of(new MapNotClosed(inner, tile.isOneAtom(), atomRows, atomCols, stride,
            new Cell(row, col), image, new Cell(imageRow, imageCol)));
      }
      if (tile.isOneAtom()) {
        return Optional.of(new TileNotClosed(tile.swizzle(), tile.swizzlesWithinEachRow(), rows,
            tile.cols(), tile.rowStride(),
            new Cell(row, col), image, new Cell(imageRow, imageCol)));
      }
      return Optional.of(new AtomNotClosed(tile.swizzle(), tile.swizzlesWithinEachRow(), atomRows,
          atomCols, stride,
          new Cell(row, col), image, new Cell(imageRow, imageCol)));
    }
    return Optional.empty();
  }

  /**
   * Where the swizzle acts within rows of a stage's plain offsets ({@link TileLayout#swizzleRow()}), a
   * violation if it sends a plain offset of the stage out of its row or to an offset that holds no
   * element of the stage (past it, or in a row's padding), naming the first such element in row-major
   * order.
   */
  private static Optional<Violation> rowsClosureProblem(TileLayout tile) {
    StridedPart strided = tile.strided();
    int extent = strided.stageExtentElements();
    boolean[] held = new boolean[extent];
    for (int row = 0; row < tile.rows(); row++) {
      for (int col = 0; col < tile.cols(); col++) {
        held[tile.plain(row, col)] = true;
      }
    }
    int pitch = tile.swizzleRow();
    for (int row = 0; row < tile.rows(); row++) {
      for (int col = 0; col < tile.cols(); col++) {
        int plain = tile.plain(row, col);
        int image = tile.swizzle(plain);
        // The XOR moves only columns: an image in its own row is one of the row's, one to one.
        if (image < 0 || image >= extent || image / pitch != plain / pitch || !held[image]) {
          return Optional.of(new TileNotClosed(tile.swizzle(), true, tile.rows(), tile.cols(),
              tile.rowStride(), new Cell(row, col), image, new Cell(image / pitch, image % pitch)));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * For a padded sub-byte tile, a violation if the layout splits, reorders or misaligns one of the
   * 16-element units shared memory holds as 16 bytes, naming the first in row-major order.
   */
  private static Optional<Violation> splitUnit(TileLayout tile) {
    if (tile.keepsRunsWhole(16)) {
      return Optional.empty();
    }
    for (int row = 0; row < tile.rows(); row++) {
      for (int col = 0; col < tile.cols(); col += 16) {
        int start = tile.offset(row, col);
        boolean whole = start % 16 == 0;
        for (int i = 1; i < 16 && whole; i++) {
          whole = tile.offset(row, col + i) == start + i;
        }
        if (!whole) {
          return Optional.of(new PaddedUnitSplit(tile.dtype(), row, col));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * How to give each of several dense atoms whole periods of the swizzle, each checked to pass this
   * check: the fewest rows of {@code atomCols} that hold a multiple of {@code period} elements
   * (CuTe's 8-row atoms for its canonical swizzles), when they divide the tile's rows; else that
   * many rows with the tile's rows rounded up to a multiple of them, or a swizzle of fewer bits.
   */
  private static WholePeriods wholePeriodsAdvice(TileLayout tile, long period) {
    int atomCols = tile.atomCols();
    int rows = tile.rows();
    // atomRows * atomCols is a multiple of the power of two `period` exactly when atomRows is a
    // multiple of period / gcd(period, atomCols).
    long step = period / Math.min(period, Integer.lowestOneBit(atomCols));
    if (step <= rows && valid(tile.toBuilder().atom((int) step, atomCols, tile.atomOrder()))) {
      return new WholePeriods(step, true, OptionalLong.empty(), Optional.empty());
    }
    long paddedRows = (rows + step - 1) / step * step;
    OptionalLong padded = paddedRows <= Integer.MAX_VALUE
        && valid(
            tile.toBuilder().rows((int) paddedRows).atom((int) step, atomCols, tile.atomOrder()))
        ? OptionalLong.of(paddedRows) : OptionalLong.empty();
    // A swizzle of fewer bits has a shorter period: the first that fits the atoms as declared.
    Swizzle swizzle = tile.swizzle();
    for (int bits = swizzle.bits() - 1; bits >= 1; bits--) {
      if (Swizzle.check(bits, swizzle.base(), swizzle.shift(), false).isEmpty()
          && valid(tile.toBuilder(Swizzle.of(bits, swizzle.base(), swizzle.shift())))) {
        return new WholePeriods(step, false, padded,
            Optional.of(Swizzle.of(bits, swizzle.base(), swizzle.shift())));
      }
    }
    return new WholePeriods(step, false, padded, Optional.empty());
  }

  private static boolean valid(TileDescription description) {
    return description.check().isEmpty();
  }

  /**
   * Whether the inner map certainly sends the atom's words onto themselves. Exact where the atom's
   * words are a coordinate subspace (rows and columns powers of two, the word's row a power of two):
   * the map preserves it; and where the map XORs each word row into its columns
   * ({@link TileLayout#rowXorTerms}). Otherwise sufficient conditions, {@code false} meaning "look
   * element by element": the map reads no bit of the atom's words; or it writes only bits below {@code 2^w}, and
   * the atom is whole blocks of {@code 2^w} (a dense word), or its columns and word rows are.
   */
  private static boolean closedByAlgebra(TileLayout tile) {
    int atomRows = tile.atomRows();
    int atomCols = tile.atomCols();
    int wordCols = tile.wordCols();
    XorMap inner = tile.inner();
    int subspace = atomWordMask(tile);
    if (subspace != -1) {
      return inner.preserves(subspace);
    }
    Optional<List<XorTerm>> rowXor = tile.rowXorTerms();
    if (rowXor.isPresent()) {
      // Rows stay; row r's columns c ^ rowXor(r), c < atomCols, stay below atomCols exactly when
      // atomCols is a multiple of 2^(bit length of rowXor(r)) (XOR by x permutes each aligned block
      // of 2^(bit length of x), and leaves a partial last block). rowXor is linear, so over the rows
      // below atomRows its bit length is greatest at a row of one bit.
      int reached = 0;
      for (int bit = 0; bit < 31 && (1L << bit) < atomRows; bit++) {
        reached |= rowXor(rowXor.get(), 1 << bit);
      }
      return atomCols % (1L << (32 - Integer.numberOfLeadingZeros(reached))) == 0;
    }
    if (readsNoBitOfTheAtom(tile)) {
      return true;
    }
    long block = 1L << inner.writtenBits();
    if (wordCols == atomCols && ((long) atomRows * atomCols) % block == 0) {
      return true;
    }
    return atomCols % block == 0 && (atomRows == 1 || wordCols % block == 0);
  }

  /**
   * The bits of the atom's words {@code row * wordCols + col} when they are exactly the words under
   * a mask (a coordinate subspace: {@code atomCols} a power of two, and one row or {@code atomRows}
   * and {@code wordCols} powers of two); -1 when they are not.
   */
  private static int atomWordMask(TileLayout tile) {
    int atomRows = tile.atomRows();
    int atomCols = tile.atomCols();
    int wordCols = tile.wordCols();
    if (Integer.bitCount(atomCols) != 1) {
      return -1;
    }
    if (atomRows == 1) {
      return atomCols - 1;
    }
    if (Integer.bitCount(atomRows) != 1 || Integer.bitCount(wordCols) != 1) {
      return -1;
    }
    long mask = (atomCols - 1) | ((long) (atomRows - 1) << Integer.numberOfTrailingZeros(wordCols));
    return mask > Integer.MAX_VALUE ? -1 : (int) mask;
  }

  /**
   * Whether every run of {@code elements} elements (a power of two) starting at a multiple of
   * {@code elements} in a row certainly stays contiguous, in order and aligned: a sufficient
   * condition read from the inner map ({@code false} means "look element by element"): the map
   * leaves the run's low bits of the word alone, or touches no word of the atom.
   */
  static boolean keepsRunsWhole(TileLayout tile, int elements) {
    if (Integer.bitCount(elements) != 1 || tile.strided().atomRowStride() % elements != 0
        || tile.atomCols() % elements != 0) {
      return false;
    }
    if (tile.swizzleRow() > 0) {
      // A run is contiguous in the plain offsets; it stays so if it lies in one swizzled row, aligned.
      return tile.swizzleRow() % elements == 0
          && tile.inner().keepsLowBits(Integer.numberOfTrailingZeros(elements));
    }
    return readsNoBitOfTheAtom(tile)
        || tile.inner().keepsLowBits(Integer.numberOfTrailingZeros(elements));
  }

  /** Whether the inner map leaves every word of an atom as it is: it reads only bits all of them lack. */
  private static boolean readsNoBitOfTheAtom(TileLayout tile) {
    int atomRows = tile.atomRows();
    int atomCols = tile.atomCols();
    int wordCols = tile.wordCols();
    XorMap inner = tile.inner();
    long lastWord = (long) (atomRows - 1) * wordCols + atomCols - 1;
    return inner.lowestBitRead() >= 64 - Long.numberOfLeadingZeros(lastWord);
  }
  /** The XOR of the terms of {@code row}: what a row XOR adds to the row's columns. */
  private static int rowXor(List<XorTerm> rowTerms, int row) {
    int xor = 0;
    for (XorTerm term : rowTerms) {
      xor ^= term.of(row);
    }
    return xor;
  }
}
