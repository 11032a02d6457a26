package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes what {@code bench/gpu/kernels.sh} needs on the GPU machine, which has no JDK:
 *
 * <pre>
 *   include/swizzlegen/*.cuh   the generated headers examples/kernels includes, and those they include
 *                              (a storage's header includes its tiles'), and only those
 *   gemm-launches.txt          the GEMM launches: id m n k kernel variant order tile_size
 *   gemm-launches-blackwell.txt  blackwell_gemm's (not run: no Blackwell GPU here), the same format
 *   gemm-profiled.txt          the ids Nsight Compute profiles
 *   gemm-predictions.csv       per launch, the estimator's DRAM bytes and whether it is its pick
 * </pre>
 *
 * <p>Usage: {@code KernelBenchGenerator <generated-sources-dir> <kernels-source-dir> <output-dir>}.
 */
public final class KernelBenchGenerator {
  private KernelBenchGenerator() {}

  private static final Pattern INCLUDE = Pattern.compile("#include \"(swizzlegen/[^\"]+\\.cuh)\"");
  /** A generated header's include of another beside it ({@code #include "hopper_a.cuh"}). */
  private static final Pattern SIBLING = Pattern.compile("#include \"([A-Za-z0-9_]+\\.cuh)\"");

  public static void main(String[] args) throws IOException {
    Path generated = Path.of(args[0]);
    Path kernels = Path.of(args[1]);
    Path out = Path.of(args[2]);
    Files.createDirectories(out.resolve("include/swizzlegen"));
    TreeSet<String> headers = withTheirIncludes(generated, kernels, includedHeaders(kernels));
    for (String header : headers) {
      Files.copy(generated.resolve(header), out.resolve("include").resolve(header),
          StandardCopyOption.REPLACE_EXISTING);
    }
    List<KernelBench.Launch> launches = KernelBench.launches();
    Files.writeString(out.resolve("gemm-launches.txt"), launchList(launches));
    Files.writeString(out.resolve("gemm-launches-blackwell.txt"),
        launchList(KernelBench.blackwellLaunches()));
    StringBuilder profiled = new StringBuilder();
    for (KernelBench.Launch l : KernelBench.profiled()) {
      profiled.append(l.id()).append('\n');
    }
    Files.writeString(out.resolve("gemm-profiled.txt"), profiled.toString());
    Files.writeString(out.resolve("gemm-predictions.csv"), predictions(launches));
    System.out.printf("kernels: %d headers, %d GEMM launches (%d profiled) written to %s%n",
        headers.size(), launches.size(), KernelBench.profiled().size(), out);
  }

  static String launchList(List<KernelBench.Launch> launches) {
    StringBuilder list = new StringBuilder("# id m n k kernel variant order tile_size\n");
    for (KernelBench.Launch l : launches) {
      list.append(String.format(Locale.ROOT, "%s %d %d %d %s %s %s %d%n", l.id(), l.shape().m(),
          l.shape().n(), l.shape().k(), l.kernel(), l.variant(), l.order(), l.tileSize()));
    }
    return list.toString();
  }

  /** The swizzlegen headers the sources under {@code kernels} include. */
  static TreeSet<String> includedHeaders(Path kernels) throws IOException {
    TreeSet<String> headers = new TreeSet<>();
    try (Stream<Path> files = Files.list(kernels)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".cu") || f.toString().endsWith(".cuh"))
          .sorted().toList()) {
        Matcher m = INCLUDE.matcher(Files.readString(file));
        while (m.find()) {
          headers.add(m.group(1));
        }
      }
    }
    return headers;
  }

  /**
   * The headers and, transitively, the generated headers they include beside them (a storage's header
   * includes its tiles' headers as {@code "hopper_a.cuh"}); each must have been generated.
   */
  static TreeSet<String> withTheirIncludes(Path generated, Path kernels, TreeSet<String> headers)
      throws IOException {
    TreeSet<String> all = new TreeSet<>();
    ArrayDeque<String> pending = new ArrayDeque<>(headers);
    while (!pending.isEmpty()) {
      String header = pending.pop();
      if (!all.add(header)) {
        continue;
      }
      Path source = generated.resolve(header);
      if (!Files.isRegularFile(source)) {
        throw new IllegalStateException(kernels + " includes " + header + ", which nothing generated");
      }
      Matcher m = SIBLING.matcher(Files.readString(source));
      while (m.find()) {
        pending.push("swizzlegen/" + m.group(1));
      }
    }
    return all;
  }

  /** The columns every prediction row has, in order. */
  static final String PREDICTION_HEADER = "id,order,tile_size,recommended,every_choice_ties,"
      + "compulsory_bytes,predicted_bytes";

  static String predictions(List<KernelBench.Launch> launches) {
    StringBuilder csv = new StringBuilder(PREDICTION_HEADER).append('\n');
    for (KernelBench.Launch l : launches) {
      if (l.kernel().equals("cublas")) {
        continue;
      }
      csv.append(String.format(Locale.ROOT, "%s,%s,%d,%b,%b,%d,%d%n", l.id(), l.order(), l.tileSize(),
          l.recommended(), KernelBench.recommend(l.shape()) instanceof TrafficEstimator.NoOrderToPick,
          l.shape().gemm().compulsoryBytes(), predictedBytes(l)));
    }
    return csv.toString();
  }

  /** The estimator's DRAM bytes for a launch of the Ampere-style kernel. */
  static long predictedBytes(KernelBench.Launch l) {
    TrafficEstimator.Gemm gemm = l.shape().gemm();
    return l.order().equals("ROW_MAJOR")
        ? TrafficEstimator.rowMajor(gemm, KernelBench.MACHINE).bytes()
        : TrafficEstimator.estimate(gemm, KernelBench.MACHINE, Rasterizer.valueOf(l.order()), l.tileSize())
            .bytes();
  }
}
