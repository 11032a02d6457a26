package dev.swizzlegen.runtime.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.RasterOrder;
import dev.swizzlegen.runtime.raster.RasterViolation.TileSizeNotPowerOfTwo;
import dev.swizzlegen.runtime.raster.RasterViolation.TileSizeOutOfRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each order equals an independent statement of its definition: the walk written as nested loops,
 * seed 003's code with its bug fixed, CUTLASS's shifts on the 2D launch, Triton's grouped formula, and
 * Morton order as the grid's tiles sorted by their interleaved bits.
 */
class RasterizerDefinitionTest {
  static final int GRID = 33;
  static final int TILE_SIZES = 16;

  /** The tiles in the order a rasterizer gives them, idle blocks left out. */
  static List<TileCoord> walk(Rasterizer rasterizer, int gridX, int gridY, int tileSize) {
    List<TileCoord> tiles = new ArrayList<>();
    long blocks = rasterizer.launchGrid(gridX, gridY, tileSize).blocks();
    for (int block = 0; block < blocks; block++) {
      TileCoord tile = rasterizer.tile(block, gridX, gridY, tileSize);
      if (tile.isInside(gridX, gridY)) {
        tiles.add(tile);
      }
    }
    return tiles;
  }

  /** Strips (or panels) of tileSize columns left to right, rows top to bottom, optionally snaking. */
  static List<TileCoord> stripsByLoops(int gridX, int gridY, int tileSize, boolean snake) {
    List<TileCoord> tiles = new ArrayList<>();
    for (int first = 0, strip = 0; first < gridX; first += tileSize, strip++) {
      for (int row = 0; row < gridY; row++) {
        int y = snake && strip % 2 == 1 ? gridY - 1 - row : row;
        for (int x = first; x < Math.min(first + tileSize, gridX); x++) {
          tiles.add(new TileCoord(x, y));
        }
      }
    }
    return tiles;
  }

  @Test
  void stripsAndSerpentineAreTheirWalks() {
    for (int tileSize = 1; tileSize <= TILE_SIZES; tileSize++) {
      for (int gridY = 1; gridY <= GRID; gridY++) {
        for (int gridX = 1; gridX <= GRID; gridX++) {
          String where = gridX + " x " + gridY + ", tile size " + tileSize;
          assertEquals(stripsByLoops(gridX, gridY, tileSize, false),
              walk(Rasterizer.STRIPS, gridX, gridY, tileSize), "STRIPS on " + where);
          assertEquals(stripsByLoops(gridX, gridY, tileSize, true),
              walk(Rasterizer.SERPENTINE, gridX, gridY, tileSize), "SERPENTINE on " + where);
        }
      }
    }
  }

  @Test
  void stripsByHandOnASixByTwoGrid() {
    // tileSize 4 on 6 columns: a full strip of 4 columns, then the residual strip of 2.
    assertEquals(List.of(
            new TileCoord(0, 0), new TileCoord(1, 0), new TileCoord(2, 0), new TileCoord(3, 0),
            new TileCoord(0, 1), new TileCoord(1, 1), new TileCoord(2, 1), new TileCoord(3, 1),
            new TileCoord(4, 0), new TileCoord(5, 0), new TileCoord(4, 1), new TileCoord(5, 1)),
        walk(Rasterizer.STRIPS, 6, 2, 4));
    // SERPENTINE: the second panel starts on the bottom row.
    assertEquals(List.of(new TileCoord(4, 1), new TileCoord(5, 1), new TileCoord(4, 0),
        new TileCoord(5, 0)), walk(Rasterizer.SERPENTINE, 6, 2, 4).subList(8, 12));
  }

  /** Seed 003's get_swizzle_idx as printed, with gridDim.y or (fixed) gridDim.x dividing the flat index. */
  static TileCoord seed003(int blockIdx, int gridX, int gridY, int tileSize, boolean fixed) {
    int totalCtaInAStrip = tileSize * gridY;
    int numberOfStrips = gridX / tileSize;
    int residualStripWidth = gridX % tileSize;
    int stripId = blockIdx / totalCtaInAStrip;
    int ctaIdInStrip = blockIdx % totalCtaInAStrip;
    int useSz = blockIdx < totalCtaInAStrip * numberOfStrips ? tileSize : residualStripWidth;
    int stripIdX = ctaIdInStrip % useSz;
    int stripIdY = ctaIdInStrip / useSz;
    int stripFlatIdx = stripId * tileSize + stripIdY * gridX + stripIdX;
    return new TileCoord(stripFlatIdx % gridX, stripFlatIdx / (fixed ? gridX : gridY));
  }

