package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.LayoutViolation.PaddedUnitSplit;
import dev.swizzlegen.runtime.layout.LayoutViolation.SplitsStorageUnits;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sub-byte tiles' laws. A packed FP4 tile is its bytes' tile: whatever its swizzle (declared in
 * bytes), atoms and stages, element (row, col) lives in the byte where the UINT8 tile of half its
 * columns has (row, col / 2), the half of the byte {@code col % 2}. A padded tile is the UINT8 tile
 * of its slots. Their byte maps, TMA modes and texts follow.
 */
class SubByteLayoutTest {

  @Test
  void packedFp4IsItsBytesTileWithTwoElementsToAByte() {
    SplittableRandom random = new SplittableRandom(44);
    int compared = 0;
    while (compared < 1500) {
      int bits = random.nextInt(4);
      int base = random.nextInt(5);
      int shift = bits == 0 ? 0 : (random.nextInt(4) == 0 ? -1 : 1) * (bits + random.nextInt(4));
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
      boolean withinEachRow = random.nextInt(4) == 0 && shift >= bits;
      int rows = 1 << random.nextInt(7);
      int byteCols = withinEachRow ? 8 * random.nextInt(1, 25) : 1 << (1 + random.nextInt(7));
      int bytePitch = random.nextInt(4) == 0 && (bits == 0 || withinEachRow)
          ? byteCols + 4 * random.nextInt(1, 5) : byteCols;
      boolean atoms = !withinEachRow && bytePitch == byteCols && random.nextBoolean();
      int atomRows = atoms ? Math.max(1, rows >> random.nextInt(3)) : 0;
      int atomByteCols = atoms ? Math.max(1, byteCols >> random.nextInt(3)) : 0;
      Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
      int stages = 1 + random.nextInt(3);
      TileDescription bytes = TileLayout.builder(DType.UINT8, swizzle, rows, byteCols)
          .swizzleWithinEachRow(withinEachRow).rowStride(bytePitch)
          .atom(atomRows, atomByteCols, order).stages(stages);
      TileDescription packed = TileLayout.builder(DType.FP4_E2M1, swizzle, rows, 2 * byteCols)
          .swizzleWithinEachRow(withinEachRow).rowStride(2 * bytePitch)
          .atom(atomRows, 2 * atomByteCols, order).stages(stages);
      List<Violation> byteProblems = bytes.check();
      assertEquals(byteProblems.isEmpty(), packed.check().isEmpty(),
          bytes + ": " + byteProblems + " vs " + packed.check());
      if (!byteProblems.isEmpty()) {
        continue;
      }
      TileLayout byteTile = bytes.build();
      TileLayout fp4 = packed.build();
      String what = fp4.toString();
      for (int stage = 0; stage < stages; stage++) {
        for (int row = 0; row < rows; row++) {
          for (int col = 0; col < 2 * byteCols; col++) {
            int offset = fp4.offset(row, col, stage);
            assertEquals(2 * byteTile.offset(row, col / 2, stage) + col % 2, offset, what);
            assertEquals(byteTile.offset(row, col / 2, stage), fp4.bytesOf(offset), what);
            assertEquals(row, fp4.row(offset), what);
            assertEquals(col, fp4.col(offset), what);
            assertEquals(stage, fp4.stage(offset), what);
          }
        }
      }
      assertEquals(byteTile.byteMap(), fp4.byteMap(), what);
      assertEquals(byteTile.byteSwizzle(), fp4.byteSwizzle(), what);
      assertEquals(byteTile.tmaSwizzle(), fp4.tmaSwizzle(), what);
      assertEquals(byteTile.swizzlesWithinEachRow(), fp4.swizzlesWithinEachRow(), what);
      assertEquals(byteTile.extentBytes(), fp4.extentBytes(), what);
      assertEquals(fp4, TileLayout.parse(fp4.text()), what);
      compared++;
    }
  }

