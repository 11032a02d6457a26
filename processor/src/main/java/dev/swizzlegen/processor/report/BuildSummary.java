package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.runtime.access.AccessReport;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The build summary ({@code -Aswizzlegen.summary}): a javac note on each tile, rasterizer and
 * storage saying what was generated and proven. Maven shows notes only without {@code -q}, so the
 * text is also a file beside the header ({@link #file}), one a type, as Gradle's isolating mode
 * needs.
 */
public final class BuildSummary {
  private BuildSummary() {}

  /** The note of a tile that generated its files. */
  public static String of(TileSpec tile, List<AccessReport> reports, HopperHeaderText hopper,
      OperandReadText reads) {
    List<String> lines = new ArrayList<>();
    tile.derivation().ifPresent(why -> lines.add("derived: " + why));
    hopper.tmaFill().ifPresent(fill -> lines.add("TMA: " + fill.boxes().size()
        + (fill.boxes().size() == 1 ? " box" : " boxes") + " of " + fill.boxRows() + " x "
        + fill.boxCols() + " elements per stage, " + fill.mode().cudaName()));
    reads.reads().forEach(read -> lines.add(OperandReadText.summaryLine(read)));
    reports.forEach(report -> lines.add(ProofText.summary(report)));
    lines.addAll(tile.skippedDefaults());
    if (reports.isEmpty() && tile.engines().isEmpty() && tile.skippedDefaults().isEmpty()) {
      lines.add("no access declared");
    }
    return note("tile " + Diagnostics.javaName(tile.type()) + ": " + tile.layout() + " -> "
        + tile.headerPath() + ", " + tile.helper().canonicalName(), lines);
  }

  /** The note of a rasterizer that generated its files. */
  public static String of(RasterSpec raster) {
    return note("rasterizer " + Diagnostics.javaName(raster.type()) + ": " + raster.rasterizer()
        + ", tile size " + raster.tileSize() + " -> " + raster.headerPath() + ", "
        + raster.javaClass().canonicalName(), List.of());
  }

  /** The note of a storage: the plan's totals, each buffer and each phase change's steps. */
  public static String of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    StorageMap map = StorageMap.of(proven);
    List<String> lines = new ArrayList<>();
    for (StorageMap.Area area : map.buffers()) {
      lines.add(area.name() + ": offset " + area.offset() + ", " + area.bytes() + " bytes, "
          + area.alignment() + "-byte aligned" + (area.copies() > 1 ? ", " + area.copies()
              + " copies" : "") + ", " + area.phaseText());
    }
    for (StorageMap.Change change : map.changes()) {
      String steps = change.steps().stream().map(step -> StorageText.step(step.step()))
          .collect(Collectors.joining("; "));
      lines.add(change.from() + " -> " + change.to() + (change.helper().isEmpty() ? ""
          : " (" + change.helper() + "())") + ": " + (steps.isEmpty() ? "nothing to complete"
              : steps));
    }
    int buffers = map.buffers().size();
    return note("storage " + map.javaName() + ": " + buffers + (buffers == 1 ? " buffer in "
        : " buffers in ") + map.bytes() + " bytes from a " + map.alignment() + "-byte aligned base,"
        + " request " + map.dynamicBytes() + " of at most " + map.limitBytes() + ", "
        + map.blocksPerSm() + " per SM -> " + spec.headerPath() + ", "
        + spec.layoutClass().canonicalName(), lines);
  }

  /** The note as a file beside its header: {@code gemm_a.summary.txt} for {@code gemm_a.cuh}. */
  public static GeneratedFile file(String headerPath, String note) {
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE,
        headerPath.replaceFirst("\\.cuh$", ".summary.txt"), note + "\n");
  }

  /** The note: its head, then a line each; a line may hold a label, user text, kept visible. */
  private static String note(String head, List<String> lines) {
    return "swizzlegen: " + head
        + lines.stream().map(line -> "\n  " + UserText.message(line)).collect(Collectors.joining());
  }
}
