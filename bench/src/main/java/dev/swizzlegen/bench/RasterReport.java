package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Choice;
import dev.swizzlegen.runtime.raster.TrafficEstimator.NoOrderToPick;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Pick;
import dev.swizzlegen.testing.ResultsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The traffic estimator against one GPU run's measurements: reads {@code <run>-measured.csv}
 * ({@code bench/gpu/raster_merge.py}), writes {@code <run>.csv} (each launch's measured and
 * predicted DRAM bytes) and {@code <run>-summary.txt} (per kernel and size: the spreads, the
 * rank correlation, the launches predicted within 25%, the estimator's pick and its time against the
 * fastest). {@code RasterResultsTest} recomputes both from the measurements on every build.
 *
 * <p>Usage: {@code RasterReport <results-dir> <run> <h100|h200>}, such as {@code bench/results
 * raster-h100 h100}.
 */
public final class RasterReport {
  private RasterReport() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    String run = args[1];
    Gpu gpu = Gpu.valueOf(args[2].toUpperCase(Locale.ROOT));
    List<Map<String, String>> measured = ResultsTable.read(dir.resolve(run + "-measured.csv"));
    Files.writeString(dir.resolve(run + ".csv"), table(measured, gpu));
    String summary = summary(measured, gpu);
    Files.writeString(dir.resolve(run + "-summary.txt"), summary);
    System.out.print(summary);
  }

  /** The suite's runs by id. */
  static Map<String, RasterSuite.Run> runs() {
    Map<String, RasterSuite.Run> runs = new HashMap<>();
    for (RasterSuite.Run run : RasterSuite.runs()) {
      runs.put(run.id(), run);
    }
    return runs;
  }

  /** Every launch: measured DRAM bytes and time, and the estimate. */
  static String table(List<Map<String, String>> measured, Gpu gpu) {
    Map<String, RasterSuite.Run> runs = runs();
    StringBuilder csv = new StringBuilder("id,kernel,size,order,tile_size,dram_read_mb,predicted_mb,"
        + "predicted_over_measured,compulsory_mb,l2_hit_pct,time_ms,check\n");
    for (Map<String, String> row : measured) {
      RasterSuite.Run run = runs.get(row.get("id"));
      double predicted = run.estimate(gpu).bytes() / 1e6;
      double dram = Double.parseDouble(row.get("dram_read_mb"));
      csv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%s,%.1f,%.2f,%.1f,%s,%s,%s%n", run.id(),
          run.kernel().name(), run.shape(), run.order(), run.tileSize(), row.get("dram_read_mb"),
          predicted, predicted / dram, run.gemm().compulsoryBytes() / 1e6, row.get("l2_hit_pct"),
          row.get("time_ms"), row.get("check")));
    }
    return csv.toString();
  }

  /** The estimator's picks by GEMM and machine: the runs of one GPU share them. */
  private static final Map<List<Object>, Choice> PICKS = new java.util.concurrent.ConcurrentHashMap<>();

  /** Per kernel and size, what the estimator gets right and what it picks. */
  static String summary(List<Map<String, String>> measured, Gpu gpu) {
    Map<String, RasterSuite.Run> runs = runs();
    Map<String, List<Map<String, String>>> sizes = new java.util.LinkedHashMap<>();
    for (Map<String, String> row : measured) {
      RasterSuite.Run run = runs.get(row.get("id"));
      sizes.computeIfAbsent(run.kernel().name() + " " + run.shape(), s -> new ArrayList<>()).add(row);
    }
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "%s (%d SMs, L2 %d bytes in %d partitions: %d kept), DRAM bytes read (ncu) against the estimate%n",
        gpu, gpu.multiprocessors(), gpu.l2Bytes(), gpu.l2Partitions(),
        gpu.l2Bytes() / gpu.l2Partitions()));
    out.append("kernel size | measured MB | spread | predicted spread | Spearman | within 25% "
        + "| pick | pick's time over the fastest | target\n");
    int within = 0;
    int launches = 0;
    for (List<Map<String, String>> rows : sizes.values()) {
      RasterSuite.Run first = runs.get(rows.get(0).get("id"));
      double[] dram = new double[rows.size()];
      double[] predicted = new double[rows.size()];
      int in = 0;
      for (int i = 0; i < rows.size(); i++) {
        dram[i] = Double.parseDouble(rows.get(i).get("dram_read_mb"));
        predicted[i] = runs.get(rows.get(i).get("id")).estimate(gpu).bytes() / 1e6;
        if (Math.abs(predicted[i] - dram[i]) <= 0.25 * dram[i]) {
          in++;
        }
      }
      within += in;
      launches += rows.size();
      double spread = max(dram) / min(dram);
      double rho = Spearman.of(predicted, dram);
      Choice choice = PICKS.computeIfAbsent(List.of(first.gemm(), first.kernel().machine(gpu)),
          key -> TrafficEstimator.best(first.gemm(), first.kernel().machine(gpu),
              RasterSuite.MAX_TILE_SIZE));
      String pick = pickText(choice);
      String time = pickTime(choice, first, rows);
      boolean ranked = rho >= 0.9;
      String target = spread > 1.5 ? (ranked ? "met" : "MISSED: Spearman under 0.9")
          : choice instanceof NoOrderToPick || ranked ? "met" : "MISSED: a ranking under 0.9";
      out.append(String.format(Locale.ROOT, "%s %s | %.1f-%.1f | %.2fx | %.2fx | %s | %d/%d | %s | %s | %s%n",
          first.kernel().name(), first.shape(), min(dram), max(dram), spread,
          max(predicted) / min(predicted), Double.isNaN(rho) ? "-" : String.format(Locale.ROOT, "%+.2f", rho),
          in, rows.size(), pick, time, target));
    }
    out.append(String.format(Locale.ROOT, "within 25%%: %d of %d launches (%.0f%%)%n", within, launches,
        100.0 * within / launches));
    return out.toString();
  }

  private static String pickText(Choice choice) {
    if (choice instanceof Pick pick) {
      return pick.rasterizer().usesTileSize() ? pick.rasterizer() + " t" + pick.tileSize()
          : pick.rasterizer().name();
    }
    return "no order to pick";
  }

  /** The pick's measured time over the fastest launch's at its size, or why there is none. */
  private static String pickTime(Choice choice, RasterSuite.Run size, List<Map<String, String>> rows) {
    double fastest = rows.stream().mapToDouble(r -> Double.parseDouble(r.get("time_ms"))).min().orElseThrow();
    List<Map<String, String>> picked = new ArrayList<>();
    if (choice instanceof Pick pick) {
      String id = size.kernel().name() + "-" + size.shape() + "-" + pick.rasterizer()
          + (pick.rasterizer().usesTileSize() ? "-t" + pick.tileSize() : "");
      rows.stream().filter(r -> r.get("id").equals(id)).forEach(picked::add);
      if (picked.isEmpty()) {
        return "not measured";
      }
    } else {  // no order to pick: the launch stays the plain one
      String id = size.kernel().name() + "-" + size.shape() + "-ROW_MAJOR";
      rows.stream().filter(r -> r.get("id").equals(id)).forEach(picked::add);
    }
    double time = Double.parseDouble(picked.get(0).get("time_ms"));
    return String.format(Locale.ROOT, "%+.1f%%%s", 100 * (time / fastest - 1),
        choice instanceof NoOrderToPick ? " (row-major)" : "");
  }

  private static double min(double[] values) {
    double m = Double.POSITIVE_INFINITY;
    for (double v : values) {
      m = Math.min(m, v);
    }
    return m;
  }

  private static double max(double[] values) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      m = Math.max(m, v);
    }
    return m;
  }

  /** Spearman's rank correlation, ties given their mean rank. */
  static final class Spearman {
    private Spearman() {}

    static double of(double[] a, double[] b) {
      double[] ra = ranks(a);
      double[] rb = ranks(b);
      double ma = mean(ra);
      double mb = mean(rb);
      double cov = 0;
      double va = 0;
      double vb = 0;
      for (int i = 0; i < a.length; i++) {
        cov += (ra[i] - ma) * (rb[i] - mb);
        va += (ra[i] - ma) * (ra[i] - ma);
        vb += (rb[i] - mb) * (rb[i] - mb);
      }
      return va == 0 || vb == 0 ? Double.NaN : cov / Math.sqrt(va * vb);
    }

    static double[] ranks(double[] values) {
      Integer[] order = new Integer[values.length];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      java.util.Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
      double[] ranks = new double[values.length];
      for (int i = 0; i < order.length;) {
        int j = i;
        while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
          j++;
        }
        for (int p = i; p <= j; p++) {
          ranks[order[p]] = (i + j) / 2.0 + 1;
        }
        i = j + 1;
      }
      return ranks;
    }

    private static double mean(double[] values) {
      double sum = 0;
      for (double v : values) {
        sum += v;
      }
      return sum / values.length;
    }
  }
}
