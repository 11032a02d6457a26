package dev.swizzlegen.runtime.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The tile a CuTe layout declares puts every element where CuTe does: on real kernels' layouts as
 * CuTe itself computed them, and on random layouts against CuTe's definitions evaluated here
 * (a strided sum through the swizzle; {@code tile_to_shape}'s atoms numbered down or across, then
 * stages). What is no tile is a violation naming the part at fault.
 */
class CuteTileTest {
  private static final Path RESOURCES = Path.of("..", "examples", "src", "test", "resources");

  private static TileLayout tile(String layout, DType dtype, int rows, int cols, int stages,
      Order order) {
    CuteTile.Described described =
        CuteTile.describe(CuteLayout.parse(layout), dtype, rows, cols, stages, order);
    assertEquals(List.of(), described.problems(), layout);
    // The least alignment: small random tiles' stages are not 128 bytes apart.
    return described.tile().orElseThrow().alignment(dtype.unitBytes()).build();
  }

  private static Violation problem(String layout, int rows, int cols, int stages) {
    CuteTile.Described described = CuteTile.describe(CuteLayout.parse(layout), DType.HALF, rows,
        cols, stages, Order.COL_MAJOR);
    assertTrue(described.tile().isEmpty(), layout);
    assertEquals(1, described.problems().size(), layout);
    return described.problems().get(0);
  }

  /** {@code name -> rows of offsets}, from a file of {@code # name rows cols} records. */
  private static Map<String, List<int[]>> records(String file) throws IOException {
    Map<String, List<int[]>> records = new HashMap<>();
    List<int[]> current = null;
    for (String line : Files.readAllLines(RESOURCES.resolve(file))) {
      if (line.startsWith("## ") || line.isBlank()) {
        continue;
      }
      if (line.startsWith("# ")) {
        current = new ArrayList<>();
        records.put(line.split(" ")[1], current);
      } else {
        current.add(java.util.Arrays.stream(line.trim().split(" +")).mapToInt(Integer::parseInt)
            .toArray());
      }
    }
    return records;
  }

  private static void assertEqualsCute(TileLayout tile, List<int[]> cute, String name) {
    assertEquals(tile.rows() * tile.stages(), cute.size(), name);
    for (int s = 0; s < tile.stages(); s++) {
      for (int r = 0; r < tile.rows(); r++) {
        for (int c = 0; c < tile.cols(); c++) {
          assertEquals(cute.get(s * tile.rows() + r)[c], tile.offset(r, c, s),
              name + " (" + r + ", " + c + ") of stage " + s);
        }
      }
    }
  }

