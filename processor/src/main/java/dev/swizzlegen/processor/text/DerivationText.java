package dev.swizzlegen.processor.text;

import static dev.swizzlegen.processor.diag.SolutionText.article;
import static dev.swizzlegen.processor.diag.SolutionText.family;
import static dev.swizzlegen.processor.diag.SolutionText.onAtoms;

import dev.swizzlegen.processor.diag.AttributeText;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Reasons;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.XorMapSearch;

/**
 * Why a derived layout was chosen, for the generated files: the solver's {@link Reasons} in the
 * words of the messages' verdicts ({@code diag.SolutionText}).
 */
public final class DerivationText {
  private DerivationText() {}

  /**
   * Why the found layout was chosen, in one or two sentences: {@code "3 XOR bits are the fewest that
   * make every access acceptable on whole 128-byte rows: the mildest swizzle with fewer bits,
   * Swizzle<2,3,3>, leaves a 2-way conflict. Swizzle<3,3,3> is CuTe's canonical 3-bit atom."}
   */
  public static String why(Reasons reasons) {
    TileLayout chosen = reasons.chosen();
    int bits = chosen.swizzle().bits();
    if (bits == 0) {
      return "No swizzle is needed: every access is acceptable on the plain row-major tile.";
    }
    StringBuilder why = new StringBuilder();
    why.append(bits).append(bits == 1 ? " XOR bit is" : " XOR bits are")
        .append(" the fewest that make every access acceptable").append(among(reasons));
    int milderDegree = reasons.milderDegree();
    reasons.milderWithFewerBits().ifPresentOrElse(
        runnerUp -> why.append(runnerUp.swizzle().isIdentity()
                ? ": without a swizzle the tile has "
                : ": the mildest swizzle with fewer bits, " + onAtoms(runnerUp) + ", leaves ")
            .append(article(milderDegree)).append(' ').append(milderDegree)
            .append("-way conflict."),
        () -> why.append(" (no swizzle with fewer bits fits ")
            .append(reasons.atomWidthChosen() ? "them" : "the tile").append(")."));
    why.append(' ').append(chosen.swizzleName());
    if (reasons.canonical()) {
      why.append(" is CuTe's canonical ").append(bits).append("-bit atom");
    } else {
      why.append(" comes first among the ").append(bits).append("-bit swizzles that work (");
      reasons.canonicalAtomTried().ifPresent(atom -> why.append("CuTe's canonical atom for the")
          .append(" tile, ").append(onAtoms(atom)).append(", does not serve; "));
      why.append("wider atoms first, then M = ").append(reasons.canonicalBase())
          .append(" and S = 3, the row form, positive shift, smallest S, smallest M)");
    }
    if (chosen.strided().atomsAcross() > 1) {
      why.append(", here on ").append(chosen.strided().atomShape()).append(" atoms (")
          .append(chosen.bytesOf(chosen.atomCols())).append("-byte rows) in ")
          .append(chosen.strided().atomsAcross()).append(" column blocks, numbered ")
          .append(chosen.atomOrder() == Order.COL_MAJOR
              ? "down the rows first as CuTe's tile_to_shape does"
              : "across the columns first");
      String wholeRows = "whole " + chosen.bytesOf(chosen.cols()) + "-byte rows";
      reasons.wholeRowsPassedOver().ifPresentOrElse(
          rows -> why.append(rows.swizzle().bits() == bits
              ? " (" + wholeRows + " serve too, with " + rows.swizzleName()
                  + ", but CuTe's canonical atom comes first on a tie)"
              : " (" + wholeRows + " serve only with " + rows.swizzle().bits() + " bits, "
                  + rows.swizzleName() + ")"),
          () -> {
            if (reasons.atomWidthChosen()) {
              why.append(" (wider atoms come first, but no swizzle of ").append(wholeRows)
                  .append(chosen.atomCols() * 2 < chosen.cols() ? " or of wider column blocks" : "")
                  .append(" serves every access)");
            }
          });
    }
    if (chosen.swizzlesWithinEachRow()) {
      why.append("; the row stride ").append(chosen.rowStride()).append(" is not a power of two,")
          .append(" so its ").append(1 << (chosen.swizzle().base() + bits))
          .append(chosen.dtype().elementsPerUnit() > 1 ? "-byte" : "-element")
          .append(" atom repeats along each row");
    }
    if (reasons.tmaFill().isPresent()) {
      TmaFill tma = reasons.tmaFill().get();
      why.append("; TMA can fill it with ").append(tma.mode().cudaName()).append(" in ")
          .append(tma.boxes().size() == 1 ? "one box" : tma.boxes().size() + " boxes")
          .append(" of ").append(tma.boxRows()).append(" x ").append(tma.boxCols());
      if (chosen.cols() > tma.boxCols()) {
        why.append(" (a box row spans at most ").append(TmaFill.spanBytes(tma.mode()))
            .append(" bytes)");
      }
      if (chosen.alignment() < tma.mode().alignmentBytes()) {
        why.append(" from a ").append(tma.mode().alignmentBytes()).append("-byte aligned base");
      }
    }
    return why.append('.').toString();
  }

  /**
   * Where the chosen layout has the fewest bits ({@code " on whole 256-byte rows"}): narrower column
   * blocks come later in the cost order and may need fewer. Nothing for a declared atom.
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

  /**
   * Why a layout that is a general XOR map was derived: no swizzle serves, the mildest, the map's
   * terms and the {@code layout} that declares it.
   */
  public static String whyXorMap(Solution solution) {
    TileLayout chosen = solution.layout().orElseThrow();
    XorMapSearch.Result search = solution.xorMap().orElseThrow();
    StringBuilder why = new StringBuilder("No XOR swizzle (").append(family(solution))
        .append(") makes every access acceptable");
    solution.closest().ifPresent(t -> why.append(": the mildest, ").append(onAtoms(t))
        .append(", leaves ").append(article(solution.closestDegree())).append(' ')
        .append(solution.closestDegree()).append("-way conflict"));
    solution.freeAtom().flatMap(Solution::layout).ifPresent(t -> why.append(" (with the atom free, ")
        .append(onAtoms(t)).append(" serves)"));
    why.append(". So the layout is a general XOR map of the row-major offset, the simplest of every")
        .append(" invertible map that keeps ").append(search.keptBytes())
        .append("-byte vectors whole (fewest XOR terms, ").append(search.terms())
        .append(search.terms() == 1 ? " term" : " terms").append(" on its ")
        .append(search.freeBits()).append(" free word bits, of which ")
        .append(search.freeBankBits()).append(" choose a bank; ties by the lowest bits' images),")
        .append(" proven against every access; TMA, wgmma and UMMA read none but their swizzle modes");
    AttributeText.layoutAttribute(chosen)
        .ifPresent(layout -> why.append(". In CuTe's notation: ").append(layout));
    return why.append('.').toString();
  }
}
