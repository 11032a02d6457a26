package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tensor cores' layout types as equality of byte maps, against the byte-by-byte patterns. */
class MmaLayoutTypeMapTest {

  @Test
  void eachLayoutTypeIsItsByteMap() {
    for (MmaLayoutType type : MmaLayoutType.values()) {
      assertEquals(Optional.of(type), TmaSwizzle.of(type.byteMap()).flatMap(MmaLayoutType::of));
      Optional<Swizzle> bytes = type.tmaMode().byteSwizzle();
      if (type == MmaLayoutType.NONE) {
        assertEquals(XorMap.of(Swizzle.IDENTITY), type.byteMap());
        continue;
      }
      assertEquals(XorMap.of(bytes.orElseThrow()), type.byteMap());
      for (int b = 0; b < 4096; b++) {
        assertEquals(bytes.get().apply(b), type.byteMap().apply(b), type + " at " + b);
      }
    }
    assertEquals(Optional.empty(), TmaSwizzle.of(Swizzle.of(3, 3, 3).xorMap())
        .flatMap(MmaLayoutType::of));
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
          Optional<MmaLayoutType> mode = GMMA.layoutType(tile.tmaSwizzle().orElseThrow());
          assertEquals(Optional.of(GMMA.layoutType(modeOfBits[bits])), mode, tile.toString());
          // Byte by byte over the tile: the mode's pattern is where the tile puts each byte.
          int bytes = dtype.bytes();
          for (int row = 0; row < tile.rows(); row++) {
            for (int col = 0; col < tile.cols(); col++) {
              int linear = tile.strided().atomNumber(row / tile.atomRows(), col / tile.atomCols())
                  * tile.strided().atomElements() + (row % tile.atomRows())
                      * tile.strided().atomRowStride()
                  + col % tile.atomCols();
              assertEquals(mode.get().byteMap().apply(linear * bytes),
                  tile.offset(row, col) * bytes, tile + " at " + row + ", " + col);
            }
          }
        }
      }
    }
  }
}
