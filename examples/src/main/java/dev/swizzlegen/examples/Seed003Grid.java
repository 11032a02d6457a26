package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.ThreadblockSwizzle;

/**
 * Seed 003's rasterizer: strips of 4 output tiles walked down the grid, its {@code get_swizzle_idx}
 * with the row fixed. Generates {@code swizzlegen/seed003_grid.cuh} and {@code Seed003GridRaster}.
 */
@ThreadblockSwizzle(tileSize = 4)
public interface Seed003Grid {}
