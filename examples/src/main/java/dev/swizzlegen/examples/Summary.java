package dev.swizzlegen.examples;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The main job: prints what the processor generated while compiling this module, one line a tile,
 * the bank-conflict verdict of every access it proved, then every generated file.
 */
public final class Summary {
  private Summary() {}

  /** @param args the generated sources directory, {@code target/generated-sources/annotations} */
  public static void main(String[] args) {
    Path generated = Path.of(args.length > 0 ? args[0] : "target/generated-sources/annotations");
    List<GeneratedTiles.Tile> tiles = GeneratedTiles.find(generated);
    List<String> files = GeneratedTiles.files(generated);
    System.out.printf("swizzlegen: %d tiles, %d generated files in %s%n%n", tiles.size(), files.size(),
        generated);
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("tile (Java helper)", "swizzle", "shape", "dtype", "CUDA header", "TMA mode"));
    for (GeneratedTiles.Tile tile : tiles) {
      TileLayout layout = tile.layout();
      rows.add(List.of(tile.helper().getSimpleName(), layout.swizzleName(), layout.shape(),
          layout.dtype().toString(), tile.cudaHeader(),
          layout.tmaSwizzle().map(TmaSwizzle::cudaName).orElse("-")));
    }
    printTable(rows);

    System.out.printf("%nbank conflicts, as the processor proved them (32 banks of 4 bytes):%n");
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    for (GeneratedTiles.Tile tile : tiles) {
      System.out.printf("  %s%n", tile.cudaType());
      for (AccessPattern access : tile.accesses()) {
        System.out.printf("    %s%n", analyzer.analyze(tile.layout(), access).summary());
      }
    }
    System.out.printf("%nfiles:%n");
    for (String file : files) {
      System.out.printf("  %s%n", file);
    }
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
