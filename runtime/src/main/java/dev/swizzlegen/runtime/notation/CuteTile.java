package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.CuteViolation.AtomHasHoles;
import dev.swizzlegen.runtime.notation.CuteViolation.ModesSwapped;
import dev.swizzlegen.runtime.notation.CuteViolation.NegativeOffset;
import dev.swizzlegen.runtime.notation.CuteViolation.NoTileForm;
import dev.swizzlegen.runtime.notation.CuteViolation.NotOneToOne;
import dev.swizzlegen.runtime.notation.CuteViolation.OffsetNotZero;
import dev.swizzlegen.runtime.notation.CuteViolation.PointerWidthMismatch;
import dev.swizzlegen.runtime.notation.CuteViolation.Rank;
import dev.swizzlegen.runtime.notation.CuteViolation.SizeMismatch;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The tile a CuTe layout declares, in the model's two pieces ({@link TileLayout}): the layout is
 * evaluated as CuTe evaluates it, element by element, and the tile is the first of a few candidate
 * descriptions that puts every element where CuTe does. So a pasted layout is exactly its source, and
 * once it is a {@link TileLayout} every fact the model reads off the two pieces (the TMA mode, the
 * wgmma and UMMA descriptors, the index functions) holds for it.
 *
 * <p>A layout of the tile's size (rows x cols, and stages if it has a third mode) is the whole tile. A
 * smaller one of two modes is an atom tiled over the tile as CuTe's {@code tile_to_shape} does:
 * atoms numbered in the tile's {@code atomOrder} (COL_MAJOR, down the rows first, is
 * {@code tile_to_shape}'s own; ROW_MAJOR is {@code Step<_2,_1,_3>}), then stages, each atom
 * {@code size(atom)} elements after the one before, the swizzle applied to the whole offset:
 *
 * <pre>
 *   offset(r, c, s) = Sw(atom(r % R, c % C) + (block(r / R, c / C) + s * blocks) * R * C)
 * </pre>
 *
 * <p>The candidates, tried in order: atoms read off the layout (the declared atom, or the first leaf
 * of each mode of a hierarchical whole tile, as {@code tile_to_shape} prints it), the whole tile as
 * one atom, then every power-of-two atom. An atom's inner part is the {@link XorMap} whose image of
 * each bit of the atom's row-major offset is where CuTe puts that element: any layout of power-of-two
 * modes that covers its atom without holes is one (a permutation of bits, then a swizzle), and one
 * that is a {@code Swizzle<B,M,S>} names it. A padded whole tile ({@code (R,C):(P,_1)}) is rows
 * {@code P} apart. Stages of a two-mode whole tile lie one after another, as the {@code stages}
 * attribute lays them; those of a third mode as far apart as its stride puts them
 * ({@link CuteStages}).
 */
public final class CuteTile {
  /** The most elements the candidates are compared on: more than any tile the model accepts. */
  private static final int MAX_ELEMENTS = 1 << 22;

  private final CuteLayout layout;
  private final DType dtype;
  private final int rows;
  private final int cols;
  private final int stages;
  private final Order atomOrder;
  /** The stage mode's stride, for a three-mode whole tile of several stages; else absent. */
  private final OptionalInt stageStride;
  /** Whether the layout is an atom of the tile rather than the whole tile. */
  private final boolean atom;
  /**
   * The stages CuTe's offsets are known for: all of them, but for a two-mode whole tile only the
   * first, the others lying after it as the tile's {@code stages} lay them.
   */
  private final int evaluatedStages;
  /** CuTe's offset of every element evaluated, index {@code (stage * rows + row) * cols + col}. */
  private int[] offsets;

  private CuteTile(CuteLayout layout, DType dtype, int rows, int cols, int stages, Order atomOrder,
      boolean atom) {
    this.layout = layout;
    this.dtype = dtype;
    this.rows = rows;
    this.cols = cols;
    this.stages = stages;
    this.atomOrder = atomOrder;
    this.atom = atom;
    this.evaluatedStages = atom || layout.rank() == 3 ? stages : 1;
    this.stageStride = atom ? OptionalInt.empty() : CuteStages.stride(layout, stages);
  }

