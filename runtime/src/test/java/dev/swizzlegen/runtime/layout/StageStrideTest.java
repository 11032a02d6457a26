package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageMisaligned;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageStrideBelowSpan;
import dev.swizzlegen.runtime.layout.LayoutViolation.StageStrideMisaligned;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteStages;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Stages further apart than a stage's elements (issue 30, items 7 and 8): a tile's stage stride is
 * its own value, read off a CuTe layout's stage mode, and every function of the tile follows it; the
 * laws hold (offsets one-to-one, stage, row and col their inverse on the tile's offsets, none in the
 * gaps, the text read back equal); a stride below a stage's span, or one that leaves a stage's base
 * off the alignment, is a violation that says what would do.
 */
class StageStrideTest {

  /** CuTe's layout {@code text} as the tile it declares, at the least alignment of its type. */
  private static TileLayout pasted(String text, DType dtype) {
    CuteTile.Described described =
        CuteTile.describe(CuteLayout.parse(text), dtype, 0, 0, 0, Order.COL_MAJOR);
    assertEquals(List.of(), described.problems(), text);
    return described.tile().orElseThrow().alignment(dtype.unitBytes()).build();
  }

  /** The tile puts every element of every stage where CuTe puts it. */
  private static void assertEqualsCute(String text, TileLayout tile) {
    CuteLayout cute = CuteLayout.parse(text);
    for (int s = 0; s < tile.stages(); s++) {
      for (int r = 0; r < tile.rows(); r++) {
        for (int c = 0; c < tile.cols(); c++) {
          assertEquals(cute.apply(r, c, s), tile.offset(r, c, s),
              text + " (" + r + ", " + c + ") of stage " + s);
        }
      }
    }
  }

  /**
   * The laws of a tile: its offsets one-to-one within its extent; stage, row and col their inverse;
   * an offset no element has (padding, the gap after a stage) none of them; its text read back equal.
   */
  private static void assertLaws(TileLayout tile) {
    boolean[] used = new boolean[tile.strided().extentElements()];
    for (int s = 0; s < tile.stages(); s++) {
      for (int r = 0; r < tile.rows(); r++) {
        for (int c = 0; c < tile.cols(); c++) {
          int offset = tile.offset(r, c, s);
          assertEquals(s * tile.stageStride() + tile.offset(r, c), offset, tile.toString());
          assertFalse(used[offset], tile + " reuses offset " + offset);
          used[offset] = true;
          assertEquals(s, tile.stage(offset), tile.toString());
          assertEquals(r, tile.row(offset), tile.toString());
          assertEquals(c, tile.col(offset), tile.toString());
        }
      }
    }
    int held = 0;
    for (int offset = 0; offset < used.length; offset++) {
      held += used[offset] ? 1 : 0;
      if (offset % tile.stageStride() >= tile.strided().stageExtentElements()) {
        assertFalse(used[offset], tile + ": offset " + offset + " is in the gap after a stage");
      }
    }
    assertEquals(tile.rows() * tile.cols() * tile.stages(), held, tile.toString());
    assertEquals(tile, TileLayout.parse(tile.text()), tile.text());
  }

