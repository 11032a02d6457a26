package dev.swizzlegen.processor.testing;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.LabelTest;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.testing.HeaderCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * The valid tiles the processor tests generate, each with the layout it must produce. Every test
 * that checks generated code (Java helpers, nvcc) walks this one list, whatever package it is in.
 */
public final class TileCorpus {
  /**
   * One annotated type and what it declares.
   *
   * @param type the annotated type's simple name in package {@code corpus}
   * @param annotation the annotation as written
   * @param helper the generated helper's qualified name
   * @param cudaType the generated struct
   * @param header the generated header's path
   * @param expected the layout the model says it declares
   */
  public record Case(String type, String annotation, String helper, String cudaType, String header,
      TileLayout expected) {

    public JavaFileObject source() {
      return JavaFileObjects.forSourceString("corpus." + type,
          "package corpus;\n\nimport dev.swizzlegen.annotations.*;\n\n" + annotation
              + "\ninterface " + type + " {}\n");
    }
  }

  private TileCorpus() {}

  public static final String ROW_WRITE = "@Access(op = Op.STORE, bytes = 16)";
  public static final String TMA = "@Access(kind = AccessKind.TMA, op = Op.STORE)";
  public static final String WGMMA = "@Access(kind = AccessKind.WGMMA)";
  /** Seed 001's column read: each phase 8 lanes down one 16-byte column. */
  public static final String COLUMN_READ = "@Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR)";
  /** Seed 001's 4-row x 2-column access: each phase 4 rows x 2 vectors. */
  public static final String FOUR_ROWS_BY_TWO = "@Access(bytes = 16, threads = {16, 2})";
  /** The same on lines of two rows: rows 0, 2, 4, 6 in one phase. */
  public static final String FOUR_ROWS_BY_TWO_TWO_ROWS_AS_ONE =
      "@Access(bytes = 16, threads = {16, 2}, rowsAsOne = 2)";

  /** A half tile whose swizzle is derived for a row write and {@code access}. */
  private static String derived(String shape, String access) {
    return "@SwizzledTile(dtype = DType.HALF, " + shape + ", access = {" + ROW_WRITE + ", " + access
        + "})";
  }

