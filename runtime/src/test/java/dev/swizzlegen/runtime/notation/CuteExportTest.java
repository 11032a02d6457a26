package dev.swizzlegen.runtime.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A tile's CuTe layout (SPEC section 10): each form printed as CuTe 4.7's own {@code print} writes
 * it (the expected texts are CuTe's prints of the examples' exported types,
 * {@code bench/results/cute-check.txt}), equal to the tile on every element; and no export where
 * CuTe's composition on the whole offset would give another layout.
 */
class CuteExportTest {

  private static TileLayout hopperA() {
    return TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64).atom(8, 64, Order.COL_MAJOR)
        .stages(4).alignment(1024).build();
  }

  private static String exported(TileLayout tile, boolean onPointer) {
    CuteExport.Checked checked = CuteExport.of(tile, onPointer);
    assertEquals(Optional.empty(), checked.reason(), tile + ": " + checked);
    CuteExport export = checked.export().orElseThrow();
    for (int s = 0; s < tile.stages(); s++) {
      for (int r = 0; r < tile.rows(); r++) {
        for (int c = 0; c < tile.cols(); c++) {
          assertEquals(tile.offset(r, c, s), export.offset(r, c, s), tile + " at " + r + "," + c);
        }
      }
    }
    return export.toString();
  }

  @Test
  void anOperandTmaFillsKeepsItsSwizzleOnThePointerInBytes() {
    assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),_64,_4):((_64,_512),_1,_8192)",
        exported(hopperA(), true));
  }

  @Test
  void aTileNoEngineReadsComposesItsSwizzleOnElementOffsets() {
    assertEquals("Sw<3,3,3> o _0 o ((_8,_16),_64,_4):((_64,_512),_1,_8192)",
        exported(hopperA(), false));
  }

  @Test
  void rowMajorAtomsOfAnMnMajorOperand() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128)
        .atom(8, 64, Order.ROW_MAJOR).alignment(1024).build();
    assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_2)):((_64,_1024),(_1,_512))",
        exported(tile, true));
  }

  @Test
  void atomsAcrossAndDownWithStages() {
    TileLayout tile = TileLayout.builder(DType.BF16, Swizzle.of(1, 3, 3), 64, 48)
        .atom(8, 16, Order.COL_MAJOR).stages(2).alignment(256).build();
    assertEquals("Sw<1,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_16,_3),_2):((_16,_128),(_1,_1024),"
        + "_3072)", exported(tile, true));
  }

  @Test
  void anUnswizzledTileIsAPlainStridedLayout() {
    TileLayout tile = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32).build();
    assertEquals("(_32,_32):(_32,_1)", exported(tile, false));
  }

  @Test
  void aGeneralXorMapIsItsChainOfSwizzles() {
    int[] images = new int[10];
    for (int j = 0; j < images.length; j++) {
      images[j] = 1 << j;
    }
    images[8] |= 1 << 3;
    images[9] |= 1 << 2;
    TileLayout tile = TileLayout.builder(DType.FLOAT, XorMap.ofImages(images), 32, 32).build();
    assertEquals("Sw<1,3,5> o _0 o Sw<1,2,7> o _0 o (_32,_32):(_32,_1)", exported(tile, false));
  }

  @Test
  void aStageStrideThatMovesBitsTheSwizzleReadsHasNoExport() {
    // Stages 576 elements apart: stage 1 starts with bit 6 set, which Sw<3,3,3> reads on CuTe's
    // whole offset but the tile's swizzle never sees (it acts within each stage).
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64).stages(2)
        .stageStride(576).alignment(128).build();
    CuteExport.Checked checked = CuteExport.of(tile, false);
    assertEquals(Optional.of(CuteExport.Reason.DIFFERS), checked.reason());
    assertEquals(1, checked.stage());
    assertTrue(checked.export().isEmpty());
  }

  /**
   * CUTLASS 2.x's crosswise operand at 3 stages (the buffer as CUTLASS views it, 128 x 96):
   * {@code Swizzle<2,3,2>} within each 192-element row of its strided offsets is exported as CuTe
   * prints it, words of 256 read back at 192, and so is the same tile at 2 and 3 stages of its own
   * and over 4 rows of atoms: each equal to the tile on every element.
   */
  @Test
  void aSwizzleWithinTheRowsOfAStagesOffsetsIsComposedBeforeThoseRows() {
    TileLayout crosswise = TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 2), 128, 96)
        .atom(2, 32, Order.ROW_MAJOR).swizzleWithinEachRow(true).swizzleRow(192).build();
    assertEquals("(_256,_64):(_1,_192) o _0 o Sw<2,3,5> o _0 o"
        + " ((_2,_64),(_32,_3)):((_32,_256),(_1,_64))", exported(crosswise, false));
    assertEquals("(_256,_192):(_1,_192) o _0 o Sw<2,3,5> o _0 o"
        + " ((_2,_64),(_32,_3),_3):((_32,_256),(_1,_64),_16384)",
        exported(crosswise.toBuilder().stages(3).build(), false));
    TileLayout fourRows = TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 2), 64, 96)
        .atom(4, 32, Order.ROW_MAJOR).swizzleWithinEachRow(true).swizzleRow(384).stages(2).build();
    assertEquals(Optional.empty(), CuteExport.of(fourRows, false).reason(), fourRows.toString());
    exported(fourRows, false);
  }
}
