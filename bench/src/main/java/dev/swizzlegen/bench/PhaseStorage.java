package dev.swizzlegen.bench;

import static dev.swizzlegen.annotations.AccessKind.MMA_ACCUMULATOR;
import static dev.swizzlegen.annotations.AccessKind.TMA;
import static dev.swizzlegen.annotations.AccessKind.WGMMA;
import static dev.swizzlegen.annotations.DType.HALF;
import static dev.swizzlegen.annotations.Op.LOAD;
import static dev.swizzlegen.annotations.Op.STORE;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.Buffer;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The storage of {@code bench/gpu/phase_changes.cu} (issue 32, item 4): a persistent kernel's shared
 * memory whose two phases share bytes, so that every phase change the storage header describes
 * happens on the GPU, once per output tile. In {@code mainloop}, TMA loads two K stages of A and of B
 * (64 x 64 halves a stage, 128-byte swizzle, K-major) and wgmma reads them; in {@code epilogue}, the
 * threads store the accumulators (as halves) into C, which the plan places over A's bytes, and a TMA
 * store reads C out to global memory. Then the next tile's TMA loads write A again.
 */
public final class PhaseStorage {
  private PhaseStorage() {}

  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface PhaseA {}

  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      stages = 2, access = {@Access(kind = TMA, op = STORE), @Access(kind = WGMMA)})
  public interface PhaseB {}

  // Written by the threads from wgmma's accumulator fragment, read by a TMA store (op = LOAD: TMA
  // loads from the tile).
  @SwizzledTile(bits = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, atomRows = 8, atomCols = 64,
      access = {@Access(kind = MMA_ACCUMULATOR, op = STORE), @Access(kind = TMA, op = LOAD)})
  public interface PhaseC {}

  @SharedStorage(name = "PhaseChangeStorage", phases = {"mainloop", "epilogue"}, buffers = {
      @Buffer(tile = PhaseA.class, phase = "mainloop"),
      @Buffer(tile = PhaseB.class, phase = "mainloop"),
      @Buffer(tile = PhaseC.class, phase = "epilogue"),
      @Buffer(name = "full", barriers = 1)})
  public interface Storage {}
}
