package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Hopper operands in the generated files. {@code @Access(kind = WGMMA)}: a tile wgmma cannot read as
 * declared is an error on the attribute at fault; one it can read gets its descriptors; every header
 * and report says whether wgmma could read the tile. TMA modes are named only where TMA fills the tile.
 */
class HopperOperandTest {

  /** A tile whose annotation lines stand as given, so that an error's line names its attribute. */
  private static JavaFileObject tile(String annotation) {
    return JavaFileObjects.forSourceString("hopper.Operand", "package hopper;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n" + annotation + "\ninterface Operand {}\n");
  }

  private static void assertError(String message, String line, String annotation) {
    JavaFileObject source = tile(annotation);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("tile Operand: " ).inFile(source)
        .onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  /** The header's comment sentences, their line breaks undone. */
  private static String unwrapped(String header) {
    return header.replace("\n//   ", " ");
  }

  @Test
  void wgmmaOnlyReads() {
    assertError("wgmma only reads its operands from shared memory; op must be LOAD or omitted.",
        "op = Op.STORE", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
            access = @Access(kind = AccessKind.WGMMA,
                op = Op.STORE))""");
  }

  @Test
  void majorBelongsToWgmma() {
    assertError("major does not apply to a LDMATRIX access.", "major = Major.MN", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
            access = @Access(kind = AccessKind.LDMATRIX,
                major = Major.MN))""");
  }

  @Test
  void onlySixteenBitOperandsAreMnMajor() {
    assertError("wgmma transposes only 16-bit operands (HALF, BF16), so a TF32 operand must be"
        + " K-major", "major = Major.MN", """
        @SwizzledTile(bits = 3, dtype = DType.TF32, rows = 16, cols = 64, atomRows = 8, atomCols = 32,
            access = @Access(kind = AccessKind.WGMMA,
                major = Major.MN))""");
  }

  @Test
  void floatsAreReadAsTf32() {
    assertError("wgmma reads HALF, BF16, TF32, FP8_E4M3, FP8_E5M2, INT8 and UINT8 operands, not FLOAT"
        + " (a float tile is read as TF32: declare dtype = TF32).", "dtype = DType.FLOAT", """
        @SwizzledTile(bits = 3,
            dtype = DType.FLOAT,
            rows = 64, cols = 32, access = @Access(kind = AccessKind.WGMMA))""");
  }

  @Test
  void rowsWiderThanTheSwizzleAreAnErrorOnTheAccessThatSaysWhichAtomsWould() {
    assertError("wgmma read of a K-major operand: wgmma cannot read the tile as a K-major operand"
        + " with the 128-byte swizzle", "kind = AccessKind.WGMMA", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128,
            access = @Access(kind = AccessKind.WGMMA))""");
    assertError("declare atoms of 8 x 64 (atomRows = 8, atomCols = 64)", "kind = AccessKind.WGMMA",
        """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128,
            access = @Access(kind = AccessKind.WGMMA))""");
  }

  @Test
  void oneWgmmaEnginePerTile() {
    assertError("the tile is already declared a wgmma operand; one WGMMA access per tile",
        "major = Major.MN", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, access = {
            @Access(kind = AccessKind.WGMMA),
            @Access(kind = AccessKind.WGMMA, major = Major.MN)})""");
  }

  @Test
  void anExplicitSwizzleGetsItsPatternsAlignmentAndTheHeaderItsDescriptor() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 2, shift = 3, dtype = DType.BF16, rows = 64, cols = 64, atomRows = 8,
            atomCols = 32, access = @Access(kind = AccessKind.WGMMA))"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 512;");
    assertThat(unwrapped(header)).contains("wgmma (sm_90a) reads it as a K-major operand with the 64-byte"
        + " swizzle: 4 K slices of 16 (k16), LBO 16, SBO 512 bytes: wgmma_desc() below.");
    assertThat(header).contains("static constexpr uint64_t kWgmmaDescriptor = 0x8000002000010000ull;");
    assertThat(header).doesNotContain("#include <cuda.h>");
    String report = generated.text("swizzlegen/operand.json");
    assertThat(report).contains("\"declared\": \"K\"");
    assertThat(report).contains("\"descriptorWithoutStart\": \"0x8000002000010000\"");
  }

  @Test
  void aDerivedOperandOf128ByteRowsGetsThe128ByteMode() {
    Generated generated = Generated.of(tile("""
        @SwizzledTile(dtype = DType.HALF, rows = 128, cols = 128, stages = 2, access = {
            @Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.WGMMA)})"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("Swizzle<3,3,3> on 8 x 64 atoms");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 1024;");
    assertThat(header).contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaKSlices = 8;");
  }

  @Test
  void aDerivedMnMajorOperandIsOneWgmmaReadsTransposed() {
    Generated generated = Generated.of(tile("""
        @SwizzledTile(dtype = DType.HALF, rows = 32, cols = 128, access = {
            @Access(kind = AccessKind.TMA, op = Op.STORE),
            @Access(kind = AccessKind.WGMMA, major = Major.MN)})"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(unwrapped(header)).contains("wgmma (sm_90a) reads it as an MN-major operand with the 128-byte"
        + " swizzle");
    assertThat(header).contains("static constexpr uint32_t kWgmmaTranspose = 1;");
  }

  @Test
  void everyHeaderSaysWhetherWgmmaCouldReadTheTile() {
    Generated readable = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, alignment = 1024)"""));
    assertThat(unwrapped(readable.text("swizzlegen/operand.cuh"))).contains("wgmma (sm_90a) could"
        + " read it as a K-major operand (rows M or N, cols K) with the 128-byte swizzle, or as an"
        + " MN-major operand (rows K, cols M or N) with the 128-byte swizzle; declare @Access(kind ="
        + " AccessKind.WGMMA, major = ...) for its descriptors.");
    assertThat(readable.text("swizzlegen/operand.json")).contains("\"operand\": true");
    Generated floats = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, dtype = DType.FLOAT, rows = 32, cols = 32)"""));
    assertThat(unwrapped(floats.text("swizzlegen/operand.cuh"))).contains("No wgmma reads it as declared."
        + " wgmma reads HALF, BF16, TF32");
    assertThat(floats.text("swizzlegen/operand.json")).contains("\"operand\": false");
  }

  /** Issue 12: the 32-byte mode has Swizzle<1,3,3>'s bytes on halves, but cannot write 128-byte rows. */
  @Test
  void aModeIsNamedOnlyWhereTmaCanFillTheTileInIt() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 1, base = 3, shift = 3, dtype = DType.HALF, rows = 2, cols = 64)"""));
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("Swizzle<1,3,3> on element offsets (Swizzle<1,4,3> on bytes).");
    assertThat(header).doesNotContain("CU_TENSOR_MAP_SWIZZLE");
    assertThat(generated.text("swizzlegen/operand.json")).contains("\"tmaMode\": null");
    Generated rows32 = Generated.of(tile("""
        @SwizzledTile(bits = 1, base = 3, shift = 3, dtype = DType.HALF, rows = 8, cols = 16)"""));
    assertThat(rows32.text("swizzlegen/operand.cuh"))
        .contains("TMA mode CU_TENSOR_MAP_SWIZZLE_32B");
  }
}
