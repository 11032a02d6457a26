package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * Issue 33's tile: 32 x 32 floats read with 16-byte loads by two lane maps, a column and rows 8 apart
 * across two vectors. On whole 128-byte rows no {@code Swizzle<B,M,S>} serves both (4,032 of the
 * 2^15 XOR maps of the row bits into the bank bits above a vector do), so derivation gives the
 * simplest general XOR map, {@code o ^ ((o & 0xe0) >> 3) ^ ((o & 0x300) >> 5)}, which the header and
 * helper print and the notes give as {@code layout = "Sw<3,2,3> o _0 o Sw<2,3,5> o _0 o
 * (_32,_32):(_32,_1)"}. The atom is declared whole: left free, {@code Swizzle<3,2,3>} on 32 x 8
 * column blocks serves as well.
 */
@SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32, atomRows = 32, atomCols = 32,
    access = {
        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16,
            lanes = "[[1,0],[2,0],[4,0],[8,0],[16,0]]", label = "column"),
        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16,
            lanes = "[[8,0],[16,0],[0,4],[1,0],[2,0]]", label = "rows 8 apart")
    })
public interface TwoLaneMapsTile {}