  /**
   * The description of the tile {@code layout} declares, or why it declares none.
   *
   * @param rows the tile's rows, 0 for the layout's
   * @param cols the tile's cols, 0 for the layout's
   * @param stages the tile's stages, 0 for the layout's third mode's size (1 without one)
   * @param atomOrder how a smaller layout's atoms are numbered over the tile
   */
  public static Described describe(CuteLayout layout, DType dtype, int rows, int cols, int stages,
      Order atomOrder) {
    List<Violation> problems = new ArrayList<>();
    // The pointer flag's width is the unit the swizzle was read in: it must be the dtype's.
    if (layout.pointerBits().isPresent()
        && layout.pointerBits().getAsInt() != dtype.storageBits()) {
      problems.add(new PointerWidthMismatch(layout.text(), layout.pointerBits().getAsInt(), dtype,
          dtype.storageBits()));
      return Described.not(problems);
    }
    int rank = layout.rank();
    if (rank != 2 && rank != 3) {
      problems.add(new Rank(layout.text(), rank));
      return Described.not(problems);
    }
    if (layout.offset() != 0) {
      problems.add(new OffsetNotZero(layout.text(), layout.offset()));
      return Described.not(problems);
    }
    int layoutRows = layout.size(0);
    int layoutCols = layout.size(1);
    int layoutStages = rank == 3 ? layout.size(2) : 0;
    int tileRows = rows == 0 ? layoutRows : rows;
    int tileCols = cols == 0 ? layoutCols : cols;
    int tileStages = stages != 0 ? stages : rank == 3 ? layoutStages : 1;
    boolean whole = tileRows == layoutRows && tileCols == layoutCols
        && (rank == 2 || tileStages == layoutStages);
    boolean atom = !whole && rank == 2 && tileRows % layoutRows == 0 && tileCols % layoutCols == 0;
    if (!whole && !atom) {
      problems.add(new SizeMismatch(layout.text(), layoutRows, layoutCols, layoutStages, tileRows,
          tileCols, tileStages));
      return Described.not(problems);
    }
    if ((long) tileRows * tileCols * tileStages > MAX_ELEMENTS) {
      // Far past any shared memory: the tile's own check says so, on the shape.
      return Described.of(TileLayout.builder(dtype, Swizzle.IDENTITY, tileRows, tileCols)
          .stages(tileStages));
    }
    return new CuteTile(layout, dtype, tileRows, tileCols, tileStages, atomOrder, atom).find();
  }

  /**
   * For a layout that puts its first mode contiguous, as CuTe's MN-major GMMA and UMMA atoms put M
   * (or N), with its tile {@code tile} (as {@link #describe} made it) the transpose of a swizzled one,
   * an XOR map that no swizzle is, which TMA, wgmma and tcgen05 do not read and along whose rows (K)
   * ldmatrix and vectors find no contiguous elements: the same layout with its first two modes
   * swapped, declared cols x rows with the other atom order, where that tile's offset form is a
   * swizzle; and where that order numbers the atoms along M (or N) first, as a plain
   * {@code tile_to_shape} does, the order along K first that CUTLASS's sm90 mainloops tile an
   * MN-major operand in ({@code Step<_2,_1,_3>}). Empty for every other layout.
   */
  public static Optional<Swapped> modesSwapped(CuteLayout layout, TileLayout tile) {
    if (layout.rank() < 2 || tile.offsetSwizzle().isPresent()) {
      return Optional.empty();
    }
    CuteLayout swapped = layout.withModesSwapped();
    Order order = tile.atomOrder() == Order.ROW_MAJOR ? Order.COL_MAJOR : Order.ROW_MAJOR;
    Optional<TileLayout> transposed = swizzledTile(swapped, tile, order);
    if (transposed.isEmpty()) {
      return Optional.empty();
    }
    if ((long) swapped.size() >= (long) tile.rows() * tile.cols()) {
      // The whole tile (of one stage, or of all): no atoms to order.
      return Optional.of(new Swapped(layout.text(), swapped, transposed.get(), Optional.empty(),
          Optional.empty()));
    }
    // On the swapped tile, K rows by M (or N) cols, atoms along K first are numbered down the rows.
    Optional<Order> kFirst = order == Order.COL_MAJOR ? Optional.empty()
        : swizzledTile(swapped, tile, Order.COL_MAJOR).map(kFirstTile -> Order.COL_MAJOR);
    return Optional.of(new Swapped(layout.text(), swapped, transposed.get(), Optional.of(order),
        kFirst));
  }

  /** {@code tile}'s transpose declared by {@code swapped} in {@code order}, where it is swizzled. */
  private static Optional<TileLayout> swizzledTile(CuteLayout swapped, TileLayout tile,
      Order order) {
    return describe(swapped, tile.dtype(), tile.cols(), tile.rows(), tile.stages(), order).tile()
        .filter(builder -> builder.check().isEmpty()).map(TileDescription::build)
        .filter(built -> built.offsetSwizzle().isPresent());
  }

