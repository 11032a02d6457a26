package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.SwizzleFamily.Candidate;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.violation.Violation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tile before its swizzle is chosen: what a solver is given. The atom may be fixed (as declared) or
 * left to the solver (0 rows or cols), which then tries the whole tile and column blocks.
 *
 * @param dtype the element type
 * @param rows rows of the tile
 * @param cols elements per row
 * @param rowStride elements from one row's start to the next
 * @param alignment bytes the base address is aligned to
 * @param atomRows rows of the swizzle atom, or 0 for the solver to choose
 * @param atomCols columns of the swizzle atom, or 0 for the solver to choose
 * @param atomOrder how atoms are numbered over the tile
 */
public record TileGeometry(DType dtype, int rows, int cols, int rowStride, int alignment,
    int atomRows, int atomCols, Order atomOrder) {

  public TileGeometry {
    Objects.requireNonNull(dtype, "dtype");
    Objects.requireNonNull(atomOrder, "atomOrder");
  }

  /** A geometry whose atom the solver chooses, numbered column-major as CuTe's tile_to_shape does. */
  public TileGeometry(DType dtype, int rows, int cols, int rowStride, int alignment) {
    this(dtype, rows, cols, rowStride, alignment, 0, 0, Order.COL_MAJOR);
  }

  /**
   * The geometry of a tile, its swizzle set aside: its atom stays fixed when it has several, and is
   * left to the solver when it is the whole tile (as derivation leaves it when atomRows and atomCols
   * are omitted); its atom order stays.
   */
  public static TileGeometry of(TileLayout layout) {
    TileGeometry geometry = new TileGeometry(layout.dtype(), layout.rows(), layout.cols(),
        layout.rowStride(), layout.alignment(), layout.atomRows(), layout.atomCols(),
        layout.atomOrder());
    return layout.isOneAtom() ? geometry.withFreeAtom() : geometry;
  }

  /** Whether the atom is declared (fixed, in rows or columns or both) rather than the solver's. */
  public boolean atomDeclared() {
    return atomRows != 0 || atomCols != 0;
  }

  /** The same geometry with its atom left to the solver, its order kept: what derivation searches. */
  public TileGeometry withFreeAtom() {
    return new TileGeometry(dtype, rows, cols, rowStride, alignment, 0, 0, atomOrder);
  }

  /**
   * Where a search that kept the declared atom found nothing, the geometry to search again with the
   * atom free: present when the atom is declared and every access runs, and every engine has a plan,
   * on the free plain tile.
   */
  Optional<TileGeometry> freeAtomFor(List<AccessPattern> accesses, List<Engine> engines) {
    if (!atomDeclared()) {
      return Optional.empty();
    }
    TileGeometry free = withFreeAtom();
    if (!free.check().isEmpty()) {
      return Optional.empty();
    }
    return runs(free.plain(), accesses, engines) ? Optional.of(free) : Optional.empty();
  }

  /**
   * Whether a layout is one a search may choose: every access runs on it ({@link AccessPattern#check}
   * empty), so that it can be costed, and every engine has a plan for it. The one place a search asks
   * this, whatever the accesses and engines.
   */
  static boolean runs(TileLayout tile, List<AccessPattern> accesses, List<Engine> engines) {
    for (AccessPattern access : accesses) {
      if (!access.check(tile).isEmpty()) {
        return false;
      }
    }
    for (Engine engine : engines) {
      if (!engine.plan(tile).exists()) {
        return false;
      }
    }
    return true;
  }

  /** Every reason the geometry is not a tile; empty if it is one. */
  public List<Violation> check() {
    return builder(Swizzle.IDENTITY, atomRows, atomCols).check();
  }

  /** The tile without a swizzle, on the declared atom or else as one atom. */
  public TileLayout plain() {
    return builder(Swizzle.IDENTITY, atomRows, atomCols).build();
  }

  /** The tile of a member of the family, if its swizzle maps each atom onto itself. */
  public Optional<TileLayout> with(Candidate candidate) {
    return builder(candidate.swizzle(), candidate.atomRows(), candidate.atomCols())
        .form(candidate.form()).tryBuild();
  }

  private TileLayout.Builder builder(Swizzle swizzle, int atomRows, int atomCols) {
    return TileLayout.builder(dtype, swizzle, rows, cols).rowStride(rowStride).alignment(alignment)
        .atom(atomRows, atomCols, atomOrder);
  }

  /** The same geometry with another row stride (padding). */
  public TileGeometry withRowStride(int newRowStride) {
    return new TileGeometry(dtype, rows, cols, newRowStride, alignment, atomRows, atomCols,
        atomOrder);
  }

  /** The same geometry with another alignment. */
  public TileGeometry withAlignment(int newAlignment) {
    return new TileGeometry(dtype, rows, cols, rowStride, newAlignment, atomRows, atomCols,
        atomOrder);
  }

  /** Whether the row stride is a power of two, where the row form adds nothing to the offset form. */
  public boolean rowStrideIsPowerOfTwo() {
    return Integer.bitCount(rowStride) == 1;
  }

  /** {@code log2(16 / element bytes)}: the base of CuTe's canonical atoms, which move 16-byte units. */
  public int unitBase() {
    return Math.max(0, 4 - Integer.numberOfTrailingZeros(dtype.bytes()));
  }
}
