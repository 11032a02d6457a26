package dev.swizzlegen.runtime.tma;

import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the bulk tensor copy engine (TMA, {@code cp.async.bulk.tensor}) fills one stage of a tile: a
 * swizzle mode and the {@code boxRows x boxCols} boxes that cover the tile, each written to shared
 * memory from its own offset.
 *
 * <p>The engine writes a box densely, row after row, and applies the mode's byte swizzle to the
 * shared-memory address: element (i, j) of a box written at byte {@code start} lands at
 * {@code start + mode(((i * boxCols) + j) * elementBytes)} when {@code start} is a multiple of the
 * mode's repeat (256, 512 or 1024 bytes; 128 bytes without a swizzle). A box has at most 256 elements
 * in each dimension, an inner dimension of a multiple of 16 bytes and, with a swizzle, of at most the
 * mode's span (32, 64 or 128 bytes). A tile can be filled when boxes that obey these rules put every
 * element exactly where the tile's layout has it: the widest boxes that work, then the tallest, are
 * chosen. A tile of 128-byte-wide atoms in column blocks (CuTe's {@code tile_to_shape} of
 * {@code Swizzle<3,4,3>} on bytes) is one box per column block; a tile whose atoms are numbered
 * across the row is one box per atom.
 *
 * @param mode the swizzle mode to encode in the tensor map
 * @param boxRows rows of a box (its outer dimension)
 * @param boxCols elements of a box row (its inner dimension)
 * @param boxes the boxes of one stage, by tile row, then column
 */
public record TmaFill(TmaSwizzle mode, int boxRows, int boxCols, List<TmaBox> boxes) {
  /** The most elements a TMA box has in one dimension. */
  public static final int MAX_BOX_ELEMENTS = 256;

  public TmaFill {
    boxes = List.copyOf(boxes);
  }

  /** How TMA fills the tile; throws {@link InvalidDescriptionException} when it cannot. */
  public static TmaFill of(TileLayout tile) {
    List<Problem> problems = new ArrayList<>();
    Optional<TmaFill> fill = plan(tile, problems);
    InvalidDescriptionException.throwIfAny(problems);
    return fill.orElseThrow();
  }

  /** How TMA fills the tile, if it can. */
  public static Optional<TmaFill> find(TileLayout tile) {
    return plan(tile, new ArrayList<>());
  }

  /**
   * How TMA would fill the tile if its base (and every stage's) were aligned to the mode's repeat:
   * whether the tile's layout is one TMA can write at all, whatever alignment it declares.
   */
  public static Optional<TmaFill> findWhenAligned(TileLayout tile) {
    Optional<TmaSwizzle> mode = tile.tmaSwizzle();
    if (mode.isEmpty() || tile.alignment() >= mode.get().alignmentBytes()) {
      return find(tile);
    }
    return tile.toBuilder().alignment(mode.get().alignmentBytes()).tryBuild()
        .flatMap(TmaFill::find);
  }

  /** Every reason TMA cannot fill the tile exactly as its layout says; empty when it can. */
  public static List<Problem> check(TileLayout tile) {
    List<Problem> problems = new ArrayList<>();
    plan(tile, problems);
    return problems;
  }

  /** The bytes one swizzled box row may span: 32, 64 or 128; for no swizzle, 256 elements' worth. */
  public static int spanBytes(TmaSwizzle mode) {
    Swizzle bytes = mode.byteSwizzle();
    return bytes.isIdentity() ? Integer.MAX_VALUE : 1 << (bytes.base() + bytes.bits());
  }

  /** The byte alignment every box's shared-memory start needs: the mode's repeat, or 128 bytes. */
  public static int boxAlignmentBytes(TmaSwizzle mode) {
    return Math.max(128, mode.alignmentBytes());
  }

