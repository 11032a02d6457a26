package dev.swizzlegen.runtime.engine.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.PackedBoxWidth;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.PackedSwizzleMode;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TMA on the sub-byte types: packed FP4 boxes counted in elements, two to a byte, written where the
 * tile has them (the engine simulated nibble by nibble); the padded types' boxes exactly 128 elements
 * wide; and the swizzle modes {@code cuda.h} allows each padded type in each direction.
 */
class SubByteTmaTest {

  /**
   * The engine's writes, simulated in bits: element k of a box is bits {@code [4k, 4k + 4)} of the
   * box's dense bytes (or byte k of a padded box's slots), its byte sent through the mode's pattern.
   */
  private static void assertFillsExactly(TileLayout tile, TmaFill fill) {
    int bits = tile.elementBits();
    int[] writes = new int[tile.rows() * tile.cols()];
    for (TmaBox box : fill.boxes()) {
      long startBits = (long) box.offset() * bits;
      assertEquals(0, startBits % (8L * TmaFill.boxAlignmentBytes(fill.mode())), tile + " " + box);
      for (int i = 0; i < fill.boxRows(); i++) {
        for (int j = 0; j < fill.boxCols(); j++) {
          int row = box.row() + i;
          int col = box.col() + j;
          writes[row * tile.cols() + col]++;
          long denseBits = (long) (i * fill.boxCols() + j) * bits;
          long landsBits = startBits
              + 8L * fill.mode().byteMap().apply((int) (denseBits / 8)) + denseBits % 8;
          assertEquals((long) tile.offset(row, col) * bits, landsBits,
              tile + " (" + row + ", " + col + ")");
        }
      }
    }
    for (int count : writes) {
      assertEquals(1, count, tile + ": an element is not written exactly once");
    }
  }

  @Test
  void packedFp4BoxesCountElementsTwoToAByte() {
    for (int bits = 0; bits <= 3; bits++) {
      TmaSwizzle mode = TmaSwizzle.values()[bits];
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, 4, 3);
      int atomCols = 2 * Math.max(32, mode.spanBytes());
      TileLayout tile = TileLayout.builder(DType.FP4_E2M1, swizzle, 32, 2 * atomCols)
          .alignment(1024).atom(8, atomCols, Order.COL_MAJOR).build();
      TmaFill fill = TmaFill.plan(tile).orElseThrow();
      assertEquals(mode, fill.mode(), tile.toString());
      assertEquals(atomCols, fill.boxCols(), tile.toString());
      assertFillsExactly(tile, fill);
      assertTrue(new Tma(Op.STORE, "").plan(tile).exists());
      assertTrue(new Tma(Op.LOAD, "").plan(tile).exists());
    }
  }

  @Test
  void paddedBoxesAreExactly128ElementsWide() {
    TileLayout tile = TileLayout.builder(DType.FP6_E3M2, Swizzle.of(3, 4, 3), 16, 256)
        .alignment(1024).atom(8, 128, Order.COL_MAJOR).build();
    TmaFill fill = TmaFill.plan(tile).orElseThrow();
    assertEquals(128, fill.boxCols());
    assertEquals(TmaSwizzle.SWIZZLE_128B, fill.mode());
    assertFillsExactly(tile, fill);
    // Rows of 64 elements hold no 128-element box; the same on bytes takes 64-byte boxes.
    TileLayout narrow = TileLayout.builder(DType.FP6_E3M2, Swizzle.of(2, 4, 3), 16, 64)
        .alignment(512).build();
    assertEquals(List.of(new PackedBoxWidth(DType.FP6_E3M2, 128, 64)),
        TmaFill.plan(narrow).violations());
    assertTrue(TmaFill.plan(TileLayout.builder(DType.UINT8, Swizzle.of(2, 4, 3), 16, 64)
        .alignment(512).build()).violations().isEmpty());
  }

  @Test
  void paddedTypesTakeTheModesCudaHListsInEachDirection() {
    TileLayout atom64 = TileLayout.builder(DType.FP6_E2M3, Swizzle.of(1, 6, 1), 16, 128)
        .alignment(1024).build();
    assertEquals(TmaSwizzle.SWIZZLE_128B_ATOM_64B, atom64.tmaSwizzle().orElseThrow());
    // 16U6_ALIGN16B: 128B_ATOM_64B only in TMA stores (a LOAD of the tile).
    assertTrue(new Tma(Op.LOAD, "").plan(atom64).exists());
    assertEquals(List.of(new PackedSwizzleMode(DType.FP6_E2M3, TmaSwizzle.SWIZZLE_128B_ATOM_64B,
        Op.STORE)), new Tma(Op.STORE, "").plan(atom64).violations());
    // 16U4_ALIGN16B: loads only, with NONE, 128B or 128B_ATOM_32B.
    TileLayout atom32 = TileLayout.builder(DType.FP4_E2M1_PADDED, Swizzle.of(2, 5, 2), 16, 128)
        .alignment(1024).build();
    assertTrue(new Tma(Op.STORE, "").plan(atom32).exists());
    assertEquals(List.of(new PackedSwizzleMode(DType.FP4_E2M1_PADDED,
        TmaSwizzle.SWIZZLE_128B_ATOM_32B, Op.LOAD)), new Tma(Op.LOAD, "").plan(atom32).violations());
    TileLayout plain = TileLayout.builder(DType.FP4_E2M1_PADDED, Swizzle.IDENTITY, 16, 128).build();
    assertEquals(List.of(new PackedSwizzleMode(DType.FP4_E2M1_PADDED, TmaSwizzle.NONE, Op.LOAD)),
        new Tma(Op.LOAD, "").geometryViolations(plain));
    assertEquals("CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B", TmaDataType.of(DType.FP4_E2M1).cudaName());
    assertEquals("CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B", TmaDataType.of(DType.FP6_E3M2).cudaName());
  }
}
