package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.testing.FilerRecording;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bug in swizzlegen while one annotated type is processed (here, a writer that throws, injected
 * where each generated file is made) is one error on that type, never a javac crash; nothing is
 * written for that type, not even the files made before the failure; every other type of the build
 * is processed as if nothing had happened.
 */
class FailureIsolationTest {
  private static final JavaFileObject FIRST = JavaFileObjects.forSourceString("iso.First", """
      package iso;
      import dev.swizzlegen.annotations.*;
      @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
      interface First {}
      """);

  private static final JavaFileObject SECOND = JavaFileObjects.forSourceString("iso.Second", """
      package iso;
      import dev.swizzlegen.annotations.*;
      @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
      interface Second {}
      """);

  private static final JavaFileObject KERNEL = JavaFileObjects.forSourceString("iso.Kernel", """
      package iso;
      import dev.swizzlegen.annotations.*;
      final class Kernel {
        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
        interface Q {}

        @SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)
        interface K {}
      }
      """);

  private static final JavaFileObject GRID = JavaFileObjects.forSourceString("iso.Grid", """
      package iso;
      import dev.swizzlegen.annotations.*;
      @ThreadblockSwizzle(order = RasterOrder.STRIPS, tileSize = 4)
      interface Grid {}
      """);

  @TempDir
  Path out;

  /** Every file the processor creates in {@link #compile}. */
  private final FilerRecording recording = new FilerRecording();

  /** A writer's bug: the file named {@code name} cannot be made. */
  private static UnaryOperator<GeneratedFile> failingOn(String name) {
    return file -> {
      if (file.name().equals(name)) {
        throw new IllegalStateException("a writer's bug");
      }
      return file;
    };
  }

  private List<Diagnostic<? extends JavaFileObject>> compile(UnaryOperator<GeneratedFile> made,
      JavaFileObject... sources) {
    return Generated.runJavac(out.resolve("classes"), out.resolve("generated"), List.of(),
        recording.wrap(new SwizzlegenProcessor(made)), List.of(sources)).diagnostics().stream()
        .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
        .toList();
  }

  /** What the processor wrote: class files under {@code classes/}, the rest under {@code generated/}. */
  private List<String> written() {
    return Generated.filesWritten(out, recording);
  }

  private static String bug(String subject, String name) {
    return "swizzlegen failed on " + subject + " " + name + " (java.lang.IllegalStateException: a"
        + " writer's bug); this is a bug in swizzlegen, please report it with this annotation.";
  }

  @Test
  void aTileWhoseHeaderCannotBeMadeHasOneErrorAndNoFiles() {
    // The helper is made before the header: neither is written.
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("swizzlegen/second.cuh"), FIRST, SECOND);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("tile", "Second"));
    assertThat(errors.get(0).getSource().getName()).endsWith("Second.java");
    assertThat(written()).containsExactly(
        "classes/iso/FirstSwizzle.class", "generated/swizzlegen/first.cuh");
  }

  @Test
  void aTileWhoseHelperCannotBeMadeHasOneErrorAndNoFiles() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("iso.SecondSwizzle"), FIRST, SECOND);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("tile", "Second"));
    assertThat(written()).containsExactly(
        "classes/iso/FirstSwizzle.class", "generated/swizzlegen/first.cuh");
  }

  @Test
  void aNestedTileThatFailsLeavesItsSiblingsHelperAndHeader() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("swizzlegen/kernel_k.cuh"), KERNEL);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("tile", "Kernel.K"));
    assertThat(written()).containsExactly("classes/iso/KernelSwizzles.class",
        "classes/iso/KernelSwizzles$QSwizzle.class", "generated/swizzlegen/kernel_q.cuh");
    assertThat(holderMembers()).containsExactly("iso.KernelSwizzles$QSwizzle");
  }

  @Test
  void aNestedTileWhoseHelperCannotBeMadeLeavesItsSiblingsHelperAndHeader() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("iso.KernelSwizzles$QSwizzle"), KERNEL);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("tile", "Kernel.Q"));
    assertThat(written()).containsExactly("classes/iso/KernelSwizzles.class",
        "classes/iso/KernelSwizzles$KSwizzle.class", "generated/swizzlegen/kernel_k.cuh");
    assertThat(holderMembers()).containsExactly("iso.KernelSwizzles$KSwizzle");
  }

  /** The member classes the written {@code iso.KernelSwizzles} lists in its InnerClasses. */
  private List<String> holderMembers() {
    FilerRecording.File holder = recording.files().stream()
        .filter(file -> file.name().equals("iso.KernelSwizzles")).findFirst().orElseThrow();
    return ClassFiles.memberClasses(holder.bytes());
  }

  @Test
  void aHolderClassThatCannotBeMadeFailsEveryTileInItAndWritesNone() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("iso.KernelSwizzles"), KERNEL, FIRST);
    assertThat(errors.stream().map(error -> error.getMessage(Locale.ROOT)).toList())
        .containsExactly(bug("tile", "Kernel.K"), bug("tile", "Kernel.Q"));
    assertThat(written()).containsExactly(
        "classes/iso/FirstSwizzle.class", "generated/swizzlegen/first.cuh");
  }

  @Test
  void aRasterizerWhoseHeaderCannotBeMadeWritesNoJavaTwin() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("swizzlegen/grid.cuh"), GRID, FIRST);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("rasterizer", "Grid"));
    assertThat(written()).containsExactly(
        "classes/iso/FirstSwizzle.class", "generated/swizzlegen/first.cuh");
  }

  @Test
  void aRasterizerWhoseJavaTwinCannotBeMadeWritesNoHeader() {
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(failingOn("iso.GridRaster"), GRID, FIRST);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(Locale.ROOT)).isEqualTo(bug("rasterizer", "Grid"));
    assertThat(written()).containsExactly(
        "classes/iso/FirstSwizzle.class", "generated/swizzlegen/first.cuh");
  }
}
