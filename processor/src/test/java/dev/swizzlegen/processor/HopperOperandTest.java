package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /** FlashMLA's K buffer read K-major, as K in Q·Kᵀ. */
  private static final String K_READ = "@Access(kind = AccessKind.WGMMA, label = \"K in Q K^T\")";
  /** FlashMLA's K buffer read MN-major, as V in P·V. */
  private static final String V_READ =
      "@Access(kind = AccessKind.WGMMA, major = Major.MN, label = \"V in P V\")";

  /**
   * FlashMLA's K buffer: rows N (the sequence), cols D (the head dimension, contiguous), 128-byte
   * swizzle atoms of 8 x 64 halves down the rows first, filled by TMA and read by {@code reads}.
   */
  private static JavaFileObject flashMlaKv(String... reads) {
    return tile("@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 128, atomRows = 8,"
        + " atomCols = 64,\n    stages = 2, access = {@Access(kind = AccessKind.TMA, op = Op.STORE),\n"
        + "        " + String.join(",\n        ", reads) + "})");
  }

  @Test
  void twoWgmmaReadsOfOneMajorAreAnErrorOnTheSecondsMajor() {
    assertError("the tile is already read by wgmma as an MN-major operand; a tile carries at most two"
        + " WGMMA accesses, one of each major (major = Major.K and major = Major.MN).",
        "major = Major.MN)})", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, access = {
            @Access(kind = AccessKind.WGMMA, major = Major.MN),
            @Access(kind = AccessKind.WGMMA,
                major = Major.MN)})""");
    assertError("the tile is already read by wgmma as a K-major operand", "label = \"second\"", """
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, access = {
            @Access(kind = AccessKind.WGMMA), @Access(kind = AccessKind.WGMMA, major = Major.MN),
            @Access(kind = AccessKind.WGMMA, label = "second")})""");
  }

  /**
   * A FlashMLA-shaped buffer of FP8 cannot be read MN-major (wgmma transposes only 16-bit types):
   * the existing error, on the MN-major access's major; its K-major read is fine.
   */
  @Test
  void aSecondReadWgmmaCannotMakeIsItsOwnError() {
    assertError("V in P V: wgmma transposes only 16-bit operands (HALF, BF16), so a FP8_E4M3 operand"
        + " must be K-major", "major = Major.MN", """
        @SwizzledTile(bits = 3, dtype = DType.FP8_E4M3, rows = 64, cols = 256, atomRows = 8,
            atomCols = 128, access = {
                @Access(kind = AccessKind.WGMMA, label = "K in Q K^T"),
                @Access(kind = AccessKind.WGMMA, major = Major.MN, label = "V in P V")})""");
  }

  /**
   * One buffer read by two products (FlashMLA reads its K as V): the header gives the K-major read's
   * members as for a tile with one read, and the MN-major read's beside them, named kWgmmaMn*,
   * wgmma_mn_*() and wgmma_desc_mn(); the report, the helper's ENGINES and the summary list both.
   * {@code WgmmaTwoMajorsNvccTest} compiles such headers and compares every descriptor.
   */
  @Test
  void aTileReadInBothMajorsHasBothReadsDescriptors() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.summary",
        "-Aswizzlegen.reports=json"), flashMlaKv(K_READ, V_READ));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String header = generated.text("swizzlegen/operand.cuh");
    assertThat(unwrapped(header)).contains("wgmma (sm_90a) reads it as a K-major operand with the"
        + " 128-byte swizzle: 8 K slices of 16 (k16), LBO 16, SBO 1024 bytes: wgmma_desc() below."
        + " wgmma also reads it as an MN-major operand (rows K, cols M or N) with the 128-byte"
        + " swizzle: 4 K slices of 16 (k16), LBO 8192, SBO 1024 bytes: wgmma_desc_mn() below.");
    assertThat(header).contains("static constexpr uint32_t kWgmmaTranspose = 0;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaKSlices = 8;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaMnTranspose = 1;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaMnKSlices = 4;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaMnMnStep = 64;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaMnLeadingByteOffset = 8192;");
    assertThat(header).contains("static constexpr uint32_t kWgmmaMnStrideByteOffset = 1024;");
    assertThat(Generated.unfolded(header))
        .contains("wgmma_mn_offset(uint32_t mn, uint32_t k, uint32_t stage)");
    assertThat(header).contains("static constexpr uint64_t wgmma_desc_mn(");
    assertThat(header).contains("\"swizzlegen: MN-major read: the last K slice's descriptor\"");
    // The K-major read's members and static_asserts are those of the tile with that read alone,
    // and each of its members has its MN-major twin.
    String kOnly = Generated.of(flashMlaKv(K_READ)).text("swizzlegen/operand.cuh");
    // (up to the tile's CuTe type, which follows every read)
    String kMembers = kOnly.substring(kOnly.indexOf("  // wgmma (sm_90a): a K-major"),
        kOnly.indexOf("\n\n#if defined(CUTE_HOST_DEVICE)"));
    assertThat(header).contains(kMembers);
    for (String line : kOnly.substring(kOnly.indexOf("static_assert")).split("\n")) {
      assertThat(header).contains(line);
    }
    Set<String> kNames = wgmmaNames(kMembers);
    Set<String> expected = new TreeSet<>(kNames);
    kNames.forEach(name -> expected.add(name.equals("wgmma_desc") ? "wgmma_desc_mn"
        : name.startsWith("kWgmma") ? "kWgmmaMn" + name.substring("kWgmma".length())
        : "wgmma_mn_" + name.substring("wgmma_".length())));
    assertThat(kNames).hasSize(15);
    assertThat(wgmmaNames(header.substring(header.indexOf("struct Operand {"),
        header.indexOf("\n};\n")))).containsExactlyElementsIn(expected);
    String report = generated.text("swizzlegen/operand.json");
    assertThat(report).contains("\"declared\": \"K\",\n    \"alsoDeclared\": \"MN\",");
    assertThat(report).contains("\"label\": \"K in Q K^T\",");
    assertThat(report).contains("\"label\": \"V in P V\",");
    @SuppressWarnings("unchecked")
    List<Engine> engines = (List<Engine>) generated.helper("hopper.OperandSwizzle")
        .constant("ENGINES");
    assertThat(engines).containsExactly(Tma.of(Op.STORE),
        MmaRead.of(MmaFormat.GMMA, Major.K).withLabel("K in Q K^T"),
        MmaRead.of(MmaFormat.GMMA, Major.MN).withLabel("V in P V")).inOrder();
    assertThat(generated.compilation()).hadNoteContaining("wgmma: K-major, the 128-byte swizzle,"
        + " 8 K slices of 16, LBO 16, SBO 1024 bytes\n");
    assertThat(generated.compilation()).hadNoteContaining("wgmma: MN-major, the 128-byte swizzle,"
        + " 4 K slices of 16, LBO 8192, SBO 1024 bytes (wgmma_desc_mn)");
  }

  /** Declared in either order, the K-major read has the wgmma_desc members. */
  @Test
  void theKMajorReadHasTheFirstMembersWhateverTheOrder() {
    String declared = Generated.of(flashMlaKv(K_READ, V_READ)).text("swizzlegen/operand.cuh");
    String swapped = Generated.of(flashMlaKv(V_READ, K_READ)).text("swizzlegen/operand.cuh");
    // The header lists the reads in its own order, K-major first: the same whatever the order.
    assertThat(swapped).isEqualTo(declared);
  }

  /** The wgmma members declared in {@code code}: {@code kWgmma*} constants and {@code wgmma_*} functions. */
  private static Set<String> wgmmaNames(String code) {
    Set<String> names = new TreeSet<>();
    Matcher declared = Pattern.compile("uint(?:32|64)_t (kWgmma\\w*|wgmma_\\w+)(?: =|\\()")
        .matcher(code);
    while (declared.find()) {
      names.add(declared.group(1));
    }
    return names;
  }
}
