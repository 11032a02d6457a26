package com.acme;

import dev.swizzlegen.annotations.Generated;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;

/**
 * Index math of the tile com.acme.StagedB, as swizzlegen/staged_b.cuh has it in C++
 * (swizzlegen::StagedB): a 128 x 128 tile of HALF elements (2 bytes), row stride 128, 98304 bytes
 * in 3 stages, base address aligned to 1024 bytes.
 *
 * <p>Swizzle&lt;3,3,3&gt; on element offsets within each 8 x 64 atom (Swizzle&lt;3,4,3&gt; on bytes,
 * TMA mode CU_TENSOR_MAP_SWIZZLE_128B).
 * <pre>
 * offset bits  ...YYYZZZxxx
 * YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)
 * </pre>
 *
 * <p>The swizzle as a matrix over GF(2) (a linear layout): row i is output bit i, column j input bit
 * j, bit 0 first, of the row-major offset within an atom:
 * <pre>
 * 1 0 0 0 0 0 0 0 0
 * 0 1 0 0 0 0 0 0 0
 * 0 0 1 0 0 0 0 0 0
 * 0 0 0 1 0 0 1 0 0
 * 0 0 0 0 1 0 0 1 0
 * 0 0 0 0 0 1 0 0 1
 * 0 0 0 0 0 0 1 0 0
 * 0 0 0 0 0 0 0 1 0
 * 0 0 0 0 0 0 0 0 1
 * </pre>
 *
 * <p>Bank conflicts (32 banks of 4 bytes, 128-byte phases):
 * <pre>
 * ldmatrix.x4: conflict-free, 4 wavefronts per instruction
 * TMA load into the tile: the copy engine, not the banks: 2 boxes of 128 x 64 elements per stage, CU_TENSOR_MAP_SWIZZLE_128B
 * wgmma read of a K-major operand: the tensor cores, not the banks: the 128-byte swizzle, 8 K slices of 16, LBO 16, SBO 1024 bytes
 * </pre>
 */
@Generated("dev.swizzlegen.processor.SwizzlegenProcessor")
public final class StagedBSwizzle {
  public static final int ROWS = 128;

  public static final int COLS = 128;

  public static final int ROW_STRIDE = 128;

  public static final int ELEMENT_BYTES = 2;

  public static final int ALIGNMENT = 1024;

  public static final int ATOM_ROWS = 8;

  public static final int ATOM_COLS = 64;

  public static final int ATOM_ELEMENTS = 512;

  public static final int STAGES = 3;

  public static final int STAGE_ELEMENTS = 16384;

  public static final int BITS = 3;

  public static final int BASE = 3;

  public static final int SHIFT = 3;

  /**
   * The CUDA header with the same functions, under the generated sources.
   */
  public static final String CUDA_HEADER = "swizzlegen/staged_b.cuh";

  /**
   * The header's struct.
   */
  public static final String CUDA_TYPE = "swizzlegen::StagedB";

  /**
   * The tile's layout. Null where the runtime is not on the class path, which the index functions
   * never need.
   */
  public static final TileLayout LAYOUT;

  /**
   * The warp accesses proven free of bank conflicts. Null where the runtime is not on the class
   * path, which the index functions never need.
   */
  public static final List<AccessPattern> ACCESSES;

  /**
   * The engines (TMA, wgmma, tcgen05) whose requirements the layout meets. Null where the runtime is
   * not on the class path, which the index functions never need.
   */
  public static final List<Engine> ENGINES;

  static {
    TileLayout layout;
    try {
      layout = TileLayout.parse("HALF 128x128 Swizzle<3,3,3> atoms 8x64 col-major stages 3 aligned 1024");
    } catch (LinkageError noRuntime) {
      layout = null;
    }
    LAYOUT = layout;
  }
  static {
    List<AccessPattern> accesses;
    try {
      accesses = AccessPattern.listOf(
              AccessPattern.parse("ldmatrix x4"));
    } catch (LinkageError noRuntime) {
      accesses = null;
    }
    ACCESSES = accesses;
  }
  static {
    List<Engine> engines;
    try {
      engines = Engine.listOf(
              Engine.parse("TMA load into the tile"),
              Engine.parse("wgmma K-major"));
    } catch (LinkageError noRuntime) {
      engines = null;
    }
    ENGINES = engines;
  }

  private StagedBSwizzle() {
  }

