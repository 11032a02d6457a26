package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.Golden;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exact text of generated rasterizers: seed 003's strips (header, and Java twin's class file as
 * ASM's Textifier reads it), CUTLASS's padded launch and Morton's descent. After an intended
 * change to the writers or the model's CUDA, regenerate with
 * {@code mvn -pl processor test -Dtest=RasterGoldenFileTest -Dswizzlegen.updateGolden=true} and review
 * the diff.
 */
class RasterGoldenFileTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "raster");
  private static Generated generated;

  /** The template names exactly what the writer's variables give. */
  @Test
  void theTemplateAndItsVariablesAgree() {
    assertEquals(Template.variables(RasterHeaderWriter.Variables.class),
        Template.load(RasterHeaderWriter.class, "raster.cuh.template").names());
  }

  @BeforeAll
  static void compile() {
    generated = Generated.of(
        JavaFileObjects.forSourceString("com.acme.Gemm", """
            package com.acme;

            import dev.swizzlegen.annotations.ThreadblockSwizzle;

            /** Seed 003's GEMM: 32 x 32 output tiles, strips of 4 tiles. */
            @ThreadblockSwizzle(tileSize = 4)
            public interface Gemm {}
            """),
        JavaFileObjects.forSourceString("com.acme.CutlassGemm", """
            package com.acme;

            import dev.swizzlegen.annotations.RasterOrder;
            import dev.swizzlegen.annotations.ThreadblockSwizzle;

            @ThreadblockSwizzle(order = RasterOrder.CUTLASS_IDENTITY, tileSize = 8)
            public interface CutlassGemm {}
            """),
        JavaFileObjects.forSourceString("com.acme.ZOrderGemm", """
            package com.acme;

            import dev.swizzlegen.annotations.RasterOrder;
            import dev.swizzlegen.annotations.ThreadblockSwizzle;

            @ThreadblockSwizzle(order = RasterOrder.MORTON)
            public interface ZOrderGemm {}
            """));
  }

  @Test
  void stripsHeader() throws IOException {
    assertGolden("gemm.cuh", generated.text("swizzlegen/gemm.cuh"));
  }

  /** The Java twin's class file, read back as text (ASM's Textifier). */
  @Test
  void stripsJavaTwin() throws IOException {
    assertGolden("GemmRaster.class.txt",
        ClassFiles.text(generated.classBytes("com.acme.GemmRaster")));
  }

  @Test
  void cutlassHeader() throws IOException {
    assertGolden("cutlass_gemm.cuh", generated.text("swizzlegen/cutlass_gemm.cuh"));
  }

  @Test
  void mortonHeader() throws IOException {
    assertGolden("z_order_gemm.cuh", generated.text("swizzlegen/z_order_gemm.cuh"));
  }

  private static void assertGolden(String file, String actual) throws IOException {
    Golden.assertMatches(GOLDEN, file, actual);
  }
}
