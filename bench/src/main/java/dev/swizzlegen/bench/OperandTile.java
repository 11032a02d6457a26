package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/** The tile {@link OffsetBenchmark} indexes: seed 000's mission form on a 128 x 64 GEMM operand. */
@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64,
    access = {
        @Access(op = Op.STORE, bytes = 16),
        @Access(kind = AccessKind.LDMATRIX, matrices = 4)
    })
interface OperandTile {}
