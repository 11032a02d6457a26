package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The index functions' trees, evaluated as trees, equal the model in every shape the builder knows,
 * read off the layout's two parts: the strided part (one atom, atoms stacked down the rows, a grid of
 * atoms in either order, stages) and the inner map on its word (the offset, or rows of a power of two
 * wider than the tile's, XORed into their columns): {@code offset} everywhere, {@code row}, {@code col},
 * {@code stage} its inverse, {@code swizzle} and {@code unswizzle} the model's over their domain.
 */
class TileFunctionsTest {

  @Test
  void theTreesEqualTheModel() {
    List<TileLayout> tiles = List.of(
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
            .stages(2).build(),
        TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 16, 96).swizzleWithinEachRow(true)
            .rowStride(96).alignment(128).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 4), 16, 96).swizzleWithinEachRow(true)
            .rowStride(96).alignment(128).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 32, 64).swizzleWithinEachRow(true)
            .rowStride(72).alignment(16).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(1, 1, 3), 4, 6).swizzleWithinEachRow(true)
            .rowStride(6).alignment(128).build(),
        // Within rows of 2^7 holding the pattern: the word is the offset, Swizzle<3,3,4> of it.
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 128).swizzleWithinEachRow(true)
            .rowStride(128).alignment(128).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).stages(3).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).atom(8, 64, Order.COL_MAJOR)
            .stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 32, 128).atom(8, 64, Order.COL_MAJOR)
            .stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 32, 128).atom(8, 32, Order.ROW_MAJOR)
            .build(),
        TileLayout.builder(DType.FLOAT, Swizzle.overlapping(3, 0, 2), 8, 8).build(),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
            .atom(8, 64, Order.COL_MAJOR).stages(2).alignment(16).build());
    for (TileLayout tile : tiles) {
      assertTreesEqualTheModel(tile);
    }
  }

  /** The same law on random tiles of every shape, the swizzle on the offset or within each row. */
  @Test
  void theTreesEqualTheModelOnRandomTiles() {
    SplittableRandom random = new SplittableRandom(191);
    int withinEachRow = 0;
    int grids = 0;
    for (int built = 0; built < 300; ) {
      Optional<TileLayout> tile = randomTile(random);
      if (tile.isEmpty()) {
        continue;
      }
      assertTreesEqualTheModel(tile.get());
      built++;
      withinEachRow += tile.get().readsTheOffset() ? 0 : 1;
      grids += tile.get().isOneAtom() ? 0 : 1;
    }
    assertTrue(withinEachRow > 20, "words that are not the offset: " + withinEachRow);
    assertTrue(grids > 50, "grids of atoms: " + grids);
  }

  private static Optional<TileLayout> randomTile(SplittableRandom random) {
    DType dtype = random.nextBoolean() ? DType.HALF : DType.FLOAT;
    int bits = random.nextInt(4);
    int base = random.nextInt(4);
    int shift = bits == 0 ? 0 : bits + random.nextInt(3);
    Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
    int rows = 1 << random.nextInt(1, 6);
    int cols = random.nextInt(1, 5) << random.nextInt(2, 6);
    TileDescription builder = TileLayout.builder(dtype, swizzle, rows, cols)
        .stages(random.nextInt(1, 3)).alignment(16);
    switch (random.nextInt(3)) {
      case 0 -> builder.swizzleWithinEachRow(true).rowStride(cols + 8 * random.nextInt(3));
      case 1 -> builder.atom(rows >> random.nextInt(3), cols >> random.nextInt(3),
          random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      default -> builder.rowStride(cols + 8 * random.nextInt(2));
    }
    return builder.tryBuild();
  }

  private static void assertTreesEqualTheModel(TileLayout tile) {
    List<IndexFunction> functions = TileFunctions.of(tile);
    for (int stage = 0; stage < tile.stages(); stage++) {
      for (int row = 0; row < tile.rows(); row++) {
        for (int col = 0; col < tile.cols(); col++) {
          int offset = tile.offset(row, col, stage);
          String where = tile + " (" + row + ", " + col + ", " + stage + ")";
          assertEquals(offset, Evaluator.evaluate(functions, "offset", row, col, stage), where);
          assertEquals(row, Evaluator.evaluate(functions, "row", offset), where);
          assertEquals(col, Evaluator.evaluate(functions, "col", offset), where);
          assertEquals(stage, Evaluator.evaluate(functions, "stage", offset), where);
        }
      }
    }
    // swizzle and unswizzle over their domain: an atom of several, else a stage's offsets.
    int domain = tile.isOneAtom() || TileFunctions.stacksAtomsDownTheRows(tile)
        ? tile.strided().stageElements() : tile.strided().atomElements();
    for (int linear = 0; linear < domain; linear++) {
      long swizzled = Evaluator.evaluate(functions, "swizzle", linear);
      assertEquals(tile.swizzle(linear), swizzled, tile + " swizzle " + linear);
      if (linear % tile.strided().atomRowStride() < tile.atomCols()) {
        assertEquals(linear, Evaluator.evaluate(functions, "unswizzle", swizzled),
            tile + " unswizzle " + linear);
      }
    }
  }

  /**
   * Where the word is not the offset the functions read as a CUDA author writes them: the row stays,
   * the column is XORed with {@code rowXor(row)}, the map's terms on the row as Triton reads them,
   * {@code ((row >> (S - B)) & (2^B - 1)) << M}; where it is, the offset's XOR terms.
   */
  @Test
  void rowXorReadsAsTritonsPhase() {
    assertEquals(List.of(
            "row_xor(row) = (row & 0x7u) << 3",
            "offset(row, col) = row * kRowStride + (col ^ row_xor(row))",
            "swizzle(linear) = offset(linear / kRowStride, linear % kRowStride)",
            "unswizzle(offset) = swizzle(offset)",
            "col(offset) = (offset % kRowStride) ^ row_xor(offset / kRowStride)"),
        bodies(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192)
            .swizzleWithinEachRow(true)
            .rowStride(192).alignment(128).build(),
            "row_xor", "offset", "swizzle", "unswizzle", "col"));
    assertEquals(List.of("row_xor(row) = ((row >> 2) & 0x3u) << 3"),
        bodies(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 4), 16, 96)
            .swizzleWithinEachRow(true)
            .rowStride(96).alignment(128).build(),
            "row_xor"));
    // Within rows of 2^7 the word is the offset: Swizzle<3,3,4> of it, as CuTe writes it.
    assertEquals(List.of("swizzle(offset) = offset ^ ((offset & 0x380u) >> 4)"),
        bodies(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 128)
            .swizzleWithinEachRow(true)
            .rowStride(128).alignment(128).build(),
            "swizzle"));
  }

  /**
   * The wgmma operand functions, in logical coordinates, agree with the model's {@link OperandShape}
   * and with {@code offset()} on every element of every stage, for both majors, on every tile of the
   * corpus and of {@link #theTreesEqualTheModel}'s shapes (a major need not be one wgmma reads: the
   * coordinates are the shape's either way).
   */
  @Test
  void theWgmmaOperandFunctionsAreOperandShapeAndOffset() {
    List<TileLayout> tiles = new ArrayList<>();
    TileCorpus.CASES.forEach(tile -> tiles.add(tile.expected()));
    tiles.add(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 32, 128)
        .atom(8, 64, Order.COL_MAJOR).stages(2).build());
    tiles.add(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 32, 128)
        .atom(8, 32, Order.ROW_MAJOR).stages(3).build());
    long cells = 0;
    for (TileLayout tile : tiles) {
      for (Major major : Major.values()) {
        OperandShape shape = new OperandShape(tile, major);
        List<IndexFunction> functions = new ArrayList<>(TileFunctions.of(tile));
        functions.addAll(TileFunctions.operand(shape, "wgmma", "Wgmma"));
        for (int stage = 0; stage < tile.stages(); stage++) {
          for (int mn = 0; mn < shape.mnExtent(); mn++) {
            for (int k = 0; k < shape.kExtent(); k++) {
              String where = tile + " " + major + " (" + mn + ", " + k + ", " + stage + ")";
              int row = shape.row(mn, k);
              int col = shape.col(mn, k);
              assertEquals(row, Evaluator.evaluate(functions, "wgmmaRow", mn, k), where);
              assertEquals(col, Evaluator.evaluate(functions, "wgmmaCol", mn, k), where);
              long offset = Evaluator.evaluate(functions, "wgmmaOffset", mn, k, stage);
              assertEquals(tile.offset(row, col, stage), offset, where);
              assertEquals(Evaluator.evaluate(functions, "offset", row, col, stage), offset,
                  where);
              cells++;
            }
          }
        }
      }
    }
    assertTrue(cells > 100_000, "cells: " + cells);
  }

  /** The logical functions print as plain parameters: the major is decided before printing. */
  @Test
  void theWgmmaOperandFunctionsReadAsTheMajorPicksThem() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).stages(2).build();
    assertEquals(List.of("wgmma_row(mn, k) = mn", "wgmma_col(mn, k) = k",
            "wgmma_offset(mn, k, stage) = offset(mn, k, stage)"),
        operandBodies(new OperandShape(tile, Major.K)));
    assertEquals(List.of("wgmma_row(mn, k) = k", "wgmma_col(mn, k) = mn",
            "wgmma_offset(mn, k, stage) = offset(k, mn, stage)"),
        operandBodies(new OperandShape(tile, Major.MN)));
    assertTrue(TileFunctions.operand(new OperandShape(tile, Major.MN), "wgmma", "Wgmma").get(0)
        .meaning().endsWith("so (mn, k) is the tile's (k, mn)."));
  }

  private static List<String> operandBodies(OperandShape shape) {
    return TileFunctions.operand(shape, "wgmma", "Wgmma").stream()
        .map(f -> f.call(ExprPrinter.CUDA) + " = " + f.body(ExprPrinter.CUDA)).toList();
  }

  /** {@code name(parameters) = body} in CUDA for the first function of each name, in that order. */
  /**
   * A tile whose inner map is an XOR map that no swizzle is, TMA's
   * {@code SWIZZLE_128B_ATOM_32B_FLIP_8B}: the trees equal the model in every shape, and swizzle and
   * unswizzle print the map's terms and its inverse's (the map is its own inverse).
   */
  @Test
  void theTreesOfAFlipTileEqualTheModelAndPrintItsTerms() {
    XorMap halves = TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B.byteMap().inElements(2).orElseThrow();
    List<TileLayout> tiles = List.of(
        TileLayout.builder(DType.HALF, halves, 32, 64).alignment(512).build(),
        TileLayout.builder(DType.HALF, halves, 64, 64).atom(8, 64, Order.COL_MAJOR).stages(2)
            .alignment(512).build(),
        TileLayout.builder(DType.HALF, halves, 32, 128).atom(8, 64, Order.COL_MAJOR).stages(2)
            .alignment(512).build(),
        TileLayout.builder(DType.HALF, halves, 16, 128).atom(4, 64, Order.ROW_MAJOR)
            .alignment(512).build(),
        TileLayout.builder(DType.FLOAT, TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B.byteMap()
            .inElements(4).orElseThrow(), 16, 32).alignment(512).build());
    for (TileLayout tile : tiles) {
      assertTreesEqualTheModel(tile);
    }
    assertEquals(List.of(
            "swizzle(offset) = offset ^ ((offset & 0xc0u) >> 2) ^ ((offset & 0x40u) >> 4)",
            "unswizzle(offset) = offset ^ ((offset & 0xc0u) >> 2) ^ ((offset & 0x40u) >> 4)"),
        bodies(tiles.get(0), "swizzle", "unswizzle"));
    IndexFunction swizzle = TileFunctions.of(tiles.get(0)).stream()
        .filter(f -> f.name().equals("swizzle")).findFirst().orElseThrow();
    // A general map's formula is its body: the comment does not print it a second time.
    assertEquals("The swizzle: the XOR map of the offset's bits.", swizzle.meaning());
  }

  private static List<String> bodies(TileLayout tile, String... names) {
    List<String> bodies = new ArrayList<>();
    List<IndexFunction> functions = TileFunctions.of(tile);
    for (String name : names) {
      IndexFunction function = functions.stream()
          .filter(f -> ExprPrinter.CUDA.function(f.name()).equals(name)).findFirst().orElseThrow();
      bodies.add(function.call(ExprPrinter.CUDA) + " = " + function.body(ExprPrinter.CUDA));
    }
    return bodies;
  }
}
