package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.StridedPart;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;
import java.util.function.IntBinaryOperator;

/**
 * A whole tile as the CuTe layout a CuTe kernel builds its shared-memory tensor with: coordinate
 * {@code (row, col)}, or {@code (row, col, stage)} for a staged tile, to the element offset
 * {@code offset(row, col[, stage])}. Read off the tile's two parts:
 *
 * <pre>
 *   strided part   ((atomRows, atomsDown), (atomCols, atomsAcross), stages)
 *                : ((atomRowStride, down), (1, across), stageStride)   tile_to_shape's, stages last
 *   inner part     the swizzle composed after it: on the shared pointer in bytes for a tile an
 *                  engine reads (Sw&lt;B,4,3&gt; o smem_ptr[16b] o L, as GMMA::Layout_K_SW128_Atom),
 *                  on element offsets otherwise (Sw&lt;B,M,S&gt; o _0 o L); a general XOR map as its
 *                  chain of swizzles over the atom's bit permutation (CuteSwizzleChain)
 *   within rows    a swizzle within each row of a row stride that is no power of two: the rows
 *                  read as words of a power of two, (W, n):(1, rowStride) o _0 o Sw o _0 o L;
 *                  within each row of a stage's strided offsets (TileLayout#swizzleRow, CUTLASS
 *                  2.x's crosswise rows), L gives those offsets as words of rows of W and
 *                  (W, n):(1, swizzleRow) reads them back
 * </pre>
 *
 * <p>A form is exported only where it equals the tile on every element of every stage: shown on the
 * two parts where the form is one swizzle chain over the strided part (each mode's strides, the
 * chain on a basis of bits), else checked element by element, which also names the first element
 * where a form fails; where none holds, {@link #of} says which form failed and where.
 * CuTe composes its swizzle on the whole offset, the atom's start and the stage's included, so a
 * form fails where a stage stride or an atom grid moves bits the swizzle reads.
 */
public final class CuteExport {
  /** The layout through its swizzles (parsed back from its text, so the model reads it). */
  private final CuteLayout layout;
  /** A plain layout composed after {@link #layout}: the words of rows back to the row stride. */
  private final Optional<CuteLayout> rows;

  private CuteExport(CuteLayout layout, Optional<CuteLayout> rows) {
    this.layout = layout;
    this.rows = rows;
  }

  /** Why a tile has no exported form: which form was tried, and the first element it misses. */
  public enum Reason {
    /** The inner map is no swizzle chain over a permutation of bits ({@code CuteSwizzleChain}). */
    NO_SWIZZLE_CHAIN,
    /** A swizzle whose masks overlap ({@code |S| < B}), which CuTe's {@code Swizzle} rejects. */
    OVERLAPPING_SWIZZLE,
    /** A swizzle within rows whose stages are no whole number of rows apart. */
    STAGES_NOT_WHOLE_ROWS,
    /** The form was built, but at {@code cell} of {@code stage} it gives another offset. */
    DIFFERS
  }

  /** What {@link #of} found: the export, or why there is none (and, for DIFFERS, where). */
  public record Checked(Optional<CuteExport> export, Optional<Reason> reason, String tried,
      Cell cell, int stage, long cuteOffset, int offset) {}

