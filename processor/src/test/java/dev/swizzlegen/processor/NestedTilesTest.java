package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.FilerRecording;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tiles nested in a top-level type share one Java source, {@code <TopLevel>Swizzles}, a nested
 * class per tile (javac charges every generated source a lookup, a check against every earlier file
 * and a compilation unit in each round); each keeps its own header and CUDA struct, its own errors
 * and its own offsets.
 */
class NestedTilesTest {
  private static final JavaFileObject KERNEL = JavaFileObjects.forSourceString("attn.Kernel", """
      package attn;
      import dev.swizzlegen.annotations.*;
      final class Kernel {
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
        interface Q {}

        static final class Scores {
          @SwizzledTile(bits = 2, base = 2, dtype = DType.FLOAT, rows = 32, cols = 32, access = {})
          interface Tile {}
        }

        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64, atomRows = 8,
            atomCols = 64, stages = 2, name = "KvStage")
        interface Kv {}
      }
      """);

  /** Code of the same build that uses the nested helpers. */
  private static final JavaFileObject USER = JavaFileObjects.forSourceString("attn.User", """
      package attn;
      final class User {
        static int corner() {
          return KernelSwizzles.QSwizzle.offset(KernelSwizzles.QSwizzle.ROWS - 1, 0)
              + KernelSwizzles.KvStageSwizzle.STAGES;
        }
      }
      """);

  @Test
  void theNestedTilesShareOneSourceAndKeepTheirOwnHeaders() {
    assertThat(Generated.filesWrittenByJavac(KERNEL)).containsExactly(
        "generated/attn/KernelSwizzles.java", "generated/swizzlegen/kernel_q.cuh",
        "generated/swizzlegen/kernel_scores_tile.cuh", "generated/swizzlegen/kv_stage.cuh");
  }

  @Test
  void eachNestedHelperIsItsTilesLayoutAndTheBuildCanUseIt() {
    Generated generated = Generated.of(KERNEL, USER);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String holder = generated.text("attn.KernelSwizzles");
    assertThat(holder).contains("public final class KernelSwizzles {");
    assertThat(holder).contains("public static final class QSwizzle {");
    assertThat(holder).contains("public static final class Scores_TileSwizzle {");
    assertThat(holder).contains("public static final class KvStageSwizzle {");
    assertThat(holder).contains("{@link Kernel.Scores.Tile}");
    for (String helper : List.of("QSwizzle", "Scores_TileSwizzle", "KvStageSwizzle")) {
      Generated.Helper loaded = generated.helper("attn.KernelSwizzles$" + helper);
      TileLayout layout = (TileLayout) loaded.constant("LAYOUT");
      int elements = layout.stages() * layout.stageElements();
      boolean[] seen = new boolean[elements];
      for (int stage = 0; stage < layout.stages(); stage++) {
        for (int row = 0; row < layout.rows(); row++) {
          for (int col = 0; col < layout.cols(); col++) {
            int offset = loaded.call("offset", row, col, stage);
            assertEquals(layout.offset(row, col, stage), offset, helper);
            assertTrue(!seen[offset], helper + ": offset " + offset + " twice");
            seen[offset] = true;
          }
        }
      }
    }
    assertThat(generated.text("swizzlegen/kernel_q.cuh")).contains("struct Kernel_Q {");
    assertThat(generated.text("swizzlegen/kv_stage.cuh")).contains("struct KvStage {");
  }

  @Test
  void aNestedTileWithAnErrorLeavesItsNeighboursGenerated() {
    JavaFileObject source = JavaFileObjects.forSourceString("attn.Mixed", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class Mixed {
          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
          interface Good {}

          @SwizzledTile(bits = -1, dtype = DType.HALF, rows = 64, cols = 64)
          interface Bad {}
        }
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Bad: bits must be 0 or more").inFile(source)
        .onLineContaining("bits = -1");
    assertThat(Generated.filesWrittenByJavac(source)).containsExactly(
        "generated/attn/MixedSwizzles.java", "generated/swizzlegen/mixed_good.cuh");
  }

  @Test
  void twoNestedTilesWhoseJavaHelpersWouldCollideAreAnErrorOnName() {
    // The CUDA names K_Y_Z and Y_Z differ; the Java helpers would both be KSwizzles.Y_ZSwizzle.
    JavaFileObject source = JavaFileObjects.forSourceString("attn.K", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class K {
          static final class Y {
            @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
            interface Z {}
          }

          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64,
              name = "Y_Z")
          interface Other {}
        }
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    // Tiles are taken in the order of their qualified names: K.Other first.
    assertThat(compilation).hadErrorContaining("tile Z: its Java helper attn.KSwizzles.Y_ZSwizzle"
        + " is already generated for attn.K.Other; set name to tell them apart.").inFile(source)
        .onLineContaining("@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)");
    assertThat(Generated.filesWrittenByJavac(source)).containsExactly(
        "generated/attn/KSwizzles.java", "generated/swizzlegen/y_z.cuh");
  }

  @Test
  void aNestedTileThatReadsALaterRoundsConstantDefersItsWholeTopLevelType() {
    JavaFileObject operand = JavaFileObjects.forSourceString("attn.Operand", """
        package attn;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64)
        interface Operand {}
        """);
    JavaFileObject staged = JavaFileObjects.forSourceString("attn.Pipeline", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class Pipeline {
          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = OperandSwizzle.ROWS,
              cols = OperandSwizzle.COLS, stages = 3)
          interface Stages {}

          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
          interface Plain {}
        }
        """);
    Generated generated = Generated.of(staged, operand);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertEquals(128, generated.helper("attn.PipelineSwizzles$StagesSwizzle")
        .intConstant("ROWS"));
    assertEquals(64, generated.helper("attn.PipelineSwizzles$PlainSwizzle")
        .intConstant("ROWS"));
  }

  @Test
  void theSharedSourceHasTheTopLevelTypeAsItsOneOriginatingElement(@TempDir Path out) {
    FilerRecording recording = new FilerRecording();
    Generated.JavacRun run = Generated.runJavac(out.resolve("classes"), out.resolve("generated"),
        List.of(), recording.wrap(new SwizzlegenProcessor()), List.of(KERNEL));
    assertTrue(run.success(), run.errors().toString());
    for (FilerRecording.File file : recording.files()) {
      assertThat(file.originatingElements()).hasSize(1);
      String expected = switch (file.name()) {
        case "attn.KernelSwizzles" -> "attn.Kernel";
        case "swizzlegen/kernel_q.cuh" -> "attn.Kernel.Q";
        case "swizzlegen/kernel_scores_tile.cuh" -> "attn.Kernel.Scores.Tile";
        case "swizzlegen/kv_stage.cuh" -> "attn.Kernel.Kv";
        default -> throw new AssertionError("unexpected file " + file.name());
      };
      assertEquals(expected, file.originatingElements().get(0), file.name());
    }
  }
}
