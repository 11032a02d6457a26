package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The guard of the committed rasterizer measurements ({@code bench/gpu/raster.sh}): each run measured
 * the suite's launches and passed its checks, and every prediction committed beside it (the
 * per-launch table and the summary docs/rasterizer.md and docs/measurements.md print) is what the
 * current estimator says, recomputed from the measurements on every build; a change to the model
 * changes them here first ({@code RasterReport}).
 */
class RasterResultsTest {
  private static final Path RESULTS = Path.of("results");

  private static List<Map<String, String>> measured(String run) throws IOException {
    return ResultsTable.read(RESULTS.resolve(run + "-measured.csv"));
  }

  /** The first run measured the sweep; the confirming run and the third the sweep and the picks beyond it. */
  @ParameterizedTest
  @CsvSource({"raster-h100, false", "raster-h100-confirm, true", "raster-h100-run3, true"})
  void eachRunMeasuredTheSuite(String run, boolean withPicks) throws IOException {
    List<String> suite = RasterSuite.runs().stream().map(RasterSuite.Run::id)
        .filter(id -> withPicks || !RasterSuite.PICKS_BEYOND_THE_SWEEP.contains(id)).toList();
    List<String> ids = measured(run).stream().map(row -> row.get("id")).toList();
    assertEquals(suite.stream().sorted().toList(), ids.stream().sorted().toList());
  }

  @ParameterizedTest
  @CsvSource({"raster-h100", "raster-h100-confirm", "raster-h100-run3"})
  void everyLaunchPassedItsChecks(String run) throws IOException {
    for (Map<String, String> row : measured(run)) {
      assertEquals("ok", row.get("check"), row.get("id"));
    }
    List<String> simt = Files.readAllLines(RESULTS.resolve(run + "-simt-check.txt")).stream()
        .filter(line -> line.startsWith("check ")).toList();
    assertEquals(measured(run).stream().filter(row -> row.get("id").startsWith("simt-")).count(),
        simt.size());
    for (String check : simt) {
      assertTrue(check.contains("device tiles equal the host's, one block a tile"), check);
    }
    assertTrue(Files.readString(RESULTS.resolve(run + "-hopper-run.txt")).contains("checks,hopper_gemm,0 wrong"));
  }

  @ParameterizedTest
  @CsvSource({"raster-h100, H100", "raster-h100-confirm, H100", "raster-h100-run3, H100"})
  void theCommittedPredictionsAreTheCurrentEstimators(String run, Gpu gpu) throws IOException {
    List<Map<String, String>> measured = measured(run);
    assertEquals(Files.readString(RESULTS.resolve(run + ".csv")), RasterReport.table(measured, gpu));
    String summary = RasterReport.summary(measured, gpu);
    assertEquals(Files.readString(RESULTS.resolve(run + "-summary.txt")), summary);
    if (RasterSuite.runs().size() == measured.size()) {
      assertFalse(summary.contains("not measured"), "every pick is measured:\n" + summary);
    }
  }
}
