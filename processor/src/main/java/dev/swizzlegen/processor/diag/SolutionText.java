package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Alternative;
import dev.swizzlegen.runtime.solve.NoXorMap;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleFamily;
import dev.swizzlegen.runtime.solve.XorMapSearch;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The solver's verdicts ({@link Solution}, {@link Alternative}) in the messages' words: the family
 * searched, the swizzle that would serve and the changes that would work.
 */
public final class SolutionText {
  private SolutionText() {}

  /** A layout's swizzle, with its atoms where it has several: {@code "... on 8 x 32 atoms"}. */
  public static String onAtoms(TileLayout tile) {
    return tile.swizzleName()
        + (tile.isOneAtom() ? "" : " on " + tile.strided().atomShape() + " atoms");
  }

  /** The family a search went through: {@code "Swizzle<B,M,S> with B <= 5, ..., on ..."}. */
  public static String family(Solution solution) {
    String swizzles = "Swizzle<B,M,S> with B <= " + SwizzleFamily.MAX_BITS + ", M <= "
        + SwizzleFamily.MAX_BASE + ", B <= |S| <= " + SwizzleFamily.MAX_SHIFT
        + ", on the row-major offset of ";
    String wholeRows = "whole rows or of " + SwizzleFamily.MIN_ATOM_BYTES + "- to "
        + SwizzleFamily.MAX_ATOM_BYTES + "-byte column blocks";
    return solution.declaredAtomCols().isPresent()
        ? swizzles + "the declared " + declaredAtom(solution) + "s"
        : solution.declaredAtomRows().isPresent()
            ? swizzles + "the declared " + declaredAtom(solution) + "s of " + wholeRows
            : swizzles + wholeRows + ", or within each row";
  }

  /**
   * A change that would work: {@code "padding each row by 8 elements, with no swizzle (bits = 0,
   * base = 0, shift = 0, rowStride = 72)"}, or with its {@code layout} for a {@code pasted} tile.
   */
  static String alternative(Alternative alternative, boolean pasted) {
    if (alternative instanceof Alternative.DroppedAccess dropped) {
      TileLayout tile = dropped.layout();
      return "leaving out " + dropped.access().label() + ", with " + onAtoms(tile)
          + (tile.hasSwizzle() ? "" : " (" + AttributeText.layoutAttribute(tile)
              .orElse(tile.swizzleName()) + ")");
    }
    if (alternative instanceof Alternative.PaddedRows padded) {
      return "padding each row by " + padded.paddingElements() + " elements, with no swizzle ("
          + AttributeText.declaring(padded.padded(),
              AttributeText.attributesFrom(padded.padded(), padded.plain()), pasted) + ")";
    }
    Alternative.VectorWidth vector = (Alternative.VectorWidth) alternative;
    TileLayout tile = vector.layout();
    return vector.bytes() + "-byte vectors for " + vector.access().label() + ", with "
        + AttributeText.declaring(tile, tile.swizzleName()
            + (vector.atomChosen() ? " on " + tile.strided().atomShape() + " atoms" : ""), pasted);
  }

  /**
   * A layout that makes every access acceptable, as attributes to paste over {@code from}'s
   * ({@code "Swizzle<1,2,3> on 8 x 8 atoms (bits = 1, base = 2, shift = 3, atomRows = 8,
   * atomCols = 8) makes every declared access of the tile conflict-free"}), or a {@code layout}.
   */
  public static String suggestion(TileLayout found, TileLayout from, boolean pasted, String which,
      List<AccessPattern> patterns) {
    String works = " makes every " + which + " access of the tile conflict-free"
        + (patterns.stream().anyMatch(p -> p.maxWays() > 1) ? " or within its maxWays" : "");
    if (found.swizzlesWithinEachRow()) {
      return found.swizzleName() + works + (pasted ? "; CuTe's notation has no swizzle within each"
          + " row: in place of layout give " + AttributeText.geometry(found) + ", and swizzlegen"
          + " derives it"
          : "; omit bits, base and shift to have swizzlegen derive it");
    }
    boolean newAtom = found.atomRows() != from.atomRows() || found.atomCols() != from.atomCols();
    return found.swizzleName()
        + (newAtom && !found.isOneAtom() ? " on " + found.strided().atomShape() + " atoms" : "")
        + " (" + AttributeText.declaring(found,
            AttributeText.attributesFrom(found, from), pasted) + ")" + works;
  }