  @Test
  void stripsIsSeed003WithItsRowFixed() {
    for (int tileSize = 1; tileSize <= TILE_SIZES; tileSize++) {
      for (int gridY = 1; gridY <= GRID; gridY++) {
        for (int gridX = 1; gridX <= GRID; gridX++) {
          for (int block = 0; block < gridX * gridY; block++) {
            assertEquals(seed003(block, gridX, gridY, tileSize, true),
                Rasterizer.STRIPS.tile(block, gridX, gridY, tileSize));
            if (gridX == gridY) {
              assertEquals(seed003(block, gridX, gridY, tileSize, false),
                  Rasterizer.STRIPS.tile(block, gridX, gridY, tileSize), "the seed is right on squares");
            }
          }
        }
      }
    }
  }

  @Test
  void seed003AsPrintedIsNoBijectionOnAWideGrid() {
    // 8 x 4 tiles, strips of 4: block 4 is the first tile of row 1, (x 0, y 1); the seed divides
    // the flat index 8 by gridDim.y = 4 and sends it to row 2.
    assertEquals(new TileCoord(0, 1), Rasterizer.STRIPS.tile(4, 8, 4, 4));
    assertEquals(new TileCoord(0, 2), seed003(4, 8, 4, 4, false));
    // Rows up to 7 of a 4-row grid: half of the blocks compute tiles that do not exist, and half of
    // the tiles are never computed.
    Set<TileCoord> inGrid = new HashSet<>();
    for (int block = 0; block < 32; block++) {
      TileCoord tile = seed003(block, 8, 4, 4, false);
      if (tile.isInside(8, 4)) {
        inGrid.add(tile);
      }
    }
    assertEquals(16, inGrid.size());
  }

  /** CUTLASS's GemmIdentityThreadblockSwizzle::get_tile_offset on the 2D launch, as shifts. */
  static TileCoord cutlassShifts(int bx, int by, int logTile) {
    int m = bx >> logTile;
    int n = (by << logTile) + (bx & ((1 << logTile) - 1));
    return new TileCoord(n, m);
  }

  @Test
  void cutlassIdentityIsCutlassShiftsOnItsLaunchGrid() {
    for (int logTile = 0; logTile <= 4; logTile++) {
      int tileSize = 1 << logTile;
      for (int gridY = 1; gridY <= GRID; gridY++) {
        for (int gridX = 1; gridX <= GRID; gridX++) {
          LaunchGrid launch = Rasterizer.CUTLASS_IDENTITY.launchGrid(gridX, gridY, tileSize);
          // CUTLASS's get_grid_shape: (tiles_m << log_tile, (tiles_n + (1 << log_tile) - 1) >> log_tile).
          assertEquals(new LaunchGrid(gridY << logTile, (gridX + tileSize - 1) >> logTile), launch);
          for (int by = 0; by < launch.y(); by++) {
            for (int bx = 0; bx < launch.x(); bx++) {
              assertEquals(cutlassShifts(bx, by, logTile),
                  Rasterizer.CUTLASS_IDENTITY.tile(by * launch.x() + bx, gridX, gridY, tileSize));
            }
          }
        }
      }
    }
  }

  @Test
  void cutlassIdentityWalksLikeStripsWithItsIdleBlocksLeftOut() {
    for (int tileSize = 1; tileSize <= TILE_SIZES; tileSize++) {
      for (int gridY = 1; gridY <= GRID; gridY++) {
        for (int gridX = 1; gridX <= GRID; gridX++) {
          assertEquals(walk(Rasterizer.STRIPS, gridX, gridY, tileSize),
              walk(Rasterizer.CUTLASS_IDENTITY, gridX, gridY, tileSize));
          if (gridX % tileSize == 0) {  // no padding: the very same launch
            for (int block = 0; block < gridX * gridY; block++) {
              assertEquals(Rasterizer.STRIPS.tile(block, gridX, gridY, tileSize),
                  Rasterizer.CUTLASS_IDENTITY.tile(block, gridX, gridY, tileSize));
            }
          }
        }
      }
    }
  }

  /** Triton's grouped ordering, pid to (pid_m, pid_n), as its matmul tutorial states it. */
  static TileCoord triton(int pid, int numPidN, int numPidM, int groupM) {
    int numPidInGroup = groupM * numPidN;
    int groupId = pid / numPidInGroup;
    int firstPidM = groupId * groupM;
    int groupSizeM = Math.min(numPidM - firstPidM, groupM);
    int pidM = firstPidM + ((pid % numPidInGroup) % groupSizeM);
    int pidN = (pid % numPidInGroup) / groupSizeM;
    return new TileCoord(pidN, pidM);
  }