  /**
   * The CuTe layout of {@code tile}; its swizzle on the shared pointer in bytes when
   * {@code onPointer} (a tile TMA, wgmma or tcgen05 touches: CuTe's TMA and MMA atoms read the
   * swizzle there) and the tile's swizzle is one on bytes, else on element offsets.
   */
  public static Checked of(TileLayout tile, boolean onPointer) {
    StridedPart s = tile.strided();
    String strided;
    String composed;
    Optional<CuteLayout> rows = Optional.empty();
    Optional<Swizzle> onOffset = tile.offsetSwizzle();
    if (tile.hasSwizzle() && Math.abs(tile.swizzle().shift()) < tile.swizzle().bits()) {
      return none(Reason.OVERLAPPING_SWIZZLE, tile.swizzleName());
    }
    if (onOffset.isPresent()) {
      Swizzle e = onOffset.get();
      Optional<Swizzle> bytes = tile.byteSwizzle();
      strided = strided(s, "_" + s.atomRows(), "_" + s.atomRowStride(), "_" + s.atomCols(), "_1",
          s.atomRowStride());
      if (onPointer && bytes.isPresent()) {
        Swizzle b = bytes.get();
        composed = "Sw<" + b.bits() + "," + b.base() + "," + b.shift() + "> o smem_ptr["
            + tile.dtype().storageBits() + "b](unset) o " + strided;
      } else {
        composed = e.isIdentity() ? strided
            : "Sw<" + e.bits() + "," + e.base() + "," + e.shift() + "> o _0 o " + strided;
      }
    } else if (tile.readsTheOffset()) {
      Optional<CuteLayout> chain = CuteSwizzleChain.ofMap(tile);
      if (chain.isEmpty()) {
        return none(Reason.NO_SWIZZLE_CHAIN, tile.swizzleName());
      }
      CuteLayout atom = chain.get();
      CuteLayout.Mode r = atom.mode(0);
      CuteLayout.Mode c = atom.mode(1);
      strided = strided(s, r.shapeText(), r.strideText(), c.shapeText(), c.strideText(),
          s.atomRowStride());
      composed = atom.composed(strided);
    } else if (tile.swizzleRow() > 0) {
      // A swizzle within each row of a stage's offsets before the swizzle: each stage's strided
      // offsets read as words of rows of W, swizzled, read back at the swizzle's row.
      Optional<Swizzle> word = tile.inner().asSwizzle();
      int pitch = tile.swizzleRow();
      if (word.isEmpty()) {
        return none(Reason.NO_SWIZZLE_CHAIN, tile.swizzleName());
      }
      if (s.stageStride() % pitch != 0) {
        return none(Reason.STAGES_NOT_WHOLE_ROWS, tile.swizzleName());
      }
      int w = tile.wordCols();
      IntBinaryOperator words = (row, col) -> {
        int plain = tile.plain(Math.min(row, s.rows() - 1), Math.min(col, s.cols() - 1));
        return plain / pitch * w + plain % pitch;
      };
      String[] row = mode("_" + s.atomRows(), "_" + words.applyAsInt(1, 0), s.atomsDown(),
          words.applyAsInt(s.atomRows(), 0));
      String[] col = mode("_" + s.atomCols(), "_1", s.atomsAcross(),
          words.applyAsInt(0, s.atomCols()));
      String stage = s.stages() > 1
          ? ",_" + s.stages() + "):(" + row[1] + "," + col[1] + ",_" + s.stageStride() / pitch * w
          : "):(" + row[1] + "," + col[1];
      strided = "(" + row[0] + "," + col[0] + stage + ")";
      Swizzle e = word.get();
      composed = "Sw<" + e.bits() + "," + e.base() + "," + e.shift() + "> o _0 o " + strided;
      int wordRows = (s.stages() - 1) * (s.stageStride() / pitch)
          + (s.stageExtentElements() + pitch - 1) / pitch;
      rows = Optional.of(CuteLayout.parse("(_" + w + ",_" + wordRows + "):(_1,_" + pitch + ")"));
    } else {
      // A swizzle within each row: the word row * W + col, swizzled, read back at the row stride.
      int w = tile.wordCols();
      Optional<Swizzle> word = tile.inner().asSwizzle();
      if (word.isEmpty()) {
        return none(Reason.NO_SWIZZLE_CHAIN, tile.swizzleName());
      }
      if (s.stageStride() % s.rowStride() != 0) {
        return none(Reason.STAGES_NOT_WHOLE_ROWS, tile.swizzleName());
      }
      Swizzle e = word.get();
      StridedPart words = new StridedPart(s.rows(), s.cols(), w, s.atomRows(), s.atomCols(),
          s.atomOrder(), s.stages(), s.stageStride() / s.rowStride() * w);
      strided = strided(words, "_" + s.atomRows(), "_" + w, "_" + s.atomCols(), "_1", w);
      composed = "Sw<" + e.bits() + "," + e.base() + "," + e.shift() + "> o _0 o " + strided;
      int wordRows = (s.stages() - 1) * (s.stageStride() / s.rowStride()) + s.rows();
      rows = Optional.of(CuteLayout.parse("(_" + w + ",_" + wordRows + "):(_1,_" + s.rowStride()
          + ")"));
    }
    CuteExport export = new CuteExport(CuteLayout.parse(composed), rows);
    String tried = export.toString();
    // CuTe's strided part is a sum over the top-level modes: each mode's part at each coordinate.
    long[] rowParts = export.modeParts(0, s.rows());
    long[] colParts = export.modeParts(1, s.cols());
    long[] stageParts = export.layout.rank() == 3 ? export.modeParts(2, s.stages()) : new long[1];
    if (export.composesTheTile(tile, rowParts, colParts, stageParts)) {
      return new Checked(Optional.of(export), Optional.empty(), tried, new Cell(0, 0), 0, 0, 0);
    }
    // Every element, CuTe's offset against the tile's: where the two parts do not show the export
    // equal, for the first element that differs, or the forms the algebra does not read.
    for (int stage = 0; stage < s.stages(); stage++) {
      for (int row = 0; row < s.rows(); row++) {
        for (int col = 0; col < s.cols(); col++) {
          long cute = export.atStrided(rowParts[row] + colParts[col] + stageParts[stage]);
          int offset = tile.offset(row, col, stage);
          if (cute != offset) {
            return new Checked(Optional.empty(), Optional.of(Reason.DIFFERS), tried,
                new Cell(row, col), stage, cute, offset);
          }
        }
      }
    }
    return new Checked(Optional.of(export), Optional.empty(), tried, new Cell(0, 0), 0, 0, 0);
  }

