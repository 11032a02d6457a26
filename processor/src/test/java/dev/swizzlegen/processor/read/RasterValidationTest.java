package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every invalid {@code @ThreadblockSwizzle} attribute is one error on its own line, naming the
 * rasterizer; a rasterizer with errors generates nothing; javac never sees an exception.
 */
class RasterValidationTest {

  /** A rasterizer whose attributes each stand on their own line. */
  private static JavaFileObject raster(String type, String... attributes) {
    return JavaFileObjects.forSourceString("bad." + type,
        "package bad;\n\nimport dev.swizzlegen.annotations.*;\n\n@ThreadblockSwizzle(\n    "
            + String.join(",\n    ", attributes) + ")\ninterface " + type + " {}\n");
  }

  private static void assertOneErrorOnLine(String message, String line, String... attributes) {
    JavaFileObject source = raster("Bad", attributes);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("rasterizer Bad: " + message).inFile(source)
        .onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void zeroTileSize() {
    assertOneErrorOnLine("tileSize must be 1 to 1024, not 0.", "tileSize = 0", "tileSize = 0");
  }

  @Test
  void negativeTileSize() {
    assertOneErrorOnLine("tileSize must be 1 to 1024, not -4.", "tileSize = -4",
        "order = RasterOrder.GROUPED", "tileSize = -4");
  }

  @Test
  void cutlassTileSizeThatIsNotAPowerOfTwo() {
    assertOneErrorOnLine("tileSize 6 is not a power of two, which CUTLASS_IDENTITY's log tile needs"
            + " (tileSize = 2^log_tile): use 4 or 8.", "tileSize = 6",
        "order = RasterOrder.CUTLASS_IDENTITY", "tileSize = 6");
  }

  @Test
  void nameThatIsNotAnIdentifier() {
    assertOneErrorOnLine("name \"9lives\" is not a C++ identifier", "name = \"9lives\"",
        "name = \"9lives\"");
  }

  @Test
  void nameThatIsReservedToTheImplementation() {
    assertOneErrorOnLine("name \"_Grid\" is reserved to the C++ implementation", "name = \"_Grid\"",
        "tileSize = 8", "name = \"_Grid\"");
  }

  @Test
  void everyProblemOfOneRasterizerIsReported() {
    JavaFileObject source = raster("Bad", "order = RasterOrder.CUTLASS_IDENTITY", "tileSize = 3",
        "name = \"a-b\"");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("not a power of two").inFile(source)
        .onLineContaining("tileSize = 3");
    assertThat(compilation).hadErrorContaining("not a C++ identifier").inFile(source)
        .onLineContaining("name = \"a-b\"");
  }

  @Test
  void aTileAndARasterizerOnOneTypeMustBeNamedApart() {
    JavaFileObject both = JavaFileObjects.forSourceString("a.Gemm", """
        package a;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF)
        @ThreadblockSwizzle(
            tileSize = 8)
        interface Gemm {}
        """);
    Compilation compilation = Generated.compile(both);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("rasterizer Gemm: its header swizzlegen/gemm.cuh is"
            + " already generated for the @SwizzledTile of this type; set name to tell them apart.")
        .inFile(both).onLineContaining("@ThreadblockSwizzle(");
    // The tile's files are written; the rasterizer's are not.
    assertThat(Generated.filesWrittenByJavac(Generated.REPORTS, both)).containsExactly(
        "classes/a/GemmSwizzle.class",
        "generated/swizzlegen/gemm.cuh", "generated/swizzlegen/gemm.json",
        "generated/swizzlegen/gemm-bank-map.svg");
  }

  @Test
  void aTileAndARasterizerNamedApartBothGenerate() {
    JavaFileObject both = JavaFileObjects.forSourceString("a.Gemm", """
        package a;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF)
        @ThreadblockSwizzle(tileSize = 8, name = "GemmGrid")
        interface Gemm {}
        """);
    assertThat(Generated.compile(both)).succeededWithoutWarnings();
    assertThat(Generated.filesWrittenByJavac(both)).containsAtLeast("classes/a/GemmSwizzle.class",
        "generated/swizzlegen/gemm.cuh", "classes/a/GemmGridRaster.class",
        "generated/swizzlegen/gemm_grid.cuh");
  }

  @Test
  void twoRasterizersMappingToOneHeader() {
    JavaFileObject first = JavaFileObjects.forSourceString("a.First", """
        package a;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle(name = "Grid")
        interface First {}
        """);
    JavaFileObject second = JavaFileObjects.forSourceString("b.Second", """
        package b;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle(order = RasterOrder.MORTON,
            name = "Grid")
        interface Second {}
        """);
    Compilation compilation = Generated.compile(first, second);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("rasterizer Second: its header swizzlegen/grid.cuh is"
        + " already generated for the @ThreadblockSwizzle of a.First").inFile(second)
        .onLineContaining("name = \"Grid\"");
    assertThat(Generated.filesWrittenByJavac(first, second))
        .containsExactly("classes/a/GridRaster.class", "generated/swizzlegen/grid.cuh");
  }

  @Test
  void errorsInOneRasterizerLeaveTheOthersGenerated() {
    JavaFileObject bad = raster("Bad", "tileSize = 0");
    JavaFileObject good = JavaFileObjects.forSourceString("good.Good", """
        package good;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle(order = RasterOrder.SERPENTINE)
        interface Good {}
        """);
    Compilation compilation = Generated.compile(bad, good);
    assertThat(compilation).hadErrorCount(1);
    assertThat(Generated.filesWrittenByJavac(bad, good))
        .containsExactly("classes/good/GoodRaster.class", "generated/swizzlegen/good.cuh");
  }

  @Test
  void attributeOfTheWrongTypeIsLeftToJavac() {
    JavaFileObject source = raster("Typo", "tileSize = \"four\"");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    for (var error : compilation.errors()) {
      assertThat(error.getMessage(null)).doesNotContain("swizzlegen");
    }
  }
}
