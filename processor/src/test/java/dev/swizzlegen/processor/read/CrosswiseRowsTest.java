package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.swizzlegen.processor.read.CuteLayoutImportTest.bad;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Issue 39, item 8: a swizzle within each row of a stage's offsets before the swizzle, where those
 * rows are not the tile's own: CUTLASS 2.x's crosswise operand at 3 stages
 * ({@code RowMajorTensorOpMultiplicandCrosswise<16, 32>}, the buffer as CUTLASS views it, 128 x 96),
 * {@code Swizzle<2,3,2>} within each 192-element row of its 2 x 32 atoms laid across the columns
 * first. Declared with {@code swizzleRow = 192} and pasted as CuTe prints it, both tiles' helpers
 * and g++-compiled headers equal CuTe's evaluation of the print on every element (which
 * {@code RealLayoutsTest} holds equal to CUTLASS's class), invert it, and prove its ldmatrix reads
 * conflict-free; the attribute's misuses are errors on it.
 */
class CrosswiseRowsTest {
  private static final String PRINTED = "(_256,_64):(_1,_192) o _0 o Sw<2,3,5> o _0 o"
      + " ((_2,_64),(_32,_3)):((_32,_256),(_1,_64))";

  private static JavaFileObject tile(String type, String attributes) {
    return JavaFileObjects.forSourceString("crosswise." + type, "package crosswise;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n@SwizzledTile(dtype = DType.HALF, " + attributes
        + ", access = @Access(kind = AccessKind.LDMATRIX))\ninterface " + type + " {}\n");
  }

  @Test
  void cutlass2xAtThreeStagesIsDeclaredAndPastedExactly() throws IOException {
    JavaFileObject declared = tile("Declared", "bits = 2, base = 3, shift = 2, rows = 128,"
        + " cols = 96, atomRows = 2, atomCols = 32, atomOrder = Order.ROW_MAJOR, swizzleRow = 192");
    JavaFileObject pasted = tile("Pasted", "layout = \"" + PRINTED + "\"");
    Generated generated = Generated.of(declared, pasted);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    CuteLayout cute = CuteLayout.parse(PRINTED);
    int[] expected = HeaderCheck.expectedOffsets(128, 96, 1, (row, col, stage) -> cute.apply(row,
        col));
    Path work = Path.of("target", "gxx-work", "processor-crosswise-rows");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (String type : List.of("Declared", "Pasted")) {
      Generated.Helper helper = generated.helper("crosswise." + type + "Swizzle");
      TileLayout layout = (TileLayout) helper.constant("LAYOUT");
      assertThat(layout.swizzleName()).isEqualTo("Swizzle<2,3,2> within each 192-element row");
      int[] java = HeaderCheck.expectedOffsets(128, 96, 1,
          (row, col, stage) -> helper.call("offset", row, col, stage));
      assertThat(java).isEqualTo(expected);
      for (int row = 0; row < 128; row++) {
        for (int col = 0; col < 96; col++) {
          int offset = helper.call("offset", row, col);
          assertThat(List.of(helper.call("row", offset), helper.call("col", offset),
              helper.call("stage", offset))).containsExactly(row, col, 0).inOrder();
        }
      }
      String include = "swizzlegen/" + (type.equals("Declared") ? "declared" : "pasted") + ".cuh";
      String header = generated.text(include);
      assertThat(header.replace("\n// ", " ")).contains("Swizzle<2,3,2> within each 192-element row of each stage's"
          + " offsets before the swizzle (its 2 x 32 atoms laid across the columns first)");
      assertThat(header).contains("ldmatrix.x4: conflict-free, 4 wavefronts per instruction");
      // Its CuTe type: the swizzle over words of the stage's offsets, read back at 192 (no note).
      assertThat(header).doesNotContain("No CuTe type");
      assertThat(header).contains("//   " + PRINTED + "\n");
      assertThat(header).contains("cute::Layout<CuteRowShape, CuteRowStride>,");
      Path file = includeDir.resolve(include);
      Files.createDirectories(file.getParent());
      Files.writeString(file, header);
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.constant("ENGINES");
      headers.add(new HeaderCheck.Header(include, "swizzlegen::" + type, expected, layout,
          engines));
    }
    Gxx gxx = Gxx.requireOrSkip("processor: CUTLASS 2.x's crosswise rows (g++)");
    HeaderCheck.verify(gxx, includeDir, work, headers, "processor-crosswise-rows",
        "CuTe's layout");
  }

  @Test
  void swizzleRowMisusedIsAnErrorOnIt() {
    JavaFileObject derivedSource = bad("dtype = DType.HALF", "rows = 128", "cols = 96",
        "swizzleRow = 192");
    Compilation derived = Generated.compile(derivedSource);
    assertThat(derived).hadErrorCount(1);
    assertThat(derived).hadErrorContaining("tile Bad: swizzleRow names the rows a declared swizzle"
        + " acts within; give bits, base and shift with it").inFile(derivedSource)
        .onLineContaining("swizzleRow");
    JavaFileObject negativeSource = bad("bits = 2", "base = 3", "shift = 2",
        "dtype = DType.HALF", "rows = 128", "cols = 96", "swizzleRow = -1");
    Compilation negative = Generated.compile(negativeSource);
    assertThat(negative).hadErrorCount(1);
    assertThat(negative).hadErrorContaining("swizzleRow must be a number of elements from 1 to a"
        + " stage's rows x rowStride (12288), not -1.").inFile(negativeSource)
        .onLineContaining("swizzleRow");
    JavaFileObject withLayoutSource = bad("dtype = DType.HALF", "swizzleRow = 192",
        "layout = \"" + PRINTED + "\"");
    Compilation withLayout = Generated.compile(withLayoutSource);
    assertThat(withLayout).failed();
    assertThat(withLayout).hadErrorContaining("swizzleRow").inFile(withLayoutSource)
        .onLineContaining("swizzleRow");
    // A row the swizzle would carry out of is an error, and nothing is written.
    Compilation carried = Generated.compile(bad("bits = 2", "base = 3", "shift = 2",
        "dtype = DType.HALF", "rows = 128", "cols = 96", "atomRows = 2", "atomCols = 32",
        "atomOrder = Order.ROW_MAJOR", "swizzleRow = 20"));
    assertThat(carried).failed();
    assertThat(Generated.filesWrittenByJavac(bad("bits = 2", "base = 3", "shift = 2",
        "dtype = DType.HALF", "rows = 128", "cols = 96", "atomRows = 2", "atomCols = 32",
        "atomOrder = Order.ROW_MAJOR", "swizzleRow = 20"))).isEmpty();
  }
}
