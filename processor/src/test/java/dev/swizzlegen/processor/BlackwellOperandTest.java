package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Blackwell operands in the generated files. {@code @Access(kind = UMMA)}: a tile tcgen05 cannot read
 * as declared is an error on the attribute at fault, saying which atoms would work; one it can read
 * gets its descriptors; a derived one gets the layout CUTLASS picks. A tile without a UMMA access
 * gets nothing of it.
 */
class BlackwellOperandTest {

  /** A tile whose annotation lines stand as given, so that an error's line names its attribute. */
  private static JavaFileObject tile(String annotation) {
    return JavaFileObjects.forSourceString("blackwell.Operand", "package blackwell;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n" + annotation + "\ninterface Operand {}\n");
  }

  private static void assertError(String message, String line, String annotation) {
    JavaFileObject source = tile(annotation);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("tile Operand: ").inFile(source)
        .onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  /** The header's comment sentences, their line breaks undone. */
  private static String unwrapped(String header) {
    return header.replace("\n//   ", " ").replace("\n// ", " ");
  }

  @Test
  void tcgen05OnlyReads() {
    assertError("tcgen05.mma only reads its shared-memory operands; op must be LOAD or omitted.",
        "op = Op.STORE", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
            access = @Access(kind = AccessKind.UMMA,
                op = Op.STORE))""");
  }

  @Test
  void attributesOfOtherKindsAreErrors() {
    assertError("matrices does not apply to a UMMA access.", "matrices = 2", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
            access = @Access(kind = AccessKind.UMMA,
                matrices = 2))""");
  }