  /**
   * How TMA fills the tile, if it can; otherwise empty, with every reason added to {@code problems}:
   * {@link #find} and {@link #check} in one pass.
   */
  public static Optional<TmaFill> plan(TileLayout tile, List<Problem> problems) {
    int elementBytes = tile.elementBytes();
    Optional<TmaSwizzle> found = tile.tmaSwizzle();
    if (found.isEmpty()) {
      int unitBase = 4 - Integer.numberOfTrailingZeros(elementBytes);
      problems.add(new Problem(Parameter.KIND, "TMA writes only Swizzle<1|2|3,4,3> on bytes"
          + " (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B) or no swizzle, which on " + tile.dtype() + " is "
          + "Swizzle<1|2|3," + unitBase + ",3>; " + tile.swizzleName() + " is "
          + tile.byteSwizzle().map(bytes -> bytes + " on bytes").orElse("no swizzle of the byte"
              + " offset") + "."));
      return Optional.empty();
    }
    TmaSwizzle mode = found.get();
    if (tile.rowStride() != tile.cols()) {
      problems.add(new Problem(Parameter.ROW_STRIDE, "TMA writes boxes without padding, so"
          + " rowStride must equal cols, not " + tile.rowStride() + "."));
    }
    if (tile.alignment() < mode.alignmentBytes()) {
      problems.add(new Problem(Parameter.ALIGNMENT, mode.cudaName() + " repeats every "
          + mode.alignmentBytes() + " bytes, so the tile's base must be aligned to "
          + mode.alignmentBytes() + " bytes, not " + tile.alignment() + "."));
    }
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    List<Integer> widths = boxWidths(tile, mode);
    if (widths.isEmpty()) {
      problems.add(new Problem(Parameter.COLS, "a TMA box row must be a multiple of 16 bytes"
          + (mode == TmaSwizzle.NONE ? "" : " and at most " + spanBytes(mode) + " bytes with "
              + mode.cudaName()) + ", and no such width divides rows of " + tile.cols() + " "
          + tile.dtype() + " (" + tile.cols() * elementBytes + " bytes)."));
      return Optional.empty();
    }
    String firstMismatch = null;
    for (int boxCols : widths) {
      for (int boxRows = Math.min(tile.rows(), MAX_BOX_ELEMENTS); boxRows >= 1; boxRows--) {
        if (tile.rows() % boxRows != 0) {
          continue;
        }
        Optional<String> mismatch = mismatch(tile, mode, boxRows, boxCols);
        if (mismatch.isEmpty()) {
          return Optional.of(new TmaFill(mode, boxRows, boxCols, boxes(tile, boxRows, boxCols)));
        }
        if (firstMismatch == null) {
          firstMismatch = mismatch.get();
        }
      }
    }
    int widest = widths.get(0);
    String hint = tile.isOneAtom() && tile.cols() > widest ? columnBlocksHint(tile, widest) : "";
    problems.add(new Problem(Parameter.KIND, "TMA cannot fill the tile with " + mode.cudaName()
        + ": boxes are at most " + widest + " elements wide, and none lands where the tile's"
        + " layout puts its elements (" + firstMismatch + ")." + hint));
    return Optional.empty();
  }

  /**
   * For a one-atom tile wider than a box: the column blocks of atoms as wide as a box, as attributes
   * each checked to give a tile TMA fills. The atom as tall as the tile where that works; else as
   * many rows as hold whole periods of the swizzle (CuTe's 8 rows), with the tile's rows rounded up
   * to a multiple of them where they do not divide it.
   */
  private static String columnBlocksHint(TileLayout tile, int widest) {
    String rowsWider = " Rows of " + tile.cols() * tile.elementBytes() + " bytes are wider than"
        + " one box: declare the tile as column blocks of ";
    String why = ", as CuTe's tile_to_shape builds it, so that each column block is filled by its"
        + " own boxes.";
    if (fills(tile.rows(), tile, 0, widest)) {
      return rowsWider + widest + "-element atoms (atomCols = " + widest + ")" + why;
    }
    // The inner map repeats every 2^span elements of the word.
    long period = 1L << tile.inner().span();
    long step = period / Math.min(period, Integer.lowestOneBit(widest));
    if (step > MAX_BOX_ELEMENTS) {
      return "";
    }
    int atomRows = (int) step;
    String atoms = atomRows + " x " + widest + " atoms";
    if (tile.rows() % atomRows == 0 && fills(tile.rows(), tile, atomRows, widest)) {
      return rowsWider + atoms + " (atomRows = " + atomRows + ", atomCols = " + widest + ")" + why;
    }
    int paddedRows = (tile.rows() + atomRows - 1) / atomRows * atomRows;
    if (fills(paddedRows, tile, atomRows, widest)) {
      return rowsWider + atoms + why.substring(0, why.length() - 1) + "; " + atomRows
          + " rows do not divide the tile's " + tile.rows() + ", so make rows a multiple of "
          + atomRows + " (rows = " + paddedRows + ", atomRows = " + atomRows + ", atomCols = "
          + widest + ").";
    }
    return "";
  }