  public static final List<Case> CASES = List.of(
      simple("Sw128Half", "@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)",
          TileLayout.atom(DType.HALF, Swizzle.of(3, 3, 3))),
      simple("GemmA",
          "@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64)",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
              .rowStride(64).alignment(128).build()),
      simple("Seed000Half16x16",
          "@SwizzledTile(bits = 2, base = 3, shift = 3, dtype = DType.HALF, rows = 16, cols = 16)",
          TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 16)
              .rowStride(16).alignment(128).build()),
      simple("Bytes32B", "@SwizzledTile(bits = 1, base = 4, shift = 3, dtype = DType.UINT8)",
          TileLayout.atom(DType.UINT8, Swizzle.of(1, 4, 3))),
      simple("Bytes128B",
          "@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.UINT8, rows = 32)",
          TileLayout.builder(DType.UINT8, Swizzle.of(3, 4, 3), 32, 128)
              .rowStride(128).alignment(128).build()),
      simple("Float32x32",
          "@SwizzledTile(bits = 3, base = 2, shift = 3, dtype = DType.FLOAT, rows = 32, cols = 32)",
          TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 32, 32)
              .rowStride(32).alignment(128).build()),
      simple("NegativeShift", "@SwizzledTile(bits = 2, base = 3, shift = -3, dtype = DType.HALF)",
          TileLayout.atom(DType.HALF, Swizzle.of(2, 3, -3))),
      simple("Overlapping",
          "@SwizzledTile(bits = 3, base = 0, shift = 2, allowOverlap = true, dtype = DType.FLOAT,"
              + " rows = 16)",
          TileLayout.builder(DType.FLOAT, Swizzle.overlapping(3, 0, 2), 16, 4)
              .rowStride(4).alignment(128).build()),
      simple("PaddedRows",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 16, cols = 64,"
              + " rowStride = 72, alignment = 16)",
          TileLayout.builder(DType.HALF, Swizzle.of(0, 0), 16, 64)
              .rowStride(72).alignment(16).build()),
      simple("DoubleTile", "@SwizzledTile(bits = 2, base = 1, shift = 3, dtype = DType.DOUBLE)",
          TileLayout.atom(DType.DOUBLE, Swizzle.of(2, 1, 3))),
      simple("Fp8Operand",
          "@SwizzledTile(bits = 3, base = 4, dtype = DType.FP8_E4M3, rows = 64, cols = 128)",
          TileLayout.builder(DType.FP8_E4M3, Swizzle.of(3, 4, 3), 64, 128)
              .rowStride(128).alignment(128).build()),
      simple("EightRowsOf48",
          "@SwizzledTile(bits = 3, base = 3, dtype = DType.BF16, rows = 8, cols = 48,"
              + " access = @Access(op = Op.STORE, bytes = 16))",
          TileLayout.builder(DType.BF16, Swizzle.of(3, 3, 3), 8, 48)
              .rowStride(48).alignment(128).build()),
      simple("DefaultBase", "@SwizzledTile(bits = 3, dtype = DType.FLOAT, rows = 32, cols = 32)",
          TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 32, 32)
              .rowStride(32).alignment(128).build()),
      new Case("Renamed",
          "@SwizzledTile(bits = 2, base = 2, dtype = DType.INT32, rows = 8, cols = 32,"
              + " name = \"AccumulatorTile\", access = {})",
          "corpus.AccumulatorTileSwizzle", "swizzlegen::AccumulatorTile",
          "swizzlegen/accumulator_tile.cuh",
          TileLayout.builder(DType.INT32, Swizzle.of(2, 2, 2), 8, 32)
              .rowStride(32).alignment(128).build()),
      // Labels are free text (SPEC section 8): escaped in every file, so nvcc -Werror, g++ and NVRTC
      // see only comments; the helper, a class file, holds them as string constants.
      simple("Labelled", LabelTest.annotation(),
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 16, 64)
              .rowStride(64).alignment(128).build()),
      // Seed 001's cases, derived (bits, base and shift omitted): its elements are 16-byte vectors,
      // 8 halves, so each of its M grows by 3. Its rows wider than 128 bytes are declared whole
      // (atomCols = cols), the seed's answer: left free, they tie with CuTe's canonical atom, which
      // derivation then takes (Seed001WidenedFree).
      simple("Seed001ColumnRead",
          derived("rows = 8, cols = 64", COLUMN_READ),
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 64)
              .rowStride(64).alignment(128).build()),
      simple("Seed001Widened",
          derived("rows = 8, cols = 256, atomCols = 256", COLUMN_READ),
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 5), 8, 256)
              .rowStride(256).alignment(128).build()),
      simple("Seed001WidenedFree",
          derived("rows = 8, cols = 256", COLUMN_READ),
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 256)
              .atom(8, 64, Order.COL_MAJOR).build()),
      simple("Seed001Narrowed",
          derived("rows = 8, cols = 32", COLUMN_READ),
          TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 8, 32)
              .rowStride(32).alignment(128).build()),
      simple("Seed001NarrowedOverlapping",
          "@SwizzledTile(bits = 3, base = 3, shift = 2, allowOverlap = true, dtype = DType.HALF,"
              + " rows = 8, cols = 32, access = {" + ROW_WRITE + ", " + COLUMN_READ + "})",
          TileLayout.builder(DType.HALF, Swizzle.overlapping(3, 3, 2), 8, 32)
              .rowStride(32).alignment(128).build()),
      simple("Seed001FourRowsByTwo",
          derived("rows = 16, cols = 64", FOUR_ROWS_BY_TWO),
          TileLayout.builder(DType.HALF, Swizzle.of(2, 4, 2), 16, 64)
              .rowStride(64).alignment(128).build()),
      simple("Seed001SkippingRows",
          derived("rows = 32, cols = 64", FOUR_ROWS_BY_TWO_TWO_ROWS_AS_ONE),
          TileLayout.builder(DType.HALF, Swizzle.of(2, 4, 3), 32, 64)
              .rowStride(64).alignment(128).build()),
      simple("Seed001Width24",
          derived("rows = 8, cols = 192, atomCols = 192", COLUMN_READ),
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
              .rowStride(192).alignment(128).build()),
      simple("Seed001Width9",
          derived("rows = 32, cols = 72", FOUR_ROWS_BY_TWO_TWO_ROWS_AS_ONE),
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 32, 72)
              .rowStride(72).alignment(128).build()),
      simple("Width24Float",
          "@SwizzledTile(dtype = DType.FLOAT, rows = 16, cols = 96, atomCols = 96, access = {"
              + ROW_WRITE + ", " + COLUMN_READ + "})",
          TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 16, 96).swizzleWithinEachRow(true)
              .rowStride(96).alignment(128).build()),
      // Issue 30, item 10: whole rows serve with Swizzle<3,3,4>, CuTe's canonical atom with as many
      // bits; derivation takes the atom, the layout TMA's 128-byte mode fills.
      simple("DerivedEpilogue",
          "@SwizzledTile(dtype = DType.HALF, rows = 128, cols = 128, access = {"
              + "@Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
              + " @Access(op = Op.LOAD, bytes = 16)})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
              .atom(8, 64, Order.COL_MAJOR).build()),
      simple("DerivedTmaStage",
          "@SwizzledTile(dtype = DType.HALF, rows = 64, cols = 64, access = {"
              + "@Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.LDMATRIX)})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64)
              .rowStride(64).alignment(1024).build()),
      // Atoms and stages (CuTe's tile_to_shape).
      simple("ColumnBlocks",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128, atomRows = 8,"
              + " atomCols = 64)",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128)
              .atom(8, 64, Order.COL_MAJOR).build()),
      simple("MnMajorStaged",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.BF16, rows = 16, cols = 96, atomRows = 8,"
              + " atomCols = 32, atomOrder = Order.ROW_MAJOR, stages = 3, access = {"
              + "@Access(kind = AccessKind.LDMATRIX, matrices = 2, trans = true)})",
          TileLayout.builder(DType.BF16, Swizzle.of(2, 3, 3), 16, 96)
              .atom(8, 32, Order.ROW_MAJOR).stages(3).build()),
      simple("StagedPadded",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 16, cols = 64,"
              + " rowStride = 72, stages = 2, alignment = 16)",
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72).alignment(16)
              .stages(2).build()),
      simple("StagedRowForm",
          "@SwizzledTile(dtype = DType.HALF, rows = 8, cols = 192, atomCols = 192, stages = 2,"
              + " access = {" + ROW_WRITE + ", " + COLUMN_READ + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192).swizzleWithinEachRow(true)
              .stages(2).build()),
      simple("DerivedTmaColumnBlocks",
          "@SwizzledTile(dtype = DType.HALF, rows = 128, cols = 128, stages = 2, access = {"
              + "@Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.LDMATRIX)})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).alignment(1024)
              .atom(8, 64, Order.COL_MAJOR).stages(2).build()),
      simple("ExplicitTmaAlignment",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.FLOAT, rows = 16, cols = 64, atomRows = 8,"
              + " atomCols = 16, access = @Access(kind = AccessKind.TMA, op = Op.STORE))",
          TileLayout.builder(DType.FLOAT, Swizzle.of(2, 2, 3), 16, 64).alignment(512)
              .atom(8, 16, Order.COL_MAJOR).build()),
      // Hopper operands: TMA boxes and wgmma descriptors, every mode, both majors.
      simple("HopperKMajorA",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 128, atomRows = 8,"
              + " atomCols = 64, stages = 2, access = {" + TMA + ", " + WGMMA + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).alignment(1024)
              .atom(8, 64, Order.COL_MAJOR).stages(2).build()),
      simple("HopperMnMajorB",
          "@SwizzledTile(bits = 3, dtype = DType.BF16, rows = 32, cols = 128, atomRows = 8,"
              + " atomCols = 64, atomOrder = Order.ROW_MAJOR, stages = 2, access = {" + TMA + ", "
              + "@Access(kind = AccessKind.WGMMA, major = Major.MN)})",
          TileLayout.builder(DType.BF16, Swizzle.of(3, 3, 3), 32, 128).alignment(1024)
              .atom(8, 64, Order.ROW_MAJOR).stages(2).build()),
      simple("HopperCoreMatrices",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 64, cols = 32, atomRows = 8,"
              + " atomCols = 8, access = {" + TMA + ", " + WGMMA + "})",
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 32).atom(8, 8, Order.COL_MAJOR)
              .build()),
      simple("HopperMnCoreMatrices",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 16, cols = 64, atomRows = 8,"
              + " atomCols = 8, atomOrder = Order.ROW_MAJOR, access = {" + TMA + ", "
              + "@Access(kind = AccessKind.WGMMA, major = Major.MN)})",
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).atom(8, 8, Order.ROW_MAJOR)
              .build()),
      simple("HopperFp8B",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.FP8_E4M3, rows = 64, cols = 128, atomRows = 8,"
              + " atomCols = 64, stages = 3, access = {" + TMA + ", " + WGMMA + "})",
          TileLayout.builder(DType.FP8_E4M3, Swizzle.of(2, 4, 3), 64, 128).alignment(512)
              .atom(8, 64, Order.COL_MAJOR).stages(3).build()),
      simple("HopperTf32A",
          "@SwizzledTile(bits = 1, shift = 3, dtype = DType.TF32, rows = 64, cols = 16, atomRows = 8,"
              + " atomCols = 8, access = {" + TMA + ", " + WGMMA + "})",
          TileLayout.builder(DType.TF32, Swizzle.of(1, 2, 3), 64, 16).alignment(256)
              .atom(8, 8, Order.COL_MAJOR).build()),
      simple("DerivedWgmmaOperand",
          "@SwizzledTile(dtype = DType.HALF, rows = 64, cols = 64, access = {" + TMA + ", " + WGMMA
              + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64)
              .rowStride(64).alignment(1024).build()),
      simple("DerivedNarrowWgmmaOperand",
          "@SwizzledTile(dtype = DType.HALF, rows = 64, cols = 16, access = " + WGMMA + ")",
          TileLayout.builder(DType.HALF, Swizzle.of(1, 3, 3), 64, 16)
              .rowStride(16).alignment(256).build()),
      // Blackwell's TMA modes (sm_100, CUDA 12.8): 32-byte units XORed by the row's two low bits,
      // Swizzle<2,5,2> on bytes; 64-byte units by its low bit, Swizzle<1,6,1> on bytes. Each header
      // names its mode only where <cuda.h> does.
      simple("BlackwellAtom32B",
          "@SwizzledTile(bits = 2, base = 4, shift = 2, dtype = DType.HALF, rows = 64, cols = 64,"
              + " access = " + TMA + ")",
          TileLayout.builder(DType.HALF, Swizzle.of(2, 4, 2), 64, 64)
              .rowStride(64).alignment(512).build()),
      simple("BlackwellAtom64BStaged",
          "@SwizzledTile(bits = 1, base = 4, shift = 1, dtype = DType.FLOAT, rows = 64, cols = 64,"
              + " atomRows = 8, atomCols = 32, stages = 2, access = " + TMA + ")",
          TileLayout.builder(DType.FLOAT, Swizzle.of(1, 4, 1), 64, 64).alignment(256)
              .atom(8, 32, Order.COL_MAJOR).stages(2).build()),
      // Sub-byte tiles (issue 20): packed FP4, its swizzle stated in bytes, filled by TMA as
      // 16U4_ALIGN8B; padded FP4 and FP6 (16U4_ALIGN16B, 16U6_ALIGN16B, boxes 128 wide) read by
      // sm_100's ldmatrix.m8n16 and m16n16; bytes read by m16n16 and written by m16n8.
      simple("Fp4Packed",
          "@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP4_E2M1, rows = 64,"
              + " cols = 256, atomRows = 8, atomCols = 256, stages = 2, access = {" + ROW_WRITE
              + ", " + TMA + ", @Access(kind = AccessKind.LDMATRIX)})",
          TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 64, 256).alignment(1024)
              .atom(8, 256, Order.COL_MAJOR).stages(2).build()),
      simple("Fp4RowForm",
          "@SwizzledTile(dtype = DType.FP4_E2M1, rows = 8, cols = 768, access = {" + ROW_WRITE
              + ", " + COLUMN_READ + "})",
          TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 8, 768).swizzleWithinEachRow(true)
              .rowStride(768).alignment(128).build()),
      simple("Fp6PaddedTma",
          "@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP6_E3M2, rows = 64,"
              + " cols = 256, atomRows = 8, atomCols = 128, access = {" + TMA + ", @Access(kind ="
              + " AccessKind.LDMATRIX, shape = MatrixShape.M8N16)})",
          TileLayout.builder(DType.FP6_E3M2, Swizzle.of(3, 4, 3), 64, 256).alignment(1024)
              .atom(8, 128, Order.COL_MAJOR).build()),
      simple("Fp6Atom32B",
          "@SwizzledTile(bits = 2, base = 5, shift = 2, dtype = DType.FP6_E2M3, rows = 32,"
              + " cols = 128, access = {" + TMA + ", @Access(kind = AccessKind.LDMATRIX, shape ="
              + " MatrixShape.M16N16, trans = true, matrices = 2, maxWays = 2)})",
          TileLayout.builder(DType.FP6_E2M3, Swizzle.of(2, 5, 2), 32, 128).alignment(512)
              .build()),
      simple("Fp4PaddedM8n16",
          "@SwizzledTile(bits = 3, base = 4, dtype = DType.FP4_E2M1_PADDED, rows = 32, cols = 128,"
              + " access = {@Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M8N16),"
              + " @Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M16N16, trans = true,"
              + " matrices = 1)})",
          TileLayout.builder(DType.FP4_E2M1_PADDED, Swizzle.of(3, 4, 3), 32, 128)
              .rowStride(128).alignment(128).build()),
      simple("Fp8Sm100Matrices",
          "@SwizzledTile(bits = 3, base = 4, dtype = DType.FP8_E4M3, rows = 64, cols = 128,"
              + " access = {@Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M16N16,"
              + " trans = true, matrices = 2), @Access(kind = AccessKind.STMATRIX, shape ="
              + " MatrixShape.M16N8, trans = true)})",
          TileLayout.builder(DType.FP8_E4M3, Swizzle.of(3, 4, 3), 64, 128)
              .rowStride(128).alignment(128).build()));

  public static final String UMMA = "@Access(kind = AccessKind.UMMA)";
  public static final String UMMA_MN = "@Access(kind = AccessKind.UMMA, major = Major.MN)";

  /**
   * Blackwell operands, read by tcgen05 through UMMA descriptors: every layout type, both majors,
   * both atom orders MN-major, derived and declared, alone and with TMA or wgmma. A list of their
   * own, so that the corpus's meaning snapshot ({@code meaning/corpus.txt}) stays the one it froze;
   * {@code UmmaHeaderTest} runs their headers.
   */
  public static final List<Case> BLACKWELL = List.of(
      simple("UmmaKMajorHalf",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 128, atomRows = 8,"
              + " atomCols = 64, stages = 2, access = {" + TMA + ", " + UMMA + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).alignment(1024)
              .atom(8, 64, Order.COL_MAJOR).stages(2).build()),
      simple("UmmaDerivedBf16",
          "@SwizzledTile(dtype = DType.BF16, rows = 64, cols = 16, access = " + UMMA + ")",
          TileLayout.builder(DType.BF16, Swizzle.of(1, 3, 3), 64, 16)
              .rowStride(16).alignment(256).build()),
      simple("UmmaCoreMatricesFp8",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.FP8_E4M3, rows = 128, cols = 64,"
              + " atomRows = 8, atomCols = 16, access = {" + TMA + ", " + UMMA + "})",
          TileLayout.builder(DType.FP8_E4M3, Swizzle.IDENTITY, 128, 64)
              .atom(8, 16, Order.COL_MAJOR).build()),
      simple("UmmaMnMajorHalf",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 32, cols = 256, atomRows = 8,"
              + " atomCols = 64, atomOrder = Order.ROW_MAJOR, stages = 2, access = {" + TMA + ", "
              + UMMA_MN + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 32, 256).alignment(1024)
              .atom(8, 64, Order.ROW_MAJOR).stages(2).build()),
      simple("UmmaMnMajorInt8",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.INT8, rows = 64, cols = 128,"
              + " atomRows = 8, atomCols = 64, access = " + UMMA_MN + ")",
          TileLayout.builder(DType.INT8, Swizzle.of(2, 4, 3), 64, 128).alignment(512)
              .atom(8, 64, Order.COL_MAJOR).build()),
      simple("UmmaDerivedTf32B",
          "@SwizzledTile(dtype = DType.TF32, rows = 16, cols = 128, stages = 2, access = {" + TMA
              + ", " + UMMA_MN + "})",
          TileLayout.builder(DType.TF32, Swizzle.of(2, 3, 2), 16, 128).alignment(512)
              .atom(4, 32, Order.COL_MAJOR).stages(2).build()),
      simple("UmmaFloatBase32B",
          "@SwizzledTile(bits = 2, base = 3, shift = 2, dtype = DType.FLOAT, rows = 8, cols = 64,"
              + " atomRows = 4, atomCols = 32, atomOrder = Order.ROW_MAJOR, stages = 3,"
              + " access = " + UMMA_MN + ")",
          TileLayout.builder(DType.FLOAT, Swizzle.of(2, 3, 2), 8, 64).alignment(512)
              .atom(4, 32, Order.ROW_MAJOR).stages(3).build()),
      simple("UmmaMnCoreMatrices",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 16, cols = 64, atomRows = 8,"
              + " atomCols = 8, atomOrder = Order.ROW_MAJOR, access = " + UMMA_MN + ")",
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).atom(8, 8, Order.ROW_MAJOR)
              .build()),
      simple("UmmaAndWgmma",
          "@SwizzledTile(bits = 3, dtype = DType.BF16, rows = 64, cols = 64, access = {" + TMA
              + ", " + WGMMA + ", " + UMMA + "})",
          TileLayout.builder(DType.BF16, Swizzle.of(3, 3, 3), 64, 64)
              .rowStride(64).alignment(1024).build()),
      simple("UmmaTf32Labelled",
          "@SwizzledTile(bits = 3, dtype = DType.TF32, rows = 128, cols = 32, stages = 2,"
              + " access = @Access(kind = AccessKind.UMMA, label = \"A, K-major \\\\ tf32\"))",
          TileLayout.builder(DType.TF32, Swizzle.of(3, 2, 3), 128, 32).alignment(1024).stages(2)
              .build()),
      simple("UmmaSw64Fp8Staged",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.FP8_E5M2, rows = 64, cols = 128,"
              + " atomRows = 8, atomCols = 64, stages = 3, access = {" + TMA + ", " + UMMA + "})",
          TileLayout.builder(DType.FP8_E5M2, Swizzle.of(2, 4, 3), 64, 128).alignment(512)
              .atom(8, 64, Order.COL_MAJOR).stages(3).build()),
      // Packed FP4 (kind::mxf4), the swizzle stated in bytes: 8 rows of 256 elements, 128 bytes.
      simple("UmmaPackedFp4",
          "@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP4_E2M1, rows = 128,"
              + " cols = 256, atomRows = 8, atomCols = 256, stages = 2, access = {" + TMA + ", "
              + UMMA + "})",
          TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 128, 256).alignment(1024)
              .atom(8, 256, Order.COL_MAJOR).stages(2).build()),
      // FP6 in its 16-byte-padded form (kind::f8f6f4), a byte slot an element.
      simple("UmmaPaddedFp6",
          "@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP6_E2M3, rows = 128,"
              + " cols = 128, atomRows = 8, atomCols = 128, access = {" + TMA + ", " + UMMA + "})",
          TileLayout.builder(DType.FP6_E2M3, Swizzle.of(3, 4, 3), 128, 128).alignment(1024)
              .atom(8, 128, Order.COL_MAJOR).build()));

  public static final String WGMMA_MN = "@Access(kind = AccessKind.WGMMA, major = Major.MN)";

  /**
   * Hopper tiles wgmma reads in both majors, one buffer read K-major by one product and MN-major by
   * another (FlashMLA reads its K as V): the header gives {@code wgmma_desc} and
   * {@code wgmma_desc_mn}. A list of their own, so that the corpus's meaning snapshot stays the one
   * it froze; {@code WgmmaTwoMajorsHeaderTest} runs their headers.
   */
  public static final List<Case> WGMMA_TWO_MAJORS = List.of(
      // FlashMLA's K: rows N (the sequence), cols D (the head dimension), 128-byte atoms down the
      // rows first; K-major it is K in Q K^T, MN-major V in P V.
      simple("FlashMlaKv",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128, atomRows = 8,"
              + " atomCols = 64, stages = 2, access = {" + TMA + ", " + WGMMA + ", " + WGMMA_MN
              + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128).alignment(1024)
              .atom(8, 64, Order.COL_MAJOR).stages(2).build()),
      // The MN-major read declared first, the 64-byte mode, atoms across the columns first.
      simple("TwoReadsBf16Sw64",
          "@SwizzledTile(bits = 2, shift = 3, dtype = DType.BF16, rows = 32, cols = 64, atomRows = 8,"
              + " atomCols = 32, access = {" + WGMMA_MN + ", " + WGMMA + "})",
          TileLayout.builder(DType.BF16, Swizzle.of(2, 3, 3), 32, 64).alignment(512)
              .atom(8, 32, Order.COL_MAJOR).build()),
      simple("TwoReadsCoreMatrices",
          "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 16, cols = 64, atomRows = 8,"
              + " atomCols = 8, access = {" + WGMMA + ", " + WGMMA_MN + "})",
          TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).atom(8, 8, Order.COL_MAJOR)
              .build()),
      // Derived: a swizzle both reads (and TMA) take.
      simple("TwoReadsDerived",
          "@SwizzledTile(dtype = DType.HALF, rows = 64, cols = 64, stages = 3, access = {" + TMA
              + ", " + WGMMA + ", " + WGMMA_MN + "})",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).alignment(1024).stages(3)
              .build()));

  /**
   * Tiles read by lane maps ({@code kind = LANES}) in both notations, with footprints of a column,
   * of whole rows and of a seed's mapping, stores and loads, 4- to 16-byte lanes; a list of their own,
   * frozen in {@code meaning/lanes.txt}.
   */
  public static final List<Case> LANES = List.of(
      simple("LanesColumn",
          "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, access ="
              + " @Access(kind = AccessKind.LANES, bytes = 16, lanes = \"_32:_1\"))",
          TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64)
              .rowStride(64).alignment(128).build()),
      simple("LanesSeedColMajor",
          "@SwizzledTile(bits = 2, base = 3, shift = 3, dtype = DType.HALF, rows = 16, cols = 16,"
              + " access = @Access(kind = AccessKind.LANES, op = Op.STORE, bytes = 16,"
              + " lanes = \"[[1,0],[2,0],[4,0],[8,0],[0,8]]\"))",
          TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 16)
              .rowStride(16).alignment(128).build()),
      simple("LanesRowsOfFloats",
          "@SwizzledTile(bits = 3, base = 2, shift = 3, dtype = DType.FLOAT, rows = 32, cols = 32,"
              + " access = {@Access(kind = AccessKind.LANES, bytes = 4,"
              + " lanes = \"_32:_32\"), @Access(kind = AccessKind.LANES, op = Op.STORE,"
              + " bytes = 16, lanes = \"[[1,0],[2,0],[4,0],[8,0],[16,0]]\")})",
          TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 32, 32)
              .rowStride(32).alignment(128).build()));

  private static Case simple(String type, String annotation, TileLayout expected) {
    return new Case(type, annotation, "corpus." + type + "Swizzle", "swizzlegen::" + type,
        "swizzlegen/" + Names.snakeCase(type) + ".cuh", expected);
  }

  public static JavaFileObject[] sources() {
    return sources(CASES);
  }

  public static JavaFileObject[] sources(List<Case> cases) {
    return cases.stream().map(Case::source).toArray(JavaFileObject[]::new);
  }

  /**
   * Generates every case, writes its header under {@code includeDir}, and returns what each header
   * must give: its Java helper's offsets, layout and accesses.
   */
  public static List<HeaderCheck.Header> writeHeaders(Path includeDir) throws IOException {
    return writeHeaders(Generated.of(sources()), includeDir);
  }

  /** As {@link #writeHeaders(Path)}, from a compilation of {@link #sources()} already made. */
  public static List<HeaderCheck.Header> writeHeaders(Generated generated, Path includeDir)
      throws IOException {
    return writeHeaders(generated, includeDir, CASES);
  }

  /** As {@link #writeHeaders(Generated, Path)}, for {@code cases}. */
  public static List<HeaderCheck.Header> writeHeaders(Generated generated, Path includeDir,
      List<Case> cases) throws IOException {
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Case tile : cases) {
      Path header = includeDir.resolve(tile.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(tile.header()));
      Generated.Helper helper = generated.helper(tile.helper());
      int[] offsets = HeaderCheck.expectedOffsets(helper.intConstant("ROWS"),
          helper.intConstant("COLS"), helper.intConstant("STAGES"),
          (row, col, stage) -> helper.call("offset", row, col, stage));
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.constant("ENGINES");
      headers.add(new HeaderCheck.Header(tile.header(), tile.cudaType(), offsets,
          (TileLayout) helper.constant("LAYOUT"), engines));
    }
    return headers;
  }
}