  @Test
  void oneUmmaEnginePerTile() {
    assertError("the tile is already declared a tcgen05 operand; one UMMA access per tile",
        "major = Major.MN", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, access = {
            @Access(kind = AccessKind.UMMA),
            @Access(kind = AccessKind.UMMA, major = Major.MN)})""");
  }

  @Test
  void typesTcgen05DoesNotReadAreAnErrorOnDtype() {
    assertError("tcgen05.mma reads HALF, BF16, TF32 (and FLOAT as TF32), FP8_E4M3, FP8_E5M2, INT8,"
        + " UINT8, FP4_E2M1 (kind::mxf4), FP4_E2M1_PADDED, FP6_E3M2 and FP6_E2M3 (kind::f8f6f4)"
        + " operands, not DOUBLE.", "dtype = DType.DOUBLE", """
        @SwizzledTile(bits = 3,
            dtype = DType.DOUBLE,
            rows = 64, cols = 16, access = @Access(kind = AccessKind.UMMA))""");
  }

  @Test
  void fourAndSixBitOperandsAreReadKMajorOnly() {
    assertError("tcgen05.mma reads FP6_E3M2 operands K-major only: declare major = Major.K, with M"
        + " or N as rows and K as cols.", "major = Major.MN", """
        @SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP6_E3M2, rows = 128, cols = 128,
            atomRows = 8, atomCols = 128, alignment = 1024, access = @Access(kind = AccessKind.UMMA,
            major = Major.MN))""");
  }

  @Test
  void theBase32BSwizzleIsReadMnMajorOnly() {
    assertError("Swizzle<2,3,2> on TF32 is Swizzle<2,5,2> on bytes, the 128-byte swizzle of 32-byte"
        + " units (SWIZZLE_128B_BASE32B), which tcgen05.mma reads only as an MN-major operand of"
        + " 32-bit elements (TF32 or FLOAT): declare major = Major.MN", "major = Major.K", """
        @SwizzledTile(bits = 2, base = 3, shift = 2, dtype = DType.TF32, rows = 16, cols = 32,
            atomRows = 4, atomCols = 32, access = @Access(kind = AccessKind.UMMA,
                major = Major.K))""");
  }

  @Test
  void rowsWiderThanTheSwizzleAreAnErrorOnTheAccessThatSaysWhichAtomsWould() {
    assertError("UMMA read of a K-major operand: tcgen05.mma cannot read the tile as a K-major"
        + " operand with the 128-byte swizzle", "kind = AccessKind.UMMA", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128,
            access = @Access(kind = AccessKind.UMMA))""");
    assertError("declare atoms of 8 x 64 (atomRows = 8, atomCols = 64), as CuTe's UMMA layout atoms"
        + " are.", "kind = AccessKind.UMMA", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128,
            access = @Access(kind = AccessKind.UMMA))""");
    // An MN-major TF32 operand in the 32-byte-unit swizzle reads rows in groups of 4.
    assertError("declare atoms of 4 x 32 (atomRows = 4, atomCols = 32)", "kind = AccessKind.UMMA",
        """
        @SwizzledTile(bits = 2, base = 3, shift = 2, dtype = DType.TF32, rows = 16, cols = 64,
            access = @Access(major = Major.MN,
                kind = AccessKind.UMMA))""");
  }

  @Test
  void anExplicitSwizzleGetsItsPatternsAlignmentAndTheHeaderItsDescriptor() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 2, shift = 3, dtype = DType.BF16, rows = 64, cols = 64, atomRows = 8,
            atomCols = 32, access = @Access(kind = AccessKind.UMMA))"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 512;");
    assertThat(unwrapped(header)).contains("Blackwell (sm_100a): tcgen05.mma (kind::f16) reads it"
        + " as a K-major operand with the 64-byte swizzle (SWIZZLE_64B): 4 K slices of 16, LBO 16,"
        + " SBO 512 bytes: umma_desc() below.");
    // CuTe's K-major SWIZZLE_64B descriptor: LBO 1, SBO 32 units, version 1, layout type 4.
    assertThat(header).contains("static constexpr uint64_t kUmmaDescriptor = 0x8000402000010000ull;");
    assertThat(header).contains("static constexpr uint32_t kUmmaLayoutType = 4;");
    assertThat(header).contains("static constexpr uint32_t kUmmaMajor = 0;");
    assertThat(header).doesNotContain("kWgmma");
    String report = generated.text("swizzlegen/operand.json");
    assertThat(report).contains("\"kind\": \"UMMA\"");
    assertThat(report).contains("\"layoutType\": \"SWIZZLE_64B\"");
    assertThat(report).contains("\"descriptorWithoutStart\": \"0x8000402000010000\"");
  }

  @Test
  void anMnMajorTf32OperandIsTheBase32BAtom() {
    Generated generated = Generated.of(tile("""
        @SwizzledTile(bits = 2, base = 3, shift = 2, dtype = DType.TF32, rows = 16, cols = 128,
            atomRows = 4, atomCols = 32, atomOrder = Order.ROW_MAJOR,
            access = @Access(kind = AccessKind.UMMA, major = Major.MN))"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 512;");
    assertThat(header).contains("static constexpr uint32_t kUmmaLayoutType = 1;");
    // CuTe's MN_SW128_32B_tf32_128x16: LBO 512, SBO 2048.
    assertThat(header).contains("static constexpr uint64_t kUmmaDescriptor = 0x2000408000200000ull;");
    assertThat(header).contains("static constexpr uint32_t kUmmaMajor = 1;");
  }

  @Test
  void aDerivedOperandGetsTheLayoutCutlassPicks() {
    Generated generated = Generated.of(tile("""
        @SwizzledTile(dtype = DType.HALF, rows = 128, cols = 128, stages = 2, access = {
            @Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.UMMA)})"""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).contains("Swizzle<3,3,3> on 8 x 64 atoms");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 1024;");
    assertThat(header).contains("static constexpr uint32_t kUmmaKSlices = 8;");
    Generated tf32 = Generated.of(tile("""
        @SwizzledTile(dtype = DType.TF32, rows = 32, cols = 64, access = {
            @Access(kind = AccessKind.TMA, op = Op.STORE),
            @Access(kind = AccessKind.UMMA, major = Major.MN)})"""));
    assertThat(tf32.compilation()).succeededWithoutWarnings();
    String tf32Header = tf32.text("swizzlegen/operand.cuh");
    assertThat(tf32Header).contains("Swizzle<2,3,2> on element offsets within each 4 x 32 atom");
    assertThat(tf32Header).contains("static constexpr uint32_t kUmmaLayoutType = 1;");
    assertThat(tf32Header).contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;");
  }

  @Test
  void theHelpersEnginesNameTheUmmaReadAndTheSummarySaysIt() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.summary"), tile("""
        @SwizzledTile(bits = 3, dtype = DType.FP8_E4M3, rows = 128, cols = 128, access = {
            @Access(kind = AccessKind.TMA, op = Op.STORE),
            @Access(kind = AccessKind.UMMA, major = Major.MN, label = "B, N-major")})"""));
    assertThat(generated.compilation()).succeeded();
    @SuppressWarnings("unchecked")
    List<Engine> engines = (List<Engine>) generated.helper("blackwell.OperandSwizzle")
        .constant("ENGINES");
    assertEquals(List.of(Tma.of(Op.STORE), new MmaRead(MmaFormat.UMMA, Major.MN, "B, N-major")),
        engines);
    assertThat(generated.compilation()).hadNoteContaining("UMMA: tcgen05.mma (kind::f8f6f4) reads"
        + " it as an MN-major operand with the 128-byte swizzle (SWIZZLE_128B): 4 K slices of 32,"
        + " LBO 0, SBO 1024 bytes");
  }

  @Test
  void aTileWithoutUmmaGetsNothingOfIt() {
    Generated generated = Generated.of(Generated.REPORTS, tile("""
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, alignment = 1024,
            access = @Access(kind = AccessKind.WGMMA))"""));
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(header).doesNotContain("Blackwell");
    assertThat(header).doesNotContain("Umma");
    assertThat(header).doesNotContain("umma");
    assertThat(generated.text("swizzlegen/operand.json")).doesNotContain("UMMA");
  }
}
