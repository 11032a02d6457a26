package dev.swizzlegen.runtime.engine.tma;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.ArchitectureViolation;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.BoxElementMisplaced;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.BoxMismatch;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.BoxStartMisaligned;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.ColumnBlocks;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.NoTmaBoxWidth;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.NoTmaMode;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.NoTmaModeForMap;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.PackedBoxWidth;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaAlignment;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaBoxesMisplaced;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.TmaPadding;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
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
 * <p>Sub-byte types ({@link TmaDataType}): packed FP4 boxes are counted in elements, two to a byte,
 * their rows whole 16-byte units (multiples of 32 elements); the padded types' boxes are exactly 128
 * elements (128 bytes of 16-byte units) wide. The swizzle modes each padded type may use in each
 * direction are the engine's to check ({@code Tma}), as they depend on the direction.
 *
 * @param mode the swizzle mode to encode in the tensor map
 * @param boxRows rows of a box (its outer dimension)
 * @param boxCols elements of a box row (its inner dimension)
 * @param boxes the boxes of one stage, by tile row, then column
 */
public record TmaFill(TmaSwizzle mode, int boxRows, int boxCols, List<TmaBox> boxes) {
  /** The most elements a TMA box has in one dimension. */
  static final int MAX_BOX_ELEMENTS = 256;

  public TmaFill {
    boxes = List.copyOf(boxes);
  }

  /**
   * How TMA fills the tile: the mode and boxes that put every element exactly where the tile's
   * layout has it, or every reason there are none. The one entry to the fill; the engine,
   * {@code Tma}, adds the direction's rule for the padded sub-byte types. How TMA would fill the
   * tile from a base aligned to its mode's repeat, whatever alignment it declares, is this plan on
   * the tile at that alignment, {@code Engine.atDefaultAlignment(tile)}.
   */
  public static Plan<TmaFill> plan(TileLayout tile) {
    List<Violation> problems = new ArrayList<>();
    Optional<TmaFill> fill = find(tile, problems);
    return fill.isPresent() ? Plan.of(fill.get()) : Plan.prevented(problems);
  }

  /**
   * Why TMA cannot write a tile in {@code mode} on {@code architecture}: it has no TMA, or its TMA
   * does not write the mode (one of Blackwell's, on an earlier architecture); empty where it can.
   */
  public static List<Violation> check(TmaSwizzle mode, Architecture architecture) {
    if (!architecture.has(Architecture.Feature.TMA)) {
      return List.of(new ArchitectureViolation.MissingInstruction(architecture, AccessKind.TMA));
    }
    return mode.isBlackwell() && !architecture.has(Architecture.Feature.BLACKWELL_TMA_MODES)
        ? List.of(new TmaViolation.MissingTmaMode(architecture, mode))
        : List.of();
  }

  /** The bytes one swizzled box row may span: 32, 64 or 128; for no swizzle, 256 elements' worth. */
  public static int spanBytes(TmaSwizzle mode) {
    return mode == TmaSwizzle.NONE ? Integer.MAX_VALUE : mode.spanBytes();
  }

  /** The byte alignment every box's shared-memory start needs: the mode's repeat, or 128 bytes. */
  static int boxAlignmentBytes(TmaSwizzle mode) {
    return Math.max(128, mode.alignmentBytes());
  }

