package dev.swizzlegen.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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
@Fork(3)
public class OffsetBenchmark {
  private static final double TARGET_RATIO = 0.95;

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

  /** Runs the four benchmarks, JMH's table first, then each helper/inline ratio against the target. */
  public static void main(String[] args) throws RunnerException {
    Collection<RunResult> results = new Runner(new OptionsBuilder()
        .include(OffsetBenchmark.class.getName() + "\\.")
        .build()).run();
    System.out.println();
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores");
    List<String> verdicts = new ArrayList<>();
    for (String access : List.of("sweep", "gather")) {
      double helper = score(results, access + "Helper");
      double inline = score(results, access + "Inline");
      double ratio = helper / inline;
      verdicts.add(String.format(Locale.ROOT, "%s: helper %.3f ops/us, inline %.3f ops/us, ratio"
          + " %.3f (target >= %.2f): %s", access, helper, inline, ratio, TARGET_RATIO,
          ratio >= TARGET_RATIO ? "met" : "NOT met"));
    }
    verdicts.forEach(System.out::println);
  }

  private static double score(Collection<RunResult> results, String benchmark) {
    return results.stream()
        .filter(result -> result.getParams().getBenchmark().endsWith("." + benchmark))
        .findFirst().orElseThrow()
        .getPrimaryResult().getScore();
  }
}
