package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;

/**
 * Writes what {@code bench/gpu/raster.sh} needs on the GPU, under the directory given:
 *
 * <pre>
 *   include/swizzlegen/*.cuh      the generated rasterizer headers raster_gemm.cu includes
 *   raster-runs.txt               the launches to measure: id m n k order tile_size
 *   raster-predictions.csv        per launch, the estimator's DRAM bytes, without and with L2
 * </pre>
 *
 * <p>Usage: {@code RasterBenchGenerator <generated-sources-dir> <output-dir>}.
 */
public final class RasterBenchGenerator {
  private RasterBenchGenerator() {}

  public static void main(String[] args) throws IOException {
    Path generatedSources = Path.of(args[0]);
    Path out = Path.of(args[1]);
    Files.createDirectories(out.resolve("include/swizzlegen"));
    for (RasterSuite.Order order : RasterSuite.orders()) {
      Files.copy(generatedSources.resolve(order.header()), out.resolve("include").resolve(order.header()),
          StandardCopyOption.REPLACE_EXISTING);
    }
    List<RasterSuite.Run> runs = RasterSuite.runs();
    StringBuilder list = new StringBuilder();
    for (RasterSuite.Run run : runs) {
      list.append(String.format(Locale.ROOT, "%s %d %d %d %s %d%n", run.id(), run.m(), run.n(), run.k(),
          run.order(), run.tileSize()));
    }
    Files.writeString(out.resolve("raster-runs.txt"), list.toString());
    Files.writeString(out.resolve("raster-predictions.csv"), predictions(runs));
    System.out.printf("raster: %d launches written to %s%n", runs.size(), out);
  }

  /** The columns every prediction row has, in order. */
  static final String PREDICTION_HEADER = "id,m,n,k,order,tile_size,est_best_tile_size,sms,"
      + "blocks_per_sm,waves,compulsory_bytes,predicted_bytes,predicted_bytes_l2";

  static String predictions(List<RasterSuite.Run> runs) {
    StringBuilder csv = new StringBuilder(PREDICTION_HEADER).append('\n');
    for (RasterSuite.Run run : runs) {
      TrafficEstimator.Estimate perWave = estimate(run, false);
      TrafficEstimator.Estimate withL2 = estimate(run, true);
      csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%s,%d,%d,%d,%d,%d,%d,%d,%d%n", run.id(),
          run.m(), run.n(), run.k(), run.order(), run.tileSize(), run.bestTileSize(), RasterSuite.SMS,
          RasterSuite.BLOCKS_PER_SM, perWave.waves(), run.gemm().compulsoryBytes(), perWave.bytes(),
          withL2.bytes()));
    }
    return csv.toString();
  }

  /** The estimator on one launch: per wave only, or with the H100's L2 kept between waves. */
  static TrafficEstimator.Estimate estimate(RasterSuite.Run run, boolean withL2) {
    TrafficEstimator.Machine machine = RasterSuite.machine(withL2);
    return run.order().equals("ROW_MAJOR")
        ? TrafficEstimator.rowMajor(run.gemm(), machine)
        : TrafficEstimator.estimate(run.gemm(), machine, Rasterizer.valueOf(run.order()), run.tileSize());
  }
}
