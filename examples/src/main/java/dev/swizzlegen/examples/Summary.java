package dev.swizzlegen.examples;

import dev.swizzlegen.runtime.Architecture.Gpu;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Choice;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Estimate;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Gemm;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Machine;
import dev.swizzlegen.runtime.raster.TrafficEstimator.Pick;
import dev.swizzlegen.runtime.raster.TrafficEstimator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The main job: prints what the processor generated while compiling this module, one line a tile
 * (with its TMA fill and which tensor-core instruction, wgmma or tcgen05, reads it and how), the
 * bank-conflict verdict of every access it proved, the threadblock rasterizers, the shared-memory
 * plans (each storage's bytes, resident blocks per SM and phase changes), the traffic
 * estimator's table for seed 003's GEMM on an H100, where the processor's own summary of each tile
 * is (the module compiles with {@code -Aswizzlegen.summary}, whose javac notes {@code mvn -q}
 * hides), then every generated file.
 */
public final class Summary {
  private Summary() {}

  /**
   * What the header's comment says the processor proved of each access and engine, in its words:
   * the lines under {@code // Bank conflicts}, up to the comment's next blank line.
   */
  private static List<String> proof(Path header) {
    List<String> lines;
    try {
      lines = Files.readAllLines(header);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> proof = new ArrayList<>();
    int start = lines.indexOf("// Bank conflicts (32 banks of 4 bytes, 128-byte phases):");
    for (int i = start + 1; start >= 0 && i < lines.size() && lines.get(i).startsWith("//   "); i++) {
      proof.add(lines.get(i).substring("//   ".length()));
    }
    if (proof.isEmpty()) {
      throw new IllegalStateException("no proof in the comment of " + header);
    }
    return proof;
  }

  /** @param args the generated sources directory, {@code target/generated-sources/annotations} */
  public static void main(String[] args) {
    Path generated = Path.of(args.length > 0 ? args[0] : "target/generated-sources/annotations");
    List<GeneratedTiles.Tile> tiles = GeneratedTiles.find(generated);
    List<String> files = GeneratedTiles.files(generated);
    System.out.printf("swizzlegen: %d tiles, %d generated files in %s%n%n", tiles.size(), files.size(),
        generated);
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("tile (Java helper)", "swizzle", "shape", "atoms", "stages", "dtype",
        "CUDA header", "TMA mode (boxes)", "tensor-core read"));
    for (GeneratedTiles.Tile tile : tiles) {
      TileLayout layout = tile.layout();
      rows.add(List.of(tile.helper().getSimpleName(), layout.swizzleName(), layout.shape(),
          layout.isOneAtom() ? "-" : layout.strided().atomShape()
              + (layout.atomOrder() == Order.COL_MAJOR ? " col-major" : " row-major"),
          Integer.toString(layout.stages()), layout.dtype().toString(), tile.cudaHeader(),
          Engine.atDefaultAlignment(layout).flatMap(aligned -> TmaFill.plan(aligned).plan())
              .map(fill -> fill.mode().cudaName() + " ("
              + fill.boxes().size() + (fill.boxes().size() == 1 ? " box " : " boxes ")
              + fill.boxRows() + "x" + fill.boxCols() + ")")
              .orElse("-"), tensorCores(tile)));
    }
    printTable(rows);

    System.out.printf("%nbank conflicts, as the processor proved them (32 banks of 4 bytes):%n");
    for (GeneratedTiles.Tile tile : tiles) {
      System.out.printf("  %s%n", tile.cudaType());
      for (String line : proof(generated.resolve(tile.cudaHeader()))) {
        System.out.printf("    %s%n", line);
      }
    }
    List<GeneratedRasters.Raster> rasters = GeneratedRasters.find(generated);
    System.out.printf("%nthreadblock rasterizers: %d%n", rasters.size());
    List<List<String>> rasterRows = new ArrayList<>();
    rasterRows.add(List.of("rasterizer (Java twin)", "order", "tile size", "CUDA header", "struct"));
    for (GeneratedRasters.Raster raster : rasters) {
      rasterRows.add(List.of(raster.twin().getSimpleName(), raster.rasterizer().toString(),
          Integer.toString(raster.tileSize()), raster.cudaHeader(), raster.cudaType()));
    }
    printTable(rasterRows);

    List<GeneratedStorages.Storage> storages = GeneratedStorages.find(generated);
    System.out.printf("%nshared-memory plans (@SharedStorage): %d%n", storages.size());
    List<List<String>> storageRows = new ArrayList<>();
    storageRows.add(List.of("storage (Java twin)", "bytes", "launch bytes", "blocks per SM",
        "buffers", "phase changes", "CUDA header"));
    for (GeneratedStorages.Storage storage : storages) {
      storageRows.add(List.of(storage.twin().getSimpleName(), Integer.toString(storage.bytes()),
          Integer.toString(storage.dynamicBytes()), Integer.toString(storage.blocksPerSm()),
          Integer.toString(storage.buffers().size()),
          storage.phaseChanges().isEmpty() ? "-" : String.join("; ", storage.phaseChanges()),
          storage.cudaHeader()));
    }
    printTable(storageRows);

    printTrafficEstimates();

    System.out.printf("%nprocessor summaries (-Aswizzlegen.summary; mvn -q hides javac's notes): %d"
        + " tiles, %d rasterizers and %d storages, one file each, %s%n", tiles.size(),
        rasters.size(), storages.size(),
        generated.resolve("swizzlegen").resolve("*.summary.txt"));

    System.out.printf("%nfiles:%n");
    for (String file : files) {
      System.out.printf("  %s%n", file);
    }
  }

  /**
   * Which tensor-core instruction reads the tile, and how: each declared read, the instruction named
   * ({@code wgmma K-major SWIZZLE_128B, 4 x k16}, {@code tcgen05 K-major SWIZZLE_128B, 4 x k16}); for a
   * tile no instruction is declared to read, the majors each could read it as ({@code could: wgmma
   * K, MN; tcgen05 K, MN}).
   */
  private static String tensorCores(GeneratedTiles.Tile tile) {
    TileLayout layout = tile.layout();
    List<String> reads = new ArrayList<>();
    for (MmaRead read : MmaRead.in(tile.engines())) {
      MmaOperand operand = read.plan(layout).orElseThrow();
      reads.add(read(family(read.format()), read.major(), read.format().descriptor()
              .layoutTypeName(operand.layoutType()).orElse(operand.layoutType().name()),
          operand.kSlices(), operand.instructionK()));
    }
    if (!reads.isEmpty()) {
      return String.join("; ", reads);
    }
    List<String> could = new ArrayList<>();
    for (MmaFormat format : MmaFormat.all()) {
      could(could, family(format), major -> MmaOperand.plan(format, layout, major).exists());
    }
    return could.isEmpty() ? "-" : "could: " + String.join("; ", could);
  }

  /** The instruction family: {@code wgmma}, {@code tcgen05} (of {@code tcgen05.mma}). */
  private static String family(MmaFormat format) {
    String instruction = format.instruction();
    int dot = instruction.indexOf('.');
    return dot < 0 ? instruction : instruction.substring(0, dot);
  }

  /** {@code wgmma K-major SWIZZLE_128B, 4 x k16}. */
  private static String read(String instruction, Major major, String swizzle, int kSlices,
      int instructionK) {
    return instruction + " " + major + "-major " + swizzle + ", " + kSlices + " x k" + instructionK;
  }

  /** Adds {@code "wgmma K, MN"}: the majors {@code instruction} reads the tile as, if any. */
  private static void could(List<String> could, String instruction, Predicate<Major> reads) {
    List<String> majors = new ArrayList<>();
    for (Major major : Major.values()) {
      if (reads.test(major)) {
        majors.add(major.name());
      }
    }
    if (!majors.isEmpty()) {
      could.add(instruction + " " + String.join(", ", majors));
    }
  }

  /** Seed 003's sizes: M = N = K = 1024, 2048, 4096, and the narrow M = N = 1024, K = 128. */
  private static final int[][] SEED_003_SIZES = {
      {1024, 1024, 1024}, {2048, 2048, 2048}, {4096, 4096, 4096}, {1024, 1024, 128}};

  /**
   * The traffic estimator's table for seed 003's GEMM on an H100 and an H200: row-major order, every
   * order at seed 003's tile size 4 and at its best tile size, and the pick, or "no order to pick"
   * where every order reads within the model's error of the compulsory bytes.
   */
  static void printTrafficEstimates() {
    // Seed 003's matmul_smem<32>: blocks of 32 x 32 threads, one fp32 output each, two 32 x 32 fp32
    // tiles of shared memory (8 KB) and 32 registers a thread. A Hopper SM holds 2048 threads, 65536
    // registers and 228 KB of shared memory: min(2048 / 1024, 65536 / (1024 * 32), 228 / 8) = 2.
    int threads = 32 * 32;
    int blocksPerSm = Math.min(Math.min(2048 / threads, 65536 / (threads * 32)), 228 * 1024 / 8192);
    System.out.printf("%nDRAM bytes read, predicted by TrafficEstimator for seed 003's GEMM (32 x 32 fp32"
        + " block tiles, %d resident blocks an SM):%nthe launch's A and B slices streamed through"
        + " one L2 partition, least recently used first out (docs/rasterizer.md).%n", blocksPerSm);
    for (Gpu gpu : List.of(Gpu.H100, Gpu.H200)) {
      Machine machine = Machine.of(gpu, blocksPerSm);
      for (int[] size : SEED_003_SIZES) {
        Gemm gemm = new Gemm(size[0], size[1], size[2], 32, 32, 4);
        Estimate rowMajor = TrafficEstimator.rowMajor(gemm, machine);
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("  order", "tile 4", "best tile"));
        rows.add(List.of("  row-major", megabytes(rowMajor.bytes()), "-"));
        List<Choice> choices = new ArrayList<>();
        for (Rasterizer rasterizer : Rasterizer.values()) {
          choices.add(TrafficEstimator.bestTileSize(gemm, machine, rasterizer, 32));
          rows.add(List.of("  " + rasterizer,
              megabytes(TrafficEstimator.estimate(gemm, machine, rasterizer, 4).bytes()),
              choice(choices.get(choices.size() - 1))));
        }
        System.out.printf("%n%s (%d MB of L2, %d MB kept), M=%d N=%d K=%d: %d x %d tiles, %.1f waves;"
            + " A and B once: %s; pick: %s%n", gpu, gpu.l2Bytes() >> 20, machine.keptBytes() >> 20,
            size[0], size[1], size[2], gemm.gridX(), gemm.gridY(), rowMajor.waves(),
            megabytes(gemm.compulsoryBytes()), choice(TrafficEstimator.best(choices)));
        printTable(rows);
      }
    }
  }

  /** {@code STRIPS t16: 148.9 MB}, or {@code no order to pick (at most 33.6 MB)}. */
  private static String choice(Choice choice) {
    if (choice instanceof Pick pick) {
      return (pick.rasterizer().usesTileSize() ? pick.rasterizer() + " t" + pick.tileSize()
          : pick.rasterizer().toString()) + ": " + megabytes(pick.estimate().bytes());
    }
    return "no order to pick (at most " + megabytes(choice.estimate().bytes()) + ")";
  }

  private static String megabytes(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  /** Left-aligned columns, each as wide as its widest cell. */
  static void printTable(List<List<String>> rows) {
    int[] widths = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        line.append(String.format("%-" + (widths[i] + 2) + "s", row.get(i)));
      }
      System.out.println(line.toString().stripTrailing());
    }
  }
}
