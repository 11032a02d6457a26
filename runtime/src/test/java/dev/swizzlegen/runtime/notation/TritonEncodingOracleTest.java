package dev.swizzlegen.runtime.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every Triton encoding the model gives agrees with Triton on every element, by an oracle that reads
 * only the printed attribute ({@code #ttg....}) and applies Triton's own formulas, as its source
 * has them (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp and Dialect.cpp):
 *
 * <ul>
 *   <li>{@code swizzled_shared}: {@code swizzledSharedToLinearLayout}'s bases, offset bit by offset
 *       bit: columns {@code [0, col]}, then rows {@code [row, (vec * ((row / perPhase) % maxPhase))
 *       % cols]}, an offset's element the XOR of its bits' (the linear layout's definition);
 *   <li>{@code nvmma_shared}: {@code getCoreMatrixLinearLayout} (8 rows of {@code 8 *
 *       swizzlingByteWidth / elementBitWidth} columns, {@code vec = 128 / elementBitWidth},
 *       {@code perPhase = 128 / swizzlingByteWidth}, {@code maxPhase = swizzlingByteWidth / 16}),
 *       then {@code ensureLayoutNotSmallerThan} over dim0 (rows, to the TMA block's at most 256,
 *       then all) before dim1;
 *   <li>{@code padded_shared}: the identity of {@code order = [1, 0]} with {@code padding} elements
 *       after every {@code interval} ({@code getPaddedSize}'s sum);
 *   <li>{@code shared_linear}: the printed offset bases.
 * </ul>
 *
 * <p>The layouts are every swizzle of a family of shapes, element sizes and atoms, padded tiles,
 * general XOR maps and CuTe layouts; each kind of encoding occurs, and where the model finds none
 * it says why, truly.
 */
class TritonEncodingOracleTest {
  private static final Pattern SWIZZLED = Pattern.compile(
      "#ttg\\.swizzled_shared<\\{vec = (\\d+), perPhase = (\\d+), maxPhase = (\\d+), order = \\[1, 0\\]\\}>");
  private static final Pattern NVMMA = Pattern.compile("#ttg\\.nvmma_shared<\\{swizzlingByteWidth"
      + " = (\\d+), transposed = false, elementBitWidth = (\\d+)\\}>");
  private static final Pattern PADDED = Pattern.compile(
      "#ttg\\.padded_shared<\\[(\\d+):\\+(\\d+)\\] \\{order = \\[1, 0\\], shape = \\[(\\d+), (\\d+)\\]\\}>");
  private static final Pattern LINEAR = Pattern.compile(
      "#ttg\\.shared_linear<\\{offset = \\[(.*)\\]\\}, alignment = (\\d+)>");

  @Test
  void everyEncodingIsTritonsOnEveryElement() {
    Map<String, Integer> kinds = new LinkedHashMap<>();
    int none = 0;
    for (TileLayout layout : layouts()) {
      Optional<TritonEncoding> encoding = TritonEncoding.of(layout);
      if (encoding.isEmpty()) {
        none++;
        TritonEncoding.Unexpressible why = TritonEncoding.why(layout).orElseThrow();
        if (why == TritonEncoding.Unexpressible.NOT_POWER_OF_TWO) {
          assertTrue(Integer.bitCount(layout.rows()) != 1 || Integer.bitCount(layout.cols()) != 1,
              layout::text);
        }
        continue;
      }
      String mlir = encoding.get().mlir();
      int[][] triton = tritonOffsets(mlir, layout.rows(), layout.cols());
      for (int row = 0; row < layout.rows(); row++) {
        for (int col = 0; col < layout.cols(); col++) {
          if (triton[row][col] != layout.offset(row, col)) {
            fail(layout.text() + " as " + mlir + ": (" + row + ", " + col + ") is at "
                + layout.offset(row, col) + ", Triton puts it at " + triton[row][col]);
          }
        }
      }
      assertGluonSaysTheSame(encoding.get());
      kinds.merge(mlir.substring(0, mlir.indexOf('<')), 1, Integer::sum);
    }
    System.out.println("Triton encodings equal to Triton's formulas on every element: " + kinds
        + "; " + none + " layouts with none, each with its reason");
    for (String kind : List.of("#ttg.swizzled_shared", "#ttg.nvmma_shared", "#ttg.padded_shared",
        "#ttg.shared_linear")) {
      assertTrue(kinds.getOrDefault(kind, 0) > 0, kind + " never occurred");
    }
    assertTrue(none > 0);
  }

  @Test
  void aCanonicalOperandIsNvmmaAndAPlainTileSwizzled() {
    TileLayout sw128 = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).alignment(1024).build();
    assertEquals("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false,"
        + " elementBitWidth = 16}>", TritonEncoding.of(sw128).orElseThrow().mlir());
    assertEquals("gl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2)",
        TritonEncoding.of(sw128).orElseThrow().gluon());
    TileLayout plain = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32).build();
    assertEquals("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        TritonEncoding.of(plain).orElseThrow().mlir());
    TileLayout width24 = TileLayout.builder(DType.HALF, Swizzle.of(3, 0, 3), 8, 24).build();
    assertEquals(Optional.of(TritonEncoding.Unexpressible.NOT_POWER_OF_TWO),
        TritonEncoding.why(width24));
  }

  /** Gluon's constructor names the printed attribute's parameters, in Gluon's words. */
  private static void assertGluonSaysTheSame(TritonEncoding encoding) {
    String mlir = encoding.mlir();
    String gluon = encoding.gluon();
    Matcher m;
    if ((m = SWIZZLED.matcher(mlir)).matches()) {
      assertEquals("gl.SwizzledSharedLayout(vec=" + m.group(1) + ", per_phase=" + m.group(2)
          + ", max_phase=" + m.group(3) + ", order=[1, 0])", gluon);
    } else if ((m = NVMMA.matcher(mlir)).matches()) {
      assertEquals("gl.NVMMASharedLayout(swizzle_byte_width=" + m.group(1) + ", element_bitwidth="
          + m.group(2) + ", rank=2)", gluon);
    } else if ((m = PADDED.matcher(mlir)).matches()) {
      assertEquals("gl.PaddedSharedLayout.with_identity_for([[" + m.group(1) + ", " + m.group(2)
          + "]], [" + m.group(3) + ", " + m.group(4) + "], [1, 0])", gluon);
    } else if ((m = LINEAR.matcher(mlir)).matches()) {
      assertEquals("gl.SharedLinearLayout(offset_bases=[" + m.group(1) + "], alignment="
          + m.group(2) + ")", gluon);
    } else {
      fail("not one of Triton's printed shared encodings: " + mlir);
    }
  }

  /** Where Triton puts each (row, col) of a {@code rows x cols} tensor of the printed encoding. */
  static int[][] tritonOffsets(String mlir, int rows, int cols) {
    Matcher m;
    if ((m = PADDED.matcher(mlir)).matches()) {
      int interval = Integer.parseInt(m.group(1));
      int padding = Integer.parseInt(m.group(2));
      assertEquals(rows, Integer.parseInt(m.group(3)));
      assertEquals(cols, Integer.parseInt(m.group(4)));
      int[][] out = new int[rows][cols];
      for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) {
          int o = row * cols + col;
          out[row][col] = o + o / interval * padding;
        }
      }
      return out;
    }
    return fromBases(bases(mlir, rows, cols), rows, cols);
  }

  /** The printed encoding's linear layout: for each offset bit, the (row, col) it holds. */
  private static List<int[]> bases(String mlir, int rows, int cols) {
    List<int[]> bases = new ArrayList<>();
    Matcher m;
    if ((m = SWIZZLED.matcher(mlir)).matches()) {
      int vec = Integer.parseInt(m.group(1));
      int perPhase = Integer.parseInt(m.group(2));
      int maxPhase = Integer.parseInt(m.group(3));
      for (int col = 1; col < cols; col *= 2) {
        bases.add(new int[] {0, col});
      }
      for (int row = 1; row < rows; row *= 2) {
        bases.add(new int[] {row, (vec * ((row / perPhase) % maxPhase)) % cols});
      }
    } else if ((m = NVMMA.matcher(mlir)).matches()) {
      int width = Integer.parseInt(m.group(1));
      int bits = Integer.parseInt(m.group(2));
      int tileCols = 8 * Math.max(16, width) / bits;
      int vec = 128 / bits;
      int perPhase = 128 / width;
      int maxPhase = width / 16;
      for (int col = 1; col < tileCols; col *= 2) {
        bases.add(new int[] {0, col});
      }
      for (int row = 1; row < 8; row *= 2) {
        bases.add(new int[] {row, vec * ((row / perPhase) % maxPhase)});
      }
      // ensureLayoutNotSmallerThan to the TMA block (dim0 to at most 256 rows; dim1 is the core
      // matrix's width), then to the whole shape, dim0 before dim1 each time.
      int tmaRows = Math.min(rows, 256);
      for (int row = 8; row < tmaRows; row *= 2) {
        bases.add(new int[] {row, 0});
      }
      for (int row = tmaRows; row < rows; row *= 2) {
        bases.add(new int[] {row, 0});
      }
      for (int col = tileCols; col < cols; col *= 2) {
        bases.add(new int[] {0, col});
      }
    } else if ((m = LINEAR.matcher(mlir)).matches()) {
      Matcher pair = Pattern.compile("\\[(\\d+), (\\d+)\\]").matcher(m.group(1));
      while (pair.find()) {
        bases.add(new int[] {Integer.parseInt(pair.group(1)), Integer.parseInt(pair.group(2))});
      }
    } else {
      fail("not one of Triton's printed shared encodings: " + mlir);
    }
    return bases;
  }

  /** Inverts a linear layout over every offset: the offset of each (row, col). */
  private static int[][] fromBases(List<int[]> bases, int rows, int cols) {
    assertEquals(rows * cols, 1 << bases.size(), "the bases span the tensor");
    int[][] out = new int[rows][cols];
    for (int[] row : out) {
      Arrays.fill(row, -1);
    }
    for (int offset = 0; offset < rows * cols; offset++) {
      int r = 0;
      int c = 0;
      for (int bit = 0; bit < bases.size(); bit++) {
        if ((offset >> bit & 1) != 0) {
          r ^= bases.get(bit)[0];
          c ^= bases.get(bit)[1];
        }
      }
      assertEquals(-1, out[r][c], "Triton's layout is a bijection");
      out[r][c] = offset;
    }
    return out;
  }

  /** The layouts checked: every valid one of a family, and CuTe's. */
  private static List<TileLayout> layouts() {
    List<TileLayout> out = new ArrayList<>();
    int[] sizes = {4, 8, 16, 32, 64, 128};
    for (DType dtype : List.of(DType.HALF, DType.FP8_E4M3, DType.FLOAT, DType.DOUBLE)) {
      for (int bits = 0; bits <= 3; bits++) {
        for (int base = 0; base <= 4; base++) {
          for (int shift = -3; shift <= 5; shift++) {
            if (bits > 0 && Math.abs(shift) < bits || bits == 0 && (base > 0 || shift != 0)) {
              continue;
            }
            Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, base, shift);
            for (int rows : sizes) {
              for (int cols : sizes) {
                if (rows * cols > 4096) {
                  continue;
                }
                add(out, TileLayout.builder(dtype, swizzle, rows, cols).alignment(1024));
                if (bits > 0 && swizzle.atomRows() <= rows && swizzle.atomCols() <= cols) {
                  for (Order order : Order.values()) {
                    add(out, TileLayout.builder(dtype, swizzle, rows, cols).alignment(1024)
                        .atom(swizzle.atomRows(), swizzle.atomCols(), order));
                    add(out, TileLayout.builder(dtype, swizzle, rows, cols).alignment(1024)
                        .atom(Math.max(8, swizzle.atomRows()), swizzle.atomCols(), order));
                  }
                }
              }
            }
          }
        }
      }
      for (int rows : sizes) {
        for (int cols : sizes) {
          for (int pad : new int[] {1, 2, 4, 8, 3, 6}) {
            add(out, TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).rowStride(cols + pad));
          }
          add(out, TileLayout.builder(dtype, Swizzle.of(2, 0, 2), rows, cols).rowStride(cols + 4));
        }
      }
    }
    // Canonical operands past TMA's 256-row box, and wide ones.
    for (int width = 1; width <= 3; width++) {
      Swizzle swizzle = Swizzle.of(width, 3, 3);
      add(out, TileLayout.builder(DType.HALF, swizzle, 512, 64).alignment(1024)
          .atom(8, swizzle.atomCols(), Order.COL_MAJOR));
      add(out, TileLayout.builder(DType.HALF, swizzle, 64, 256).alignment(1024)
          .atom(8, swizzle.atomCols(), Order.COL_MAJOR));
    }
    // Shapes that are no power of two, and a sub-byte type.
    add(out, TileLayout.builder(DType.HALF, Swizzle.of(3, 0, 3), 8, 24));
    add(out, TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 24, 64));
    add(out, TileLayout.builder(DType.FP4_E2M1, Swizzle.IDENTITY, 64, 128));
    // General XOR maps, which no swizzle is.
    add(out, TileLayout.builder(DType.FLOAT, XorMap.ofImages(1, 2, 4 ^ 32, 8 ^ 64 ^ 256, 16 ^ 128
        ^ 512, 32, 64, 128, 256, 512), 32, 32));
    add(out, TileLayout.builder(DType.HALF, XorMap.ofImages(1, 2, 4, 8 ^ 64, 16 ^ 128 ^ 64, 32
        ^ 256, 64, 128, 256), 8, 64));
    // CuTe's layouts, as they are pasted.
    for (String cute : List.of("Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))",
        "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<2,3,3> o _0 o (_16,_16):(_16,_1)",
        "(_64,_64):(_64,_1)", "Sw<3,3,3> o _0 o ((_8,_8),_64):((_64,_512),_1)")) {
      CuteTile.describe(CuteLayout.parse(cute), DType.HALF, 0, 0, 0, Order.COL_MAJOR).tile()
          .ifPresent(description -> add(out, description));
      CuteTile.describe(CuteLayout.parse(cute), DType.HALF, 128, 128, 2, Order.COL_MAJOR).tile()
          .ifPresent(description -> add(out, description));
    }
    assertTrue(out.size() > 1000, "the family has " + out.size() + " layouts");
    return out;
  }

  private static void add(List<TileLayout> out, TileDescription description) {
    try {
      description.tryBuild().ifPresent(out::add);
    } catch (RuntimeException invalid) {
      // A description the model refuses is no tile to check.
    }
  }
}