  /**
   * The layout {@code text}, pasted M (or N) first, with its modes swapped: {@code layout}, declaring
   * {@code tile} (the pasted tile transposed, K rows by M or N cols), its atoms numbered in
   * {@code atomOrder} where the layout is an atom of the tile; {@code cutlassOrder}, where it is
   * another, is CUTLASS's order for MN-major operands (along K first, {@code Step<_2,_1,_3>}).
   */
  public record Swapped(String text, CuteLayout layout, TileLayout tile, Optional<Order> atomOrder,
      Optional<Order> cutlassOrder) {
    public int rows() {
      return tile.rows();
    }

    public int cols() {
      return tile.cols();
    }

    /**
     * The error on {@code layout} for a tile {@code reader} reads: an engine (TMA, WGMMA, UMMA,
     * {@code vectorBytes} 0), or a warp access whose {@code vectorBytes}-byte vectors the pasted
     * tile's rows do not hold and the swapped tile's do.
     */
    public ModesSwapped readBy(AccessKind reader, int vectorBytes) {
      return new ModesSwapped(text, reader, vectorBytes, layout.toString(), rows(), cols(),
          atomOrder, cutlassOrder);
    }
  }

  /** A description, or the reasons there is none. */
  public record Described(Optional<TileDescription> tile, List<Violation> problems) {
    static Described of(TileDescription tile) {
      return new Described(Optional.of(tile), List.of());
    }

    static Described not(List<Violation> problems) {
      return new Described(Optional.empty(), List.copyOf(problems));
    }
  }

  private Described find() {
    if (atom) {
      Optional<Violation> holes = holes();
      if (holes.isPresent()) {
        return Described.not(List.of(holes.get()));
      }
    }
    Optional<Violation> problem = evaluate();
    if (problem.isPresent()) {
      return Described.not(List.of(problem.get()));
    }
    return equalCandidate().map(candidate -> Described.of(candidate.alignment(128)))
        .orElseGet(() -> Described.not(List.of(noForm(candidates().stream()
            .flatMap(candidate -> candidate.tryBuild().stream()).findFirst().orElse(null)))));
  }

  /** The first candidate that is a tile equal to CuTe's offsets, if one is. */
  private Optional<TileDescription> equalCandidate() {
    return candidates().stream()
        .filter(candidate -> candidate.tryBuild().filter(tile -> firstDifference(tile) < 0)
            .isPresent())
        .findFirst();
  }

  /** An atom that does not cover {@code [0, size)}: {@code tile_to_shape} would interleave atoms. */
  private Optional<Violation> holes() {
    int size = layout.size();
    boolean[] seen = new boolean[size];
    long cosize = 0;
    for (int i = 0; i < size; i++) {
      long value = layout.mode(0).stride(i % layout.size(0))
          + layout.mode(1).stride(i / layout.size(0));
      cosize = Math.max(cosize, value + 1);
      if (value >= 0 && value < size) {
        seen[(int) value] = true;
      }
    }
    for (boolean each : seen) {
      if (!each) {
        return Optional.of(new AtomHasHoles(layout.text(), size, cosize));
      }
    }
    return Optional.empty();
  }

