package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * An SM80 GEMM operand tile: 128 rows of K = 64 halves (16 KB) under CuTe's {@code Swizzle<3,3,3>},
 * filled by 16-byte {@code cp.async} copies and read by {@code ldmatrix.x4}.
 */
@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64)
public interface Sm80OperandTile {}
