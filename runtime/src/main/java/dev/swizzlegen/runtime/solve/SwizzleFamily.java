package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The layouts a solver chooses from, in the order of cost, cheapest first:
 *
 * <ul>
 *   <li>the offset form: {@code Swizzle<B,M,S>} with {@code B <= 5}, {@code M <= 7},
 *       {@code B <= |S| <= 12} (and the identity), on an atom as wide as the tile or, when the atom
 *       is not declared, on atoms of {@code 2^k} columns spanning 16 to 128 bytes, tiled in column
 *       blocks (CuTe's {@code tile_to_shape}); a narrower atom has the fewest rows that hold a whole
 *       period of the swizzle;
 *   <li>when the row stride is not a power of two, the row form ({@link SwizzleForm#ROW}) with
 *       {@code B <= 5}, {@code M <= 7}, {@code B <= S <= 12} on a one-atom tile; with a
 *       power-of-two stride every member of it is already an offset-form swizzle.
 * </ul>
 *
 * <p>Cost: wider atoms first (atoms as wide as the tile, the plain swizzled tile, before any column
 * blocks), so that column blocks are chosen only where whole rows cannot serve, as for TMA boxes;
 * then fewest bits; then CuTe's canonical atom ({@code M} moving 16-byte units, {@code S = 3});
 * then the row form, which keeps every row in place, over
 * the offset form, whose XOR on a row stride that is not a power of two mixes rows and columns; then a
 * positive shift; then the smallest {@code |S|}; then the smallest {@code M}. A declared engine
 * (TMA, wgmma) admits only the layouts it has a plan for, so whatever is chosen is one of them.
 */
public final class SwizzleFamily {
  static final int MAX_BITS = 5;
  static final int MAX_BASE = 7;
  static final int MAX_SHIFT = 12;
  /** The widest atom narrower than the tile: one 128-byte line of banks, TMA's widest box row. */
  static final int MAX_ATOM_BYTES = 128;
  /** The narrowest atom: one 16-byte unit. */
  static final int MIN_ATOM_BYTES = 16;

  private SwizzleFamily() {}

  /**
   * One member: a swizzle, what it acts on, and its atom.
   *
   * @param atomRows rows of the atom
   * @param atomCols columns of the atom
   */
  public record Candidate(SwizzleForm form, Swizzle swizzle, int atomRows, int atomCols) {}

  /** The members for a geometry, cheapest first. */
  public static List<Candidate> ordered(TileGeometry geometry) {
    List<Candidate> candidates = new ArrayList<>();
    // Width first in the cost order: each width's members in the swizzles' own order.
    for (int width : atomWidths(geometry)) {
      boolean wholeRow = width == geometry.cols();
      boolean rowForm = wholeRow && !geometry.rowStrideIsPowerOfTwo();
      for (Candidate member : bySwizzleCost(geometry.unitBase(), rowForm)) {
        if (member.swizzle().isIdentity() && width != identityWidth(geometry)) {
          continue;
        }
        int rows = atomRows(geometry, member.swizzle(), width);
        if (rows == 0 || (member.form() == SwizzleForm.ROW && rows != geometry.rows())) {
          continue;
        }
        candidates.add(new Candidate(member.form(), member.swizzle(), rows, width));
      }
    }
    return candidates;
  }

  /** The identity is one member: on the declared atom, else the whole tile. */
  private static int identityWidth(TileGeometry geometry) {
    return geometry.atomCols() != 0 ? geometry.atomCols() : geometry.cols();
  }

  /** Every swizzle (and its row form, when asked for) in cost order, atoms aside; computed once. */
  private static final Map<List<Object>, List<Candidate>> BY_SWIZZLE_COST = new ConcurrentHashMap<>();

  private static List<Candidate> bySwizzleCost(int unitBase, boolean rowForm) {
    return BY_SWIZZLE_COST.computeIfAbsent(List.of(unitBase, rowForm), key -> {
      List<Candidate> members = new ArrayList<>();
      members.add(new Candidate(SwizzleForm.OFFSET, Swizzle.IDENTITY, 0, 0));
      for (int bits = 1; bits <= MAX_BITS; bits++) {
        for (int base = 0; base <= MAX_BASE; base++) {
          for (int shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
            if (Math.abs(shift) < bits) {
              continue;
            }
            Swizzle swizzle = Swizzle.of(bits, base, shift);
            members.add(new Candidate(SwizzleForm.OFFSET, swizzle, 0, 0));
            if (shift > 0 && rowForm) {
              members.add(new Candidate(SwizzleForm.ROW, swizzle, 0, 0));
            }
          }
        }
      }
      members.sort(Comparator.<Candidate>comparingInt(c -> c.swizzle().bits())
          .thenComparingInt(c -> isCanonical(c.swizzle(), unitBase) ? 0 : 1)
          .thenComparingInt(c -> c.form() == SwizzleForm.ROW ? 0 : 1)
          .thenComparingInt(c -> c.swizzle().shift() < 0 ? 1 : 0)
          .thenComparingInt(c -> Math.abs(c.swizzle().shift()))
          .thenComparingInt(c -> c.swizzle().base()));
      return List.copyOf(members);
    });
  }

  /**
   * The atom widths to try: the declared one; else the whole row, then every power of two below it
   * that divides it and spans 16 to 128 bytes.
   */
  private static List<Integer> atomWidths(TileGeometry geometry) {
    if (geometry.atomCols() != 0) {
      return List.of(geometry.atomCols());
    }
    List<Integer> widths = new ArrayList<>();
    widths.add(geometry.cols());
    int elementBytes = geometry.dtype().bytes();
    for (int width = Integer.highestOneBit(Math.max(1, geometry.cols() - 1)); width >= 1;
        width /= 2) {
      long bytes = (long) width * elementBytes;
      if (width < geometry.cols() && geometry.cols() % width == 0 && bytes >= MIN_ATOM_BYTES
          && bytes <= MAX_ATOM_BYTES) {
        widths.add(width);
      }
    }
    return widths;
  }

  /**
   * The atom's rows for a swizzle on atoms {@code width} wide: the declared rows; the tile's for an
   * atom as wide as the tile; else the fewest rows that hold a whole period of the swizzle (more rows
   * give the same layout when atoms are numbered down the rows). 0 when they do not divide the tile.
   */
  private static int atomRows(TileGeometry geometry, Swizzle swizzle, int width) {
    if (geometry.atomRows() != 0) {
      return geometry.atomRows();
    }
    if (width == geometry.cols()) {
      return geometry.rows();
    }
    int touched = swizzle.yyyMask() | swizzle.zzzMask();
    long period = touched == 0 ? 1 : Integer.highestOneBit(touched) * 2L;
    long rows = Math.max(1, period / width);
    return rows <= geometry.rows() && geometry.rows() % rows == 0 ? (int) rows : 0;
  }

  /** CuTe's canonical atoms: {@code Swizzle<B, log2(16 / element bytes), 3>}. */
  static boolean isCanonical(Swizzle swizzle, int unitBase) {
    return swizzle.bits() > 0 && swizzle.base() == unitBase && swizzle.shift() == 3;
  }

  /** The family searched for a geometry, in words: on its declared atom, or on atoms it chooses. */
  public static String describe(TileGeometry geometry) {
    String swizzles = "Swizzle<B,M,S> with B <= " + MAX_BITS + ", M <= " + MAX_BASE
        + ", B <= |S| <= " + MAX_SHIFT + ", on the row-major offset of ";
    if (geometry.atomCols() != 0) {
      return swizzles + "the declared " + (geometry.atomRows() != 0
          ? geometry.atomRows() + " x " + geometry.atomCols() + " atoms"
          : geometry.atomCols() + "-column atoms");
    }
    return geometry.atomRows() != 0
        ? swizzles + "the declared " + geometry.atomRows() + "-row atoms of whole rows or of 16- to"
            + " 128-byte column blocks"
        : swizzles + "whole rows or of 16- to 128-byte column blocks, or within each row";
  }
}