  /**
   * How TMA fills the tile, if it can; otherwise empty, with every reason added to
   * {@code problems} (empty on entry): {@link #plan}'s work.
   */
  private static Optional<TmaFill> find(TileLayout tile, List<Violation> problems) {
    Optional<TmaSwizzle> found = tile.tmaSwizzle();
    if (found.isEmpty()) {
      problems.add(tile.hasSwizzle()
          ? new NoTmaMode(tile.dtype(), tile.swizzle(), tile.swizzlesWithinEachRow(),
              tile.byteSwizzle())
          : new NoTmaModeForMap(tile.dtype(), tile.inner()));
      return Optional.empty();
    }
    TmaSwizzle mode = found.get();
    if (tile.rowStride() != tile.cols()) {
      problems.add(new TmaPadding(tile.rowStride(), tile.cols()));
    }
    if (tile.alignment() < mode.alignmentBytes()) {
      problems.add(new TmaAlignment(mode, tile.alignment()));
    }
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    List<Integer> widths = boxWidths(tile, mode);
    if (widths.isEmpty()) {
      int required = TmaDataType.of(tile.dtype()).boxCols();
      problems.add(required != 0 ? new PackedBoxWidth(tile.dtype(), required, tile.cols())
          : new NoTmaBoxWidth(mode, tile.cols(), tile.dtype()));
      return Optional.empty();
    }
    BoxMismatch firstMismatch = null;
    for (int boxCols : widths) {
      for (int boxRows = Math.min(tile.rows(), MAX_BOX_ELEMENTS); boxRows >= 1; boxRows--) {
        if (tile.rows() % boxRows != 0) {
          continue;
        }
        Optional<Boolean> decided = fillsByAlgebra(tile, mode, boxRows, boxCols);
        if (decided.isPresent() ? decided.get()
            : mismatch(tile, mode, boxRows, boxCols).isEmpty()) {
          return Optional.of(new TmaFill(mode, boxRows, boxCols, boxes(tile, boxRows, boxCols)));
        }
        if (firstMismatch == null) {
          firstMismatch = mismatch(tile, mode, boxRows, boxCols).orElseThrow();
        }
      }
    }
    int widest = widths.get(0);
    Optional<ColumnBlocks> hint = tile.isOneAtom() && tile.cols() > widest
        ? columnBlocksHint(tile, widest) : Optional.empty();
    problems.add(new TmaBoxesMisplaced(mode, widest, firstMismatch, hint));
    return Optional.empty();
  }

  /**
   * For a one-atom tile wider than a box: the column blocks of atoms as wide as a box, each checked
   * to give a tile TMA fills. The atom as tall as the tile where that works; else as many rows as
   * hold whole periods of the swizzle (CuTe's 8 rows), with the tile's rows rounded up to a multiple
   * of them where they do not divide it.
   */
  private static Optional<ColumnBlocks> columnBlocksHint(TileLayout tile, int widest) {
    int rowBytes = tile.bytesOf(tile.cols());
    Optional<TileLayout> tall = filled(tile.rows(), tile, 0, widest);
    if (tall.isPresent()) {
      return Optional.of(new ColumnBlocks(rowBytes, 0, widest, tile.rows(), tile.rows(),
          tall.get()));
    }
    // The inner map repeats every 2^span elements of the word.
    long period = 1L << tile.inner().span();
    long step = period / Math.min(period, Integer.lowestOneBit(widest));
    if (step > MAX_BOX_ELEMENTS) {
      return Optional.empty();
    }
    int atomRows = (int) step;
    int paddedRows = (tile.rows() + atomRows - 1) / atomRows * atomRows;
    return filled(paddedRows, tile, atomRows, widest).map(blocks -> new ColumnBlocks(rowBytes,
        atomRows, widest, tile.rows(), paddedRows, blocks));
  }

  /** Whether TMA fills the tile made {@code rows} tall of {@code atomRows x atomCols} atoms. */
  private static Optional<TileLayout> filled(int rows, TileLayout tile, int atomRows,
      int atomCols) {
    return tile.toBuilder().rows(rows).atom(atomRows, atomCols, tile.atomOrder()).tryBuild()
        .filter(blocks -> plan(blocks).exists());
  }

  /**
   * The box rows to try, widest first: those that divide the tile's row, are a whole number of
   * 16-byte units, have at most 256 elements and, with a swizzle, span at most the mode's span; for a
   * data type that fixes the box's width (the padded sub-byte types: 128), that width alone.
   */
  private static List<Integer> boxWidths(TileLayout tile, TmaSwizzle mode) {
    int elementBits = tile.elementBits();
    long limit = Math.min(MAX_BOX_ELEMENTS, (long) spanBytes(mode) * 8 / elementBits);
    int required = TmaDataType.of(tile.dtype()).boxCols();
    List<Integer> widths = new ArrayList<>();
    for (int boxCols = (int) Math.min(limit, tile.cols()); boxCols >= 1; boxCols--) {
      if (tile.cols() % boxCols == 0 && (long) boxCols * elementBits % 128 == 0
          && (required == 0 || boxCols == required)) {
        widths.add(boxCols);
      }
    }
    return widths;
  }

