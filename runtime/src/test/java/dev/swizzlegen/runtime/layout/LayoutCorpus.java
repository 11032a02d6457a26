package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Tiles the algebra's law tests run on: the real kernels' layouts of the corpus
 * ({@code docs/corpus.md}, issue 21's resource file) and random tiles of every type, swizzle, atom,
 * atom order, stage count, row count and alignment.
 */
public final class LayoutCorpus {
  private LayoutCorpus() {}

  private static final Path REAL_LAYOUTS =
      Path.of("..", "examples", "src", "test", "resources", "issue21-real-layouts.txt");

  /** The corpus's tiles pasted as CuTe prints them, as declared (rows, cols, stages, type). */
  public static List<TileLayout> realLayouts() throws IOException {
    List<TileLayout> tiles = new ArrayList<>();
    String layout = null;
    for (String line : Files.readAllLines(REAL_LAYOUTS)) {
      if (line.startsWith("#@ layout-string ")) {
        layout = line.substring("#@ layout-string ".length()).trim();
      } else if (line.startsWith("#@ tile ") && layout != null && !layout.equals("(none)")) {
        String[] tile = line.substring("#@ tile ".length()).split("[ =]");
        CuteTile.describe(CuteLayout.parse(layout), DType.valueOf(tile[7]),
                Integer.parseInt(tile[1]), Integer.parseInt(tile[3]), Integer.parseInt(tile[5]),
                Order.COL_MAJOR).tile().flatMap(TileDescription::tryBuild).ifPresent(tiles::add);
        layout = null;
      }
    }
    return tiles;
  }

  /** Random tiles the builder accepts, many of them read by one format or the other. */
  public static List<TileLayout> randomTiles(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] rows = {8, 16, 24, 32, 64, 128, 176, 256};
    int[] sides = {8, 16, 32, 64, 128, 256};
    int[] alignments = {128, 256, 512, 1024};
    List<TileLayout> tiles = new ArrayList<>();
    while (tiles.size() < count) {
      DType dtype = DType.values()[random.nextInt(DType.values().length)];
      int unitBase = 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
      int bits = random.nextInt(4);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : random.nextInt(6) == 0
          ? Swizzle.of(2, unitBase + 1, 2)
          : Swizzle.of(bits, Math.max(0, unitBase + random.nextInt(3) - 1), 3 + random.nextInt(2));
      int r = rows[random.nextInt(rows.length)];
      int c = sides[random.nextInt(sides.length)];
      TileDescription builder = TileLayout.builder(dtype, swizzle, r, c)
          .alignment(alignments[random.nextInt(alignments.length)]).stages(1 + random.nextInt(3));
      if (random.nextInt(3) > 0) {
        builder.atom(Math.min(new int[] {4, 8, 16}[random.nextInt(3)], r),
            Math.min(sides[random.nextInt(5)], c),
            random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      }
      try {
        builder.tryBuild().ifPresent(tiles::add);
      } catch (IllegalArgumentException e) {
        // a swizzle past the offset's bits: not a tile
      }
    }
    return tiles;
  }

}
