package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The guard of the committed H100 rasterizer table: its launches are the suite's, and its predictions
 * are what the current estimator says, so that the comparison of estimator and hardware in
 * docs/measurements.md stays true; a change to either must be measured again
 * ({@code bench/gpu/raster.sh}).
 */
class RasterResultsTest {
  private static final Path TABLE = Path.of("results", "raster-h100.csv");

  private static List<Map<String, String>> table() throws IOException {
    return ResultsTable.read(TABLE);
  }

  @Test
  void theTableMeasuresEveryLaunchOfTheSuite() throws IOException {
    List<String> measured = table().stream().map(row -> row.get("id")).toList();
    List<String> suite = RasterSuite.runs().stream().map(RasterSuite.Run::id).toList();
    assertEquals(suite, measured);
  }

  @Test
  void currentEstimatorGivesTheTablesPredictions() throws IOException {
    Map<String, RasterSuite.Run> runs = new HashMap<>();
    for (RasterSuite.Run run : RasterSuite.runs()) {
      runs.put(run.id(), run);
    }
    for (Map<String, String> row : table()) {
      RasterSuite.Run run = runs.get(row.get("id"));
      assertEquals(megabytes(RasterBenchGenerator.estimate(run, false).bytes()), row.get("predicted_mb"),
          run.id());
      assertEquals(megabytes(RasterBenchGenerator.estimate(run, true).bytes()),
          row.get("predicted_l2_mb"), run.id());
      assertEquals(megabytes(run.gemm().compulsoryBytes()), row.get("compulsory_mb"), run.id());
      if (!run.order().equals("ROW_MAJOR") && Rasterizer.valueOf(run.order()).usesTileSize()) {
        assertEquals(Integer.toString(TrafficEstimator.bestTileSize(run.gemm(),
                RasterSuite.machine(false), Rasterizer.valueOf(run.order()), RasterSuite.MAX_TILE_SIZE)
            .tileSize()), row.get("est_best_tile_size"), run.id());
      }
    }
  }

  @Test
  void everyLaunchPassedItsChecksOnTheGpu() throws IOException {
    List<String> checks = Files.readAllLines(Path.of("results", "raster-h100-check.txt")).stream()
        .filter(line -> line.startsWith("check ")).toList();
    assertEquals(RasterSuite.runs().size(), checks.size());
    for (String check : checks) {
      assertTrue(check.contains("device tiles equal the host's, one block a tile")
          && !check.contains("WRONG"), check);
    }
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
  }
}
