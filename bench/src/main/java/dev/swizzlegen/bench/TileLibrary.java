package dev.swizzlegen.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

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

  /**
   * Hopper operand tiles as GEMM mainloops declare them: 8 x 64 half atoms of the 128-byte swizzle,
   * stages, filled by TMA and read by wgmma, K-major and MN-major: the engines' plans, which check
   * every element each box writes and each descriptor reads, are what such a tile costs.
   */
  private static final List<Template> OPERANDS = List.of(
      new Template("bits = 3, base = 3, shift = 3, atomRows = 8, atomCols = 64, stages = 3", "HALF",
          64, List.of("@Access(kind = AccessKind.TMA)",
              "@Access(kind = AccessKind.WGMMA, major = Major.K)")),
      new Template("bits = 3, base = 3, shift = 3, atomRows = 8, atomCols = 64, stages = 2", "BF16",
          128, List.of("@Access(kind = AccessKind.TMA)",
              "@Access(kind = AccessKind.WGMMA, major = Major.MN)")));
  private static final int[] OPERAND_ROWS = {128, 176, 256, 64};

  private TileLibrary() {}

  /** {@code <explicit|derived|operands> <count> <directory>}: writes that library. */
  public static void main(String[] args) {
    int count = Integer.parseInt(args[1]);
    Path directory = Path.of(args[2]);
    switch (args[0]) {
      case "explicit" -> write(directory, count, false);
      case "derived" -> write(directory, count, true);
      case "operands" -> writeOperands(directory, count);
      default -> throw new IllegalArgumentException("no library " + args[0]);
    }
  }

  /**
   * Writes {@code count} Hopper operand tiles (TMA + WGMMA) under {@code directory/library}, as
   * {@link #write} writes the library's tiles.
   */
  public static List<Path> writeOperands(Path directory, int count) {
    return write(directory, count, i -> OPERANDS.get(i % OPERANDS.size()),
        i -> OPERAND_ROWS[(i / OPERANDS.size()) % OPERAND_ROWS.length], false);
  }

  /**
   * Writes {@code count} tiles under {@code directory/library}, {@value #TILES_PER_FILE} to a file,
   * and returns the files. With {@code derived}, bits, base and shift are omitted: the processor
   * derives every swizzle.
   */
  public static List<Path> write(Path directory, int count, boolean derived) {
    return write(directory, count, i -> TEMPLATES.get(i % TEMPLATES.size()),
        i -> ROWS[(i / TEMPLATES.size()) % ROWS.length], derived);
  }

  private static List<Path> write(Path directory, int count, IntFunction<Template> templates,
      IntUnaryOperator rowCounts, boolean derived) {
    try {
      Path packageDirectory = Files.createDirectories(directory.resolve("library"));
      List<Path> files = new ArrayList<>();
      for (int first = 0; first < count; first += TILES_PER_FILE) {
        String kernel = "Kernel" + first / TILES_PER_FILE;
        StringBuilder source = new StringBuilder("package library;\n\n"
            + "import dev.swizzlegen.annotations.*;\n\n"
            + "final class " + kernel + " {\n");
        for (int i = first; i < Math.min(count, first + TILES_PER_FILE); i++) {
          Template template = templates.apply(i);
          int rows = rowCounts.applyAsInt(i);
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
