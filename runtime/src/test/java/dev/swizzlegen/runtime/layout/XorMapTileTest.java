package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoMmaLayoutForMap;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.LayoutViolation.MapNotClosed;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A tile whose inner map is any invertible XOR map of the atom's offset, not only a swizzle: TMA's
 * {@code SWIZZLE_128B_ATOM_32B_FLIP_8B}, which no {@code Swizzle<B,M,S>} is, exists at run time, is
 * found to be that mode, and is the same function element by element as the mode's description in
 * {@code cuda.h}.
 */
class XorMapTileTest {
  private static final TmaSwizzle FLIP = TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B;

  /**
   * {@code cuda.h}'s words for the Blackwell modes, on a byte address {@code a} whose 128-byte row is
   * {@code a >> 7}: "swizzle 32B chunks within 128B span" (chunk {@code (a >> 5) & 3} XOR the row's
   * low two bits), "64B chunks" (chunk {@code (a >> 6) & 1} XOR the row's low bit), and for FLIP
   * also "swap lower 8B with upper 8B within each 16B for every alternate row".
   */
  private static int described(TmaSwizzle mode, int a) {
    int row = a >>> 7;
    return switch (mode) {
      case SWIZZLE_128B_ATOM_32B -> a & ~0x60 | (((a >>> 5) ^ row) & 3) << 5;
      case SWIZZLE_128B_ATOM_32B_FLIP_8B -> (a & ~0x60 | (((a >>> 5) ^ row) & 3) << 5)
          ^ (row & 1) << 3;
      case SWIZZLE_128B_ATOM_64B -> a & ~0x40 | (((a >>> 6) ^ row) & 1) << 6;
      default -> throw new IllegalArgumentException(mode.toString());
    };
  }

  @Test
  void theBlackwellModesAreCudaHsWordsByteByByte() {
    for (TmaSwizzle mode : TmaSwizzle.values()) {
      if (!mode.isBlackwell()) {
        continue;
      }
      for (int a = 0; a < 8192; a++) {
        assertEquals(described(mode, a), mode.byteMap().apply(a), mode + " at byte " + a);
      }
    }
  }

  /**
   * The FLIP map is a bijection of each of its 512-byte repeats onto itself, and an involution: it
   * reads bits 7 and 8 and writes bits 3, 5 and 6, none of which it reads.
   */
  @Test
  void theFlipModeIsABijectionOfItsRepeatAndAnInvolution() {
    XorMap flip = FLIP.byteMap();
    assertEquals(2, flip.terms().size());
    assertTrue(flip.asSwizzle().isEmpty());
    assertEquals(9, flip.span());
    for (int block = 0; block < 4; block++) {
      Set<Integer> images = new HashSet<>();
      for (int a = block * 512; a < (block + 1) * 512; a++) {
        int image = flip.apply(a);
        assertEquals(block, image / 512, "byte " + a + " leaves its repeat");
        images.add(image);
        assertEquals(a, flip.apply(image), "not an involution at byte " + a);
      }
      assertEquals(512, images.size());
    }
    assertEquals(flip, flip.inverse());
  }

  private static XorMap flipOn(DType dtype) {
    return FLIP.byteMap().inElements(dtype.bytes()).orElseThrow();
  }

