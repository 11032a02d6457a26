package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;

/**
 * What makes a CuTe layout ({@code layout = "..."}) no tile: text that is no layout, a layout of the
 * wrong rank or size, one that sends two elements to one offset, or one the model holds no form of.
 * Each names the layout's text, and where it can the part of it at fault.
 */
public sealed interface CuteViolation extends Violation {

  /** The text is no CuTe layout: at the 0-based {@code index}, {@code expected} would fit. */
  record Syntax(String text, int index, String expected) implements CuteViolation {}

  /** The shape's top level has {@code rank} modes: a tile's has 2 (row, col) or 3 (row, col, stage). */
  record Rank(String text, int rank) implements CuteViolation {}

  /**
   * The layout's pointer flag names {@code pointerBits}-bit elements ({@code smem_ptr[8b]}), the units
   * its swizzle on byte addresses was read into element offsets with, but the tile's {@code dtype}
   * stores {@code storageBits}-bit elements in shared memory ({@link DType#storageBits()}: 4 for
   * packed FP4, 8 for the padded FP4 and FP6 slots): in the dtype's elements the swizzle would be
   * another.
   */
  record PointerWidthMismatch(String text, int pointerBits, DType dtype, int storageBits)
      implements CuteViolation {}

  /** The layout is composed with an offset other than {@code _0}: a tile starts at its base. */
  record OffsetNotZero(String text, int offset) implements CuteViolation {}

  /**
   * The layout is {@code layoutRows x layoutCols (x layoutStages)}: neither the tile nor an atom that
   * tiles it ({@code rows} and {@code cols} whole multiples of the atom's, and an atom has 2 modes).
   */
  record SizeMismatch(String text, int layoutRows, int layoutCols, int layoutStages, int rows,
      int cols, int stages) implements CuteViolation {}

  /**
   * Two elements at one offset: {@code first} of {@code firstStage} and {@code second} of
   * {@code secondStage}; their coordinates differ in the leaf modes {@code modes} (as {@code _2:_0}),
   * whose {@code positions} in the text are where the fault is.
   */
  record NotOneToOne(String text, Cell first, int firstStage, Cell second, int secondStage,
      int offset, List<String> modes, List<Integer> positions) implements CuteViolation {}

  /** Element {@code cell} of {@code stage} lands at a negative offset (a negative stride). */
  record NegativeOffset(String text, Cell cell, int stage, long offset) implements CuteViolation {}

  /**
   * An atom whose {@code size} elements spread over {@code cosize} offsets: tiling it, CuTe's
   * {@code tile_to_shape} fills the holes with other atoms' elements, which no tile of atoms here is.
   */
  record AtomHasHoles(String text, int size, long cosize) implements CuteViolation {}

  /**
   * The stage mode's stride {@code stageStride} is less than the {@code stageSpan} elements stage 0
   * spans: stages stored inside each other (CUTLASS 2.x's multistage buffer), where a tile's stages
   * lie one after another, at least a stage's span apart.
   *
   * @param columns the same layout with its stages as columns ({@code cols = K x stages}, no stage
   *     mode), as CUTLASS 2.x views the buffer
   * @param columnsProblem why {@code columns} is no tile either; empty where it is one
   */
  record StagesInterleaved(String text, long stageStride, long stageSpan, String columns,
      Optional<Violation> columnsProblem) implements CuteViolation {}

  /**
   * The layout is one-to-one, but no tile of the model equals it (atoms of an invertible XOR map of
   * power-of-two sides, or padded rows, tiled down or across, stages one after another); the first
   * element where the closest one, {@code closest}, differs is {@code cell} of {@code stage}: CuTe
   * puts it at {@code cuteOffset}, the tile at {@code tileOffset}.
   */
  record NoTileForm(String text, String closest, Cell cell, int stage, int cuteOffset,
      int tileOffset) implements CuteViolation {}

  /**
   * The layout's swizzle reads offset bits {@code lowBit..highBit}, which the leaf {@code mode} (at
   * {@code position} in the text) reaches in steps of {@code stride}, no power of two: there the
   * offset's bits carry, so they are no bits of any coordinate, and no tile's XOR map (keyed on bits
   * of its rows, columns and stages) equals the layout, though without the swizzle it is a tile.
   * CUTLASS 2.x's crosswise operand at 3 stages (row pairs 3 x 64 elements apart) is one.
   *
   * @param powerOfTwo the same layout with that stride a power of two (the mode whose size makes it
   *     rounded up to one, else the stride itself), where that is a tile; empty where it is not
   */
  record SwizzleReadsCarries(String text, Swizzle swizzle, int lowBit, int highBit, String mode,
      int position, long stride, Optional<String> powerOfTwo) implements CuteViolation {}

  /**
   * The layout puts its first mode (M or N, as CuTe's MN-major atoms do) contiguous, so its tile is
   * the transpose of a swizzled one, which {@code reader} cannot read: an engine (TMA, wgmma or
   * tcgen05, {@code vectorBytes} 0), or a warp access whose {@code vectorBytes}-byte vectors run
   * along the tile's rows (K), whose elements are not contiguous. {@code swapped}, its modes
   * swapped, at {@code rows x cols} (K x M or N), is the tile they read: with {@code atomOrder}
   * where its atoms need one (the tile as declared, transposed), and {@code cutlassOrder} where
   * CUTLASS's order for MN-major operands (atoms along K first, {@code Step<_2,_1,_3>}) is another.
   */
  record ModesSwapped(String text, AccessKind reader, int vectorBytes, String swapped, int rows,
      int cols, Optional<Order> atomOrder, Optional<Order> cutlassOrder) implements CuteViolation {}

  /** {@code attribute} describes the layout, which {@code layout} already does. */
  record ExclusiveWithLayout(Described attribute) implements CuteViolation {}

  /** The attributes that describe a layout besides {@code layout}, by their names. */
  enum Described {
    BITS("bits"), BASE("base"), SHIFT("shift"), ATOM_ROWS("atomRows"), ATOM_COLS("atomCols"),
    ROW_STRIDE("rowStride"), STAGE_STRIDE("stageStride"), SWIZZLE_ROW("swizzleRow");

    private final String attribute;

    Described(String attribute) {
      this.attribute = attribute;
    }

    /** The attribute's name: {@code "atomRows"}. */
    public String attribute() {
      return attribute;
    }

    @Override
    public String toString() {
      return attribute;
    }
  }
}