  /**
   * The element offset where the atom holding (row, col) starts: atoms numbered down the rows first.
   * <pre>
   * atomStart(row, col) = ((col / 64) * (128 / 8) + row / 8) * 512
   * </pre>
   */
  public static int atomStart(int row, int col) {
    return ((col / ATOM_COLS) * (ROWS / ATOM_ROWS) + row / ATOM_ROWS) * ATOM_ELEMENTS;
  }

  /**
   * The element offset where (row, col) is stored: its atom's start plus the swizzled row-major
   * offset within the atom.
   * <pre>
   * offset(row, col) = atomStart(row, col) + swizzle((row % 8) * 64 + col % 64)
   * </pre>
   */
  public static int offset(int row, int col) {
    return atomStart(row, col) + swizzle((row % ATOM_ROWS) * ATOM_COLS + col % ATOM_COLS);
  }

  /**
   * The element offset where (row, col) of a pipeline stage is stored.
   * <pre>
   * offset(row, col, stage) = stage * 16384 + offset(row, col)
   * </pre>
   */
  public static int offset(int row, int col, int stage) {
    return stage * STAGE_ELEMENTS + offset(row, col);
  }

  /**
   * Swizzle&lt;3,3,3&gt; of an offset within an atom: YYY = 0x1c0 (bits 6..8) is XORed into ZZZ =
   * 0x38 (bits 3..5).
   */
  public static int swizzle(int offset) {
    return offset ^ ((offset & 0x1c0) >>> 3);
  }

  /**
   * The inverse of swizzle: the swizzle is its own inverse.
   */
  public static int unswizzle(int offset) {
    return offset ^ ((offset & 0x1c0) >>> 3);
  }

  /**
   * The pipeline stage stored at an element offset.
   * <pre>
   * stage(offset) = offset / 16384
   * </pre>
   */
  public static int stage(int offset) {
    return offset / STAGE_ELEMENTS;
  }

  /**
   * The row stored at an element offset: its atom's, plus the one within the atom.
   * <pre>
   * row(offset) = ((offset / 512) % (128 / 8)) * 8 + unswizzle(offset % 512) / 64
   * </pre>
   */
  public static int row(int offset) {
    return ((offset / ATOM_ELEMENTS) % (ROWS / ATOM_ROWS)) * ATOM_ROWS + unswizzle(offset % ATOM_ELEMENTS) / ATOM_COLS;
  }

  /**
   * The column stored at an element offset: its atom's, plus the one within the atom.
   * <pre>
   * col(offset) = ((offset / 512 / (128 / 8)) % (128 / 64)) * 64 + unswizzle(offset % 512) % 64
   * </pre>
   */
  public static int col(int offset) {
    return ((offset / ATOM_ELEMENTS / (ROWS / ATOM_ROWS)) % (COLS / ATOM_COLS)) * ATOM_COLS + unswizzle(offset % ATOM_ELEMENTS) % ATOM_COLS;
  }

  /**
   * The wgmma matrix descriptor of K slice k_slice (K from k_slice * kWgmmaK) of the operand whose M
   * or N starts at mn (a multiple of kWgmmaMnStep), in stage `stage` of this tile at shared-memory
   * address smem_address (__cvta_generic_to_shared, aligned to kAlignmentBytes): its start is the
   * slice's first element, offset(mn, k_slice * kWgmmaK, stage).
   * <pre>
   * wgmmaDesc(smemAddress, kSlice, mn, stage) = 0x4000004000010000L | Integer.toUnsignedLong(((smemAddress + offset(mn, kSlice * 16, stage) * 2) &amp; 0x3ffff) &gt;&gt;&gt; 4)
   * </pre>
   */
  public static long wgmmaDesc(int smemAddress, int kSlice, int mn, int stage) {
    return 0x4000004000010000L | Integer.toUnsignedLong(((smemAddress + offset(mn, kSlice * 16, stage) * ELEMENT_BYTES) & 0x3ffff) >>> 4);
  }

  /**
   * The bank (0..31) of (row, col)'s first byte, for a base address in bank 0: 32 banks of 4 bytes.
   * <pre>
   * bank(row, col) = (offset(row, col) * 2 / 4) % 32
   * </pre>
   */
  public static int bank(int row, int col) {
    return (offset(row, col) * ELEMENT_BYTES / 4) % 32;
  }
}
