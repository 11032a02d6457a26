package dev.swizzlegen.runtime.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Every rasterizer maps the blocks of its launch one to one onto the tiles, on every grid up to 64 x 64
 * and every tile size 1 to 16: 4.3 million blocks per order and tile size, checked on both cores.
 */
class RasterizerBijectionTest {
  static final int MAX_GRID = 64;
  static final int MAX_TILE_SIZE = 16;

  @Test
  void everyOrderIsABijectionOnEveryGridAndTileSize() {
    for (Rasterizer rasterizer : Rasterizer.values()) {
      // MORTON ignores the tile size (its definition does not read it; the next test shows it).
      int lastTileSize = rasterizer.usesTileSize() ? MAX_TILE_SIZE : 1;
      long blocks = IntStream.rangeClosed(1, MAX_GRID).parallel().mapToLong(gridY -> {
        int[] hitBy = new int[MAX_GRID * MAX_GRID];
        long checked = 0;
        for (int tileSize = 1; tileSize <= lastTileSize; tileSize++) {
          for (int gridX = 1; gridX <= MAX_GRID; gridX++) {
            checked += checkBijection(rasterizer, gridX, gridY, tileSize, hitBy);
          }
        }
        return checked;
      }).sum();
      // Every grid launched for every tile size: at least the 2080 x 2080 tiles of the 64 x 64 grids.
      long tiles = (long) lastTileSize * 2080 * 2080;
      if (rasterizer == Rasterizer.CUTLASS_IDENTITY) {
        assertEquals(true, blocks > tiles, rasterizer + " pads no launch: " + blocks);
      } else {
        assertEquals(tiles, blocks, rasterizer + ": blocks checked");
      }
    }
  }

  @Test
  void mortonIgnoresTheTileSize() {
    for (int gridY = 1; gridY <= 20; gridY++) {
      for (int gridX = 1; gridX <= 20; gridX++) {
        for (int block = 0; block < gridX * gridY; block++) {
          TileCoord expected = Rasterizer.MORTON.tile(block, gridX, gridY, 1);
          for (int tileSize = 2; tileSize <= MAX_TILE_SIZE; tileSize++) {
            assertEquals(expected, Rasterizer.MORTON.tile(block, gridX, gridY, tileSize));
          }
        }
      }
    }
  }

  @Test
  void forEachBlockIsTileOfEveryBlock() {
    for (Rasterizer rasterizer : Rasterizer.values()) {
      for (int tileSize = 1; tileSize <= 6; tileSize++) {
        for (int gridY = 1; gridY <= 20; gridY++) {
          for (int gridX = 1; gridX <= 20; gridX++) {
            int gx = gridX;
            int gy = gridY;
            int t = tileSize;
            int[] visited = {0};
            rasterizer.forEachBlock(gridX, gridY, tileSize, (block, x, y) -> {
              assertEquals(visited[0]++, block);
              assertEquals(rasterizer.tile(block, gx, gy, t), new TileCoord(x, y));
            });
            assertEquals(rasterizer.launchGrid(gridX, gridY, tileSize).blocks(), visited[0]);
          }
        }
      }
    }
  }

  /**
   * Checks one launch, walked by {@link Rasterizer#forEachBlock}, and returns its blocks; {@code hitBy}
   * is scratch of at least gridX * gridY.
   */
  static long checkBijection(Rasterizer rasterizer, int gridX, int gridY, int tileSize, int[] hitBy) {
    int tiles = gridX * gridY;
    Arrays.fill(hitBy, 0, tiles, -1);
    LaunchGrid launch = rasterizer.launchGrid(gridX, gridY, tileSize);
    int[] idle = {0};
    rasterizer.forEachBlock(gridX, gridY, tileSize, (block, x, y) -> {
      if (x >= gridX || y >= gridY || x < 0 || y < 0) {
        // Only CUTLASS's padded last strip may hold idle blocks: columns past the grid, rows inside.
        if (rasterizer != Rasterizer.CUTLASS_IDENTITY || y < 0 || y >= gridY
            || x >= launch.y() * tileSize) {
          fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": block "
              + block + " gets " + new TileCoord(x, y) + ", outside the grid");
        }
        idle[0]++;
        return;
      }
      int index = y * gridX + x;
      if (hitBy[index] != -1) {
        fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": blocks "
            + hitBy[index] + " and " + block + " both get " + new TileCoord(x, y));
      }
      hitBy[index] = block;
    });
    if (launch.blocks() - idle[0] != tiles) {
      fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": "
          + (launch.blocks() - idle[0]) + " working blocks for " + tiles + " tiles");
    }
    return launch.blocks();
  }
}