  /**
   * Whether boxes of this size put every element where the tile has it, decided on the layout's two
   * parts; empty where the tile is not its byte pattern composed over its strided part
   * ({@link TileLayout#swizzlesTheWholeOffset()}). A box written from {@code start}, a multiple of
   * the pattern's period, puts its element (i, j) at {@code start + P(bytes(i * boxCols + j))} =
   * {@code P(start + bytes(i * boxCols) + bytes(j))}, and the tile holds it at
   * {@code P(bytes(plain(top + i, 0)) + bytes(plain(0, left + j)))}: with {@code P} invertible, they
   * agree where the difference of the two row parts and that of the two column parts are one
   * constant, a walk down the box and one across it. {@link #mismatch} on every element is the
   * law's oracle in the tests, and names the first element where the answer is no.
   */
  static Optional<Boolean> fillsByAlgebra(TileLayout tile, TmaSwizzle mode, int boxRows,
      int boxCols) {
    XorMap pattern = mode.byteMap();
    int alignment = boxAlignmentBytes(mode);
    int perByte = Math.max(1, tile.elementsIn(1));
    if (!tile.swizzlesTheWholeOffset() || !tile.byteMap().orElseThrow().equals(pattern)
        || alignment % (1L << pattern.span()) != 0 || boxCols % perByte != 0) {
      return Optional.empty();
    }
    for (int top = 0; top < tile.rows(); top += boxRows) {
      for (int left = 0; left < tile.cols(); left += boxCols) {
        int start = tile.byteOffset(top, left);
        if (start % alignment != 0) {
          return Optional.of(false);
        }
        boolean rowsWhole = true;
        for (int i = 0; i < boxRows; i++) {
          rowsWhole &= tile.plain(top + i, 0) % perByte == 0;
        }
        if (!rowsWhole) {
          return Optional.empty();
        }
        long rowPart = tile.bytesOf(tile.plain(top, 0)) - start;
        for (int i = 1; i < boxRows; i++) {
          if (tile.bytesOf(tile.plain(top + i, 0)) - start - tile.bytesOf(i * boxCols) != rowPart) {
            return Optional.of(false);
          }
        }
        for (int j = 0; j < boxCols; j++) {
          if (tile.bytesOf(j) - tile.bytesOf(tile.plain(0, left + j)) != rowPart) {
            return Optional.of(false);
          }
        }
      }
    }
    return Optional.of(true);
  }

  /**
   * The first element that boxes of this size would put elsewhere than the tile does. Where the
   * tile keeps each 16-byte unit of a row whole ({@link TileLayout#keepsRunsWhole}) and the mode's
   * pattern leaves a unit's low 4 address bits alone, only each unit's first element is compared:
   * the engine writes a unit as 16 contiguous bytes, the tile stores it so, and both move the unit's
   * other elements by the same bytes as its first, so the first that differs is the same element.
   */
  static Optional<BoxMismatch> mismatch(TileLayout tile, TmaSwizzle mode, int boxRows,
      int boxCols) {
    int unitElements = 128 % tile.elementBits() == 0 ? 128 / tile.elementBits() : 1;
    boolean wholeUnits = boxCols % unitElements == 0 && mode.byteMap().keepsLowBits(4)
        && tile.keepsRunsWhole(unitElements);
    return mismatch(tile, mode, boxRows, boxCols, wholeUnits ? unitElements : 1);
  }

  /**
   * The first element that boxes of this size would put elsewhere than the tile does, comparing
   * the elements of each box row {@code step} apart (1: every element).
   */
  static Optional<BoxMismatch> mismatch(TileLayout tile, TmaSwizzle mode, int boxRows,
      int boxCols, int step) {
    XorMap pattern = mode.byteMap();
    int alignment = boxAlignmentBytes(mode);
    for (int top = 0; top < tile.rows(); top += boxRows) {
      for (int left = 0; left < tile.cols(); left += boxCols) {
        int start = tile.byteOffset(top, left);
        if (start % alignment != 0) {
          return Optional.of(new BoxStartMisaligned(boxRows, boxCols, new Cell(top, left), start,
              alignment));
        }
        for (int i = 0; i < boxRows; i++) {
          for (int j = 0; j < boxCols; j += step) {
            // The engine writes the box densely: its byte (of 4-bit elements, the byte that holds
            // two) goes through the mode's pattern.
            int written = start + pattern.apply(tile.bytesOf(i * boxCols + j));
            int expected = tile.byteOffset(top + i, left + j);
            if (written != expected) {
              return Optional.of(new BoxElementMisplaced(boxRows, boxCols, new Cell(top, left),
                  new Cell(top + i, left + j), written, expected));
            }
          }
        }
      }
    }
    return Optional.empty();
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
