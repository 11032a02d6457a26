package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;

/**
 * The build-time summary ({@code -Aswizzlegen.summary}): one javac note per tile and rasterizer, on
 * its type, saying what was generated and what was proven: the layout, what was derived and why, the
 * TMA boxes, how wgmma and tcgen05 read it, and every access's verdict. Every sentence comes from
 * the model or from what the header already says; nothing is worked out again here. Maven shows
 * javac's notes only without {@code -q}, so the same text is also a file beside the header
 * ({@link #file}): one a type, whose one originating element it is, as Gradle's isolating mode needs.
 */
public final class TileSummary {
  private TileSummary() {}

  /** The note of a tile that generated its files. */
  public static String of(TileSpec tile, List<AccessReport> reports, HopperHeaderText hopper,
      OperandReadText reads) {
    TileLayout layout = tile.layout();
    StringBuilder note = new StringBuilder("swizzlegen: tile ")
        .append(Diagnostics.javaName(tile.type())).append(": ")
        .append(layout).append(" -> ").append(tile.headerPath()).append(", ")
        .append(tile.helper().canonicalName());
    tile.derivation().ifPresent(why -> line(note, "derived: " + why));
    hopper.tmaFill().ifPresent(fill -> line(note, tma(fill)));
    for (OperandReadText.Read read : reads.reads()) {
      line(note, OperandReadText.summaryLine(read));
    }
    for (AccessReport report : reports) {
      line(note, ProofText.summary(report));
    }
    for (String skipped : tile.skippedDefaults()) {
      line(note, skipped);
    }
    if (reports.isEmpty() && tile.engines().isEmpty() && tile.skippedDefaults().isEmpty()) {
      line(note, "no access declared");
    }
    return note.toString();
  }

  /** The note of a rasterizer that generated its files. */
  public static String of(RasterSpec raster) {
    return "swizzlegen: rasterizer " + Diagnostics.javaName(raster.type()) + ": " + raster.rasterizer() + ", tile size "
        + raster.tileSize() + " -> " + raster.headerPath() + ", " + raster.javaClass().canonicalName();
  }

  /**
   * The note as a file in the source output, beside the header it names:
   * {@code swizzlegen/gemm_a.summary.txt} for {@code swizzlegen/gemm_a.cuh}.
   */
  public static GeneratedFile file(String headerPath, String note) {
    String stem = headerPath.substring(0, headerPath.length() - ".cuh".length());
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, stem + ".summary.txt",
        note + "\n");
  }

  private static String tma(TmaFill fill) {
    int boxes = fill.boxes().size();
    return "TMA: " + boxes + (boxes == 1 ? " box" : " boxes") + " of " + fill.boxRows() + " x "
        + fill.boxCols() + " elements per stage, " + fill.mode().cudaName();
  }

  /** A line of the note; its text may hold a label, user text, whose line breaks stay visible. */
  private static void line(StringBuilder note, String text) {
    note.append("\n  ").append(UserText.message(text));
  }
}
