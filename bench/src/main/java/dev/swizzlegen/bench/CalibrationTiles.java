package dev.swizzlegen.bench;

import static dev.swizzlegen.annotations.AccessKind.LANES;
import static dev.swizzlegen.annotations.AccessKind.LDMATRIX;
import static dev.swizzlegen.annotations.AccessKind.MMA_ACCUMULATOR;
import static dev.swizzlegen.annotations.AccessKind.STMATRIX;
import static dev.swizzlegen.annotations.DType.FLOAT;
import static dev.swizzlegen.annotations.DType.HALF;
import static dev.swizzlegen.annotations.DType.UINT8;
import static dev.swizzlegen.annotations.Op.LOAD;
import static dev.swizzlegen.annotations.Op.STORE;
import static dev.swizzlegen.annotations.Order.COL_MAJOR;
import static dev.swizzlegen.annotations.Order.ROW_MAJOR;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * The calibration suite's tiles, declared with the real annotations. Conflicting layouts are here on
 * purpose (this module compiles with {@code -Aswizzlegen.conflicts=warning}): the GPU must measure
 * the 2-, 4-, 8-, 16- and 32-way cases as well as the clean ones. Each access's label names its case.
 */
public final class CalibrationTiles {
  private CalibrationTiles() {}

  @SwizzledTile(bits = 0, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(op = STORE, bytes = 16, label = "store16"),
      @Access(op = LOAD, bytes = 16, threads = {32, 1}, label = "col16"),
      @Access(op = LOAD, bytes = 8, threads = {32, 1}, label = "col8"),
      @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4"),
      @Access(kind = LDMATRIX, matrices = 1, label = "ldsm_x1"),
      @Access(kind = LDMATRIX, matrices = 2, label = "ldsm_x2"),
      @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4"),
      @Access(kind = LDMATRIX, matrices = 4, trans = true, label = "ldsm_x4_trans"),
      @Access(kind = STMATRIX, matrices = 4, label = "stsm_x4"),
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store")})
  public interface Half64Plain {}

  @SwizzledTile(bits = 1, shift = 3, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4"),
      @Access(op = LOAD, bytes = 16, threads = {32, 1}, label = "col16")})
  public interface Half64Sw133 {}