  @Test
  void aFlipTileIsTheModeOnItsElements() {
    XorMap halves = flipOn(DType.HALF);
    // Swizzle<2,4,2> on halves, and element bit 6 (the row's low bit) into bit 2 (8 bytes).
    assertEquals(XorMap.ofImages(1, 2, 4, 8, 16, 32, 64 | 16 | 4, 128 | 32), halves);
    assertEquals(FLIP.byteMap(), halves.inBytes(2));
    TileLayout tile = TileLayout.builder(DType.HALF, halves, 64, 64).alignment(512).build();
    assertFalse(tile.hasSwizzle());
    assertThrows(IllegalStateException.class, tile::swizzle);
    assertEquals("XOR map o ^ ((o & 0xc0) >> 2) ^ ((o & 0x40) >> 4)", tile.swizzleName());
    assertEquals(halves, tile.inner());
    assertTrue(tile.readsTheOffset());
    assertFalse(tile.swizzlesWithinEachRow());
    assertEquals(Optional.empty(), tile.offsetSwizzle());
    assertEquals(Optional.empty(), tile.inOffsetForm());
    assertEquals(Optional.empty(), tile.byteSwizzle());
    assertEquals(Optional.of(FLIP.byteMap()), tile.byteMap());
    assertEquals(Optional.of(FLIP), tile.tmaSwizzle());
    assertEquals("64 x 64 HALF, row stride 64, XOR map o ^ ((o & 0xc0) >> 2) ^ ((o & 0x40) >> 4),"
        + " 512-byte aligned", tile.toString());
    // Algebra equals enumeration: every byte where the mode puts it, every inverse right.
    for (int row = 0; row < 64; row++) {
      for (int col = 0; col < 64; col++) {
        int offset = tile.offset(row, col);
        assertEquals(FLIP.byteMap().apply((row * 64 + col) * 2), tile.byteOffset(row, col));
        assertEquals(row, tile.row(offset));
        assertEquals(col, tile.col(offset));
        assertEquals(row * 64 + col, tile.unswizzle(tile.swizzle(row * 64 + col)));
      }
    }
    TmaFill fill = TmaFill.plan(tile).orElseThrow();
    assertEquals(FLIP, fill.mode());
    assertEquals(1, fill.boxes().size());
    // Neither wgmma nor tcgen05 has a layout type for it: a violation that names the map.
    for (MmaFormat format : MmaFormat.all()) {
      List<Violation> violations = MmaOperand.plan(format, tile, Major.K).violations();
      assertTrue(violations.contains(new NoMmaLayoutForMap(format, DType.HALF, halves)),
          violations.toString());
    }
  }

  @Test
  void aFlipTileOfAtomsAndStagesIsFilledByColumnBlocks() {
    TileLayout tile = TileLayout.builder(DType.BF16, flipOn(DType.BF16), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).stages(3).alignment(512).build();
    TmaFill fill = TmaFill.plan(tile).orElseThrow();
    assertEquals(FLIP, fill.mode());
    assertEquals(128, fill.boxRows());
    assertEquals(64, fill.boxCols());
    assertEquals(2, fill.boxes().size());
    for (int stage = 0; stage < 3; stage++) {
      for (int row = 0; row < 128; row++) {
        for (int col = 0; col < 128; col++) {
          int offset = tile.offset(row, col, stage);
          int atom = (col / 64) * 16 + row / 8;
          int inAtom = ((row % 8) * 64 + col % 64) * 2;
          assertEquals(stage * 128 * 128 * 2 + atom * 1024 + FLIP.byteMap().apply(inAtom),
              offset * 2, "(" + row + ", " + col + ", " + stage + ")");
          assertEquals(stage, tile.stage(offset));
          assertEquals(row, tile.row(offset));
          assertEquals(col, tile.col(offset));
        }
      }
    }
  }

  @Test
  void theTextOfAMapTileReadsBackToAnEqualTile() {
    TileLayout tile = TileLayout.builder(DType.FP8_E4M3, flipOn(DType.FP8_E4M3), 64, 256)
        .atom(8, 128, Order.ROW_MAJOR).stages(2).alignment(1024).build();
    assertEquals("FP8_E4M3 64x256 map o ^ ((o & 0x180) >> 2) ^ ((o & 0x80) >> 4) atoms 8x128"
        + " row-major stages 2 aligned 1024", tile.text());
    assertEquals(tile, TileLayout.parse(tile.text()));
    assertEquals(tile, tile.toBuilder().build());
    assertEquals(tile.hashCode(), TileLayout.parse(tile.text()).hashCode());
    // A bit permutation has terms of shift 0, (o & m), which clear bits: its text reads back too.
    TileLayout permuted = TileLayout.builder(DType.HALF, XorMap.ofImages(1, 2, 4, 64, 128, 256, 8,
        16, 32), 8, 64).alignment(1024).build();
    assertEquals("HALF 8x64 map o ^ (o & 0x1f8) ^ ((o & 0x1c0) >> 3) ^ ((o & 0x38) << 3) aligned"
        + " 1024", permuted.text());
    assertEquals(permuted, TileLayout.parse(permuted.text()));
    // Terms that make no invertible map name no layout.
    assertThrows(IllegalArgumentException.class,
        () -> TileLayout.parse("HALF 8x64 map o ^ (o & 0x1) aligned 128"));
  }

