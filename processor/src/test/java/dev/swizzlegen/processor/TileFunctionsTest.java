package dev.swizzlegen.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The index functions' trees, evaluated as trees, equal the model in every shape the builder knows:
 * the row form, one atom, atoms stacked down the rows, a grid of atoms in either order, with stages:
 * {@code offset} everywhere, and {@code row}, {@code col}, {@code stage} its inverse.
 */
class TileFunctionsTest {

  @Test
  void theTreesEqualTheModel() {
    List<TileLayout> tiles = List.of(
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).form(SwizzleForm.ROW)
            .stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).stages(3).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).atom(8, 64, Order.COL_MAJOR)
            .stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 32, 128).atom(8, 64, Order.COL_MAJOR)
            .stages(2).build(),
        TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 32, 128).atom(8, 32, Order.ROW_MAJOR)
            .build(),
        TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
            .atom(8, 64, Order.COL_MAJOR).stages(2).alignment(16).build());
    for (TileLayout tile : tiles) {
      List<IndexFunction> functions = TileFunctions.of(tile);
      for (int stage = 0; stage < tile.stages(); stage++) {
        for (int row = 0; row < tile.rows(); row++) {
          for (int col = 0; col < tile.cols(); col++) {
            int offset = tile.offset(row, col, stage);
            String where = tile + " (" + row + ", " + col + ", " + stage + ")";
            assertEquals(offset, IndexFunction.evaluate(functions, "offset", row, col, stage), where);
            assertEquals(row, IndexFunction.evaluate(functions, "row", offset), where);
            assertEquals(col, IndexFunction.evaluate(functions, "col", offset), where);
            assertEquals(stage, IndexFunction.evaluate(functions, "stage", offset), where);
          }
        }
      }
    }
  }
}
