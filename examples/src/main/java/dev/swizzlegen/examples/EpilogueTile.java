package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * A GEMM epilogue staging tile in the style of seed 004's C tile: m16n8 float accumulators stored to
 * shared memory, then copied out with coalesced 16-byte loads. Unswizzled the accumulator store is
 * 4-way (rows of 256 bytes put the 8 rows of a fragment on 2 bank groups); {@code Swizzle<2,3,3>} on
 * floats, the cheapest the search finds, makes both conflict-free.
 */
@SwizzledTile(bits = 2, base = 3, shift = 3, dtype = DType.FLOAT, rows = 64, cols = 64,
    access = {
        @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE, label = "accumulator store"),
        @Access(op = Op.LOAD, bytes = 16, label = "copy out")
    })
public interface EpilogueTile {}
