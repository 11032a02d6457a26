package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.TileCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiling a subset of the sources again into the same directories, with the earlier classes on the
 * class path (what an incremental build or an IDE does after an edit), succeeds and leaves the same
 * generated files as a full build: nothing stale, nothing twice.
 */
class IncrementalCompilationTest {
  /** A kernel of the user's that calls generated code of two tiles and a rasterizer. */
  private static final JavaFileObject KERNEL = JavaFileObjects.forSourceString("corpus.Kernel", """
      package corpus;

      final class Kernel {
        static int touch(int row, int col) {
          return GemmASwizzle.offset(row, col) + Sw128HalfSwizzle.bank(row, col)
              + Seed003Raster.getSwizzleIdx(row, 8, 8).x();
        }
      }
      """);

  @Test
  void recompilingSomeTilesAndTheirUserLeavesWhatAFullBuildLeaves(@TempDir Path out)
      throws IOException {
    Path classes = out.resolve("classes");
    Path generated = out.resolve("generated");
    List<JavaFileObject> all = new ArrayList<>(IsolatingProcessorTest.corpus());
    all.add(KERNEL);
    Generated.JavacRun full = Generated.runJavac(classes, generated, Generated.REPORTS,
        new SwizzlegenProcessor(), all);
    assertTrue(full.success(), full.errors().toString());
    Map<String, String> afterFullBuild = contents(generated);

    // The kernel and two of the tiles it uses changed; a rasterizer too.
    List<JavaFileObject> changed = List.of(source("GemmA"), source("Sw128Half"), KERNEL,
        RasterCorpus.CASES.get(0).source());
    Generated.JavacRun again = Generated.runJavac(classes, generated, Generated.REPORTS,
        new SwizzlegenProcessor(), changed);
    assertTrue(again.success(), again.errors().toString());
    assertEquals(afterFullBuild, contents(generated));
  }

  @Test
  void aTileThatLosesAnAccessLeavesNoStalePicture(@TempDir Path out) throws IOException {
    Path classes = out.resolve("classes");
    Path generated = out.resolve("generated");
    String twoAccesses = "@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF, rows = 64, cols = 64,"
        + " access = {" + TileCorpus.ROW_WRITE + ", " + TileCorpus.COLUMN_READ + "})";
    String oneAccess = "@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF, rows = 64, cols = 64,"
        + " access = " + TileCorpus.COLUMN_READ + ")";
    assertTrue(Generated.runJavac(classes, generated, Generated.REPORTS, new SwizzlegenProcessor(),
        List.of(tile("Operand", twoAccesses), tile("Other", oneAccess))).success());
    List<String> before = Generated.filesUnder(generated);

    assertTrue(Generated.runJavac(classes, generated, Generated.REPORTS, new SwizzlegenProcessor(),
        List.of(tile("Operand", oneAccess))).success());
    assertEquals(before, Generated.filesUnder(generated));
    // The one picture now has one panel; the report one access.
    String picture = Files.readString(generated.resolve("swizzlegen/operand-bank-map.svg"));
    assertThat(picture).contains("<view id=\"access-0\"");
    assertThat(picture).doesNotContain("<view id=\"access-1\"");
    assertThat(Files.readString(generated.resolve("swizzlegen/operand.json")))
        .doesNotContain("bank-map.svg#access-1");

    // A clean build of the edited sources leaves exactly the same files.
    Path clean = out.resolve("clean");
    assertTrue(Generated.runJavac(clean.resolve("classes"), clean.resolve("generated"), Generated.REPORTS,
        new SwizzlegenProcessor(),
        List.of(tile("Operand", oneAccess), tile("Other", oneAccess))).success());
    assertEquals(contents(clean.resolve("generated")), contents(generated));
  }

  private static JavaFileObject source(String type) {
    return TileCorpus.CASES.stream().filter(tile -> tile.type().equals(type)).findFirst()
        .orElseThrow().source();
  }

  private static JavaFileObject tile(String type, String annotation) {
    return JavaFileObjects.forSourceString("corpus." + type,
        "package corpus;\n\nimport dev.swizzlegen.annotations.*;\n\n" + annotation + "\ninterface "
            + type + " {}\n");
  }

  private static Map<String, String> contents(Path directory) throws IOException {
    Map<String, String> contents = new HashMap<>();
    for (String file : Generated.filesUnder(directory)) {
      contents.put(file, Files.readString(directory.resolve(file)));
    }
    return contents;
  }
}
