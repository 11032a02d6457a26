package dev.swizzlegen.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A large kernel library's tiles, as source files: {@code count} annotated types in package
 * {@code library}, {@value #TILES_PER_FILE} to a file as the nested types of one class (as a
 * kernel's tiles are declared together), each a tile with three accesses, for the processor cost
 * benchmark. The shapes, element types and accesses cycle through what GEMM and attention kernels
 * declare (operand tiles read by ldmatrix, accumulator tiles written by mma, tiles read down their
 * columns), 32 to 256 rows, and every one is conflict-free, so that the library compiles.
 */
public final class TileLibrary {
  /** Tiles declared in one source file. */
  public static final int TILES_PER_FILE = 100;

  private static final String ROW_WRITE = "@Access(op = Op.STORE, bytes = 16)";
  private static final String COLUMN_READ =
      "@Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR)";
  private static final String LDMATRIX = "@Access(kind = AccessKind.LDMATRIX, matrices = 4)";
  private static final String LDMATRIX_TRANS =
      "@Access(kind = AccessKind.LDMATRIX, matrices = 4, trans = true)";
  private static final String MMA_STORE = "@Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE)";

  /** A kind of tile: its swizzle and element type, the accesses, and its row length. */
  private record Template(String swizzle, String dtype, int cols, List<String> accesses) {}

  private static final List<Template> TEMPLATES = List.of(
      new Template("bits = 3, base = 3, shift = 3", "HALF", 64, List.of(ROW_WRITE, LDMATRIX, COLUMN_READ)),
      new Template("bits = 3, base = 3, shift = 3", "BF16", 64,
          List.of(ROW_WRITE, LDMATRIX_TRANS, MMA_STORE)),
      new Template("bits = 3, base = 2, shift = 3", "FLOAT", 32,
          List.of(ROW_WRITE, COLUMN_READ, LDMATRIX)),
      new Template("bits = 3, base = 4, shift = 3", "INT8", 128,
          List.of(ROW_WRITE, COLUMN_READ, "@Access(bytes = 16, threads = {4, 8})")),
      new Template("bits = 2, base = 3, shift = 3", "HALF", 32, List.of(ROW_WRITE, LDMATRIX, MMA_STORE)));
  private static final int[] ROWS = {64, 128, 32, 256};

  private TileLibrary() {}

  /**
   * Writes {@code count} tiles under {@code directory/library}, {@value #TILES_PER_FILE} to a file,
   * and returns the files. With {@code derived}, bits, base and shift are omitted: the processor
   * derives every swizzle.
   */
  public static List<Path> write(Path directory, int count, boolean derived) {
    try {
      Path packageDirectory = Files.createDirectories(directory.resolve("library"));
      List<Path> files = new ArrayList<>();
      for (int first = 0; first < count; first += TILES_PER_FILE) {
        String kernel = "Kernel" + first / TILES_PER_FILE;
        StringBuilder source = new StringBuilder("package library;\n\n"
            + "import dev.swizzlegen.annotations.*;\n\n"
            + "final class " + kernel + " {\n");
        for (int i = first; i < Math.min(count, first + TILES_PER_FILE); i++) {
          Template template = TEMPLATES.get(i % TEMPLATES.size());
          int rows = ROWS[(i / TEMPLATES.size()) % ROWS.length];
          String swizzle = derived ? "" : template.swizzle() + ", ";
          source.append("  @SwizzledTile(").append(swizzle).append("dtype = DType.")
              .append(template.dtype()).append(", rows = ").append(rows).append(", cols = ")
              .append(template.cols()).append(", access = {\n      ")
              .append(String.join(",\n      ", template.accesses())).append("})\n")
              .append("  interface Tile").append(i).append(" {}\n\n");
        }
        source.append("}\n");
        Path file = packageDirectory.resolve(kernel + ".java");
        Files.writeString(file, source);
        files.add(file);
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
