package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * A Hopper operand stage filled by TMA with {@code CU_TENSOR_MAP_SWIZZLE_128B} and read by
 * {@code ldmatrix.x4}: the tile's {@code Swizzle<3,3,3>} on halves is exactly the engine's
 * {@code Swizzle<3,4,3>} on bytes, and the base is aligned to the pattern's 1024 bytes.
 */
@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF, rows = 64, cols = 64, alignment = 1024,
    access = {
        @Access(kind = AccessKind.TMA, op = Op.STORE),
        @Access(kind = AccessKind.LDMATRIX, matrices = 4)
    })
public interface TmaStagedTile {}
