package dev.swizzlegen.runtime;

/** The order in which a {@link ThreadblockSwizzle} rasterizer hands output tiles to thread blocks. */
public enum RasterOrder {
  /**
   * The classic {@code get_swizzle_idx} (CUTLASS's threadblock swizzle, its row bug fixed): strips of {@code tileSize} columns walked down the grid, a
   * narrower residual strip last.
   */
  STRIPS,
  /**
   * CUTLASS's identity threadblock swizzle with log tile {@code log2(tileSize)}: the grid is launched
   * {@code tileSize} times taller and {@code tileSize} times narrower.
   */
  CUTLASS_IDENTITY,
  /** Triton's grouped ordering: {@code GROUP_M = tileSize} rows per group; the last group shrinks. */
  GROUPED,
  /** Panels of {@code tileSize} columns, every odd panel walked bottom to top. */
  SERPENTINE,
  /** Z-order (Morton) over the grid, also correct on grids whose sides are not powers of two. */
  MORTON
}
