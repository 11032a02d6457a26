package dev.swizzlegen.processor.text;

import static dev.swizzlegen.processor.diag.SolutionText.conflict;
import static dev.swizzlegen.processor.diag.SolutionText.family;
import static dev.swizzlegen.processor.diag.SolutionText.onAtoms;

import dev.swizzlegen.processor.diag.AttributeText;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Reasons;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.XorMapSearch;

/** Why a derived layout was chosen, for the generated files, in the messages' words. */
public final class DerivationText {
  private DerivationText() {}

  /**
   * Why the found layout was chosen, in one or two sentences: {@code "3 XOR bits are the fewest
   * that make every access acceptable on whole 128-byte rows: ..."}.
   */
  public static String why(Reasons reasons) {
    TileLayout chosen = reasons.chosen();
    int bits = chosen.swizzle().bits();
    if (bits == 0) {
      return "No swizzle is needed: every access is acceptable on the plain row-major tile.";
    }
    String fewest = bits + (bits == 1 ? " XOR bit is" : " XOR bits are")
        + " the fewest that make every access acceptable" + among(reasons)
        + reasons.milderWithFewerBits().map(runnerUp -> (runnerUp.swizzle().isIdentity()
                ? ": without a swizzle the tile has "
                : ": the mildest swizzle with fewer bits, " + onAtoms(runnerUp) + ", leaves ")
            + conflict(reasons.milderDegree()) + ".")
        .orElse(" (no swizzle with fewer bits fits "
            + (reasons.atomWidthChosen() ? "them" : "the tile") + ").");
    String first = reasons.canonical() ? " is CuTe's canonical " + bits + "-bit atom"
        : " comes first among the " + bits + "-bit swizzles that work ("
            + reasons.canonicalAtomTried().map(atom -> "CuTe's canonical atom for the tile, "
                + onAtoms(atom) + ", does not serve; ").orElse("")
            + "wider atoms first, then M = " + reasons.canonicalBase()
            + " and S = 3, the row form, positive shift, smallest S, smallest M)";
    String rowForm = !chosen.swizzlesWithinEachRow() ? ""
        : "; the row stride " + chosen.rowStride() + " is not a power of two, so its "
            + (1 << (chosen.swizzle().base() + bits))
            + (chosen.dtype().elementsPerUnit() > 1 ? "-byte" : "-element")
            + " atom repeats along each row";
    return fewest + " " + chosen.swizzleName() + first + columnBlocks(reasons) + rowForm
        + reasons.tmaFill().map(tma -> "; TMA can fill it with " + tma.mode().cudaName() + " in "
            + (tma.boxes().size() == 1 ? "one box" : tma.boxes().size() + " boxes") + " of "
            + tma.boxRows() + " x " + tma.boxCols()
            + (chosen.cols() > tma.boxCols()
                ? " (a box row spans at most " + TmaFill.spanBytes(tma.mode()) + " bytes)" : "")
            + (chosen.alignment() < tma.mode().alignmentBytes()
                ? " from a " + tma.mode().alignmentBytes() + "-byte aligned base" : ""))
            .orElse("") + ".";
  }

  /** The chosen layout's column blocks, where it has several, and why not whole rows. */
  private static String columnBlocks(Reasons reasons) {
    TileLayout chosen = reasons.chosen();
    if (chosen.strided().atomsAcross() == 1) {
      return "";
    }
    String wholeRows = "whole " + chosen.bytesOf(chosen.cols()) + "-byte rows";
    return ", here on " + chosen.strided().atomShape() + " atoms ("
        + chosen.bytesOf(chosen.atomCols()) + "-byte rows) in " + chosen.strided().atomsAcross()
        + " column blocks, numbered " + (chosen.atomOrder() == Order.COL_MAJOR
            ? "down the rows first as CuTe's tile_to_shape does" : "across the columns first")
        + reasons.wholeRowsPassedOver().map(rows -> rows.swizzle().bits()
                == chosen.swizzle().bits()
            ? " (" + wholeRows + " serve too, with " + rows.swizzleName()
                + ", but CuTe's canonical atom comes first on a tie)"
            : " (" + wholeRows + " serve only with " + rows.swizzle().bits() + " bits, "
                + rows.swizzleName() + ")")
        .orElse(!reasons.atomWidthChosen() ? "" : " (wider atoms come first, but no swizzle of "
            + wholeRows
            + (chosen.atomCols() * 2 < chosen.cols() ? " or of wider column blocks" : "")
            + " serves every access)");
  }

  /**
   * Where the chosen layout has the fewest bits ({@code " on whole 256-byte rows"}): narrower
   * column blocks come later in the cost order and may need fewer. Nothing for a declared atom.
   */
  private static String among(Reasons reasons) {
    TileLayout chosen = reasons.chosen();
    if (!reasons.atomWidthChosen()) {
      return "";
    }
    String wholeRows = " on whole " + chosen.bytesOf(chosen.cols()) + "-byte rows";
    if (reasons.wholeRowsPassedOver().isPresent()) {
      return wholeRows + " or CuTe's canonical atom";
    }
    return chosen.atomCols() == chosen.cols() ? wholeRows
        : " on atoms of " + chosen.bytesOf(chosen.atomCols()) + "-byte rows";
  }

  /** Why a general XOR map was derived: no swizzle serves, the mildest, the map's terms. */
  public static String whyXorMap(Solution solution) {
    XorMapSearch.Result search = solution.xorMap().orElseThrow();
    return "No XOR swizzle (" + family(solution) + ") makes every access acceptable"
        + solution.closest().map(t -> ": the mildest, " + onAtoms(t) + ", leaves "
            + conflict(solution.closestDegree())).orElse("")
        + solution.freeAtom().flatMap(Solution::layout)
            .map(t -> " (with the atom free, " + onAtoms(t) + " serves)").orElse("")
        + ". So the layout is a general XOR map of the row-major offset, the simplest of every"
        + " invertible map that keeps " + search.keptBytes() + "-byte vectors whole (fewest XOR"
        + " terms, " + search.terms() + (search.terms() == 1 ? " term" : " terms") + " on its "
        + search.freeBits() + " free word bits, of which " + search.freeBankBits()
        + " choose a bank; ties by the lowest bits' images), proven against every access; TMA,"
        + " wgmma and UMMA read none but their swizzle modes"
        + AttributeText.layoutAttribute(solution.layout().orElseThrow())
            .map(layout -> ". In CuTe's notation: " + layout).orElse("") + ".";
  }
}
