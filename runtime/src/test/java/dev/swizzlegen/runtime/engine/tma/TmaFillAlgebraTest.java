package dev.swizzlegen.runtime.engine.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The law behind {@link TmaFill#fillsByAlgebra}: deciding on the layout's two parts (a walk down
 * each box and one across it) whether boxes of a size put every element where the tile has it gives
 * the verdict of comparing every element ({@link TmaFill#mismatch} with a step of 1), on random
 * tiles of every type, TMA pattern, atom, atom order, row count and alignment, for every box size
 * that divides the tile.
 */
class TmaFillAlgebraTest {
  @Test
  void theAlgebraGivesTheElementsVerdictForEveryBoxSize() {
    SplittableRandom random = new SplittableRandom(4141);
    int[] rows = {8, 16, 24, 32, 64, 128, 176};
    int[] sides = {16, 32, 64, 128, 256};
    int tiles = 0;
    int decided = 0;
    int boxes = 0;
    int fills = 0;
    while (tiles < 1500) {
      DType dtype = DType.values()[random.nextInt(DType.values().length)];
      int unitBase = 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
      int bits = random.nextInt(4);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY
          : Swizzle.of(bits, Math.max(0, unitBase + random.nextInt(3) - 1), 3);
      int r = rows[random.nextInt(rows.length)];
      int c = sides[random.nextInt(sides.length)];
      TileDescription builder = TileLayout.builder(dtype, swizzle, r, c).alignment(1024);
      if (random.nextInt(3) > 0) {
        builder.atom(Math.min(new int[] {4, 8, 16}[random.nextInt(3)], r),
            Math.min(sides[random.nextInt(4)], c),
            random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      }
      Optional<TileLayout> built;
      try {
        built = builder.tryBuild();
      } catch (IllegalArgumentException e) {
        continue;
      }
      if (built.isEmpty() || built.get().tmaSwizzle().isEmpty()) {
        continue;
      }
      TileLayout tile = built.get();
      TmaSwizzle mode = tile.tmaSwizzle().get();
      tiles++;
      for (int boxCols = 1; boxCols <= tile.cols(); boxCols++) {
        if (tile.cols() % boxCols != 0 || (long) boxCols * tile.elementBits() % 128 != 0) {
          continue;
        }
        for (int boxRows = 1; boxRows <= tile.rows(); boxRows++) {
          if (tile.rows() % boxRows != 0) {
            continue;
          }
          boxes++;
          boolean elements = TmaFill.mismatch(tile, mode, boxRows, boxCols, 1).isEmpty();
          Optional<Boolean> algebra = TmaFill.fillsByAlgebra(tile, mode, boxRows, boxCols);
          if (algebra.isPresent()) {
            decided++;
            assertEquals(elements, algebra.get(), tile + " " + boxRows + " x " + boxCols);
          }
          fills += elements ? 1 : 0;
        }
      }
    }
    assertTrue(fills > 500 && boxes - fills > 500, fills + " of " + boxes + " fill");
    assertTrue(decided >= boxes * 95L / 100, decided + " of " + boxes + " decided");
    System.out.println("TMA boxes by algebra: " + decided + " of " + boxes + " decided, " + fills
        + " fill their tile");
  }
}
