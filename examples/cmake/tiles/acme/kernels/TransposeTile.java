package acme.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * A 32 x 32 float tile written by rows and read down its columns; bits, base and shift are omitted,
 * so swizzlegen derives the swizzle that makes both conflict-free.
 */
@SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32,
    access = {
        @Access(op = Op.STORE, bytes = 16),
        @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR)
    })
interface TransposeTile {}
