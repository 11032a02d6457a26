package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * Seed 000's 16x16 half tile under {@code Swizzle<2,3,3>}: 8 halves (16 bytes) move together
 * ({@code M = 3}), 8 of them make a 128-byte line ({@code S = 3}), and 2 row bits ({@code B = 2})
 * pick the XOR pattern. The same 256 offsets as the swizzle's 4 x 64 atom.
 */
@SwizzledTile(bits = 2, base = 3, shift = 3, dtype = DType.HALF, rows = 16, cols = 16)
public interface Seed000Half16x16 {}
