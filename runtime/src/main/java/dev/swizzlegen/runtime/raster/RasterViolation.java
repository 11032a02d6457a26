package dev.swizzlegen.runtime.raster;

import dev.swizzlegen.runtime.Violation;

/** What makes a tile size no tile size of a threadblock rasterizer. */
public sealed interface RasterViolation extends Violation {

  /** Tile sizes are 1 to {@code maxTileSize}. */
  record TileSizeOutOfRange(int tileSize, int maxTileSize) implements RasterViolation {}

  /**
   * CUTLASS's identity mapping takes {@code tileSize = 2^log_tile}; the powers of two either side are
   * {@code below} and {@code above}.
   */
  record TileSizeNotPowerOfTwo(int tileSize, int below, int above) implements RasterViolation {}
}
