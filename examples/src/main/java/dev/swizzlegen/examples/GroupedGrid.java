package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.RasterOrder;
import dev.swizzlegen.annotations.ThreadblockSwizzle;

/** Triton's grouped ordering with {@code GROUP_M = 8}, under a name of its own. */
@ThreadblockSwizzle(order = RasterOrder.GROUPED, tileSize = 8, name = "TritonGroupM8")
public interface GroupedGrid {}
