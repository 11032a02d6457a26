package dev.swizzlegen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Writes what {@code bench/gpu/raster.sh} needs on the GPU, under the directory given:
 *
 * <pre>
 *   include/swizzlegen/*.cuh   the generated rasterizer headers raster_gemm.cu includes
 *   raster-runs.txt            seed 003's SIMT GEMM's launches: id m n k order tile_size
 *   raster-hopper.txt          the Hopper GEMM's, as hopper_gemm.cu reads them:
 *                              id m n k kernel variant order tile_size, cuBLAS first at each size
 * </pre>
 *
 * <p>The predictions are made after the measurements, from them: {@link RasterReport}.
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
    StringBuilder simt = new StringBuilder();
    StringBuilder hopper = new StringBuilder("# id m n k kernel variant order tile_size\n");
    String shape = "";
    for (RasterSuite.Run run : RasterSuite.runs()) {
      if (run.kernel() == RasterSuite.SIMT) {
        simt.append(String.format(Locale.ROOT, "%s %d %d %d %s %d%n", run.id(), run.m(), run.n(),
            run.k(), run.order(), run.tileSize()));
        continue;
      }
      if (!run.shape().equals(shape)) {
        shape = run.shape();
        hopper.append(String.format(Locale.ROOT, "hopper-%s-cublas %d %d %d cublas - - 0%n", shape,
            run.m(), run.n(), run.k()));
      }
      hopper.append(String.format(Locale.ROOT, "%s %d %d %d hopper swizzled %s %d%n", run.id(),
          run.m(), run.n(), run.k(), run.order(), run.tileSize()));
    }
    Files.writeString(out.resolve("raster-runs.txt"), simt.toString());
    Files.writeString(out.resolve("raster-hopper.txt"), hopper.toString());
    System.out.printf("raster: %d launches written to %s%n", RasterSuite.runs().size(), out);
  }
}
