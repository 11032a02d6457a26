package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.notation.CuteViolation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 21's real layouts, pasted as CuTe prints them (the {@code #@ layout-string} of
 * {@code examples/src/test/resources/issue21-real-layouts.txt}), equal their sources on every element
 * of every stage: CuTe's sgemm atom, the SIMT tutorials' column-major tiles, ThunderKittens' float
 * tiles, CUTLASS 2.x's crosswise multistage buffer (as CUTLASS views it: stages as columns),
 * FlashMLA's K buffer and its V view, FlashAttention-3's FP8 V (as printed, and with its modes swapped
 * as the annotation's MN-major convention has it) and Triton's swizzled operand. The two that are no
 * tile as printed (stages inside each other's rows, a padded column-major tile) are the violations
 * that say so, and declared as their sources view them they are equal too.
 */
class RealLayoutsTest {
  private static final Path FILE =
      Path.of("..", "examples", "src", "test", "resources", "issue21-real-layouts.txt");

  /** One {@code #@ layout} record: its facts and offsets (rows of every stage). */
  private record Record(Map<String, String> facts, int rows, int cols, int stages, DType dtype,
      List<int[]> offsets) {
    int offset(int row, int col, int stage) {
      return offsets.get(stage * rows + row)[col];
    }
  }

  private static Map<String, Record> records() throws IOException {
    Map<String, Record> records = new LinkedHashMap<>();
    Map<String, String> facts = new LinkedHashMap<>();
    List<int[]> offsets = null;
    String name = null;
    for (String line : Files.readAllLines(FILE)) {
      if (line.startsWith("#@ layout ")) {
        facts = new LinkedHashMap<>();
        facts.put("layout", line.substring("#@ layout ".length()).trim());
      } else if (line.startsWith("#@ ") && !line.startsWith("#@ lanes")) {
        String fact = line.substring(3);
        int space = fact.indexOf(' ');
        facts.putIfAbsent(fact.substring(0, space), fact.substring(space + 1));
      } else if (line.startsWith("# ")) {
        name = line.split(" ")[1];
        offsets = new ArrayList<>();
        String[] tile = facts.get("tile").split("[ =]");
        int rows = Integer.parseInt(tile[1]);
        int cols = Integer.parseInt(tile[3]);
        int stages = Integer.parseInt(tile[5]);
        DType dtype = DType.valueOf(tile[7]);
        records.put(name, new Record(facts, rows, cols, stages, dtype, offsets));
      } else if (!line.startsWith("#") && !line.isBlank() && offsets != null) {
        offsets.add(java.util.Arrays.stream(line.trim().split(" +")).mapToInt(Integer::parseInt)
            .toArray());
      }
    }
    return records;
  }

  private static TileLayout tile(String layout, DType dtype, int rows, int cols, int stages) {
    CuteTile.Described described = CuteTile.describe(CuteLayout.parse(layout), dtype, rows, cols,
        stages, Order.COL_MAJOR);
    assertEquals(List.of(), described.problems(), layout);
    return described.tile().orElseThrow().build();
  }

  /** Cell (row, col) of stage s of the source is (row', col') of the declared tile. */
  private interface Cells {
    int offset(TileLayout tile, int row, int col, int stage);
  }

  private static void assertEqualsSource(Record source, TileLayout tile, Cells cells, String what) {
    for (int s = 0; s < source.stages(); s++) {
      for (int r = 0; r < source.rows(); r++) {
        for (int c = 0; c < source.cols(); c++) {
          assertEquals(source.offset(r, c, s), cells.offset(tile, r, c, s),
              what + " (" + r + ", " + c + ") of stage " + s);
        }
      }
    }
  }

  @Test
  void everyRealLayoutPastedFromCuteEqualsItsSource() throws IOException {
    Map<String, Record> records = records();
    int declared = 0;
    for (Map.Entry<String, Record> entry : records.entrySet()) {
      String name = entry.getKey();
      Record source = entry.getValue();
      String layout = source.facts().get("layout-string");
      if (layout.equals("(none)")) {
        continue;
      }
      CuteTile.Described described = CuteTile.describe(CuteLayout.parse(layout), source.dtype(),
          source.rows(), source.cols(), source.stages(), Order.COL_MAJOR);
      if (name.startsWith("cutlass2x")) {
        // Stages inside each other's rows: declared as CUTLASS views the buffer, M x (K x stages).
        // The error names that declaration, a tile (at 3 stages the swizzle within each
        // 192-element row, issue 39).
        CuteViolation.StagesInterleaved interleaved =
            (CuteViolation.StagesInterleaved) described.problems().get(0);
        assertEquals(java.util.Optional.empty(), interleaved.columnsProblem(), name);
        TileLayout columns = tile(interleaved.columns(), source.dtype(), 0, 0, 0);
        assertEqualsSource(source, columns, (t, r, c, s) -> t.offset(r, c + 32 * s), name);
      } else if (name.endsWith("_padded")) {
        // A padded column-major tile: declared transposed, 8 rows of 128 on a pitch of 129.
        assertTrue(described.problems().get(0) instanceof CuteViolation.NoTileForm, name);
        TileLayout rows = tile("(_8,_128):(_129,_1)", source.dtype(), 0, 0, 0);
        assertEquals(129, rows.rowStride());
        assertEqualsSource(source, rows, (t, r, c, s) -> t.offset(c, r), name);
      } else {
        TileLayout tile = tile(layout, source.dtype(), source.rows(), source.cols(),
            source.stages());
        assertEqualsSource(source, tile, TileLayout::offset, name);
      }
      declared++;
    }
    assertEquals(11, records.size());
    assertEquals(11, declared, "every record");
  }

  /**
   * Issue 30, item 9: CUTLASS 2.x's crosswise operand at 3 stages is no swizzle of a layout's offset
   * (issue 39 declares it as a swizzle within each 192-element row, the next test). Its row pairs lie
   * {@code 3 x 64} elements apart and its XOR reads the row pair mod 4, which at that pitch is no bit
   * of the offset; pasted as CuTe would write the 4-stage
   * layout at 3 stages, with a stage mode or with the stages as columns, it is the violation that
   * says exactly that (the swizzle's bits 8 and 9 carried into by the mode {@code _64:_192}), and
   * names the layout with that stride a power of two, the buffer at 4 stages: a tile equal to
   * CUTLASS's class at 4 stages on every element. The 3-stage buffer shares with it only what lies
   * where the strides agree (row pair 0), and with its own attempt only where the XOR is 0.
   */
  @Test
  void cutlass2xAtThreeStagesIsAViolationNamingTheStrideAndTheFourStageTile() throws IOException {
    Map<String, Record> records = records();
    Record three = records.get("cutlass2x_sm80_crosswise_A_half_128x32x3");
    Record four = records.get("cutlass2x_sm80_crosswise_A_half_128x32x4");
    String columns = "Sw<2,3,5> o _0 o ((_2,_64),(_32,_3)):((_32,_192),(_1,_64))";
    String suggested = "Sw<2,3,5> o _0 o ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))";
    CuteViolation.SwizzleReadsCarries carries = new CuteViolation.SwizzleReadsCarries(columns,
        dev.swizzlegen.runtime.swizzle.Swizzle.of(2, 3, 5), 8, 9, "_64:_192", 22, 192,
        java.util.Optional.of(suggested));
    assertEquals(List.of(carries), CuteTile.describe(CuteLayout.parse(columns), DType.HALF, 0, 0,
        0, Order.COL_MAJOR).problems());
    String staged = "Sw<2,3,5> o _0 o ((_2,_64),_32,_3):((_32,_192),_1,_64)";
    assertEquals(List.of(new CuteViolation.StagesInterleaved(staged, 64, 63 * 192 + 32 + 32,
            columns, java.util.Optional.of(carries))),
        CuteTile.describe(CuteLayout.parse(staged), DType.HALF, 0, 0, 0, Order.COL_MAJOR)
            .problems());
    // The suggestion is a tile, CUTLASS's class at 4 stages on every element.
    TileLayout tile = tile(suggested, DType.HALF, 0, 0, 0);
    assertEqualsSource(four, tile, (t, r, c, s) -> t.offset(r, c + 32 * s), "4 stages");
    // At 3 stages CUTLASS's offsets are that tile's only on row pairs 0 (192 of 12,288 elements),
    // and the attempt's (CuTe's evaluation of the columns paste) only where the row pair is 0 mod 4.
    CuteLayout attempt = CuteLayout.parse(columns);
    int sameAsTile = 0;
    int sameAsAttempt = 0;
    for (int s = 0; s < 3; s++) {
      for (int r = 0; r < 128; r++) {
        for (int c = 0; c < 32; c++) {
          sameAsTile += three.offset(r, c, s) == tile.offset(r, c + 32 * s) ? 1 : 0;
          sameAsAttempt += three.offset(r, c, s) == attempt.apply(r, c + 32 * s) ? 1 : 0;
        }
      }
    }
    assertEquals(192, sameAsTile);
    assertEquals(3072, sameAsAttempt);
  }

  /**
   * Issue 39, item 8: CUTLASS 2.x's crosswise operand at 3 stages is {@code Swizzle<2,3,2>} within each
   * 192-element row of its 2 x 32 atoms laid across the columns first, as CUTLASS views the buffer
   * (128 x 96): CuTe prints it as the swizzle's words laid in rows 192 apart, and that print, the
   * model's description (what {@code @SwizzledTile(bits = 2, base = 3, shift = 2, rows = 128, cols = 96,
   * atomRows = 2, atomCols = 32, atomOrder = ROW_MAJOR, swizzleRow = 192)} makes) and CUTLASS's class
   * agree on all 12,288 elements; the tile's inverse, its text and its CuTe print read back.
   */
  @Test
  void cutlass2xAtThreeStagesIsSwizzle232WithinEach192ElementRow() throws IOException {
    Record three = records().get("cutlass2x_sm80_crosswise_A_half_128x32x3");
    String printed = "(_256,_64):(_1,_192) o _0 o Sw<2,3,5> o _0 o"
        + " ((_2,_64),(_32,_3)):((_32,_256),(_1,_64))";
    CuteLayout cute = CuteLayout.parse(printed);
    assertEquals(printed, cute.toString());
    TileLayout pasted = tile(printed, DType.HALF, 0, 0, 0);
    TileLayout declared = TileLayout.builder(DType.HALF,
            dev.swizzlegen.runtime.swizzle.Swizzle.of(2, 3, 2), 128, 96)
        .atom(2, 32, Order.ROW_MAJOR).swizzleWithinEachRow(true).swizzleRow(192).build();
    assertEquals(declared, pasted.toBuilder().alignment(128).build());
    assertEquals("Swizzle<2,3,2> within each 192-element row", declared.swizzleName());
    assertEquals(192, declared.swizzleRow());
    assertEquals(declared, TileLayout.parse(declared.text()));
    assertEqualsSource(three, declared, (t, r, c, s) -> t.offset(r, c + 32 * s), "declared");
    assertEqualsSource(three, pasted, (t, r, c, s) -> t.offset(r, c + 32 * s), "pasted");
    assertEqualsSource(three, pasted, (t, r, c, s) -> cute.apply(r, c + 32 * s), "CuTe");
    boolean[] seen = new boolean[128 * 96];
    for (int r = 0; r < 128; r++) {
      for (int c = 0; c < 96; c++) {
        int offset = declared.offset(r, c);
        assertEquals(r, declared.row(offset));
        assertEquals(c, declared.col(offset));
        assertEquals(0, declared.stage(offset));
        assertTrue(!seen[offset], "one element at " + offset);
        seen[offset] = true;
      }
    }
    // Where the rows are the tile's own (one atom, rows of its stride) it is the plain form.
    TileLayout plain = TileLayout.builder(DType.HALF,
        dev.swizzlegen.runtime.swizzle.Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
        .build();
    assertEquals(plain, plain.toBuilder().swizzleRow(192).build());
    // A row the swizzle would carry past the stage is an error, not a tile.
    assertTrue(TileLayout.builder(DType.HALF, dev.swizzlegen.runtime.swizzle.Swizzle.of(2, 3, 2),
            128, 96).atom(2, 32, Order.ROW_MAJOR).swizzleWithinEachRow(true).swizzleRow(20)
        .check().stream().anyMatch(v -> v instanceof LayoutViolation.TileNotClosed));
  }

  /**
   * Every lane map of the file, from its kernel's source: Triton's bases and the CuTe layout of the
   * lanes (into the tile's column-major index) are one map, the element each lane touches first as
   * the source computed it.
   */
  @Test
  void everyRealLaneMapReadsTheSameInBothNotations() throws IOException {
    int maps = 0;
    String triton = null;
    String cute = null;
    int rows = 0;
    for (String line : Files.readAllLines(FILE)) {
      if (line.startsWith("#@ lanes ")) {
        rows = Integer.parseInt(line.replaceAll(".* rows=(\\d+) .*", "$1"));
      } else if (line.startsWith("#@ triton ")) {
        triton = line.substring("#@ triton ".length()).trim();
      } else if (line.startsWith("#@ cute ")) {
        cute = line.substring("#@ cute ".length()).trim();
      } else if (line.startsWith("#@ rc ")) {
        dev.swizzlegen.runtime.access.LaneMap fromTriton =
            dev.swizzlegen.runtime.access.LaneMap.parseTriton(triton);
        dev.swizzlegen.runtime.access.LaneMap fromCute =
            dev.swizzlegen.runtime.access.LaneMap.parseCute(cute, rows);
        assertEquals(fromTriton, fromCute, triton + " and " + cute);
        String[] lanes = line.substring("#@ rc ".length()).trim().split(" +");
        assertEquals(32, lanes.length);
        for (String lane : lanes) {
          String[] parts = lane.split("[:(,)]");
          int index = Integer.parseInt(parts[0]);
          assertEquals(Integer.parseInt(parts[2]), fromTriton.row(index), cute + " lane " + index);
          assertEquals(Integer.parseInt(parts[3]), fromTriton.col(index), cute + " lane " + index);
        }
        maps++;
      }
    }
    assertEquals(9, maps);
  }

  /** FlashMLA's V is its K read the other way: the V view's layout is K's transposed. */
  @Test
  void flashMlasVViewIsItsKBufferTransposed() throws IOException {
    Record k = records().get("flashmla_sm90_sK_bf16_64x576");
    String view = k.facts().get("layout-string-V");
    TileLayout v = tile(view.substring(0, view.indexOf(" (V")), DType.BF16, 0, 0, 0);
    assertEquals(512, v.rows());
    assertEquals(64, v.cols());
    for (int t = 0; t < 64; t++) {
      for (int d = 0; d < 512; d++) {
        assertEquals(k.offset(t, d, 0), v.offset(d, t), "V(" + d + ", " + t + ")");
      }
    }
  }

  /**
   * FlashAttention-3's FP8 V as CuTe prints it has the contiguous d as rows; with the modes swapped
   * (K as rows, MN as cols, the annotation's MN-major convention) it is the canonical tile of
   * 128-byte swizzled 8 x 128 atoms that TMA fills and ldmatrix reads by rows.
   */
  @Test
  void flashAttention3sFp8VWithItsModesSwappedIsCanonical() throws IOException {
    Record vt = records().get("fa3_fp8_Vt_e4m3_hd128_n224x2");
    TileLayout swapped = tile(
        "Sw<3,4,3> o _0 o ((_8,_28),(_128,_1),(_1,_2)):((_128,_1024),(_1,_0),(_0,_28672))",
        DType.FP8_E4M3, 0, 0, 0);
    assertEquals(224, swapped.rows());
    assertEquals(128, swapped.cols());
    assertTrue(swapped.hasSwizzle());
    assertEquals(8, swapped.atomRows());
    assertEquals(128, swapped.atomCols());
    assertTrue(swapped.tmaSwizzle().isPresent());
    assertEqualsSource(vt, swapped, (t, d, n, s) -> t.offset(n, d, s), "FA3 FP8 Vt swapped");
    // Its ldmatrix.x4.trans on the 8-bit elements: 8 rows of 16 bytes a matrix, conflict-free.
    dev.swizzlegen.runtime.access.AccessReport trans =
        dev.swizzlegen.runtime.access.ConflictAnalyzer.nvidia().analyze(swapped,
            dev.swizzlegen.runtime.access.MatrixAccess.ldmatrix(4, true));
    assertEquals(1, trans.degree());
  }
}
