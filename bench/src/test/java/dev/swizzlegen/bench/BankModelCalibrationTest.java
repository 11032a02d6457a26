package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The guard: every case of the committed H100 table, recomputed with the current analyzer, must equal
 * what the GPU measured. A model change that breaks agreement with the hardware cannot land; a suite
 * change must be measured again ({@code bench/gpu/calibrate.sh}).
 */
class BankModelCalibrationTest {
  private static final Path TABLE = Path.of("results", "bank-model-h100.csv");

  private static List<Map<String, String>> table() throws IOException {
    return ResultsTable.read(TABLE);
  }

  @Test
  void currentAnalyzerEqualsEveryMeasurement() throws IOException {
    Map<String, CalibrationSuite.Case> cases = CalibrationSuite.cases().stream()
        .collect(Collectors.toMap(CalibrationSuite.Case::id, c -> c));
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    List<Map<String, String>> rows = table();
    assertTrue(rows.size() >= 40, "the table has only " + rows.size() + " cases");
    for (Map<String, String> row : rows) {
      String id = row.get("case");
      CalibrationSuite.Case c = cases.get(id);
      assertTrue(c != null, id + " is measured but no longer in the suite: measure again");
      AccessReport report = analyzer.analyze(c.tile().layout(), c.access());
      double measured = Double.parseDouble(row.get("measured_wavefronts_per_inst"));
      assertEquals(measured, report.wavefrontsPerInstruction(), 1e-6,
          id + ": the model predicts " + report.wavefrontsPerInstruction()
              + " wavefronts per instruction, the H100 measured " + measured);
      assertEquals(Long.parseLong(row.get("measured_instructions")), report.instructions(),
          id + ": instruction count");
      assertEquals(Long.parseLong(row.get("measured_wavefronts")), report.wavefronts(),
          id + ": wavefronts");
      assertEquals("yes", row.get("agree"), id);
    }
    assertEquals(cases.keySet(), rows.stream().map(r -> r.get("case")).collect(Collectors.toSet()),
        "every case of the suite must be measured: run bench/gpu/calibrate.sh");
  }
}
