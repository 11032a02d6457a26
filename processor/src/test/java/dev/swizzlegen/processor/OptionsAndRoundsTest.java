package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The {@code -Aswizzlegen.*} options (a missing, empty or malformed value is one error naming the
 * option, never an exception; the reports are written only on request; the summary notes), and
 * annotations whose attributes only a later round can resolve (deferred, then generated; an error on
 * the attribute only if they never resolve).
 */
class OptionsAndRoundsTest {
  private static final JavaFileObject TILE = JavaFileObjects.forSourceString("gemm.Operand", """
      package gemm;
      import dev.swizzlegen.annotations.*;
      @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64,
          access = {@Access(kind = AccessKind.VECTOR, op = Op.STORE, bytes = 16, label = "cp.async"),
                    @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
      interface Operand {}
      """);

  private static final JavaFileObject RASTER = JavaFileObjects.forSourceString("gemm.Grid", """
      package gemm;
      import dev.swizzlegen.annotations.*;
      @ThreadblockSwizzle(tileSize = 8)
      interface Grid {}
      """);

  private static void assertOneOptionError(List<String> options, String message) {
    Compilation compilation = Generated.compile(options, TILE);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining(message);
    assertThat(Generated.filesWrittenByJavac(options, TILE)).isEmpty();
  }

  @Test
  void anOptionWithoutAValueIsAnErrorNamingIt() {
    // Issue 18: each of these threw a NullPointerException out of init, javac exiting with a trace.
    assertOneOptionError(List.of("-Aswizzlegen.namespace="),
        "-Aswizzlegen.namespace has no value; give it one: -Aswizzlegen.namespace=<a C++ namespace"
            + " such as acme::kernels>.");
    assertOneOptionError(List.of("-Aswizzlegen.namespace"),
        "-Aswizzlegen.namespace has no value");
    assertOneOptionError(List.of("-Aswizzlegen.conflicts"),
        "-Aswizzlegen.conflicts has no value; give it one: -Aswizzlegen.conflicts=<error or warning>.");
    assertOneOptionError(List.of("-Aswizzlegen.conflicts="), "-Aswizzlegen.conflicts has no value");
    assertOneOptionError(List.of("-Aswizzlegen.reports"), "-Aswizzlegen.reports has no value");
    assertOneOptionError(List.of("-Aswizzlegen.reports= "), "-Aswizzlegen.reports=  has no value");
  }

  @Test
  void aMalformedOptionIsAnErrorNamingIt() {
    assertOneOptionError(List.of("-Aswizzlegen.reports=json,pdf"),
        "-Aswizzlegen.reports=json,pdf: \"pdf\" is not a report; the reports are json and svg");
    assertOneOptionError(List.of("-Aswizzlegen.reports=json,"),
        "-Aswizzlegen.reports=json,: \"\" is not a report");
    assertOneOptionError(List.of("-Aswizzlegen.summary=yes"),
        "-Aswizzlegen.summary=yes is neither true nor false");
    assertOneOptionError(List.of("-Aswizzlegen.conflicts=Warning"),
        "-Aswizzlegen.conflicts=Warning is neither error nor warning.");
    assertOneOptionError(List.of("-Aswizzlegen.helpers=source"),
        "-Aswizzlegen.helpers=source is neither classes nor sources.");
    assertOneOptionError(List.of("-Aswizzlegen.helpers"),
        "-Aswizzlegen.helpers has no value; give it one: -Aswizzlegen.helpers=<classes or sources>.");
  }

