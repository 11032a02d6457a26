package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the README's first command prints ({@link Summary}, after {@code mvn -B -q -DskipTests
 * package}): the tensor-core column names the instruction that reads each tile, so a tcgen05 tile
 * reads truthfully; and the processor's own summary, which {@code mvn -q} hides as javac notes, is
 * reachable in a file per tile (issue 30, item 11).
 */
class SummaryTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations");

  private static String printed() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      Summary.main(new String[] {GENERATED.toString()});
    } finally {
      System.setOut(original);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The table row of a tile, by its helper's simple name. */
  private static String row(List<String> lines, String helper) {
    return lines.stream().filter(line -> line.startsWith(helper + " ")).findFirst().orElseThrow();
  }

  @Test
  void theTensorCoreColumnNamesTheInstructionThatReadsEachTile() {
    List<String> lines = printed().lines().toList();
    String header = lines.stream().filter(line -> line.startsWith("tile (Java helper)"))
        .findFirst().orElseThrow();
    assertFalse(header.contains("wgmma operand"), header);
    assertTrue(header.contains("tensor-core read"), header);
    // Hopper's operand is read by wgmma, Blackwell's by tcgen05, each with its descriptor's swizzle.
    assertTrue(row(lines, "HopperASwizzle").endsWith("wgmma K-major SWIZZLE_128B, 4 x k16"),
        row(lines, "HopperASwizzle"));
    String blackwell = row(lines, "BlackwellASwizzle");
    assertTrue(blackwell.endsWith("tcgen05 K-major SWIZZLE_128B, 4 x k16"), blackwell);
    // A tile no tensor core is declared to read: what each instruction could read it as.
    assertTrue(row(lines, "TmaStagedTileSwizzle").endsWith("could: wgmma K, MN; tcgen05 K, MN"),
        row(lines, "TmaStagedTileSwizzle"));
  }

  @Test
  void theProcessorsSummaryIsAFilePerTileThatTheSummaryPointsTo() throws IOException {
    String printed = printed();
    int tiles = GeneratedTiles.find(GENERATED).size();
    int rasters = GeneratedRasters.find(GENERATED).size();
    int storageTwins = GeneratedStorages.find(GENERATED).size();
    assertTrue(printed.contains("processor summaries (-Aswizzlegen.summary; mvn -q hides javac's"
        + " notes): " + tiles + " tiles, " + rasters + " rasterizers and " + storageTwins
        + " storages, one file each, " + GENERATED + "/swizzlegen/*.summary.txt"), printed);
    // A file per tile and rasterizer, and one per @SharedStorage (the kernels' plans: three).
    try (var files = Files.list(GENERATED.resolve("swizzlegen"))) {
      List<Path> summaries = files.filter(file -> file.toString().endsWith(".summary.txt")).toList();
      long storages = 0;
      for (Path summary : summaries) {
        if (Files.readString(summary).startsWith("swizzlegen: storage ")) {
          storages++;
        }
      }
      assertEquals(3, storages);
      assertEquals(storages, storageTwins);
      assertEquals(tiles + rasters, summaries.size() - storages);
    }
    String blackwell = Files.readString(GENERATED.resolve("swizzlegen/blackwell_a.summary.txt"));
    assertTrue(blackwell.startsWith("swizzlegen: tile BlackwellGemmTiles.BlackwellA: "), blackwell);
    assertTrue(blackwell.contains("\n  UMMA: tcgen05.mma (kind::f16) reads it as"), blackwell);
    assertEquals(1, blackwell.lines().filter(line -> line.startsWith("swizzlegen:")).count());
  }

  /**
   * Issue 39, item 9: the summary lists every storage the examples declare (three), each with its
   * bytes, launch bytes and resident blocks per SM as its Java twin holds them and its phase changes
   * as its report lists them.
   */
  @Test
  void theSummaryListsEveryStorageWithItsBytesBlocksAndPhaseChanges() throws Exception {
    List<String> lines = printed().lines().toList();
    List<GeneratedStorages.Storage> storages = GeneratedStorages.find(GENERATED);
    assertEquals(List.of("BlackwellGemmStorageLayout", "BlackwellPairStorageLayout",
        "HopperGemmStorageLayout"), storages.stream().map(s -> s.twin().getSimpleName()).toList());
    assertTrue(lines.contains("shared-memory plans (@SharedStorage): 3"), String.join("\n", lines));
    for (GeneratedStorages.Storage storage : storages) {
      String row = row(lines, storage.twin().getSimpleName());
      List<String> cells = List.of(row.split("\\s{2,}"));
      assertEquals(String.valueOf(storage.twin().getField("BYTES").getInt(null)), cells.get(1),
          row);
      assertEquals(String.valueOf(storage.twin().getField("DYNAMIC_BYTES").getInt(null)),
          cells.get(2), row);
      assertEquals(String.valueOf(storage.twin().getField("BLOCKS_PER_SM").getInt(null)),
          cells.get(3), row);
      assertTrue(row.endsWith(storage.cudaHeader()), row);
      // Every phase change the report lists, with the header's helper that makes it.
      String report = Files.readString(GENERATED.resolve(storage.cudaHeader().replace(".cuh",
          ".json")));
      long changes = report.lines().filter(line -> line.contains("\"helper\": ")).count();
      assertEquals(changes, storage.phaseChanges().size(), report);
      String header = Files.readString(GENERATED.resolve(storage.cudaHeader()));
      for (String change : storage.phaseChanges()) {
        assertTrue(row.contains(change), row);
        String helper = change.substring(0, change.indexOf(" (")).replace(" -> ", "_to_");
        // The header offers the helper exactly where the summary names one.
        assertEquals(!change.endsWith("(" + GeneratedStorages.KERNEL_STEPS_ONLY + ")"),
            header.contains(" void " + helper + "()"), change);
      }
    }
    String hopper = row(lines, "HopperGemmStorageLayout");
    assertTrue(hopper.contains("mainloop -> epilogue (mainloop_to_epilogue());"
        + " epilogue -> mainloop (epilogue_to_mainloop())"), hopper);
  }

  /**
   * Issue 39, item 9: {@code mvn -B -q} prints nothing of its own where nothing is wrong: no stray
   * {@code ESC[0m} (Maven 3.8's console reset, which {@code .mvn/jvm.config} turns off) before the
   * summary.
   */
  @Test
  void quietMavenPrintsNoStrayConsoleReset() throws IOException, InterruptedException {
    Process maven = new ProcessBuilder("mvn", "-B", "-q", "-o", "-N", "validate")
        .directory(Path.of("..").toFile()).redirectErrorStream(true).start();
    byte[] printed = maven.getInputStream().readAllBytes();
    assertEquals(0, maven.waitFor(), new String(printed, StandardCharsets.UTF_8));
    // Nothing but what the JVM itself may warn of (JDK 25 on Maven 3.8's Guava), and no escape.
    String output = new String(printed, StandardCharsets.UTF_8);
    assertFalse(output.contains("\u001b"), output.replace("\u001b", "ESC"));
    assertEquals(List.of(), output.lines().filter(line -> !line.startsWith("WARNING: ")).toList(),
        output);
  }

  @Test
  void theTrafficTableIsOneEstimatePerGpuAndSaysWhenNoOrderMatters() {
    String printed = printed();
    // One column of bytes per order, no second model beside it.
    assertFalse(printed.contains("per wave"), printed);
    assertTrue(printed.contains("H100 (50 MB of L2, 25 MB kept), M=4096 N=4096 K=4096"), printed);
    assertTrue(printed.contains("H200 (60 MB of L2, 30 MB kept), M=4096 N=4096 K=4096"), printed);
    // Seed 003's 1024^3 (8.4 MB of operands) fits in either L2: no order to pick.
    assertTrue(printed.contains("M=1024 N=1024 K=1024: 32 x 32 tiles, 3.9 waves; A and B once: 8.4 MB;"
        + " pick: no order to pick (at most 8.4 MB)"), printed);
    assertTrue(printed.contains("A and B once: 134.2 MB; pick: SERPENTINE t32"), printed);
  }
}
