package dev.swizzlegen.runtime.wgmma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** wgmma's layout type as equality of byte maps, against the byte-by-byte patterns. */
class WgmmaSwizzleMapTest {

  @Test
  void eachModeIsItsByteMap() {
    for (WgmmaSwizzle mode : WgmmaSwizzle.values()) {
      assertEquals(XorMap.of(mode.byteSwizzle()), mode.byteMap());
      assertEquals(Optional.of(mode), WgmmaSwizzle.of(mode.byteMap()));
      for (int b = 0; b < 4096; b++) {
        assertEquals(mode.byteSwizzle().apply(b), mode.byteMap().apply(b), mode + " at " + b);
      }
    }
    assertEquals(Optional.empty(), WgmmaSwizzle.of(Swizzle.of(3, 3, 3).xorMap()));
  }

  @Test
  void gmmaAtomsTiledReadAsTheirMode() {
    int[] modeOfBits = {0, 3, 2, 1};
    for (DType dtype : new DType[] {DType.HALF, DType.FLOAT, DType.INT8}) {
      for (int bits = 0; bits <= 3; bits++) {
        int atomCols = (16 << bits) / dtype.bytes();
        for (TileLayout tile : new TileLayout[] {
            WgmmaTiles.kMajor(dtype, bits, 64, 2 * atomCols, atomCols, 2),
            WgmmaTiles.mnMajor(dtype, bits, 64, 2 * atomCols, atomCols, 1)}) {
          Optional<WgmmaSwizzle> mode = tile.byteMap().flatMap(WgmmaSwizzle::of);
          assertEquals(Optional.of(WgmmaSwizzle.ofCode(modeOfBits[bits])), mode, tile.toString());
          assertEquals(tile.tmaSwizzle().flatMap(WgmmaSwizzle::of), mode, tile.toString());
          // Byte by byte over the tile: the mode's pattern is where the tile puts each byte.
          int bytes = dtype.bytes();
          for (int row = 0; row < tile.rows(); row++) {
            for (int col = 0; col < tile.cols(); col++) {
              int linear = tile.atomNumber(row / tile.atomRows(), col / tile.atomCols())
                  * tile.atomElements() + (row % tile.atomRows()) * tile.atomRowStride()
                  + col % tile.atomCols();
              assertEquals(mode.get().byteSwizzle().apply(linear * bytes), tile.offset(row, col) * bytes,
                  tile + " at " + row + ", " + col);
            }
          }
        }
      }
    }
  }
}