  @Test
  void theHelpersAreSourcesOnRequest() {
    assertThat(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.helpers=sources"), TILE))
        .containsExactly("generated/gemm/OperandSwizzle.java", "generated/swizzlegen/operand.cuh");
    assertThat(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.helpers=classes"), TILE))
        .containsExactly("classes/gemm/OperandSwizzle.class", "generated/swizzlegen/operand.cuh");
  }

  @Test
  void everyBadOptionIsReportedAtOnce() {
    Compilation compilation = Generated.compile(
        List.of("-Aswizzlegen.namespace=", "-Aswizzlegen.conflicts", "-Aswizzlegen.reports=pdf"), TILE);
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void byDefaultOnlyTheHelperAndTheHeaderAreWritten() {
    assertThat(Generated.filesWrittenByJavac(TILE)).containsExactly(
        "classes/gemm/OperandSwizzle.class", "generated/swizzlegen/operand.cuh");
  }

  @Test
  void theReportsAreWrittenOnRequest() {
    assertThat(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.reports=json,svg"), TILE))
        .containsExactly("classes/gemm/OperandSwizzle.class", "generated/swizzlegen/operand.cuh",
            "generated/swizzlegen/operand.json", "generated/swizzlegen/operand-bank-map.svg");
    assertThat(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.reports=svg"), TILE))
        .containsExactly("classes/gemm/OperandSwizzle.class", "generated/swizzlegen/operand.cuh",
            "generated/swizzlegen/operand-bank-map.svg");
    List<String> jsonOnly = List.of("-Aswizzlegen.reports= json ");
    assertThat(Generated.filesWrittenByJavac(jsonOnly, TILE)).containsExactly(
        "classes/gemm/OperandSwizzle.class", "generated/swizzlegen/operand.cuh",
        "generated/swizzlegen/operand.json");
    // Without its picture the report links to none.
    String report = Generated.of(jsonOnly, TILE).text("swizzlegen/operand.json");
    assertThat(report).contains("\"bankMap\": null");
    assertThat(report).doesNotContain("bank-map.svg");
  }

  @Test
  void theSummaryIsANotePerTileAndRasterizer() {
    JavaFileObject hopper = JavaFileObjects.forSourceString("gemm.HopperA", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(dtype = DType.HALF, rows = 128, cols = 64, stages = 2,
            access = {@Access(kind = AccessKind.TMA), @Access(kind = AccessKind.WGMMA)})
        interface HopperA {}
        """);
    for (List<String> options : List.of(List.of("-Aswizzlegen.summary"),
        List.of("-Aswizzlegen.summary=true"))) {
      Compilation compilation = Generated.compile(options, TILE, RASTER, hopper);
      assertThat(compilation).succeeded();
      assertThat(compilation).hadNoteContaining("swizzlegen: tile Operand: 128 x 64 HALF, row stride"
          + " 64, Swizzle<3,3,3>").inFile(TILE).onLineContaining("interface Operand");
      // javac indents a message's later lines; the test does not depend on by how much.
      assertThat(compilation).hadNoteContaining("-> swizzlegen/operand.cuh, gemm.OperandSwizzle\n");
      assertThat(compilation).hadNoteContaining(
          "  cp.async: conflict-free, 4 wavefronts per instruction\n");
      assertThat(compilation).hadNoteContaining(
          "  ldmatrix.x4: conflict-free, 4 wavefronts per instruction");
      assertThat(compilation).hadNoteContaining("swizzlegen: rasterizer Grid: ")
          .inFile(RASTER).onLineContaining("interface Grid");
      assertThat(compilation).hadNoteContaining(", tile size 8 -> swizzlegen/grid.cuh,"
          + " gemm.GridRaster");
      // What was derived, the boxes and the wgmma read, as the header says them.
      assertThat(compilation).hadNoteContaining("swizzlegen: tile HopperA: ");
      assertThat(compilation).hadNoteContaining("  derived: 3 XOR bits are the fewest");
      assertThat(compilation).hadNoteContaining("  TMA: 1 box of 128 x 64 elements per stage,"
          + " CU_TENSOR_MAP_SWIZZLE_128B\n");
      assertThat(compilation).hadNoteContaining("  wgmma: K-major, the 128-byte swizzle, 4 K slices"
          + " of 16, LBO 16, SBO 1024 bytes");
    }
  }

  /**
   * Issue 30, item 11: javac's notes are hidden by {@code mvn -q}, so the summary is also a file per
   * tile and rasterizer in the source output, {@code swizzlegen/<name>.summary.txt} beside the header,
   * holding the note's text: one originating element each, as Gradle's isolating mode needs.
   */
  @Test
  void theSummaryIsAlsoAFilePerTileAndRasterizerBesideItsHeader() {
    List<String> options = List.of("-Aswizzlegen.summary");
    assertThat(Generated.filesWrittenByJavac(options, TILE, RASTER)).containsAtLeast(
        "generated/swizzlegen/operand.summary.txt", "generated/swizzlegen/grid.summary.txt");
    Generated generated = Generated.of(options, TILE, RASTER);
    String tile = generated.text("swizzlegen/operand.summary.txt");
    assertThat(tile).startsWith("swizzlegen: tile Operand: 128 x 64 HALF, row stride 64,"
        + " Swizzle<3,3,3>");
    assertThat(tile).contains("-> swizzlegen/operand.cuh, gemm.OperandSwizzle\n");
    assertThat(tile).endsWith("  ldmatrix.x4: conflict-free, 4 wavefronts per instruction\n");
    // The file holds the note's lines (javac indents a message's later lines by its own measure).
    assertThat(generated.compilation().notes().stream()
        .map(note -> note.getMessage(Locale.ROOT).lines().map(String::strip).toList()).toList())
        .contains(tile.lines().map(String::strip).toList());
    assertThat(generated.text("swizzlegen/grid.summary.txt"))
        .startsWith("swizzlegen: rasterizer Grid: ");
  }

  @Test
  void noSummaryUnlessAsked() {
    for (List<String> options : List.of(List.<String>of(), List.of("-Aswizzlegen.summary=false"))) {
      Compilation compilation = Generated.compile(options, TILE, RASTER);
      assertThat(compilation).succeeded();
      assertThat(compilation.notes().stream()
          .filter(note -> note.getMessage(Locale.ROOT).contains("swizzlegen")).toList()).isEmpty();
      assertThat(Generated.filesWrittenByJavac(options, TILE, RASTER).stream()
          .filter(file -> file.endsWith(".summary.txt")).toList()).isEmpty();
    }
  }

  @Test
  void anAttributeThatALaterRoundResolvesIsDeferredThenGenerated() {
    // Issue 18: the tile that reads another tile's generated constant got no file and no message.
    JavaFileObject user = JavaFileObjects.forSourceString("gemm.Staged", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = OperandSwizzle.ROWS,
            cols = OperandSwizzle.COLS, stages = 2, access = {})
        interface Staged {}
        """);
    JavaFileObject raster = JavaFileObjects.forSourceString("gemm.Wide", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle(tileSize = OperandSwizzle.BITS * 2)
        interface Wide {}
        """);
    Generated generated = Generated.of(user, raster, TILE);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    Generated.Helper staged = generated.helper("gemm.StagedSwizzle");
    assertEquals(128, staged.intConstant("ROWS"));
    assertEquals(64, staged.intConstant("COLS"));
    assertEquals(2, staged.intConstant("STAGES"));
    assertThat(generated.text("swizzlegen/staged.cuh")).contains("kRows = 128;");
    assertEquals(6, generated.helper("gemm.WideRaster").intConstant("TILE_SIZE"));
  }

  @Test
  void anAttributeThatNeverResolvesIsAnErrorOnIt() {
    JavaFileObject user = JavaFileObjects.forSourceString("gemm.Lost", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, dtype = DType.HALF,
            rows = NoSuchSwizzle.ROWS,
            cols = 64)
        interface Lost {}
        """);
    Compilation compilation = Generated.compile(user);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("tile Lost: the value of rows could not be resolved in"
        + " any round of annotation processing, so nothing was generated for it").inFile(user)
        .onLineContaining("rows = NoSuchSwizzle.ROWS");
    // javac's own error names the missing symbol.
    assertThat(compilation).hadErrorContaining("NoSuchSwizzle");
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      assertThat(error.getMessage(Locale.ROOT)).doesNotContain("bug in swizzlegen");
    }
    assertThat(Generated.filesWrittenByJavac(user)).isEmpty();
  }
}