  /** Fills {@link #offsets} as CuTe evaluates the layout; a violation if it is no one-to-one map. */
  private Optional<Violation> evaluate() {
    offsets = new int[rows * cols * evaluatedStages];
    long[] sorted = new long[offsets.length];
    int atomRows = layout.size(0);
    int atomCols = layout.size(1);
    int down = rows / atomRows;
    int across = cols / atomCols;
    for (int s = 0; s < evaluatedStages; s++) {
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          long value;
          if (!atom) {
            value = layout.rank() == 3 ? layout.strided(r, c, s) : layout.strided(r, c);
          } else {
            int block = atomOrder == Order.COL_MAJOR ? r / atomRows + c / atomCols * down
                : r / atomRows * across + c / atomCols;
            value = layout.strided(r % atomRows, c % atomCols)
                + ((long) block + (long) s * down * across) * atomRows * atomCols;
          }
          if (value < 0 || value > Integer.MAX_VALUE) {
            return Optional.of(new NegativeOffset(layout.text(), new Cell(r, c), s, value));
          }
          int offset = layout.swizzled((int) value);
          int index = (s * rows + r) * cols + c;
          offsets[index] = offset;
          sorted[index] = (long) offset << 32 | index;
        }
      }
    }
    Arrays.sort(sorted);
    for (int i = 1; i < sorted.length; i++) {
      if (sorted[i] >>> 32 == sorted[i - 1] >>> 32) {
        return Optional.of(collision((int) sorted[i - 1], (int) sorted[i]));
      }
    }
    return Optional.empty();
  }

  /** Two elements at one offset, with the leaf modes their coordinates differ in. */
  private Violation collision(int first, int second) {
    int[] a = coordinates(first);
    int[] b = coordinates(second);
    List<String> modes = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    // Within an atom or the whole layout, the leaves whose coordinates differ; for two atoms of a
    // tiling, the leaves too (the atom's own coordinates), none if only the atoms differ.
    int dimensions = atom ? 2 : layout.rank();
    int[] sizes = {layout.size(0), layout.size(1), dimensions == 3 ? layout.size(2) : 1};
    for (int d = 0; d < dimensions; d++) {
      int x = a[d] % sizes[d];
      int y = b[d] % sizes[d];
      for (CuteLayout.Mode leaf : layout.mode(d).leaves()) {
        if (x % leaf.size() != y % leaf.size()) {
          modes.add(leaf.toString());
          positions.add(leaf.position());
        }
        x /= leaf.size();
        y /= leaf.size();
      }
    }
    return new NotOneToOne(layout.text(), new Cell(a[0], a[1]), a[2], new Cell(b[0], b[1]), b[2],
        offsets[first], List.copyOf(modes), List.copyOf(positions));
  }

  /** (row, col, stage) of an index of {@link #offsets}. */
  private int[] coordinates(int index) {
    return new int[] {index / cols % rows, index % cols, index / (rows * cols)};
  }

  /** The descriptions to try, in order of preference. */
  private List<TileDescription> candidates() {
    List<TileDescription> candidates = new ArrayList<>();
    withinRows(candidates);
    if (atom) {
      atoms(candidates, layout.size(0), layout.size(1), atomOrder);
    } else {
      int atomRows = layout.mode(0).leaves().get(0).size();
      int atomCols = layout.mode(1).leaves().get(0).size();
      if (atomRows != rows || atomCols != cols) {
        atoms(candidates, atomRows, atomCols, Order.COL_MAJOR);
        atoms(candidates, atomRows, atomCols, Order.ROW_MAJOR);
      }
    }
    atoms(candidates, rows, cols, Order.COL_MAJOR);
    // A padded whole tile: rows as far apart as CuTe puts (1, 0) from (0, 0).
    if (!atom && rows > 1) {
      long pitch = layout.mode(0).stride(1) - layout.mode(0).stride(0);
      if (pitch > cols && pitch < Integer.MAX_VALUE) {
        for (XorMap map : plainMaps()) {
          builder(map).ifPresent(candidate -> candidates.add(candidate.rowStride((int) pitch)));
        }
      }
    }
    for (int atomRows = 1; atomRows <= rows; atomRows *= 2) {
      for (int atomCols = 1; atomCols <= cols; atomCols *= 2) {
        if (rows % atomRows == 0 && cols % atomCols == 0 && (atomRows != rows || atomCols != cols)) {
          atoms(candidates, atomRows, atomCols, Order.COL_MAJOR);
          atoms(candidates, atomRows, atomCols, Order.ROW_MAJOR);
        }
      }
    }
    return candidates;
  }

  /**
   * A swizzle within each row of the strided part's offsets, where the layout is printed as one: an
   * outer layout {@code (_2^P,_n):(_1,_R)} composed after {@code Sw<B,M,S'>}, the swizzle's words of
   * {@code 2^P} laid in rows {@code R} apart, which is {@code Swizzle<B,M,S' - P + B + M>} within each
   * {@code R}-element row ({@link TileDescription#swizzleRow}), on atoms read off the layout's first
   * leaves (or the whole tile), as the strided part lays them.
   */
  private void withinRows(List<TileDescription> candidates) {
    if (layout.outer().isEmpty() || layout.swizzle().isEmpty()
        || !layout.innerSwizzles().isEmpty()) {
      return;
    }
    CuteLayout.Mode outer = layout.outer().get();
    List<CuteLayout.Mode> leaves = outer.leaves();
    if (leaves.size() != 2 || leaves.get(0).stride() != 1
        || Integer.bitCount(leaves.get(0).size()) != 1 || leaves.get(1).stride() <= 0) {
      return;
    }
    int p = Integer.numberOfTrailingZeros(leaves.get(0).size());
    Swizzle onWord = layout.swizzle().get();
    Swizzle swizzle;
    try {
      swizzle = Swizzle.of(onWord.bits(), onWord.base(),
          onWord.shift() - p + onWord.bits() + onWord.base());
    } catch (IllegalArgumentException noSwizzle) {
      return;
    }
    List<int[]> atoms = new ArrayList<>();
    if (atom) {
      atoms.add(new int[] {layout.size(0), layout.size(1)});
    } else {
      atoms.add(new int[] {layout.mode(0).leaves().get(0).size(),
          layout.mode(1).leaves().get(0).size()});
      atoms.add(new int[] {rows, cols});
    }
    for (int[] side : atoms) {
      for (Order order : atom ? List.of(atomOrder) : List.of(Order.ROW_MAJOR, Order.COL_MAJOR)) {
        TileDescription candidate = TileLayout.builder(dtype, swizzle, rows, cols).stages(stages)
            .stageStride(stageStride).alignment(dtype.unitBytes()).swizzleWithinEachRow(true)
            .swizzleRow(leaves.get(1).stride()).atom(side[0], side[1], order);
        candidates.add(candidate);
      }
    }
  }

  /**
   * Atoms of {@code atomRows x atomCols} in {@code order}: with the map read off the first atom's
   * elements where its sides are powers of two, else the layout's own swizzle or none.
   */
  private void atoms(List<TileDescription> candidates, int atomRows, int atomCols, Order order) {
    List<XorMap> maps = new ArrayList<>();
    if (Integer.bitCount(atomRows) == 1 && Integer.bitCount(atomCols) == 1) {
      readMap(atomRows, atomCols).ifPresent(maps::add);
    }
    maps.addAll(plainMaps());
    for (XorMap map : maps) {
      builder(map).ifPresent(candidate -> candidates.add(atomRows == rows && atomCols == cols
          ? candidate : candidate.atom(atomRows, atomCols, order)));
    }
  }

  /** The layout's own swizzle, and no map: a row-major atom or padded rows. */
  private List<XorMap> plainMaps() {
    List<XorMap> maps = new ArrayList<>();
    layout.swizzle().filter(sw -> !sw.isIdentity()).ifPresent(sw -> maps.add(XorMap.of(sw)));
    maps.add(XorMap.of(Swizzle.IDENTITY));
    return maps;
  }

  /**
   * The map whose image of each bit of an atom's row-major offset {@code row * atomCols + col} is
   * where CuTe puts that element of the first atom, if those images make an invertible map.
   */
  private Optional<XorMap> readMap(int atomRows, int atomCols) {
    int bits = Integer.numberOfTrailingZeros(atomRows) + Integer.numberOfTrailingZeros(atomCols);
    int[] images = new int[bits];
    for (int j = 0; j < bits; j++) {
      int word = 1 << j;
      images[j] = offsets[word / atomCols * cols + word % atomCols];
    }
    try {
      return Optional.of(XorMap.ofImages(images));
    } catch (IllegalArgumentException notInvertible) {
      return Optional.empty();
    }
  }

  /**
   * A tile of this shape and stages whose inner part is {@code map}; none for packed FP4 where the
   * map moves one element of a byte without the other.
   */
  private Optional<TileDescription> builder(XorMap map) {
    try {
      // The least alignment any tile of the type takes: the declared one is checked by the caller.
      return Optional.of(TileLayout.builder(dtype, map, rows, cols).stages(stages)
          .stageStride(stageStride).alignment(dtype.unitBytes()));
    } catch (IllegalArgumentException splitsAByte) {
      return Optional.empty();
    }
  }

  /** The index of the first element where {@code tile} differs from CuTe; -1 if none does. */
  private int firstDifference(TileLayout tile) {
    for (int s = 0; s < evaluatedStages; s++) {
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          int index = (s * rows + r) * cols + c;
          if (tile.offset(r, c, s) != offsets[index]) {
            return index;
          }
        }
      }
    }
    return -1;
  }

  /**
   * Why no candidate is the layout: stages stored inside each other, a swizzle that reads bits a
   * stride carries into, or the closest's first difference.
   */
  private Violation noForm(TileLayout closest) {
    if (!atom && layout.rank() == 3 && stages > 1) {
      int span = 0;
      for (int i = 0; i < rows * cols; i++) {
        span = Math.max(span, offsets[i] + 1);
      }
      Optional<Violation> interleaved = CuteStages.interleaved(layout, dtype, span);
      if (interleaved.isPresent()) {
        return interleaved.get();
      }
    }
    if (!atom) {
      Optional<Violation> carries = CuteCarries.of(layout, dtype);
      if (carries.isPresent()) {
        return carries.get();
      }
    }
    if (closest == null) {
      return new NoTileForm(layout.text(), "", new Cell(0, 0), 0, offsets[0], 0);
    }
    int index = firstDifference(closest);
    int[] at = coordinates(index);
    return new NoTileForm(layout.text(), closest.text(), new Cell(at[0], at[1]), at[2],
        offsets[index], closest.offset(at[0], at[1], at[2]));
  }
}
