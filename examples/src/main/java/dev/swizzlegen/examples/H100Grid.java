package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;

/**
 * Seed 003's GEMM retuned for an H100 (132 SMs, waves of 264 of its blocks): panels of 16 tiles,
 * snaking so that each panel starts where the last one ended. At M = N = K = 4096 it read 554 MB from
 * DRAM where seed 003's strips of 4 read 2215 MB; panels of 32, the traffic estimator's pick there,
 * read 378 MB ({@code bench/results/raster-h100.csv}).
 */
@ThreadblockSwizzle(order = RasterOrder.SERPENTINE, tileSize = 16)
public interface H100Grid {}