  /**
   * The verdict when the family has nothing: the mildest; where a declared atom limited the search,
   * what a free atom gives; and what would work, as attributes to paste over {@code from}'s.
   */
  public static String nothingWorks(Solution solution, String which, TileLayout from,
      boolean pasted, List<AccessPattern> patterns) {
    String closest = solution.closest().map(t -> "; the mildest, " + t.swizzleName()
        + ", still leaves " + conflict(solution.closestDegree())).orElse("");
    String verdict = "no XOR swizzle (" + family(solution) + ") makes every " + which
        + " access of the tile conflict-free" + closest;
    Optional<Solution> free = solution.freeAtom();
    // A search on a free atom is made only where the atom was declared.
    String limited = free.isPresent()
        ? "; the search was limited to the declared " + declaredAtom(solution) : "";
    // Derivation's verdict always says which search was not made, and why (SPEC section 6).
    String xorMaps = solution.xorMap().map(SolutionText::noXorMap).orElse("");
    if (free.isPresent() && free.get().found()) {
      return verdict + limited + xorMaps + (xorMaps.isEmpty() ? ":" : ";")
          + " with the atom free" + (pasted ? ", "
          : ", as derivation leaves it when atomRows and atomCols are omitted, ")
          + suggestion(free.get().layout().get(), from, pasted, which, patterns) + ".";
    }
    String instead = solution.alternatives().isEmpty()
        ? "; neither padding the rows nor another width for one vector access would either"
        : "; what would work: " + solution.alternatives().stream()
            .map(alternative -> SolutionText.alternative(alternative, pasted))
            .collect(Collectors.joining("; or "));
    return verdict + (free.isPresent()
        ? limited + ", but with the atom free none works either" : "") + instead
        + xorMaps + ".";
  }

  /** Why no general XOR map serves either, or why none was searched: the search's certificate. */
  private static String noXorMap(XorMapSearch.Result search) {
    return switch (search.scope()) {
      case ENGINES -> "; general XOR maps are not candidates, since TMA, wgmma and UMMA read only"
          + " their own swizzle modes";
      case GEOMETRY -> "; general XOR maps are searched only on one atom of power-of-two rows and"
          + " columns, rows unpadded";
      case SUB_BYTE -> "; general XOR maps are not searched for elements of fewer than 8 bits";
      case NOTHING_TO_CHOOSE -> "; no XOR map can move a bank either: whole "
          + search.keptBytes() + "-byte vectors fix every bank bit of the tile";
      case SEARCHED -> "; nor does any invertible XOR map of the tile's offset that keeps "
          + search.keptBytes() + "-byte vectors whole"
          + search.certificate().map(SolutionText::certificate).orElse("");
    };
  }

  /** A certificate that no XOR map serves, in words a reader can check. */
  private static String certificate(NoXorMap certificate) {
    int b = certificate.freeBankBits();
    String banks = " a map sets only " + b + " bank " + (b == 1 ? "bit" : "bits") + " for them ("
        + (1 << b) + " banks)";
    if (certificate instanceof NoXorMap.TooManyWords words) {
      return ": lanes " + words.lanes().stream().map(String::valueOf)
          .collect(Collectors.joining(", ")) + " of one phase of " + words.access().label()
          + " (instruction " + words.instruction() + ", phase " + words.phase() + ", at "
          + words.cells().stream().map(SolutionText::cell).collect(Collectors.joining(" "))
          + ") touch " + words.lanes().size() + " words that agree in the bank bits the "
          + words.keptBytes() + "-byte vectors fix, and" + banks + ", so two of them share a bank";
    }
    if (certificate instanceof NoXorMap.SpannedDifferences spanned) {
      List<NoXorMap.Difference> basis =
          spanned.differences().stream().filter(NoXorMap.Difference::basis).toList();
      return ": the words of " + basis.stream().map(SolutionText::pair)
          .collect(Collectors.joining(", ")) + " differ by " + spanned.dimension()
          + " independent offsets whose " + spanned.differences().size()
          + " nonzero sums each separate two lanes of one phase, more dimensions than the " + b
          + " bank bits a map sets, so every map sends one of those sums to bank 0 and two lanes"
          + " of a phase share a bank";
    }
    NoXorMap.Exhausted exhausted = (NoXorMap.Exhausted) certificate;
    return ": every one was tried (each kernel of its " + b + " free bank bits on "
        + exhausted.freeBits() + " free word bits once), and each leaves two lanes of one phase of "
        + exhausted.accesses().stream().map(AccessPattern::label)
            .collect(Collectors.joining(" or ")) + " in one bank";
  }

  private static String pair(NoXorMap.Difference difference) {
    return "lanes " + difference.firstLane() + " and " + difference.secondLane() + " of "
        + difference.access().label() + " (instruction " + difference.instruction() + ", phase "
        + difference.phase() + ", at " + cell(difference.first()) + " and "
        + cell(difference.second()) + ")";
  }

  private static String cell(Cell cell) {
    return "(" + cell.row() + ", " + cell.col() + ")";
  }

  /** {@code "8 x 32 atom"}, or the declared side of an atom declared by one side. */
  private static String declaredAtom(Solution solution) {
    OptionalInt rows = solution.declaredAtomRows();
    OptionalInt cols = solution.declaredAtomCols();
    return rows.isPresent() && cols.isPresent()
        ? rows.getAsInt() + " x " + cols.getAsInt() + " atom"
        : cols.isPresent() ? cols.getAsInt() + "-column atom"
        : rows.getAsInt() + "-row atom";
  }

  /** "a" or "an" before a number of ways. */
  public static String article(int degree) {
    String digits = Integer.toString(degree);
    return digits.startsWith("8") || degree == 11 || degree == 18 ? "an" : "a";
  }

  /** {@code "a 2-way conflict"}, {@code "an 8-way conflict"}. */
  public static String conflict(int degree) {
    return article(degree) + " " + degree + "-way conflict";
  }
}
