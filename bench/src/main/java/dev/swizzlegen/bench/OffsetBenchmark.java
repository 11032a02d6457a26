package dev.swizzlegen.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The generated helper's {@code offset(row, col)} against the same expression written inline, as a
 * kernel author would write it by hand: {@code (row * 64 + col) ^ (((row * 64 + col) & 0x1c0) >>>
 * 3)}. Two ways to touch the tile: a sweep of every element in order, and a gather of 4096
 * pseudo-random elements. Target: the helper at 0.95 or more of the inline expression's throughput.
 *
 * <pre>bench/offset-benchmark.sh</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class OffsetBenchmark {
  private static final double TARGET_RATIO = 0.95;
  private static final int ROUNDS = 5;

  /** The tile's shape, read from fields so that the JIT cannot fold the loops away. */
  private int rows;
  private int cols;
  private int[] gatherRows;
  private int[] gatherCols;

  @Setup
  public void setUp() {
    rows = OperandTileSwizzle.ROWS;
    cols = OperandTileSwizzle.COLS;
    SplittableRandom random = new SplittableRandom(1);
    gatherRows = random.ints(4096, 0, rows).toArray();
    gatherCols = random.ints(4096, 0, cols).toArray();
  }

  @Benchmark
  public int sweepHelper() {
    int sum = 0;
    for (int row = 0; row < rows; row++) {
      for (int col = 0; col < cols; col++) {
        sum += OperandTileSwizzle.offset(row, col);
      }
    }
    return sum;
  }

  @Benchmark
  public int sweepInline() {
    int sum = 0;
    for (int row = 0; row < rows; row++) {
      for (int col = 0; col < cols; col++) {
        int linear = row * 64 + col;
        sum += linear ^ ((linear & 0x1c0) >>> 3);
      }
    }
    return sum;
  }

  @Benchmark
  public int gatherHelper() {
    int sum = 0;
    for (int i = 0; i < gatherRows.length; i++) {
      sum += OperandTileSwizzle.offset(gatherRows[i], gatherCols[i]);
    }
    return sum;
  }

  @Benchmark
  public int gatherInline() {
    int sum = 0;
    for (int i = 0; i < gatherRows.length; i++) {
      int linear = gatherRows[i] * 64 + gatherCols[i];
      sum += linear ^ ((linear & 0x1c0) >>> 3);
    }
    return sum;
  }

  /**
   * Runs the four benchmarks in {@value #ROUNDS} rounds of one fork each, so that a noisy minute on a
   * shared machine lands on both sides of a ratio, not on one: JMH's table for every round, then each
   * helper/inline ratio per round and their median against the target.
   */
  public static void main(String[] args) throws RunnerException {
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    for (int round = 0; round < ROUNDS; round++) {
      Collection<RunResult> results = new Runner(new OptionsBuilder()
          .include(OffsetBenchmark.class.getName() + "\\.")
          .forks(1)
          .build()).run();
      for (String access : List.of("sweep", "gather")) {
        ratios.computeIfAbsent(access, key -> new ArrayList<>())
            .add(score(results, access + "Helper") / score(results, access + "Inline"));
      }
    }
    System.out.println();
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores; " + ROUNDS + " rounds of one fork"
        + " each (5 x 1 s warm-up, 10 x 1 s measured per benchmark)");
    for (Map.Entry<String, List<Double>> access : ratios.entrySet()) {
      List<Double> sorted = new ArrayList<>(access.getValue());
      Collections.sort(sorted);
      double median = sorted.get(sorted.size() / 2);
      System.out.printf(Locale.ROOT, "%s: helper/inline per round %s, median %.3f (target >= %.2f):"
              + " %s%n", access.getKey(), access.getValue().stream()
              .map(ratio -> String.format(Locale.ROOT, "%.3f", ratio)).toList(), median,
          TARGET_RATIO, median >= TARGET_RATIO ? "met" : "NOT met");
    }
  }

  private static double score(Collection<RunResult> results, String benchmark) {
    return results.stream()
        .filter(result -> result.getParams().getBenchmark().endsWith("." + benchmark))
        .findFirst().orElseThrow()
        .getPrimaryResult().getScore();
  }
}
