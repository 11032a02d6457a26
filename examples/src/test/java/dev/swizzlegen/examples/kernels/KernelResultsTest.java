package dev.swizzlegen.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The guard of the committed H100 kernel results ({@code bench/results/kernels-h100-*}): they measure
 * the launches the suite declares now, in order, with the estimator's predictions and picks as the
 * current estimator makes them, and every check passed on the GPU; a change to the suite, the tiles'
 * block shape or the estimator must be measured again ({@code bench/gpu/kernels.sh}).
 */
class KernelResultsTest {
  private static final Path RESULTS = Path.of("..", "bench", "results");

  private static List<Map<String, String>> gemm() throws IOException {
    return ResultsTable.read(RESULTS.resolve("kernels-h100-gemm.csv"));
  }

  /** The suite's launches that a GEMM program runs: cuBLAS and its own. */
  private static List<String> suite(String program) {
    return KernelBench.launches().stream()
        .filter(l -> l.kernel().equals("cublas") || l.kernel().equals(program))
        .map(KernelBench.Launch::id).toList();
  }

  @Test
  void theTableMeasuresEveryLaunchOfTheSuiteInEachProgram() throws IOException {
    for (String program : List.of("ampere", "hopper")) {
      List<String> measured = gemm().stream().filter(r -> r.get("program").equals(program))
          .map(r -> r.get("id")).toList();
      assertEquals(suite(program), measured, program);
    }
  }

  @Test
  void currentEstimatorGivesTheTablesPredictionsAndPicks() throws IOException {
    Map<String, KernelBench.Launch> launches = new LinkedHashMap<>();
    for (KernelBench.Launch l : KernelBench.launches()) {
      launches.put(l.id(), l);
    }
    for (Map<String, String> row : gemm()) {
      KernelBench.Launch l = launches.get(row.get("id"));
      if (l.kernel().equals("cublas")) {
        continue;
      }
      assertEquals(String.format(Locale.ROOT, "%.1f", KernelBenchGenerator.predictedBytes(l) / 1e6),
          row.get("predicted_mb"), l.id());
      assertEquals(Boolean.toString(l.recommended()), row.get("recommended"), l.id());
    }
  }

  @Test
  void everyGemmLaunchAgreedWithCublasOnTheGpu() throws IOException {
    List<Map<String, String>> rows = gemm();
    assertEquals(suite("ampere").size() + suite("hopper").size(), rows.size());
    for (Map<String, String> row : rows) {
      assertEquals("ok", row.get("check"), row.get("program") + " " + row.get("id"));
    }
    for (String program : List.of("ampere", "hopper")) {
      List<String> run = Files.readAllLines(RESULTS.resolve("kernels-h100-" + program + "-run.txt"));
      assertTrue(run.contains("checks," + program + "_gemm,0 wrong"), program);
      assertTrue(run.stream().anyMatch(line -> line.startsWith("self-test,compare,") && line.endsWith(",ok")),
          program + ": the comparison's self-test");
    }
  }

  @Test
  void nsightComputeProfiledTheSuitesProfiledLaunches() throws IOException {
    for (String program : List.of("ampere", "hopper")) {
      List<String> profiled = Files.readAllLines(RESULTS.resolve("kernels-h100-" + program + "-profiled.txt"))
          .stream().map(line -> line.substring("profiled,".length())).toList();
      List<String> expected = KernelBench.profiled().stream()
          .filter(l -> l.kernel().equals("cublas") || l.kernel().equals(program))
          .map(KernelBench.Launch::id).toList();
      assertEquals(expected, profiled, program);
      for (Map<String, String> row : gemm()) {
        if (row.get("program").equals(program)) {
          assertEquals(expected.contains(row.get("id")), !row.get("l2_hit_pct").isEmpty(), row.get("id"));
        }
      }
    }
  }

  @Test
  void theMicrobenchmarksCheckedWhatTheyMeasure() throws IOException {
    List<String> smem = Files.readAllLines(RESULTS.resolve("kernels-h100-smem.txt"));
    assertTrue(smem.contains(
        "check,smem_bench,the hand-written swizzle equals StreamTile::offset on every element"));
    assertTrue(smem.stream().filter(line -> line.startsWith("smem,") && !line.startsWith("smem,read"))
        .allMatch(line -> line.endsWith(",one block an SM")), "one block an SM in every row");
    List<String> transpose = Files.readAllLines(RESULTS.resolve("kernels-h100-transpose.txt"));
    assertTrue(transpose.contains("checks,transpose,0 wrong"));
    List<String> kernels = transpose.stream().filter(line -> line.startsWith("transpose,") && !line.startsWith("transpose,kernel"))
        .map(line -> line.split(",")[1]).toList();
    assertEquals(Arrays.asList("memcpy", "copy_float4", "naive", "plain", "padded", "swizzled"), kernels);
  }
}
