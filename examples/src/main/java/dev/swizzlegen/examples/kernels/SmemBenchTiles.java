package dev.swizzlegen.examples.kernels;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The tiles of {@code examples/kernels/smem_bench.cu}, the shared-memory throughput microbenchmark: a
 * 64 x 64 half tile streamed with {@code ldmatrix.x4} and read down its columns with 16-byte loads
 * (lane i reads row i of one 16-byte column), through the generated header, through the same swizzle
 * written by hand in the kernel, and unswizzled.
 */
public final class SmemBenchTiles {
  private SmemBenchTiles() {}

  /** {@code Swizzle<3,3,3>} on 8 x 64 atoms: both reads conflict-free. */
  @SwizzledTile(name = "StreamTile", bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
      atomRows = 8, atomCols = 64, access = {
          @Access(kind = AccessKind.LDMATRIX, matrices = 4),
          @Access(bytes = 16, threads = {32, 1}, label = "16-byte column read")})
  public interface StreamTile {}

  /** Unswizzled: both reads put 8 rows of one 16-byte column in one bank group, 8-way. */
  @SwizzledTile(name = "StreamTilePlain", bits = 0, dtype = DType.HALF, rows = 64, cols = 64,
      access = {
          @Access(kind = AccessKind.LDMATRIX, matrices = 4, maxWays = 8),
          @Access(bytes = 16, threads = {32, 1}, maxWays = 8, label = "16-byte column read")})
  public interface StreamTilePlain {}
}
