package dev.swizzlegen.runtime.raster;

/**
 * The output tile a thread block computes, in the {@code uint2} convention of {@code get_swizzle_idx}: {@code x} is the
 * tile's column (along N, {@code blockIdx.x} of a row-major launch), {@code y} its row (along M,
 * {@code blockIdx.y}). On a grid of {@code gridX x gridY} tiles a block's tile satisfies
 * {@code 0 <= x < gridX} and {@code 0 <= y < gridY}, except for the idle blocks of
 * {@link Rasterizer#CUTLASS_IDENTITY}'s padded launch, whose {@code x} is past the grid
 * ({@link #isInside}).
 *
 * @param x the tile's column, {@code ret.x} in CUDA
 * @param y the tile's row, {@code ret.y} in CUDA
 */
public record TileCoord(int x, int y) {

  /** Whether this is a tile of a {@code gridX x gridY} grid; a block given no such tile is idle. */
  public boolean isInside(int gridX, int gridY) {
    return x >= 0 && y >= 0 && x < gridX && y < gridY;
  }

  @Override
  public String toString() {
    return "(x " + x + ", y " + y + ")";
  }
}
