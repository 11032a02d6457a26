package com.acme;

import dev.swizzlegen.annotations.Generated;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;

/**
 * Index math of the tile com.acme.GemmA, as swizzlegen/gemm_a.cuh has it in C++
 * (swizzlegen::GemmA): a 128 x 64 tile of HALF elements (2 bytes), row stride 64, 16384 bytes,
 * base address aligned to 128 bytes.
 *
 * <p>Swizzle&lt;3,3,3&gt; on element offsets (Swizzle&lt;3,4,3&gt; on bytes, TMA mode
 * CU_TENSOR_MAP_SWIZZLE_128B from a 1024-byte aligned base).
 * <pre>
 * offset bits  ...YYYZZZxxx
 * YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5)
 * </pre>
 *
 * <p>The swizzle as a matrix over GF(2) (a linear layout): row i is output bit i, column j input bit
 * j, bit 0 first, of the row-major offset:
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
 * default 16-byte row-vector store: conflict-free, 4 wavefronts per instruction
 * default ldmatrix.x4 load: conflict-free, 4 wavefronts per instruction
 * </pre>
 */
@Generated("dev.swizzlegen.processor.SwizzlegenProcessor")
public final class GemmASwizzle {
  public static final int ROWS = 128;

  public static final int COLS = 64;

  public static final int ROW_STRIDE = 64;

  public static final int ELEMENT_BYTES = 2;

  public static final int ALIGNMENT = 128;

  public static final int ATOM_ROWS = 128;

  public static final int ATOM_COLS = 64;

  public static final int STAGES = 1;

  public static final int STAGE_ELEMENTS = 8192;

  public static final int BITS = 3;

  public static final int BASE = 3;

  public static final int SHIFT = 3;

  /**
   * The CUDA header with the same functions, under the generated sources.
   */
  public static final String CUDA_HEADER = "swizzlegen/gemm_a.cuh";

  /**
   * The header's struct.
   */
  public static final String CUDA_TYPE = "swizzlegen::GemmA";

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
      layout = TileLayout.parse("HALF 128x64 Swizzle<3,3,3> aligned 128");
    } catch (LinkageError noRuntime) {
      layout = null;
    }
    LAYOUT = layout;
  }
  static {
    List<AccessPattern> accesses;
    try {
      accesses = AccessPattern.listOf(
              AccessPattern.parse("vector store 16 bytes label 'default 16-byte row-vector store'"),
              AccessPattern.parse("ldmatrix x4 label 'default ldmatrix.x4 load'"));
    } catch (LinkageError noRuntime) {
      accesses = null;
    }
    ACCESSES = accesses;
  }
  static {
    List<Engine> engines;
    try {
      engines = Engine.listOf();
    } catch (LinkageError noRuntime) {
      engines = null;
    }
    ENGINES = engines;
  }

  private GemmASwizzle() {
  }

  /**
   * The element offset where (row, col) is stored: the swizzled row-major offset.
   * <pre>
   * offset(row, col) = swizzle(row * 64 + col)
   * </pre>
   */
  public static int offset(int row, int col) {
    return swizzle(row * ROW_STRIDE + col);
  }

  /**
   * The element offset where (row, col) of a pipeline stage is stored.
   * <pre>
   * offset(row, col, stage) = stage * 8192 + offset(row, col)
   * </pre>
   */
  public static int offset(int row, int col, int stage) {
    return stage * STAGE_ELEMENTS + offset(row, col);
  }

  /**
   * Swizzle&lt;3,3,3&gt;: YYY = 0x1c0 (bits 6..8) is XORed into ZZZ = 0x38 (bits 3..5).
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
   * stage(offset) = offset / 8192
   * </pre>
   */
  public static int stage(int offset) {
    return offset / STAGE_ELEMENTS;
  }

  /**
   * The row stored at an element offset: the unswizzled row-major offset's.
   * <pre>
   * row(offset) = unswizzle(offset) / 64
   * </pre>
   */
  public static int row(int offset) {
    return unswizzle(offset) / ROW_STRIDE;
  }

  /**
   * The column stored at an element offset: the unswizzled row-major offset's.
   * <pre>
   * col(offset) = unswizzle(offset) % 64
   * </pre>
   */
  public static int col(int offset) {
    return unswizzle(offset) % ROW_STRIDE;
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