  @SwizzledTile(bits = 2, shift = 3, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4"),
      @Access(op = LOAD, bytes = 16, threads = {32, 1}, label = "col16"),
      @Access(kind = STMATRIX, matrices = 2, label = "stsm_x2")})
  public interface Half64Sw233 {}

  @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(op = STORE, bytes = 16, label = "store16"),
      @Access(op = LOAD, bytes = 16, threads = {32, 1}, label = "col16"),
      @Access(kind = LDMATRIX, matrices = 1, label = "ldsm_x1"),
      @Access(kind = LDMATRIX, matrices = 2, label = "ldsm_x2"),
      @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4"),
      @Access(kind = LDMATRIX, matrices = 4, trans = true, label = "ldsm_x4_trans"),
      @Access(kind = STMATRIX, matrices = 4, label = "stsm_x4"),
      @Access(kind = STMATRIX, matrices = 1, trans = true, label = "stsm_x1_trans"),
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store"),
      @Access(op = LOAD, bytes = 16, threads = {8, 4}, order = ROW_MAJOR, label = "grid8x4_16"),
      @Access(op = LOAD, bytes = 8, threads = {16, 2}, order = COL_MAJOR, label = "grid16x2_col_8"),
      @Access(op = LOAD, bytes = 4, threads = {1, 32}, label = "row4")})
  public interface Half64Sw333 {}

  @SwizzledTile(bits = 0, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(op = STORE, bytes = 4, threads = {1, 32}, label = "row4"),
      @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4"),
      @Access(op = LOAD, bytes = 8, threads = {32, 1}, label = "col8"),
      @Access(op = LOAD, bytes = 8, threads = {16, 2}, order = COL_MAJOR, label = "grid16x2_col_8"),
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store")})
  public interface Float32Plain {}

  @SwizzledTile(bits = 5, base = 0, shift = 5, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(op = STORE, bytes = 4, threads = {1, 32}, label = "row4"),
      @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4")})
  public interface Float32Transposed {}

  @SwizzledTile(bits = 3, base = 2, shift = 3, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4"),
      @Access(op = STORE, bytes = 16, label = "store16"),
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store")})
  public interface Float32Sw323 {}

  @SwizzledTile(bits = 2, base = 3, shift = 3, dtype = HALF, rows = 16, cols = 16, access = {
      @Access(op = STORE, bytes = 16, threads = {16, 2}, order = COL_MAJOR, label = "colmajor16"),
      @Access(op = STORE, bytes = 16, threads = {16, 2}, order = ROW_MAJOR, label = "rowmajor16"),
      @Access(op = STORE, bytes = 8, threads = {16, 2}, order = COL_MAJOR, label = "colmajor8"),
      @Access(op = STORE, bytes = 8, threads = {16, 2}, order = ROW_MAJOR, label = "rowmajor8")})
  public interface Seed000Swizzled {}

  @SwizzledTile(bits = 0, dtype = HALF, rows = 16, cols = 16, access = {
      @Access(op = STORE, bytes = 16, threads = {16, 2}, order = COL_MAJOR, label = "colmajor16"),
      @Access(op = STORE, bytes = 8, threads = {16, 2}, order = COL_MAJOR, label = "colmajor8"),
      @Access(op = STORE, bytes = 8, threads = {16, 2}, order = ROW_MAJOR, label = "rowmajor8")})
  public interface Seed000Plain {}

  /** Seed 001's Swizzle<3,0,2>, masks overlapping, on 16-byte rows of floats. */
  @SwizzledTile(bits = 3, base = 0, shift = 2, allowOverlap = true, dtype = FLOAT, rows = 64,
      cols = 4, access = {
          @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4"),
          @Access(op = LOAD, bytes = 4, threads = {8, 4}, label = "grid8x4_4")})
  public interface OverlapFloat {}

  @SwizzledTile(bits = 3, base = 3, shift = 2, allowOverlap = true, dtype = HALF, rows = 64,
      cols = 32, access = {
          @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4"),
          @Access(op = STORE, bytes = 16, label = "store16")})
  public interface OverlapHalf {}

  /** Several lanes on one 4-byte word: served once (broadcast), whatever their number. */
  @SwizzledTile(bits = 0, dtype = HALF, rows = 16, cols = 64, access = {
      @Access(op = LOAD, bytes = 2, threads = {16, 2}, label = "pairs2")})
  public interface BroadcastHalf {}

  @SwizzledTile(bits = 0, dtype = UINT8, rows = 64, cols = 64, access = {
      @Access(op = LOAD, bytes = 1, threads = {8, 4}, label = "bytes1"),
      @Access(op = LOAD, bytes = 1, threads = {32, 1}, label = "col1")})
  public interface BroadcastBytes {}

  /** Four lanes on each word of 8 consecutive words: a conflict-free broadcast. */
  @SwizzledTile(bits = 0, dtype = UINT8, rows = 32, cols = 4, access = {
      @Access(op = LOAD, bytes = 1, threads = {8, 4}, label = "bytes1")})
  public interface BroadcastNarrow {}

  /** A base 16 bytes past a 128-byte boundary: each phase straddles two 128-byte lines. */
  @SwizzledTile(bits = 0, dtype = HALF, rows = 64, cols = 64, alignment = 16, access = {
      @Access(op = STORE, bytes = 16, label = "store16"),
      @Access(op = STORE, bytes = 8, label = "store8"),
      @Access(op = LOAD, bytes = 16, threads = {32, 1}, label = "col16"),
      @Access(kind = LDMATRIX, matrices = 4, label = "ldsm_x4")})
  public interface MisalignedHalf {}

  @SwizzledTile(bits = 5, base = 0, shift = 5, dtype = FLOAT, rows = 32, cols = 32, alignment = 16,
      access = @Access(op = LOAD, bytes = 4, threads = {32, 1}, label = "col4"))
  public interface MisalignedFloat {}

  @SwizzledTile(bits = 0, dtype = FLOAT, rows = 64, cols = 64, access = {
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store")})
  public interface EpiloguePlain {}

  /**
   * Lane maps (kind = LANES) on plain halves: columns in CuTe's notation at each width, a blit (each
   * lane bit moves a row and a 16-byte column at once: a diagonal), rows read in bit-reversed order,
   * and broadcasts (pairs of lanes on one word, stored; pairs on one 16-byte vector, loaded).
   */
  @SwizzledTile(bits = 0, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "_32:_1", label = "col_cute16"),
      @Access(kind = LANES, op = LOAD, bytes = 8, lanes = "_32:_1", label = "col_cute8"),
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "_32:_1", label = "col_cute4"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[1,8],[2,16],[4,32],[8,0],[16,0]]",
          label = "blit16"),
      @Access(kind = LANES, op = STORE, bytes = 16, lanes = "[[1,8],[2,16],[4,32],[8,0],[16,0]]",
          label = "blit16_store"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[8,0],[4,0],[2,0],[1,0],[16,0]]",
          label = "rows_reversed16"),
      @Access(kind = LANES, op = STORE, bytes = 4, lanes = "(_2,_16):(_0,_128)",
          label = "pairs4_store"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[0,0],[0,8],[1,0],[2,0],[4,0]]",
          label = "pairs16")})
  public interface LanesHalfPlain {}

  /** The same maps on Swizzle<3,3,3>: columns clean at 16 bytes, 2-way at 8; the blit 8-way. */
  @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = HALF, rows = 64, cols = 64, access = {
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "_32:_1", label = "col_cute16"),
      @Access(kind = LANES, op = LOAD, bytes = 8, lanes = "_32:_1", label = "col_cute8"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[1,8],[2,16],[4,32],[8,0],[16,0]]",
          label = "blit16"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[8,0],[4,0],[2,0],[1,0],[16,0]]",
          label = "rows_reversed16")})
  public interface LanesHalfSw333 {}

  /**
   * Lane maps on plain floats: a column (32-way), CuTe's SIMT pairs, groups of 4 lanes on a word,
   * all 32 lanes on one word (loaded and stored), 8-byte columns with and without pairs, and four
   * rows of 8 words (4-way).
   */
  @SwizzledTile(bits = 0, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "_32:_1", label = "col_cute4"),
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "(_2,_16):(_0,_32)", label = "simt_pairs4"),
      @Access(kind = LANES, op = STORE, bytes = 4, lanes = "[[0,0],[0,0],[0,1],[0,2],[0,4]]",
          label = "groups4_store"),
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "[[0,0],[0,0],[0,0],[0,0],[0,0]]",
          label = "one_word4"),
      @Access(kind = LANES, op = STORE, bytes = 4, lanes = "[[0,0],[0,0],[0,0],[0,0],[0,0]]",
          label = "one_word4_store"),
      @Access(kind = LANES, op = LOAD, bytes = 8, lanes = "[[1,0],[2,0],[4,0],[8,0],[16,0]]",
          label = "col8"),
      @Access(kind = LANES, op = LOAD, bytes = 8, lanes = "[[0,0],[1,0],[2,0],[4,0],[8,0]]",
          label = "pairs_col8"),
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "[[0,1],[0,2],[0,4],[1,0],[2,0]]",
          label = "rows4x8_4")})
  public interface LanesFloatPlain {}

  /** A column of floats on Swizzle<5,0,5>: conflict-free. */
  @SwizzledTile(bits = 5, base = 0, shift = 5, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(kind = LANES, op = LOAD, bytes = 4, lanes = "_32:_1", label = "col_cute4"),
      @Access(kind = LANES, op = STORE, bytes = 4, lanes = "_32:_1", label = "col_cute4_store")})
  public interface LanesFloatTransposed {}

  @SwizzledTile(bits = 2, base = 3, shift = 3, dtype = FLOAT, rows = 64, cols = 64, access = {
      @Access(kind = MMA_ACCUMULATOR, op = STORE, label = "mma_store"),
      @Access(op = LOAD, bytes = 16, label = "load16")})
  public interface EpilogueSwizzled {}

  /**
   * Issue 33's two lane maps (a column, and rows 8 apart across two vectors) on the general XOR map
   * derivation gives them where no swizzle serves whole rows (bits omitted, the atom the whole tile),
   * read through the generated header's own offsets.
   */
  @SwizzledTile(dtype = FLOAT, rows = 32, cols = 32, atomRows = 32, atomCols = 32, access = {
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[1,0],[2,0],[4,0],[8,0],[16,0]]",
          label = "column16"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[8,0],[16,0],[0,4],[1,0],[2,0]]",
          label = "rows8_apart16")})
  public interface TwoLaneMapsDerived {}

  /** The same two maps on plain floats: the conflicts the derived map removes. */
  @SwizzledTile(bits = 0, dtype = FLOAT, rows = 32, cols = 32, access = {
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[1,0],[2,0],[4,0],[8,0],[16,0]]",
          label = "column16"),
      @Access(kind = LANES, op = LOAD, bytes = 16, lanes = "[[8,0],[16,0],[0,4],[1,0],[2,0]]",
          label = "rows8_apart16")})
  public interface TwoLaneMapsPlain {}
}
