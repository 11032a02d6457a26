package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The mission's form: CuTe's 128-byte swizzle on halves, over its atom of 8 rows x 64 halves. The same
 * layout TMA writes with {@code CU_TENSOR_MAP_SWIZZLE_128B}.
 */
@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)
public interface Sw128Half {}