  /**
   * The golden file's 19 layouts and CUTLASS's and FlashAttention-3's MN-major ones, each pasted as
   * CuTe writes its atom (GMMA's byte swizzles in elements, as the files are), equal on every
   * element; the K-major ones are the canonical tiles TMA fills.
   */
  @Test
  void realKernelsLayoutsPastedFromCuteAreCuteOnEveryElement() throws IOException {
    Map<String, List<int[]>> golden = records("cute-real-layouts.txt");
    String sw128 = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)";
    Object[][] cases = {
        {"sm80_half_128x64_K", sw128, DType.HALF, 128, 64, 1},
        {"sm80_half_128x32_K", "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)", DType.HALF, 128, 32, 1},
        {"fa2_Q_128x64_hd64", sw128, DType.HALF, 128, 64, 1},
        {"fa2_Q_128x128_hd128", sw128, DType.HALF, 128, 128, 1},
        {"fa2_K_64x256_hd256", sw128, DType.HALF, 64, 256, 1},
        {"sm90_K_SW128_half_128x64", sw128, DType.HALF, 128, 64, 1},
        {"sm90_K_SW64_half_128x32", "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)", DType.HALF, 128, 32, 1},
        {"sm90_K_SW32_half_64x16", "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)", DType.HALF, 64, 16, 1},
        {"sm90_K_SW128_half_128x128", sw128, DType.HALF, 128, 128, 1},
        {"sm90_K_SW128_fp8_128x128", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)", DType.FP8_E4M3, 128,
            128, 1},
        {"sm90_K_SW128_fp8_128x256", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)", DType.FP8_E4M3, 128,
            256, 1},
        {"sm90_K_SW128_tf32_64x32", "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)", DType.TF32, 64, 32, 1},
        {"sm90_MN_SW128_half_128x64", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", DType.HALF, 128, 64, 1},
        {"sm90_MN_SW128_half_64x64", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", DType.HALF, 64, 64, 1},
        {"sm90_MN_SW64_half_64x64", "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)", DType.HALF, 64, 64, 1},
        {"sm90_MN_SW128_fp8_128x128", "Sw<3,4,3> o _0 o (_128,_8):(_1,_128)", DType.FP8_E4M3, 128,
            128, 1},
        {"sm80_half_128x64x3stages", sw128, DType.HALF, 128, 64, 3},
        {"sm80_tf32_128x32_K", "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)", DType.FLOAT, 128, 32, 1},
        {"epi_float_64x64", "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)", DType.FLOAT, 64, 64, 1}};
    assertEquals(19, golden.size());
    for (Object[] each : cases) {
      String name = (String) each[0];
      TileLayout tile = tile((String) each[1], (DType) each[2], (int) each[3], (int) each[4],
          (int) each[5], Order.COL_MAJOR);
      assertEqualsCute(tile, golden.get(name), name);
      if (name.contains("_K")) {
        // A K-major canonical atom is the tile an annotation declares: TMA fills it.
        assertTrue(tile.hasSwizzle(), name);
        assertTrue(tile.tmaSwizzle().isPresent(), name);
      }
    }
    Map<String, List<int[]>> mnMajor = records("cutlass-sm90-mn-major.txt");
    Object[][] stepped = {
        {"cutlass_sm90_mn_A_SW128_half_128x64x3", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", DType.HALF,
            128, 64, 3},
        {"cutlass_sm90_mn_B_SW64_half_96x64x3", "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)", DType.HALF, 96,
            64, 3},
        {"cutlass_sm90_mn_B_SW32_bf16_48x64x2", "Sw<1,3,3> o _0 o (_16,_8):(_1,_16)", DType.BF16, 48,
            64, 2},
        {"fa3_Vt_SW128_half_hd128_n128x2", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", DType.HALF, 128,
            128, 2}};
    for (Object[] each : stepped) {
      String name = (String) each[0];
      // Step<_2,_1,_3>: the atoms along K (the tile's columns) first.
      assertEqualsCute(tile((String) each[1], (DType) each[2], (int) each[3], (int) each[4],
          (int) each[5], Order.ROW_MAJOR), mnMajor.get(name), name);
    }
  }

  /**
   * CuTe's MN-major layouts put M (or N) first and contiguous: their tiles are the transposes of
   * swizzled ones, which no engine reads. {@link CuteTile#modesSwapped} gives the same layout with
   * its modes swapped, K rows by M cols, with the other atom order: a tile TMA fills, equal on every
   * element to CuTe's numbers transposed. A K-major layout needs no swap.
   */
  @Test
  void anMnMajorLayoutWithItsModesSwappedIsTheTileEnginesReadEqualToCuteTransposed()
      throws IOException {
    Map<String, List<int[]>> golden = records("cute-real-layouts.txt");
    Map<String, List<int[]>> mnMajor = records("cutlass-sm90-mn-major.txt");
    Object[][] cases = {
        {golden, "sm90_MN_SW128_half_128x64", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)",
            DType.HALF, 128, 64, 1, Order.COL_MAJOR},
        {golden, "sm90_MN_SW64_half_64x64", "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)", DType.HALF, 64, 64,
            1, Order.COL_MAJOR},
        {golden, "sm90_MN_SW128_fp8_128x128", "Sw<3,4,3> o _0 o (_128,_8):(_1,_128)",
            DType.FP8_E4M3, 128, 128, 1, Order.COL_MAJOR},
        {mnMajor, "cutlass_sm90_mn_A_SW128_half_128x64x3", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)",
            DType.HALF, 128, 64, 3, Order.ROW_MAJOR},
        {mnMajor, "cutlass_sm90_mn_B_SW32_bf16_48x64x2", "Sw<1,3,3> o _0 o (_16,_8):(_1,_16)",
            DType.BF16, 48, 64, 2, Order.ROW_MAJOR},
        {mnMajor, "fa3_Vt_SW128_half_hd128_n128x2", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)",
            DType.HALF, 128, 128, 2, Order.ROW_MAJOR}};
    for (Object[] each : cases) {
      @SuppressWarnings("unchecked")
      List<int[]> cute = ((Map<String, List<int[]>>) each[0]).get((String) each[1]);
      String name = (String) each[1];
      Order order = (Order) each[7];
      TileLayout asPrinted = tile((String) each[2], (DType) each[3], (int) each[4], (int) each[5],
          (int) each[6], order);
      assertTrue(asPrinted.offsetSwizzle().isEmpty(), name);
      CuteTile.Swapped swapped = CuteTile.modesSwapped(CuteLayout.parse((String) each[2]), asPrinted)
          .orElseThrow(() -> new AssertionError(name + ": no swap"));
      assertEquals((int) each[5], swapped.rows(), name);
      assertEquals((int) each[4], swapped.cols(), name);
      Order other = order == Order.ROW_MAJOR ? Order.COL_MAJOR : Order.ROW_MAJOR;
      assertEquals(Optional.of(other), swapped.atomOrder(), name);
      TileLayout tile = tile(swapped.layout().toString(), (DType) each[3], swapped.rows(),
          swapped.cols(), (int) each[6], other);
      assertTrue(tile.tmaSwizzle().isPresent(), name + ": " + tile);
      for (int s = 0; s < tile.stages(); s++) {
        for (int k = 0; k < tile.rows(); k++) {
          for (int mn = 0; mn < tile.cols(); mn++) {
            assertEquals(cute.get(s * tile.cols() + mn)[k], tile.offset(k, mn, s),
                name + " (" + mn + ", " + k + ") of stage " + s);
          }
        }
      }
    }
    TileLayout kMajor = tile("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", DType.HALF, 128, 64, 1,
        Order.COL_MAJOR);
    assertEquals(Optional.empty(),
        CuteTile.modesSwapped(CuteLayout.parse("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"), kMajor));
  }

  /**
   * Issue 30.4: MN-major layouts pasted M first for warp accesses, whose 16-byte rows along K are not
   * contiguous: CUTLASS sm80's NT operand atom (plain {@code tile_to_shape}, and with
   * {@code Step<_2,_1,_3>}), an SW64 atom over stages, and FlashAttention-2's transposed V and P
   * views as CuTe prints them (flash-attention 0251105, kernel_traits.h: SmemLayoutVtransposed for
   * d = 128, kBlockN = 64, which is also SmemLayoutPdStransposed for kBlockM = 64, kBlockN = 128,
   * and for d = 64, kBlockN = 128; printed by nvcc-compiled host code, CuteLayout.apply equal to
   * CuTe's offsets on all 24,576 elements). {@link CuteTile#modesSwapped} gives the layout with its
   * modes swapped: as declared it is CuTe's tile transposed on every element, in CUTLASS's order
   * ({@code Step<_2,_1,_3>}, where that is not the declared one) the stepped tile transposed, and
   * either keeps 16-byte rows whole.
   */
  @Test
  void anMnMajorLayoutForWarpAccessesWithItsModesSwappedIsCuteTransposed() {
    Object[][] cases = {
        {"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", 128, 32, 1, Order.COL_MAJOR},
        {"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", 128, 32, 3, Order.ROW_MAJOR},
        {"Sw<2,3,3> o _0 o (_32,_8):(_1,_32)", 64, 64, 2, Order.COL_MAJOR},
        {"Sw<3,3,3> o _0 o ((_64,_2),_64):((_1,_4096),_64)", 0, 0, 0, Order.COL_MAJOR},
        {"Sw<3,3,3> o _0 o (_64,_128):(_1,_64)", 0, 0, 0, Order.COL_MAJOR}};
    for (Object[] each : cases) {
      String text = (String) each[0];
      CuteLayout cute = CuteLayout.parse(text);
      Order order = (Order) each[4];
      TileLayout original = tile(text, DType.HALF, (int) each[1], (int) each[2], (int) each[3], order);
      if ((int) each[1] == 0) {
        for (int m = 0; m < original.rows(); m++) {
          for (int k = 0; k < original.cols(); k++) {
            assertEquals(cute.apply(m, k), original.offset(m, k), text);
          }
        }
      }
      assertTrue(!original.keepsRunsWhole(8), text);
      CuteTile.Swapped swapped = CuteTile.modesSwapped(cute, original)
          .orElseThrow(() -> new AssertionError(text + ": no swap"));
      TileLayout asDeclared = tile(swapped.layout().toString(), DType.HALF, swapped.rows(),
          swapped.cols(), original.stages(), swapped.atomOrder().orElse(Order.COL_MAJOR));
      assertTransposed(original, asDeclared, text + " as declared");
      assertTransposed(original, swapped.tile(), text + " (the swapped tile)");
      assertTrue(asDeclared.keepsRunsWhole(8), text);
      assertEquals(order == Order.COL_MAJOR && swapped.atomOrder().isPresent(),
          swapped.cutlassOrder().isPresent(), text);
      if (swapped.cutlassOrder().isPresent()) {
        TileLayout stepped = tile(text, DType.HALF, original.rows(), original.cols(),
            original.stages(), Order.ROW_MAJOR);
        TileLayout cutlass = tile(swapped.layout().toString(), DType.HALF, swapped.rows(),
            swapped.cols(), original.stages(), swapped.cutlassOrder().get());
        assertTransposed(stepped, cutlass, text + " in CUTLASS's order");
        assertTrue(cutlass.keepsRunsWhole(8), text);
      }
    }
  }

  /** {@code swapped} at (k, mn) is {@code tile} at (mn, k), in every stage. */
  private static void assertTransposed(TileLayout tile, TileLayout swapped, String name) {
    assertEquals(tile.rows(), swapped.cols(), name);
    assertEquals(tile.cols(), swapped.rows(), name);
    assertEquals(tile.stages(), swapped.stages(), name);
    for (int s = 0; s < tile.stages(); s++) {
      for (int mn = 0; mn < tile.rows(); mn++) {
        for (int k = 0; k < tile.cols(); k++) {
          assertEquals(tile.offset(mn, k, s), swapped.offset(k, mn, s),
              name + " (" + mn + ", " + k + ") of stage " + s);
        }
      }
    }
  }

  /**
   * Issue 30.5: CuTe's MN-major GMMA atom pasted as printed on CUTLASS's 128 x 64 x 3-stage A
   * operand, its atoms numbered as declared (a plain {@code tile_to_shape}). Its modes swapped in
   * CUTLASS's order (the atoms along K first, {@code Step<_2,_1,_3>}) is CUTLASS sm90's
   * {@code SmemLayoutA} on every element of every stage, and TMA fills each stage with CUTLASS's
   * boxes (the record's {@code ## tma-box} line: what CUTLASS encodes, computed on the host); the
   * swap as declared, a plain {@code tile_to_shape}, equals it on 3,072 of 24,576 elements and takes
   * 16 boxes a stage.
   */
  @Test
  void theGmmaAtomSwappedInCutlasssOrderIsCutlassSm90sLayoutWithItsTmaBoxes() throws IOException {
    String name = "cutlass_sm90_mn_A_SW128_half_128x64x3";
    List<int[]> cutlass = records("cutlass-sm90-mn-major.txt").get(name);
    Map<String, Integer> box = tmaBox("cutlass-sm90-mn-major.txt", name);
    String printed = "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)";
    TileLayout asPasted = tile(printed, DType.HALF, 128, 64, 3, Order.COL_MAJOR);
    CuteTile.Swapped swapped = CuteTile.modesSwapped(CuteLayout.parse(printed), asPasted)
        .orElseThrow();
    assertEquals(Optional.of(Order.COL_MAJOR), swapped.cutlassOrder());
    assertEquals(Optional.of(Order.ROW_MAJOR), swapped.atomOrder());
    TileLayout inCutlasssOrder = tile(swapped.layout().toString(), DType.HALF, swapped.rows(),
        swapped.cols(), 3, swapped.cutlassOrder().get());
    int plainEqual = 0;
    for (int s = 0; s < 3; s++) {
      for (int mn = 0; mn < 128; mn++) {
        for (int k = 0; k < 64; k++) {
          int expected = cutlass.get(s * 128 + mn)[k];
          assertEquals(expected, inCutlasssOrder.offset(k, mn, s),
              name + " (" + mn + ", " + k + ") of stage " + s);
          plainEqual += swapped.tile().offset(k, mn, s) == expected ? 1 : 0;
        }
      }
    }
    assertEquals(3072, plainEqual);
    TmaFill fill = TmaFill.plan(Engine.atDefaultAlignment(inCutlasssOrder).orElseThrow())
        .orElseThrow();
    assertEquals((int) box.get("boxes-per-stage"), fill.boxes().size());
    assertEquals((int) box.get("k"), fill.boxRows());
    assertEquals((int) box.get("mn"), fill.boxCols());
    assertEquals(16, TmaFill.plan(Engine.atDefaultAlignment(swapped.tile()).orElseThrow())
        .orElseThrow().boxes().size());
  }

  /** The {@code ## tma-box NAME key=value ...} line of a record: CUTLASS's TMA box for it. */
  private static Map<String, Integer> tmaBox(String file, String name) throws IOException {
    for (String line : Files.readAllLines(RESOURCES.resolve(file))) {
      if (line.startsWith("## tma-box " + name + " ")) {
        Map<String, Integer> values = new HashMap<>();
        for (String pair : line.substring(("## tma-box " + name + " ").length()).split(" ")) {
          values.put(pair.split("=")[0], Integer.parseInt(pair.split("=")[1]));
        }
        return values;
      }
    }
    throw new AssertionError("no tma-box line for " + name + " in " + file);
  }

  /**
   * Law: any layout of power-of-two modes whose strides are a permutation of the bits of its size
   * (it covers its offsets without holes), through a swizzle that stays inside them, is a tile equal
   * to CuTe's definition on every element, as the whole tile and as an atom of a larger one, in
   * either order, over stages.
   */
  @Test
  void everyCompactPowerOfTwoLayoutIsATileEqualToCute() {
    Random random = new Random(2111);
    for (int trial = 0; trial < 300; trial++) {
      int rowBits = 1 + random.nextInt(4);
      int colBits = 1 + random.nextInt(5);
      List<Integer> bits = new ArrayList<>();
      for (int b = 0; b < rowBits + colBits; b++) {
        bits.add(b);
      }
      Collections.shuffle(bits, random);
      String[] row = modeText(bits.subList(0, rowBits));
      String[] col = modeText(bits.subList(rowBits, rowBits + colBits));
      int total = rowBits + colBits;
      Swizzle swizzle = Swizzle.IDENTITY;
      if (total >= 3 && random.nextBoolean()) {
        int b = 1 + random.nextInt(Math.min(3, total / 2));
        int shift = b + random.nextInt(total - 2 * b + 1);
        int base = random.nextInt(total - b - shift + 1);
        swizzle = Swizzle.of(b, base, shift);
      }
      String text = (swizzle.isIdentity() ? "" : "Sw<" + swizzle.bits() + "," + swizzle.base() + ","
          + swizzle.shift() + "> o _0 o ") + "(" + row[0] + "," + col[0] + "):(" + row[1] + ","
          + col[1] + ")";
      CuteLayout layout = CuteLayout.parse(text);
      int rows = 1 << rowBits;
      int cols = 1 << colBits;
      TileLayout whole = tile(text, DType.HALF, 0, 0, 0, Order.COL_MAJOR);
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          assertEquals(layout.apply(r, c), whole.offset(r, c), text);
        }
      }
      int down = 1 << random.nextInt(3);
      int across = 1 << random.nextInt(3);
      int stages = 1 + random.nextInt(3);
      Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
      TileLayout tiled = tile(text, DType.HALF, rows * down, cols * across, stages, order);
      for (int s = 0; s < stages; s++) {
        for (int r = 0; r < rows * down; r++) {
          for (int c = 0; c < cols * across; c++) {
            int block = order == Order.COL_MAJOR ? r / rows + c / cols * down
                : r / rows * across + c / cols;
            int strided = layout.strided(r % rows, c % cols)
                + (block + s * down * across) * rows * cols;
            assertEquals(swizzle.apply(strided), tiled.offset(r, c, s), text + " tiled " + down
                + " x " + across + " x " + stages + " " + order);
          }
        }
      }
    }
  }

  /** A mode of one leaf per bit, grouped in a tuple: {shape, stride}. */
  private static String[] modeText(List<Integer> bits) {
    if (bits.size() == 1) {
      return new String[] {"_2", "_" + (1 << bits.get(0))};
    }
    StringBuilder shape = new StringBuilder("(");
    StringBuilder stride = new StringBuilder("(");
    for (int i = 0; i < bits.size(); i++) {
      shape.append(i == 0 ? "" : ",").append("_2");
      stride.append(i == 0 ? "" : ",").append("_").append(1 << bits.get(i));
    }
    return new String[] {shape.append(')').toString(), stride.append(')').toString()};
  }

  /**
   * Law: every tile of swizzled row-major atoms, written as CuTe writes its atom
   * ({@link CuteLayout#atomOf}), declares itself again.
   */
  @Test
  void everySwizzledTileIsDeclaredAgainByItsCuteAtom() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int bits = random.nextInt(4);
      int base = random.nextInt(4);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, 3);
      int atomRows = Math.max(8, swizzle.atomRows());
      int atomCols = Math.max(8, swizzle.atomCols());
      Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
      TileDescription description = TileLayout.builder(DType.HALF, swizzle,
          atomRows << random.nextInt(3), atomCols << random.nextInt(3))
          .atom(atomRows, atomCols, order).stages(1 + random.nextInt(3));
      if (!description.check().isEmpty()) {
        continue;
      }
      TileLayout declared = description.build();
      CuteLayout atom = CuteLayout.atomOf(declared).orElseThrow();
      TileLayout again = tile(atom.toString(), DType.HALF, declared.rows(), declared.cols(),
          declared.stages(), order);
      for (int s = 0; s < declared.stages(); s++) {
        for (int r = 0; r < declared.rows(); r++) {
          for (int c = 0; c < declared.cols(); c++) {
            assertEquals(declared.offset(r, c, s), again.offset(r, c, s), atom.toString());
          }
        }
      }
    }
  }

  /** A hierarchical whole tile, as CuTe prints tile_to_shape's result, is the tile of its atoms. */
  @Test
  void aHierarchicalWholeTileIsTheTileOfItsAtoms() {
    TileLayout printed = tile("Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))",
        DType.HALF, 0, 0, 0, Order.COL_MAJOR);
    TileLayout atoms = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).alignment(2).build();
    assertEquals(atoms, printed);
    assertEquals(TmaSwizzle.SWIZZLE_128B, printed.tmaSwizzle().orElseThrow());
    TileLayout padded = tile("(_64,_64):(_72,_1)", DType.HALF, 0, 0, 2, Order.COL_MAJOR);
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).rowStride(72).stages(2)
        .alignment(2).build(), padded);
  }

  /**
   * A GMMA or UMMA atom's pointer flag says what its swizzle's units are: {@code Sw<3,4,3>} on the
   * bytes of {@code smem_ptr[8b]} elements is {@code Sw<3,4,3>} on element offsets, on those of
   * {@code smem_ptr[16b]} {@code Sw<3,3,3>}. A flag of another width than the dtype's elements in
   * shared memory (4 bits for packed FP4, two to a byte; 8 for the padded FP4 and FP6 types, which
   * CUTLASS allocates as uint8_t; the element's bits otherwise) would swizzle the dtype's elements in
   * the wrong units: a violation naming both widths (issue 30.6). Without a flag the swizzle is on
   * elements whatever the dtype.
   */
  @Test
  void aPointerFlagOfAnotherWidthThanTheDtypesIsAViolationNamingBoth() {
    String byteAtom = "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_64):(_64,_1)";
    assertEquals(List.of(new CuteViolation.PointerWidthMismatch(byteAtom, 8, DType.HALF, 16)),
        CuteTile.describe(CuteLayout.parse(byteAtom), DType.HALF, 128, 64, 1, Order.COL_MAJOR)
            .problems());
    String fp4 = "Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)";
    Object[][] cases = {
        {"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", DType.HALF, 0},
        {"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", DType.BF16, 0},
        {"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", DType.FLOAT, 32},
        {"Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)", DType.TF32, 0},
        {byteAtom, DType.FP8_E4M3, 0},
        {byteAtom, DType.UINT8, 0},
        {"Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)", DType.FP6_E3M2, 0},
        {"Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)", DType.FP4_E2M1_PADDED, 0},
        {"Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)", DType.FP4_E2M1, 4},
        {fp4, DType.FP4_E2M1, 0},
        {fp4, DType.FP4_E2M1_PADDED, 8},
        {fp4, DType.INT8, 8},
        {"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", DType.FP8_E5M2, 0}};
    for (Object[] each : cases) {
      String text = (String) each[0];
      DType dtype = (DType) each[1];
      int storage = (int) each[2];
      List<Violation> problems = CuteTile.describe(CuteLayout.parse(text), dtype, 0, 0, 0,
          Order.COL_MAJOR).problems();
      assertEquals(storage == 0 ? List.of() : List.of(new CuteViolation.PointerWidthMismatch(text,
          Integer.parseInt(text.replaceAll(".*smem_ptr\\[(\\d+)b].*", "$1")), dtype, storage)),
          problems, text + " on " + dtype);
    }
    // The flag's width is how it was printed, not part of the layout: equal layouts either way.
    assertEquals(CuteLayout.parse("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"),
        CuteLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"));
  }

  @Test
  void whatIsNoTileIsAViolationNamingThePartAtFault() {
    assertEquals(new CuteViolation.NotOneToOne("(_2,_16):(_0,_32)", new Cell(0, 0), 0,
        new Cell(1, 0), 0, 0, List.of("_2:_0"), List.of(1)), problem("(_2,_16):(_0,_32)", 0, 0, 0));
    assertEquals(new CuteViolation.Rank("_32:_1", 1), problem("_32:_1", 0, 0, 0));
    assertEquals(new CuteViolation.OffsetNotZero("_4 o (8,8):(8,1)", 4),
        problem("_4 o (8,8):(8,1)", 0, 0, 0));
    assertEquals(new CuteViolation.SizeMismatch("(8,8):(8,1)", 8, 8, 0, 12, 8, 1),
        problem("(8,8):(8,1)", 12, 8, 0));
    assertEquals(new CuteViolation.AtomHasHoles("(8,8):(16,1)", 64, 120),
        problem("(8,8):(16,1)", 16, 8, 0));
    assertEquals(new CuteViolation.NegativeOffset("(8,8):(-8,1)", new Cell(1, 0), 0, -8),
        problem("(8,8):(-8,1)", 0, 0, 0));
    // CUTLASS 2.x's crosswise multistage buffer, 4 stages of 128 x 32 half: a stage every 64.
    String interleaved = "Sw<2,3,5> o ((2,64),32,4):((32,256),1,64)";
    // Stage 0 spans 16192 elements; with the stages as columns, as CUTLASS views it, it is a tile.
    assertEquals(new CuteViolation.StagesInterleaved(interleaved, 64, 16192,
        "Sw<2,3,5> o _0 o ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))", Optional.empty()),
        problem(interleaved, 0, 0, 0));
    // A column-major padded tile: one-to-one, but no row-major tile of atoms.
    Violation columns = problem("(_8,_8):(_1,_9)", 0, 0, 0);
    assertTrue(columns instanceof CuteViolation.NoTileForm, columns.toString());
  }
}
