package acme.kernels;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;

/** The GEMM's block order: strips of 8 tile columns walked down the grid. */
@ThreadblockSwizzle(order = RasterOrder.STRIPS, tileSize = 8)
interface GemmGrid {}
