package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The classic shared-memory transpose of 32 x 32 floats: a warp writes a row and reads a column, one
 * float per lane. Unswizzled the column read is 32-way; XORing the five row bits into the five column
 * bits ({@code Swizzle<5,0,5>}, seed 001's row ^ col) puts every lane of a column in its own bank.
 */
@SwizzledTile(bits = 5, base = 0, shift = 5, dtype = DType.FLOAT, rows = 32, cols = 32,
    access = {
        @Access(op = Op.STORE, bytes = 4, threads = {1, 32}, label = "row write"),
        @Access(op = Op.LOAD, bytes = 4, threads = {32, 1}, label = "column read")
    })
public interface TransposeTile {}
