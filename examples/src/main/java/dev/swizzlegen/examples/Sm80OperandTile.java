package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * An SM80 GEMM operand tile: 128 rows of K = 64 halves (16 KB) under CuTe's {@code Swizzle<3,3,3>},
 * filled by 16-byte {@code cp.async} copies and read by {@code ldmatrix.x4}, both proven
 * conflict-free. With {@code bits = 0} the ldmatrix would be an 8-way conflict and the build would
 * fail (see the README).
 */
@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64,
    access = {
        @Access(kind = AccessKind.VECTOR, op = Op.STORE, bytes = 16, label = "cp.async 16-byte copy"),
        @Access(kind = AccessKind.LDMATRIX, matrices = 4, label = "ldmatrix.x4 A fragments")
    })
public interface Sm80OperandTile {}
