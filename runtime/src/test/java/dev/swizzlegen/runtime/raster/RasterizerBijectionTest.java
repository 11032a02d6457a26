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

  /** Checks one launch and returns its blocks; {@code hitBy} is scratch of at least gridX * gridY. */
  static long checkBijection(Rasterizer rasterizer, int gridX, int gridY, int tileSize, int[] hitBy) {
    int tiles = gridX * gridY;
    Arrays.fill(hitBy, 0, tiles, -1);
    LaunchGrid launch = rasterizer.launchGrid(gridX, gridY, tileSize);
    int blocks = (int) launch.blocks();
    int idle = 0;
    for (int block = 0; block < blocks; block++) {
      TileCoord tile = rasterizer.tile(block, gridX, gridY, tileSize);
      if (!tile.isInside(gridX, gridY)) {
        // Only CUTLASS's padded last strip may hold idle blocks: columns past the grid, rows inside.
        if (rasterizer != Rasterizer.CUTLASS_IDENTITY || tile.y() < 0 || tile.y() >= gridY
            || tile.x() < gridX || tile.x() >= launch.y() * tileSize) {
          fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": block "
              + block + " gets " + tile + ", outside the grid");
        }
        idle++;
        continue;
      }
      int index = tile.y() * gridX + tile.x();
      if (hitBy[index] != -1) {
        fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": blocks "
            + hitBy[index] + " and " + block + " both get " + tile);
      }
      hitBy[index] = block;
    }
    if (blocks - idle != tiles) {
      fail(rasterizer + " on " + gridX + " x " + gridY + ", tile size " + tileSize + ": "
          + (blocks - idle) + " working blocks for " + tiles + " tiles");
    }
    return blocks;
  }
}