  @Test
  void groupedIsTritonsOrderingAndStripsTransposed() {
    for (int tileSize = 1; tileSize <= TILE_SIZES; tileSize++) {
      for (int gridY = 1; gridY <= GRID; gridY++) {
        for (int gridX = 1; gridX <= GRID; gridX++) {
          for (int block = 0; block < gridX * gridY; block++) {
            TileCoord grouped = Rasterizer.GROUPED.tile(block, gridX, gridY, tileSize);
            assertEquals(triton(block, gridX, gridY, tileSize), grouped);
            TileCoord transposed = Rasterizer.STRIPS.tile(block, gridY, gridX, tileSize);
            assertEquals(new TileCoord(transposed.y(), transposed.x()), grouped);
          }
        }
      }
    }
  }

  /** x in the even bits, y in the odd bits. */
  static long mortonCode(int x, int y) {
    long code = 0;
    for (int bit = 0; bit < 16; bit++) {
      code |= (long) ((x >> bit) & 1) << (2 * bit);
      code |= (long) ((y >> bit) & 1) << (2 * bit + 1);
    }
    return code;
  }

  @Test
  void mortonIsTheGridsTilesSortedByMortonCode() {
    for (int gridY = 1; gridY <= 40; gridY++) {
      for (int gridX = 1; gridX <= 40; gridX++) {
        List<TileCoord> sorted = new ArrayList<>();
        for (int y = 0; y < gridY; y++) {
          for (int x = 0; x < gridX; x++) {
            sorted.add(new TileCoord(x, y));
          }
        }
        sorted.sort(Comparator.comparingLong(tile -> mortonCode(tile.x(), tile.y())));
        assertEquals(sorted, walk(Rasterizer.MORTON, gridX, gridY, 1), gridX + " x " + gridY);
      }
    }
  }

  @Test
  void mortonOnAPowerOfTwoSquareDeinterleavesTheBlockIndex() {
    for (int side = 1; side <= 256; side *= 2) {
      for (int block = 0; block < side * side; block++) {
        int x = 0;
        int y = 0;
        for (int bit = 0; bit < 16; bit++) {
          x |= ((block >> (2 * bit)) & 1) << bit;
          y |= ((block >> (2 * bit + 1)) & 1) << bit;
        }
        assertEquals(new TileCoord(x, y), Rasterizer.MORTON.tile(block, side, side, 4));
      }
    }
  }

  @Test
  void mortonOnALargeGridIsABijection() {
    // 1000 x 3 tiles: an enclosing square of 1024, ten levels, most quadrants empty.
    Set<TileCoord> seen = new HashSet<>();
    for (int block = 0; block < 3000; block++) {
      TileCoord tile = Rasterizer.MORTON.tile(block, 1000, 3, 1);
      assertTrue(tile.isInside(1000, 3), tile.toString());
      seen.add(tile);
    }
    assertEquals(3000, seen.size());
  }

  @Test
  void everyAnnotationOrderHasItsRasterizer() {
    for (RasterOrder order : RasterOrder.values()) {
      assertEquals(order, Rasterizer.of(order).order());
      assertEquals(order.name(), Rasterizer.of(order).name());
    }
  }

  @Test
  void tileSizeViolations() {
    assertEquals(Optional.of(new TileSizeOutOfRange(0, 1024)), Rasterizer.STRIPS.tileSizeViolation(0));
    assertEquals(Optional.of(new TileSizeOutOfRange(1025, 1024)),
        Rasterizer.GROUPED.tileSizeViolation(1025));
    assertFalse(Rasterizer.STRIPS.tileSizeViolation(6).isPresent());
    // CUTLASS's identity mapping shifts by log_tile: 6 lies between 4 and 8.
    assertEquals(Optional.of(new TileSizeNotPowerOfTwo(6, 4, 8)),
        Rasterizer.CUTLASS_IDENTITY.tileSizeViolation(6));
    assertFalse(Rasterizer.CUTLASS_IDENTITY.tileSizeViolation(8).isPresent());
  }

  @Test
  void argumentsOutsideTheLaunchAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.STRIPS.tile(12, 4, 3, 2));
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.STRIPS.tile(-1, 4, 3, 2));
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.GROUPED.tile(0, 0, 3, 2));
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.MORTON.tile(0, 4, 3, 0));
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.STRIPS.launchGrid(1 << 16, 1 << 16, 1));
    // CUTLASS's padded launch: 3 columns in strips of 2 launch 2 x 2 blocks; the last is idle.
    assertEquals(new LaunchGrid(2, 2), Rasterizer.CUTLASS_IDENTITY.launchGrid(3, 1, 2));
    assertEquals(new TileCoord(3, 0), Rasterizer.CUTLASS_IDENTITY.tile(3, 3, 1, 2));
    assertThrows(IllegalArgumentException.class, () -> Rasterizer.CUTLASS_IDENTITY.tile(4, 3, 1, 2));
  }
}