  /**
   * Whether this export, one swizzle chain over a strided layout, is the tile, read off the two
   * parts: each mode's strided part equals the tile's strided part ({@link TileLayout#plain}, the
   * stage stride) at each coordinate of that mode, the chain equals the tile's inner map on every bit
   * an offset of the tile has (both are XOR maps, equal on a basis, equal everywhere), and the tile
   * is its inner map composed over the whole strided offset, the stage's included
   * ({@link TileLayout#swizzlesTheWholeOffset()}, a stage stride that is a multiple of the map's
   * period). Then CuTe's offset, the chain of the sum of the parts, is the tile's on every element.
   * {@code false} says only that this proof does not apply; the elements then decide.
   */
  private boolean composesTheTile(TileLayout tile, long[] rowParts, long[] colParts,
      long[] stageParts) {
    StridedPart s = tile.strided();
    if (rows.isPresent() || layout.outer().isPresent() || layout.offset() != 0
        || !tile.swizzlesTheWholeOffset()
        || s.stages() > 1 && s.stageStride() % (1L << tile.inner().span()) != 0) {
      return false;
    }
    for (int row = 0; row < s.rows(); row++) {
      if (rowParts[row] != tile.plain(row, 0)) {
        return false;
      }
    }
    for (int col = 0; col < s.cols(); col++) {
      if (colParts[col] != tile.plain(0, col)) {
        return false;
      }
    }
    for (int stage = 0; stage < stageParts.length; stage++) {
      if (stageParts[stage] != (long) stage * s.stageStride()) {
        return false;
      }
    }
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, s.extentElements() - 1));
    for (int bit = 0; bit < bits; bit++) {
      if (layout.swizzled(1 << bit) != tile.inner().apply(1 << bit)) {
        return false;
      }
    }
    return true;
  }

  private static Checked none(Reason reason, String tried) {
    return new Checked(Optional.empty(), Optional.of(reason), tried, new Cell(0, 0), 0, 0, 0);
  }

  /**
   * The strided text of a tile whose atom's row mode is {@code rowShape:rowStride} and column mode
   * {@code colShape:colStride} ({@code atomRowStride} elements a row): the atom grid's modes after
   * each, stages last, size-1 modes left out as CuTe's {@code coalesce} leaves them.
   */
  private static String strided(StridedPart s, String rowShape, String rowStride, String colShape,
      String colStride, int atomRowStride) {
    int atomElements = s.atomRows() * atomRowStride;
    int down = s.atomsDown();
    int across = s.atomsAcross();
    int downStride = s.atomOrder() == Order.COL_MAJOR ? atomElements : atomElements * across;
    int acrossStride = s.atomOrder() == Order.COL_MAJOR ? atomElements * down : atomElements;
    String[] row = mode(rowShape, rowStride, down, downStride);
    String[] col = mode(colShape, colStride, across, acrossStride);
    String shape = "(" + row[0] + "," + col[0];
    String stride = "(" + row[1] + "," + col[1];
    if (s.stages() > 1) {
      shape += ",_" + s.stages();
      stride += ",_" + s.stageStride();
    }
    return shape + "):" + stride + ")";
  }

  private static String[] mode(String shape, String stride, int count, int countStride) {
    if (count == 1) {
      return new String[] {shape, stride};
    }
    return new String[] {"(" + shape + ",_" + count + ")", "(" + stride + ",_" + countStride + ")"};
  }

  /**
   * The layout through its swizzles: {@code Sw<..> o smem_ptr[..b] o L}, {@code Sw<..> o _0 o L},
   * a chain of them, or the strided layout alone.
   */
  public CuteLayout layout() {
    return layout;
  }

  /**
   * The plain layout composed after {@link #layout()} for a swizzle within rows of a row stride
   * that is no power of two: {@code (W, n):(1, rowStride)}; empty for every other tile.
   */
  public Optional<CuteLayout> rows() {
    return rows;
  }

  /** The strided part of top-level mode {@code mode} at each coordinate below {@code count}. */
  private long[] modeParts(int mode, int count) {
    long[] parts = new long[count];
    for (int c = 0; c < count; c++) {
      parts[c] = layout.mode(mode).stride(c);
    }
    return parts;
  }

  /** The element offset of a strided part already summed over the modes. */
  private long atStrided(long strided) {
    int inner = layout.atStrided(strided);
    return rows.isPresent() ? rows.get().apply(inner) : inner;
  }

  /** The element offset of {@code (row, col, stage)}: what CuTe's layout gives there. */
  public long offset(int row, int col, int stage) {
    int inner = layout.rank() == 3 ? layout.apply(row, col, stage) : layout.apply(row, col);
    return rows.isPresent() ? rows.get().apply(inner) : inner;
  }

  /** As CuTe's {@code print} writes it, every integer static. */
  @Override
  public String toString() {
    return rows.map(r -> r + " o _0 o ").orElse("") + layout.text();
  }
}