  /** Whether TMA fills the tile made {@code rows} tall of {@code atomRows x atomCols} atoms. */
  private static boolean fills(int rows, TileLayout tile, int atomRows, int atomCols) {
    return tile.toBuilder().rows(rows).atom(atomRows, atomCols, tile.atomOrder()).tryBuild()
        .flatMap(TmaFill::find).isPresent();
  }

  /**
   * The box rows to try, widest first: those that divide the tile's row, are a whole number of
   * 16-byte units, have at most 256 elements and, with a swizzle, span at most the mode's span.
   */
  private static List<Integer> boxWidths(TileLayout tile, TmaSwizzle mode) {
    int elementBytes = tile.elementBytes();
    int limit = Math.min(MAX_BOX_ELEMENTS, spanBytes(mode) / elementBytes);
    List<Integer> widths = new ArrayList<>();
    for (int boxCols = Math.min(limit, tile.cols()); boxCols >= 1; boxCols--) {
      if (tile.cols() % boxCols == 0 && boxCols * elementBytes % 16 == 0) {
        widths.add(boxCols);
      }
    }
    return widths;
  }

  /** The first element that boxes of this size would put elsewhere than the tile does, in words. */
  private static Optional<String> mismatch(TileLayout tile, TmaSwizzle mode, int boxRows,
      int boxCols) {
    int elementBytes = tile.elementBytes();
    Swizzle pattern = mode.byteSwizzle();
    int alignment = boxAlignmentBytes(mode);
    for (int top = 0; top < tile.rows(); top += boxRows) {
      for (int left = 0; left < tile.cols(); left += boxCols) {
        int start = tile.byteOffset(top, left);
        if (start % alignment != 0) {
          return Optional.of(box(boxRows, boxCols, top, left) + " would start at byte " + start
              + ", not a multiple of the " + alignment + " bytes the engine needs");
        }
        for (int i = 0; i < boxRows; i++) {
          for (int j = 0; j < boxCols; j++) {
            int written = start + pattern.apply((i * boxCols + j) * elementBytes);
            int expected = tile.byteOffset(top + i, left + j);
            if (written != expected) {
              return Optional.of(box(boxRows, boxCols, top, left) + " would put (row " + (top + i)
                  + ", col " + (left + j) + ") at byte " + written + ", where the tile has it at"
                  + " byte " + expected);
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /** {@code "a 8 x 64 box at (row 8, col 0)"}, made only for a message. */
  private static String box(int boxRows, int boxCols, int top, int left) {
    return "a " + boxRows + " x " + boxCols + " box at (row " + top + ", col " + left + ")";
  }

  private static List<TmaBox> boxes(TileLayout tile, int boxRows, int boxCols) {
    List<TmaBox> boxes = new ArrayList<>();
    for (int top = 0; top < tile.rows(); top += boxRows) {
      for (int left = 0; left < tile.cols(); left += boxCols) {
        boxes.add(new TmaBox(top, left, tile.offset(top, left)));
      }
    }
    return boxes;
  }
}
