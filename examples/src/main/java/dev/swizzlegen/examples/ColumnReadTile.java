package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * SPEC 4's measured case: a 64 x 64 half tile written by rows and read down its columns with 16-byte
 * loads, 32 lanes on 32 rows. Unswizzled that read is an 8-way conflict (32 wavefronts per LDS.128);
 * {@code Swizzle<3,3,3>} makes it 4, the ideal.
 */
@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF, rows = 64, cols = 64,
    access = {
        @Access(op = Op.STORE, bytes = 16),
        @Access(op = Op.LOAD, bytes = 16, threads = {32, 1}, order = Order.ROW_MAJOR,
            label = "column read, 16 bytes per lane")
    })
public interface ColumnReadTile {}
