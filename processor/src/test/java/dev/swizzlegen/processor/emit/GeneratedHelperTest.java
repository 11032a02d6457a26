package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.layout.TileLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The generated Java helper equals the runtime model on every offset of every corpus tile. */
class GeneratedHelperTest {
  private static Generated generated;

  @BeforeAll
  static void compileCorpus() {
    generated = Generated.of(TileCorpus.sources());
  }

  @Test
  void layoutConstantIsTheDeclaredTile() {
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Generated.Helper helper = generated.helper(tile.helper());
      assertEquals(tile.expected(), helper.constant("LAYOUT"), tile.type());
      assertEquals(tile.header(), helper.constant("CUDA_HEADER"), tile.type());
      assertEquals(tile.cudaType(), helper.constant("CUDA_TYPE"), tile.type());
    }
  }

  @Test
  void constantsEqualTheModel() {
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Generated.Helper helper = generated.helper(tile.helper());
      TileLayout layout = tile.expected();
      assertEquals(layout.rows(), helper.intConstant("ROWS"), tile.type());
      assertEquals(layout.cols(), helper.intConstant("COLS"), tile.type());
      assertEquals(layout.rowStride(), helper.intConstant("ROW_STRIDE"), tile.type());
      assertEquals(layout.swizzle().bits(), helper.intConstant("BITS"), tile.type());
      assertEquals(layout.swizzle().base(), helper.intConstant("BASE"), tile.type());
      assertEquals(layout.swizzle().shift(), helper.intConstant("SHIFT"), tile.type());
      if (layout.elementBits() % 8 == 0) {
        assertEquals(layout.elementBytes(), helper.intConstant("ELEMENT_BYTES"), tile.type());
      }
      if (layout.dtype().bits() < 8) {
        assertEquals(layout.dtype().bits(), helper.intConstant("ELEMENT_BITS"), tile.type());
      }
      assertEquals(layout.alignment(), helper.intConstant("ALIGNMENT"), tile.type());
      assertEquals(layout.atomRows(), helper.intConstant("ATOM_ROWS"), tile.type());
      assertEquals(layout.atomCols(), helper.intConstant("ATOM_COLS"), tile.type());
      assertEquals(layout.stages(), helper.intConstant("STAGES"), tile.type());
      assertEquals(layout.stageStride(), helper.intConstant("STAGE_ELEMENTS"), tile.type());
    }
  }

  @Test
  void everyOffsetEqualsTheModel() {
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Generated.Helper helper = generated.helper(tile.helper());
      TileLayout layout = tile.expected();
      for (int row = 0; row < layout.rows(); row++) {
        for (int col = 0; col < layout.cols(); col++) {
          String at = tile.type() + " (" + row + ", " + col + ")";
          int offset = helper.call("offset", row, col);
          assertEquals(layout.offset(row, col), offset, at);
          assertEquals(row, helper.call("row", offset), at);
          assertEquals(col, helper.call("col", offset), at);
          assertEquals(BankModel.NVIDIA.bank(layout.byteOffset(row, col)),
              helper.call("bank", row, col), at);
          for (int stage = 0; stage < layout.stages(); stage++) {
            int staged = helper.call("offset", row, col, stage);
            assertEquals(layout.offset(row, col, stage), staged, at + " stage " + stage);
            assertEquals(stage, helper.call("stage", staged), at + " stage " + stage);
            assertEquals(row, helper.call("row", staged), at + " stage " + stage);
            assertEquals(col, helper.call("col", staged), at + " stage " + stage);
          }
        }
      }
    }
  }

  @Test
  void swizzleAndUnswizzleEqualTheModelBeyondTheTile() {
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Generated.Helper helper = generated.helper(tile.helper());
      for (int offset = 0; offset < 1 << 14; offset++) {
        assertEquals(tile.expected().swizzle(offset), helper.call("swizzle", offset));
        assertEquals(tile.expected().unswizzle(offset), helper.call("unswizzle", offset));
      }
    }
  }
}
