package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;
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
 *   <li>when the row stride is not a power of two, the same swizzles within each row
 *       ({@link TileDescription#swizzleWithinEachRow}) with {@code B <= 5}, {@code M <= 7},
 *       {@code B <= S <= 12} on a one-atom tile; with a power-of-two stride each of them is already a
 *       swizzle of the offset.
 * </ul>
 *
 * <p>Cost: wider atoms first (atoms as wide as the tile, the plain swizzled tile, before any column
 * blocks), so that column blocks are chosen only where whole rows cannot serve, as for TMA boxes;
 * then fewest bits; then CuTe's canonical atom ({@code M} moving 16-byte units, {@code S = 3});
 * then a swizzle within each row, which keeps every row in place, over
 * one of the offset, whose XOR on a row stride that is not a power of two mixes rows and columns; then a
 * positive shift; then the smallest {@code |S|}; then the smallest {@code M}. A declared engine
 * (TMA, wgmma, tcgen05) admits only the layouts it has a plan for, so whatever is chosen is one of them; TMA
 * only those it writes in one of Hopper's modes, which every GPU with TMA writes, unless a search
 * admits Blackwell's ({@link #runs(TileLayout, List, List, boolean)}).
 *
 * <p>One exception to the order, on a tie: where the first layout that serves is of whole rows wider
 * than 128 bytes and has as many bits as the tile's {@link #canonicalAtom} or more, a search takes
 * that atom instead if it serves too (CuTe's canonical atoms on ties, SPEC section 6): TMA fills it,
 * and no swizzle of whole rows wider than a box row.
 *
 * <p>A search is given a {@link TileDescription description} of the tile: its swizzle is the
 * search's to choose, and so is each side of its atom it leaves 0. Its members are
 * {@link TileLayout}s.
 */
public final class SwizzleFamily {
  // Public for the processor, which words the family searched in its messages.
  /** The most bits B of a member. */
  public static final int MAX_BITS = 5;
  /** The largest base M of a member. */
  public static final int MAX_BASE = 7;
  /** The largest shift |S| of a member. */
  public static final int MAX_SHIFT = 12;
  /** The widest atom narrower than the tile: one 128-byte line of banks, TMA's widest box row. */
  public static final int MAX_ATOM_BYTES = 128;
  /** The narrowest atom: one 16-byte unit. */
  public static final int MIN_ATOM_BYTES = 16;
  /** The most bits of CuTe's canonical atoms: 128-byte rows, TMA's widest swizzle span. */
  public static final int MAX_CANONICAL_BITS = 3;

  private SwizzleFamily() {}

  /** A swizzle of the family, on the offset or within each row, before its atom is chosen. */
  private record Member(Swizzle swizzle, boolean withinEachRow) {}

  /**
   * The members for a description, cheapest first: the description with each swizzle of the family
   * and each atom it may choose, those that are tiles (every atom mapped onto itself), each described
   * and built only when the iteration reaches it (a search mostly stops early).
   */
  public static Iterable<TileLayout> layouts(TileDescription description) {
    TileDescription searched = description.copy();
    return () -> new Iterator<>() {
      // Width first in the cost order: each width's members in the swizzles' own order.
      private final Iterator<Integer> widths = atomWidths(searched).iterator();
      private int width;
      private Iterator<Member> members = Collections.emptyIterator();
      private TileLayout next;

      @Override
      public boolean hasNext() {
        while (next == null) {
          while (!members.hasNext()) {
            if (!widths.hasNext()) {
              return false;
            }
            width = widths.next();
            boolean withinEachRow = width == searched.cols()
                && Integer.bitCount(searched.rowStride()) != 1;
            members = bySwizzleCost(unitBase(searched.dtype()), withinEachRow).iterator();
          }
          next = member(searched, members.next(), width).flatMap(TileDescription::tryBuild)
              .orElse(null);
        }
        return true;
      }

      @Override
      public TileLayout next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        TileLayout member = next;
        next = null;
        return member;
      }
    };
  }

  /** The description of a member on atoms {@code width} wide, if the family has it there. */
  private static Optional<TileDescription> member(TileDescription description, Member member,
      int width) {
    if (member.swizzle().isIdentity() && width != identityWidth(description)) {
      return Optional.empty();
    }
    OptionalInt rows = atomRows(description, member.swizzle(), width);
    if (rows.isEmpty() || (member.withinEachRow() && rows.getAsInt() != description.rows())) {
      return Optional.empty();
    }
    return Optional.of(description.copy().swizzle(member.swizzle())
        .swizzleWithinEachRow(member.withinEachRow())
        .atom(rows, OptionalInt.of(width), description.atomOrder()));
  }

  /** The identity is one member: on the described atom, else the whole tile. */
  private static int identityWidth(TileDescription description) {
    return description.describedAtomCols().orElse(description.cols());
  }

  /** Every swizzle (and each within each row, when asked for) in cost order, atoms aside; computed once. */
  private static final Map<List<Object>, List<Member>> BY_SWIZZLE_COST = new ConcurrentHashMap<>();

  private static List<Member> bySwizzleCost(int unitBase, boolean withinEachRow) {
    return BY_SWIZZLE_COST.computeIfAbsent(List.of(unitBase, withinEachRow), key -> {
      List<Member> members = new ArrayList<>();
      members.add(new Member(Swizzle.IDENTITY, false));
      for (int bits = 1; bits <= MAX_BITS; bits++) {
        for (int base = 0; base <= MAX_BASE; base++) {
          for (int shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
            if (Math.abs(shift) < bits) {
              continue;
            }
            Swizzle swizzle = Swizzle.of(bits, base, shift);
            members.add(new Member(swizzle, false));
            if (shift > 0 && withinEachRow) {
              members.add(new Member(swizzle, true));
            }
          }
        }
      }
      members.sort(Comparator.<Member>comparingInt(m -> m.swizzle().bits())
          .thenComparingInt(m -> isCanonical(m.swizzle(), unitBase) ? 0 : 1)
          .thenComparingInt(m -> m.withinEachRow() ? 0 : 1)
          .thenComparingInt(m -> m.swizzle().shift() < 0 ? 1 : 0)
          .thenComparingInt(m -> Math.abs(m.swizzle().shift()))
          .thenComparingInt(m -> m.swizzle().base()));
      return List.copyOf(members);
    });
  }

  /**
   * The atom widths to try: the described one; else the whole row, then every power of two below it
   * that divides it and spans 16 to 128 bytes.
   */
  private static List<Integer> atomWidths(TileDescription description) {
    if (description.describedAtomCols().isPresent()) {
      return List.of(description.describedAtomCols().getAsInt());
    }
    List<Integer> widths = new ArrayList<>();
    int cols = description.cols();
    widths.add(cols);
    int elementBits = description.dtype().storageBits();
    for (int width = Integer.highestOneBit(Math.max(1, cols - 1)); width >= 1; width /= 2) {
      long bytes = (long) width * elementBits / 8;
      if (width < cols && cols % width == 0 && bytes >= MIN_ATOM_BYTES
          && bytes <= MAX_ATOM_BYTES) {
        widths.add(width);
      }
    }
    return widths;
  }

  /**
   * The atom's rows for a swizzle on atoms {@code width} wide: the described rows; the tile's for an
   * atom as wide as the tile; else the fewest rows that hold a whole period of the swizzle (more rows
   * give the same layout when atoms are numbered down the rows). Empty when they do not divide the
   * tile.
   */
  private static OptionalInt atomRows(TileDescription description, Swizzle swizzle, int width) {
    if (description.describedAtomRows().isPresent()) {
      return description.describedAtomRows();
    }
    int rows = description.rows();
    if (width == description.cols()) {
      return OptionalInt.of(rows);
    }
    // On the offset of a dense atom the swizzle repeats every 2^span elements.
    long period = 1L << XorMap.of(swizzle).span();
    long atomRows = Math.max(1, period / width);
    return atomRows <= rows && rows % atomRows == 0
        ? OptionalInt.of((int) atomRows) : OptionalInt.empty();
  }

  /**
   * The tile's canonical atom where it is narrower than the tile's rows: CuTe's widest canonical atom
   * ({@link #isCanonicalAtom}) whose rows divide the tile's, as CUTLASS's {@code ss_smem_selector}
   * picks it, in column blocks; empty where the description declares its atom's width, or the rows
   * are 128 bytes or narrower (a canonical atom of whole rows is already first among its bits), or
   * the rows leave no room for one. A search that finds whole rows serve with as many bits or more
   * takes this atom instead where it serves (SPEC section 6: CuTe's canonical atoms on ties), so
   * that a tile derived without a TMA access keeps its layout when one is added.
   */
  public static Optional<TileLayout> canonicalAtom(TileDescription description) {
    if (description.describedAtomCols().isPresent()) {
      return Optional.empty();
    }
    List<Integer> widths = atomWidths(description);
    for (int bits = MAX_CANONICAL_BITS; bits >= 1; bits--) {
      long width = ((long) MIN_ATOM_BYTES << bits) * 8 / description.dtype().storageBits();
      if (widths.contains((int) width)) {
        Swizzle swizzle = Swizzle.of(bits, unitBase(description.dtype()), 3);
        return width == description.cols() ? Optional.empty()
            : member(description, new Member(swizzle, false), (int) width)
                .flatMap(TileDescription::tryBuild);
      }
    }
    return Optional.empty();
  }

  /**
   * The layout a search takes instead of {@code found}, the first in the order that serves, if it
   * serves too: the tile's {@link #canonicalAtom}, where {@code found} is of whole rows and has as
   * many bits or more (a tie, or worse); empty otherwise.
   */
  static Optional<TileLayout> onATie(TileDescription description, TileLayout found) {
    if (found.atomCols() != found.cols()) {
      return Optional.empty();
    }
    return canonicalAtom(description)
        .filter(atom -> atom.swizzle().bits() <= found.swizzle().bits());
  }

  /**
   * Whether a tile is on one of CuTe's canonical atoms ({@code Layout_K_SW32/64/128_Atom}): the
   * canonical swizzle, {@code Swizzle<B, log2(16 / unit bytes), 3>} with {@code 1 <= B <= 3}, on
   * dense atoms whose rows are {@code 16 << B} bytes, which TMA fills in its 32-, 64- or 128-byte
   * mode.
   */
  public static boolean isCanonicalAtom(TileLayout tile) {
    Swizzle swizzle = tile.swizzle();
    return swizzle.bits() <= MAX_CANONICAL_BITS && !tile.swizzlesWithinEachRow()
        && isCanonical(swizzle, unitBase(tile.dtype()))
        && tile.bytesOf(tile.atomCols()) == (long) MIN_ATOM_BYTES << swizzle.bits()
        && tile.strided().atomRowStride() == tile.atomCols();
  }

  /** CuTe's canonical atoms: {@code Swizzle<B, log2(16 / element bytes), 3>}. */
  static boolean isCanonical(Swizzle swizzle, int unitBase) {
    return swizzle.bits() > 0 && swizzle.base() == unitBase && swizzle.shift() == 3;
  }

  /**
   * {@code log2(16 / unit bytes)}: the base of CuTe's canonical atoms, which move 16-byte units, in
   * the units a swizzle of {@code dtype} counts (the bytes of packed FP4).
   */
  static int unitBase(DType dtype) {
    return Math.max(0, 4 - Integer.numberOfTrailingZeros(dtype.unitBytes()));
  }

  /**
   * Whether a layout is one a search may choose: every access runs on it ({@link AccessPattern#check}
   * empty), so that it can be costed, and every engine has a plan for it. The one place a search asks
   * this, whatever the accesses and engines.
   */
  static boolean runs(TileLayout tile, List<AccessPattern> accesses, List<Engine> engines) {
    return runs(tile, accesses, engines, false);
  }

  /**
   * As {@link #runs(TileLayout, List, List)}; where {@code blackwellTma} is false, a layout TMA would
   * write only in one of Blackwell's modes ({@link TmaSwizzle#isBlackwell()}, sm_100 and CUDA 12.8 on)
   * is not one a search may choose either, so that a derived layout runs on every GPU with TMA;
   * unless tcgen05 reads the tile ({@link MmaFormat#UMMA}): it runs on sm_100a and sm_103a alone,
   * whose TMA writes Blackwell's modes, and CUTLASS picks one there (SWIZZLE_128B_BASE32B, for
   * 32-bit MN-major operands).
   */
  static boolean runs(TileLayout tile, List<AccessPattern> accesses, List<Engine> engines,
      boolean blackwellTma) {
    boolean blackwellTarget = blackwellTma || !MmaRead.by(MmaFormat.UMMA, engines).isEmpty();
    for (AccessPattern access : accesses) {
      if (!access.check(tile).isEmpty()) {
        return false;
      }
    }
    for (Engine engine : engines) {
      if (!engine.plan(tile).exists()) {
        return false;
      }
      if (!blackwellTarget && engine.kind() == AccessKind.TMA
          && tile.tmaSwizzle().filter(TmaSwizzle::isBlackwell).isPresent()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Where a search that kept the described atom found nothing, the description to search again with
   * the atom free (its order kept), as derivation leaves it when atomRows and atomCols are omitted:
   * present when the atom is described and every access runs, and every engine has a plan, on the
   * free plain tile.
   */
  static Optional<TileDescription> freeAtomFor(TileDescription description,
      List<AccessPattern> accesses, List<Engine> engines) {
    if (!description.atomDescribed()) {
      return Optional.empty();
    }
    TileDescription free =
        description.copy().atom(OptionalInt.empty(), OptionalInt.empty(), description.atomOrder());
    return free.copy().swizzle(Swizzle.IDENTITY).swizzleWithinEachRow(false).tryBuild()
        .filter(plain -> runs(plain, accesses, engines))
        .map(plain -> free);
  }
}
