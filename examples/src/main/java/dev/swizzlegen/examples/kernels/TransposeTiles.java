package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The 32 x 32 float tiles of {@code examples/kernels/transpose.cu} besides the swizzled one
 * ({@code dev.swizzlegen.examples.TransposeTile}, {@code Swizzle<5,0,5>}): a warp writes a row of the
 * tile and reads a column, one float a lane.
 */
public final class TransposeTiles {
  private TransposeTiles() {}

  /** Rows padded to 33 floats: the column read lands in 32 banks. */
  @SwizzledTile(name = "TransposePadded", bits = 0, dtype = DType.FLOAT, rows = 32, cols = 32,
      rowStride = 33, access = {
          @Access(op = Op.STORE, bytes = 4, threads = {1, 32}, label = "row write"),
          @Access(op = Op.LOAD, bytes = 4, threads = {32, 1}, label = "column read")})
  public interface TransposePadded {}

  /** Unpadded and unswizzled: the column read is a 32-way conflict. */
  @SwizzledTile(name = "TransposePlain", bits = 0, dtype = DType.FLOAT, rows = 32, cols = 32,
      access = {
          @Access(op = Op.STORE, bytes = 4, threads = {1, 32}, label = "row write"),
          @Access(op = Op.LOAD, bytes = 4, threads = {32, 1}, maxWays = 32, label = "column read")})
  public interface TransposePlain {}
}
