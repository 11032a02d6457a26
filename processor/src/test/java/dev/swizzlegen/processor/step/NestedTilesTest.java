package dev.swizzlegen.processor.step;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.FilerRecording;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The helpers of the tiles nested in a top-level type are member classes of one holder,
 * {@code <TopLevel>Swizzles}: each helper a class file of its own, the holder's listing them (in its
 * InnerClasses attribute), so that {@code KernelSwizzles.QSwizzle} reads as before; each tile keeps its
 * own header and CUDA struct, its own errors and its own offsets.
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
  void theNestedTilesShareOneHolderAndKeepTheirOwnHeaders() {
    assertThat(Generated.filesWrittenByJavac(KERNEL)).containsExactly(
        "classes/attn/KernelSwizzles.class", "classes/attn/KernelSwizzles$QSwizzle.class",
        "classes/attn/KernelSwizzles$Scores_TileSwizzle.class",
        "classes/attn/KernelSwizzles$KvStageSwizzle.class", "generated/swizzlegen/kernel_q.cuh",
        "generated/swizzlegen/kernel_scores_tile.cuh", "generated/swizzlegen/kv_stage.cuh");
  }

  @Test
  void eachNestedHelperIsItsTilesLayoutAndTheBuildCanUseIt() {
    Generated generated = Generated.of(KERNEL, USER);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    // Reflection reads the nesting from the InnerClasses attributes of the holder and its members.
    Class<?> holder = generated.helper("attn.KernelSwizzles").type();
    assertEquals(Modifier.PUBLIC | Modifier.FINAL, holder.getModifiers());
    assertThat(Stream.of(holder.getDeclaredClasses()).map(Class::getSimpleName).toList())
        .containsExactly("QSwizzle", "Scores_TileSwizzle", "KvStageSwizzle");
    for (String helper : List.of("QSwizzle", "Scores_TileSwizzle", "KvStageSwizzle")) {
      Generated.Helper loaded = generated.helper("attn.KernelSwizzles$" + helper);
      assertEquals(holder, loaded.type().getDeclaringClass(), helper);
      assertEquals(helper, loaded.type().getSimpleName());
      assertEquals(Modifier.PUBLIC | Modifier.STATIC | Modifier.FINAL, loaded.type().getModifiers(),
          helper);
      TileLayout layout = (TileLayout) loaded.constant("LAYOUT");
      int elements = layout.stages() * layout.strided().stageElements();
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
  void aNestedTileWithAnErrorLeavesItsNeighboursGenerated(@TempDir Path out) {
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
    assertThat(compilation).hadErrorContaining("tile Mixed.Bad: bits must be 0 or more").inFile(source)
        .onLineContaining("bits = -1");
    assertThat(Generated.filesWrittenByJavac(source)).containsExactly(
        "classes/attn/MixedSwizzles.class", "classes/attn/MixedSwizzles$GoodSwizzle.class",
        "generated/swizzlegen/mixed_good.cuh");
    // The holder lists the good tile's helper alone.
    FilerRecording recording = new FilerRecording();
    Generated.runJavac(out.resolve("classes"), out.resolve("generated"), List.of(),
        recording.wrap(new SwizzlegenProcessor()), List.of(source));
    FilerRecording.File holder = recording.files().stream()
        .filter(file -> file.name().equals("attn.MixedSwizzles")).findFirst().orElseThrow();
    assertThat(ClassFiles.memberClasses(holder.bytes()))
        .containsExactly("attn.MixedSwizzles$GoodSwizzle");
    assertThat(ClassFiles.text(holder.bytes())).doesNotContain("Bad");
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
    assertThat(compilation).hadErrorContaining("tile K.Y.Z: its Java helper attn.KSwizzles.Y_ZSwizzle"
        + " is already generated for attn.K.Other; set name to tell them apart.").inFile(source)
        .onLineContaining("@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)");
    assertThat(Generated.filesWrittenByJavac(source)).containsExactly(
        "classes/attn/KSwizzles.class", "classes/attn/KSwizzles$Y_ZSwizzle.class",
        "generated/swizzlegen/y_z.cuh");
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
  void theHolderHasTheTopLevelTypeAndEachHelperItsTileAsItsOneOriginatingElement(
      @TempDir Path out) {
    FilerRecording recording = new FilerRecording();
    Generated.JavacRun run = Generated.runJavac(out.resolve("classes"), out.resolve("generated"),
        List.of(), recording.wrap(new SwizzlegenProcessor()), List.of(KERNEL));
    assertTrue(run.success(), run.errors().toString());
    for (FilerRecording.File file : recording.files()) {
      assertThat(file.originatingElements()).hasSize(1);
      String expected = switch (file.name()) {
        case "attn.KernelSwizzles" -> "attn.Kernel";
        case "attn.KernelSwizzles$QSwizzle", "swizzlegen/kernel_q.cuh" -> "attn.Kernel.Q";
        case "attn.KernelSwizzles$Scores_TileSwizzle", "swizzlegen/kernel_scores_tile.cuh" ->
            "attn.Kernel.Scores.Tile";
        case "attn.KernelSwizzles$KvStageSwizzle", "swizzlegen/kv_stage.cuh" -> "attn.Kernel.Kv";
        default -> throw new AssertionError("unexpected file " + file.name());
      };
      assertEquals(expected, file.originatingElements().get(0), file.name());
    }
  }

  /**
   * Issue 39, item 6: a nested type is named one way wherever a user reads it, its Java name
   * ({@code Kernel.Q}): in errors, in the summary notes of tiles, rasterizers and storages, and in the
   * bank map's title; its C++ name ({@code Kernel_Q}) only where C++ is meant, the struct and the
   * header.
   */
  @Test
  void aNestedTypeIsNamedByItsJavaNameInEveryMessageAndNote() {
    JavaFileObject source = JavaFileObjects.forSourceString("attn.Kernel", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class Kernel {
          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
          interface Q {}

          @ThreadblockSwizzle(tileSize = 4)
          interface Grid {}

          @SharedStorage(buffers = {@Buffer(tile = Q.class), @Buffer(name = "full", barriers = 2)})
          interface Smem {}

          @SwizzledTile(bits = -1, dtype = DType.HALF, rows = 64, cols = 64)
          interface Bad {}
        }
        """);
    List<String> options = new java.util.ArrayList<>(Generated.REPORTS);
    options.add("-Aswizzlegen.summary");
    Compilation compilation = Generated.compile(options, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Kernel.Bad: bits must be 0 or more");
    assertThat(compilation).hadNoteContaining("swizzlegen: tile Kernel.Q: 64 x 64 HALF");
    assertThat(compilation).hadNoteContaining("swizzlegen: rasterizer Kernel.Grid: ");
    assertThat(compilation).hadNoteContaining("swizzlegen: storage Kernel.Smem: 2 buffers in ");
    // The C++ names stay where C++ is meant: the struct and its header.
    assertThat(compilation).hadNoteContaining("-> swizzlegen/kernel_q.cuh, attn.KernelSwizzles.QSwizzle");
    for (javax.tools.Diagnostic<?> message : compilation.diagnostics()) {
      String text = message.getMessage(java.util.Locale.ROOT);
      String subject = text.startsWith("swizzlegen: ") ? text.substring("swizzlegen: ".length())
          : text;
      assertThat(subject.substring(0, subject.indexOf(':'))).doesNotContain("_");
    }
    Generated generated = Generated.of(options, JavaFileObjects.forSourceString("attn.Kernel", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class Kernel {
          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
          interface Q {}
        }
        """));
    assertThat(generated.text("swizzlegen/kernel_q.cuh")).contains("struct Kernel_Q {");
    assertThat(generated.text("swizzlegen/kernel_q-bank-map.svg")).contains("tile Kernel.Q (");
    Generated storage = Generated.of(options, source("Smem"));
    assertThat(storage.text("swizzlegen/kernel_smem-storage-map.svg"))
        .contains(">storage Kernel.Smem: ");
  }

  /** {@code attn.Kernel} with its tile {@code Q} and, for {@code "Smem"}, a storage of it. */
  private static JavaFileObject source(String storage) {
    return JavaFileObjects.forSourceString("attn.Kernel", """
        package attn;
        import dev.swizzlegen.annotations.*;
        final class Kernel {
          @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
          interface Q {}

          @SharedStorage(buffers = {@Buffer(tile = Q.class), @Buffer(name = "full", barriers = 2)})
          interface %s {}
        }
        """.formatted(storage));
  }
}