  @Test
  void aMapThatIsASwizzleDescribesThatSwizzlesTile() {
    TileLayout byMap = TileLayout.builder(DType.HALF, XorMap.of(Swizzle.of(3, 3, 3)), 64, 64)
        .build();
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64)
        .rowStride(64).alignment(128).build(), byMap);
    assertTrue(byMap.hasSwizzle());
    assertEquals("HALF 64x64 Swizzle<3,3,3> aligned 128", byMap.text());
    // TMA's other Blackwell modes are swizzles: Swizzle<2,4,2> and Swizzle<1,5,1> on halves.
    assertEquals(Swizzle.of(2, 4, 2), TileLayout.builder(DType.HALF, TmaSwizzle
        .SWIZZLE_128B_ATOM_32B.byteMap().inElements(2).orElseThrow(), 8, 64).build().swizzle());
    assertEquals(Swizzle.of(1, 5, 1), TileLayout.builder(DType.HALF, TmaSwizzle
        .SWIZZLE_128B_ATOM_64B.byteMap().inElements(2).orElseThrow(), 8, 64).build().swizzle());
  }

  @Test
  void aMapThatMovesAnElementOutOfTheTileIsAViolation() {
    // Bit 3 into bit 6 and bit 4 into bit 0: (0, 8) of a 4 x 16 tile, offset 8, moves to 72.
    XorMap map = XorMap.ofImages(1, 2, 4, 8 | 64, 16 | 1);
    assertEquals(List.of(new MapNotClosed(map, true, 4, 16, 16, new Cell(0, 8), 72,
        new Cell(4, 8))), TileLayout.builder(DType.HALF, map, 4, 16).check());
    assertEquals(List.of(new MapNotClosed(map, false, 4, 16, 16, new Cell(0, 8), 72,
        new Cell(4, 8))), TileLayout.builder(DType.HALF, map, 8, 32).atom(4, 16, Order.COL_MAJOR)
        .check());
    // The atoms of a map need only be closed: no period of a swizzle to hold whole.
    assertTrue(TileLayout.builder(DType.HALF, flipOn(DType.HALF), 8, 64)
        .atom(2, 64, Order.COL_MAJOR).check().isEmpty());
  }

  @Test
  void aMapActsOnTheOffsetAndItsBytesMustBeOffsets() {
    assertThrows(IllegalStateException.class, () -> TileLayout.builder(DType.HALF,
        flipOn(DType.HALF), 8, 64).swizzleWithinEachRow(true));
    // Bit 27 into bit 0 and bit 26 into bit 1: on 8-byte elements bit 27 is byte bit 30, 28 past it.
    XorMap high = XorMap.ofImages(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
        1 << 14, 1 << 15, 1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22, 1 << 23,
        1 << 24, 1 << 25, 1 << 26 | 2, 1 << 27 | 1, 1 << 28 | 4);
    assertThrows(IllegalArgumentException.class,
        () -> TileLayout.builder(DType.DOUBLE, high, 8, 16));
    // A swizzle in place of the map: the builder describes that swizzle's tile.
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64)
        .rowStride(64).alignment(128).build(),
        TileLayout.builder(DType.HALF, flipOn(DType.HALF), 8, 64).swizzle(Swizzle.of(3, 3, 3))
            .build());
  }
}