  /**
   * Item 8: {@code Sw<3,3,3> o _0 o (_8,_64,_2):(_64,_1,_1024)}, two stages of 8 x 64 halves with a
   * gap of 512 elements after each, is a tile whose stage stride is its stage mode's: equal to CuTe
   * on every element of every stage, its text naming the stride.
   */
  @Test
  void stagesWithAGapArePastedWithTheStageModesStride() {
    String text = "Sw<3,3,3> o _0 o (_8,_64,_2):(_64,_1,_1024)";
    TileLayout tile = pasted(text, DType.HALF);
    assertEquals(512, tile.strided().stageElements());
    assertEquals(1024, tile.stageStride());
    assertEquals(1024 + 512, tile.strided().extentElements());
    assertEqualsCute(text, tile);
    assertLaws(tile);
    assertEquals("HALF 8x64 Swizzle<3,3,3> stages 2 stride 1024 aligned 2", tile.text());
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64).stages(2)
        .stageStride(1024).alignment(2).build(), tile);
    // Offsets 512 .. 1023 are the gap: stage() and row() say nothing of them, and no element is there.
    assertEquals(0, tile.stage(1023));
    // Its whole layout in CuTe's notation, stage mode included, is the text it came from.
    assertEquals(text, CuteStages.wholeWithStages(tile).orElseThrow().toString());
  }

  /**
   * Item 7: a padded print with its stage mode, {@code (_8,_128,_3):(_129,_1,_1032)} of floats, is
   * rows 129 apart and stages 1032 apart (4128 bytes, a multiple of 32 but not of 128): a tile at
   * {@code alignment = 32}, equal to CuTe on every element of every stage; at the default 128 bytes
   * the violation names the largest alignment every stage keeps, and the least stride that keeps 128.
   */
  @Test
  void aPaddedPrintWithItsStageModeIsATileAtTheAlignmentItsStridesKeep() {
    String text = "(_8,_128,_3):(_129,_1,_1032)";
    CuteTile.Described described =
        CuteTile.describe(CuteLayout.parse(text), DType.FLOAT, 0, 0, 0, Order.COL_MAJOR);
    assertEquals(List.of(), described.problems());
    TileDescription description = described.tile().orElseThrow();
    assertEquals(List.of(new StageMisaligned(4128, 128, 1056)),
        description.copy().alignment(128).check());
    TileLayout tile = description.copy().alignment(32).build();
    assertEquals(129, tile.rowStride());
    assertEquals(1032, tile.stageStride());
    assertEqualsCute(text, tile);
    assertLaws(tile);
    // As the padded source's print, column-major, it has no tile form: but its stages lie one after
    // another, and nothing says they are interleaved.
    Violation raw = CuteTile.describe(CuteLayout.parse("(_128,_8,_3):(_1,_129,_1032)"),
        DType.FLOAT, 0, 0, 0, Order.COL_MAJOR).problems().get(0);
    assertTrue(raw instanceof CuteViolation.NoTileForm, raw.toString());
  }

  /** Stages stored inside each other: the violation says how far stage 0 reaches, and why. */
  @Test
  void stagesInsideEachOthersSpanAreInterleavedWhateverTheStageHolds() {
    // Stage 0's rows of 32 halves, 128 apart, span 928 elements; stage 1 lies in their padding.
    String padding = "(_8,_32,_2):(_128,_1,_32)";
    Violation problem = CuteTile.describe(CuteLayout.parse(padding), DType.HALF, 0, 0, 0,
        Order.COL_MAJOR).problems().get(0);
    assertEquals(new CuteViolation.StagesInterleaved(padding, 32, 928,
        "(_8,(_32,_2)):(_128,(_1,_32))", java.util.Optional.empty()), problem);
  }

  @Test
  void aStrideBelowTheSpanOrOffTheAlignmentIsAViolationThatSaysWhatWouldDo() {
    TileDescription staged = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64)
        .stages(2);
    assertEquals(List.of(new StageStrideBelowSpan(500, 512)), staged.copy().stageStride(500).check());
    // 128-byte alignment: a multiple of 64 halves; 520 is not, 576 is the next that is.
    assertEquals(List.of(new StageStrideMisaligned(520, 64, 128, 576)),
        staged.copy().stageStride(520).check());
    assertEquals(List.of(), staged.copy().stageStride(576).check());
    // A padded stride: the rows' span, 7 x 72 + 64, is less than rows x rowStride.
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 8, 64).rowStride(72)
        .stages(3).stageStride(576).alignment(16).build();
    assertEquals(568, padded.strided().stageExtentElements());
    assertLaws(padded);
    // A declared stride equal to the default is the default.
    assertEquals(staged.copy().build(), staged.copy().stageStride(512).build());
  }

  /**
   * Random tiles (swizzles on the offset or within each row, atoms in either order, padding, several
   * element types) at random strides, each a multiple of its alignment at least its span: the laws
   * hold, the stride moves each stage as a whole, and the tile with a swizzle of the offset is its
   * whole CuTe layout again, equal to CuTe on every element.
   */
  @Test
  void everyStrideKeepsTheLawsAndEveryPastedStrideIsCute() {
    Random random = new Random(30);
    DType[] types = {DType.HALF, DType.FLOAT, DType.UINT8, DType.FP4_E2M1, DType.DOUBLE};
    int tiles = 0;
    int pastes = 0;
    for (int i = 0; i < 400; i++) {
      DType dtype = types[random.nextInt(types.length)];
      int bits = random.nextInt(4);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY
          : Swizzle.of(bits, random.nextInt(4) + (dtype == DType.FP4_E2M1 ? 1 : 0), 3 + random.nextInt(2));
      int rows = 1 << random.nextInt(5);
      int cols = 2 << random.nextInt(7);
      TileDescription description = TileLayout.builder(dtype, swizzle, rows, cols)
          .alignment(Math.max(dtype.unitBytes(), 1 << random.nextInt(8)))
          .stages(1 + random.nextInt(4));
      switch (random.nextInt(4)) {
        case 0 -> description.rowStride(cols + 2 * random.nextInt(9));
        case 1 -> description.atom(Math.max(1, rows >> random.nextInt(3)),
            Math.max(2, cols >> random.nextInt(3)),
            random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
        case 2 -> description.swizzleWithinEachRow(swizzle.shift() >= swizzle.bits())
            .rowStride(cols + 2 * random.nextInt(5));
        default -> { }
      }
      int span = StageStrides.span(rows, cols, description.rowStride());
      int step = Math.max(2, description.alignment() * 8 / dtype.storageBits());
      int stride = (span + step - 1) / step * step + step * random.nextInt(4);
      TileDescription strided = description.copy().stageStride(stride);
      if (!strided.check().isEmpty()) {
        continue;
      }
      TileLayout tile = strided.build();
      TileLayout plain = description.copy().alignment(dtype.unitBytes()).build();
      assertLaws(tile);
      for (int s = 0; s < tile.stages(); s++) {
        assertEquals(s * stride + plain.offset(rows - 1, cols - 1),
            tile.offset(rows - 1, cols - 1, s), tile.toString());
      }
      tiles++;
      var whole = CuteStages.wholeWithStages(tile);
      if (whole.isPresent() && tile.stages() > 1) {
        TileLayout again = pasted(whole.get().toString(), dtype);
        assertEqualsCute(whole.get().toString(), tile);
        for (int s = 0; s < tile.stages(); s++) {
          for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
              assertEquals(tile.offset(r, c, s), again.offset(r, c, s), whole.get().toString());
            }
          }
        }
        pastes++;
      }
    }
    assertTrue(tiles > 150, "tiles " + tiles);
    assertTrue(pastes > 40, "pastes " + pastes);
  }
}
