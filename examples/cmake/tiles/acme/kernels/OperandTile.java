package acme.kernels;

import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/** The A operand of an Ampere GEMM: 128 x 64 halves, copied in by cp.async, read by ldmatrix.x4. */
@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64,
    access = {
        @Access(op = Op.STORE, bytes = 16),
        @Access(kind = AccessKind.LDMATRIX, matrices = 4)
    })
interface OperandTile {}