  @Test
  void anFp4SwizzleIsDeclaredInBytes() {
    TileLayout tile = TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 64, 256)
        .alignment(1024).build();
    assertEquals(Swizzle.of(3, 4, 3), tile.swizzle());
    assertEquals(Swizzle.of(3, 5, 3), tile.elementSwizzle());
    assertEquals(Optional.of(Swizzle.of(3, 5, 3)), tile.offsetSwizzle());
    assertEquals(Optional.of(Swizzle.of(3, 4, 3)), tile.byteSwizzle());
    assertEquals(Optional.of(TmaSwizzle.SWIZZLE_128B), tile.tmaSwizzle());
    assertEquals(XorMap.of(Swizzle.of(3, 5, 3)), tile.inner());
    assertEquals(4, tile.elementBits());
    assertEquals(8192, tile.extentBytes());
    assertEquals(64, tile.bytesOf(128));
    assertEquals(256, tile.elementsIn(128));
    assertThrows(UnsupportedOperationException.class, tile::elementBytes);
    assertEquals("FP4_E2M1 64x256 Swizzle<3,4,3> aligned 1024", tile.text());
  }

  @Test
  void paddedTilesAreTheirSlotsTile() {
    for (DType padded : new DType[] {DType.FP4_E2M1_PADDED, DType.FP6_E3M2, DType.FP6_E2M3}) {
      for (Swizzle swizzle : new Swizzle[] {Swizzle.IDENTITY, Swizzle.of(3, 4, 3),
          Swizzle.of(2, 5, 2), Swizzle.of(1, 6, 1)}) {
        TileLayout tile = TileLayout.builder(padded, swizzle, 32, 128).alignment(1024).build();
        TileLayout slots = TileLayout.builder(DType.UINT8, swizzle, 32, 128).alignment(1024)
            .build();
        for (int row = 0; row < 32; row++) {
          for (int col = 0; col < 128; col++) {
            assertEquals(slots.offset(row, col), tile.offset(row, col));
            assertEquals(slots.byteOffset(row, col), tile.byteOffset(row, col));
          }
        }
        assertEquals(slots.tmaSwizzle(), tile.tmaSwizzle());
        assertEquals(1, tile.elementBytes());
        assertEquals(tile, TileLayout.parse(tile.text()));
      }
    }
  }

  @Test
  void aSideThatSplitsAStorageUnitIsAnError() {
    assertEquals(List.of(new SplitsStorageUnits(DType.FP4_E2M1, 2, 63, 63, 63)),
        TileLayout.builder(DType.FP4_E2M1, Swizzle.IDENTITY, 8, 63).check());
    assertEquals(List.of(new SplitsStorageUnits(DType.FP4_E2M1, 2, 64, 65, 64)),
        TileLayout.builder(DType.FP4_E2M1, Swizzle.IDENTITY, 8, 64).rowStride(65).check().stream()
            .filter(SplitsStorageUnits.class::isInstance).toList());
    assertEquals(List.of(new SplitsStorageUnits(DType.FP6_E3M2, 16, 24, 24, 24)),
        TileLayout.builder(DType.FP6_E3M2, Swizzle.IDENTITY, 8, 24).check());
    assertEquals(List.of(new SplitsStorageUnits(DType.FP4_E2M1_PADDED, 16, 128, 136, 128)),
        TileLayout.builder(DType.FP4_E2M1_PADDED, Swizzle.IDENTITY, 8, 128).rowStride(136)
            .check());
    assertTrue(TileLayout.builder(DType.FP6_E2M3, Swizzle.IDENTITY, 8, 128).rowStride(144).check()
        .isEmpty());
  }

  @Test
  void aPaddedTileKeepsEverySixteenElementUnitWhole() {
    // Swizzle<3,3,3> moves 8-byte halves of the units: the 16 elements of a unit would part.
    List<Violation> problems =
        TileLayout.builder(DType.FP6_E3M2, Swizzle.of(3, 3, 3), 8, 64).check();
    assertEquals(List.of(new PaddedUnitSplit(DType.FP6_E3M2, 1, 0)),
        problems);
    // The same on bytes is a tile: UINT8 has no units to keep.
    assertTrue(TileLayout.builder(DType.UINT8, Swizzle.of(3, 3, 3), 8, 64).check().isEmpty());
    assertTrue(TileLayout.builder(DType.FP6_E3M2, Swizzle.of(2, 4, 3), 8, 64).check().isEmpty());
  }

  @Test
  void onBytesOfFourBitElementsDropsTheNibbleBit() {
    assertEquals(XorMap.of(Swizzle.of(3, 4, 3)), XorMap.of(Swizzle.of(3, 5, 3)).onBytes(4));
    assertEquals(XorMap.of(Swizzle.of(3, 4, 3)), XorMap.of(Swizzle.of(3, 4, 3)).onBytes(8));
    assertEquals(XorMap.of(Swizzle.of(3, 5, 3)), XorMap.of(Swizzle.of(3, 4, 3)).onBytes(16));
    assertThrows(IllegalArgumentException.class, () -> XorMap.of(Swizzle.of(1, 0, 3)).onBytes(4));
  }

  @Test
  void anXorMapOnPackedFp4ElementsKeepsBytesWholeAndItsSwizzleCountsBytes() {
    // The map of Swizzle<3,5,3> on the elements is the tile of Swizzle<3,4,3> declared in bytes.
    TileLayout byMap = TileLayout.builder(DType.FP4_E2M1, XorMap.of(Swizzle.of(3, 5, 3)), 64, 256)
        .alignment(1024).build();
    assertEquals(TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 64, 256).alignment(1024)
        .build(), byMap);
    // A map that moves the bit picking an element within its byte splits bytes: no FP4 tile.
    assertThrows(IllegalArgumentException.class, () -> TileLayout.builder(DType.FP4_E2M1,
        XorMap.of(Swizzle.of(1, 0, 3)), 8, 16));
    // A map that is no swizzle (TMA's FLIP mode on bytes, one bit up) stays a map, bytes whole.
    XorMap flip = TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B.byteMap().inBytes(2);
    TileLayout flipped = TileLayout.builder(DType.FP4_E2M1, flip, 8, 256).alignment(1024).build();
    assertEquals(Optional.of(TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B), flipped.tmaSwizzle());
  }
}
