package dev.swizzlegen.processor.read;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.common.truth.Truth;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A name that would collide with what the generated header declares, uses or includes, or with a C++
 * keyword, is an error on {@code name} (SPEC section 8), for tiles and rasterizers alike, and on the
 * annotation where the name is the type's own; so is a Java class the sources already declare, and a
 * namespace part that is such a name. Issue 18's names each made a header that did not compile.
 */
class NameCollisionTest {
  /** Issue 18's tile names, and one of every other kind of collision. */
  static final List<String> TILE_NAMES = List.of(
      // The header's members.
      "offset", "swizzle", "unswizzle", "row", "col", "stage", "atom_start", "kRows", "kStages",
      "tma_box_offset", "encode_tma_tensor_map", "wgmma_desc", "kWgmmaDescriptor",
      // Types, macros and built-ins it uses or includes, and the CUDA API.
      "uint32_t", "uint64_t", "size_t", "NULL", "INT32_MAX", "dim3", "float4", "half", "blockIdx",
      "warpSize", "CUtensorMap", "CU_TENSOR_MAP_SWIZZLE_128B", "cudaError_t", "CUDART_VERSION",
      "SWIZZLEGEN_HOST_DEVICE",
      // C++20 keywords; a rasterizer's members.
      "co_await", "requires", "get_swizzle_idx", "launch_grid");

  /** Issue 18's rasterizer names, and others. */
  static final List<String> RASTER_NAMES = List.of("uint2", "dim3", "get_swizzle_idx", "launch_grid",
      "kTileSize", "grid_x", "gridDim", "offset", "uint32_t", "NULL", "concept");

  private static JavaFileObject source(String annotation, List<String> names) {
    StringBuilder source = new StringBuilder("package p;\n\nimport dev.swizzlegen.annotations.*;\n\n");
    for (int i = 0; i < names.size(); i++) {
      source.append(annotation).append(", name = \"").append(names.get(i)).append("\")\ninterface T")
          .append(i).append(" {}\n\n");
    }
    return JavaFileObjects.forSourceString("p.T", source.toString());
  }

  @Test
  void tileNamesThatCollideAreErrorsOnName() {
    JavaFileObject source = source("@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF", TILE_NAMES);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(TILE_NAMES.size());
    for (String name : TILE_NAMES) {
      assertThat(compilation).hadErrorContaining("name \"" + name + "\"").inFile(source)
          .onLineContaining("name = \"" + name + "\")");
    }
    Truth.assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void rasterizerNamesThatCollideAreErrorsOnName() {
    JavaFileObject source = source("@ThreadblockSwizzle(tileSize = 4", RASTER_NAMES);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(RASTER_NAMES.size());
    for (String name : RASTER_NAMES) {
      assertThat(compilation).hadErrorContaining("name \"" + name + "\"").inFile(source)
          .onLineContaining("name = \"" + name + "\")");
    }
    Truth.assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void aTypesOwnNameThatCollidesIsAnErrorOnTheAnnotation() {
    JavaFileObject tile = JavaFileObjects.forSourceString("p.row", """
        package p;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF)
        interface row {}
        """);
    JavaFileObject raster = JavaFileObjects.forSourceString("p.uint2", """
        package p;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle
        interface uint2 {}
        """);
    Compilation compilation = Generated.compile(tile, raster);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("the generated names come from the type's name, but"
        + " name \"row\" would collide with row in the generated headers").inFile(tile)
        .onLineContaining("@SwizzledTile(");
    assertThat(compilation).hadErrorContaining("the generated names come from the type's name, but"
        + " name \"uint2\" would collide with uint2, a type, macro or built-in").inFile(raster)
        .onLineContaining("@ThreadblockSwizzle");
    Truth.assertThat(Generated.filesWrittenByJavac(tile, raster)).isEmpty();
  }

  @Test
  void aNameThatIsPartOfTheNamespaceIsAnErrorOnName() {
    JavaFileObject source = source("@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF",
        List.of("acme", "kernels"));
    Compilation compilation =
        Generated.compile(List.of("-Aswizzlegen.namespace=acme::kernels"), source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("name \"kernels\" is a part of the generated structs'"
        + " namespace acme::kernels").inFile(source).onLineContaining("name = \"kernels\"");
  }

  @Test
  void aNamespacePartThatCollidesIsAnErrorOnTheOption() {
    JavaFileObject source = source("@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF",
        List.of("GemmA"));
    for (String namespace : List.of("acme::dim3", "uint32_t", "acme::co_await", "acme::__k")) {
      Compilation compilation =
          Generated.compile(List.of("-Aswizzlegen.namespace=" + namespace), source);
      assertThat(compilation).hadErrorContaining("-Aswizzlegen.namespace=" + namespace
          + " is not a C++ namespace");
      Truth.assertThat(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.namespace=" + namespace),
          source)).isEmpty();
    }
  }

  /**
   * A part that only repeats a name the headers' structs declare collides with nothing: the headers
   * name their own namespace from the global one.
   */
  @Test
  void aNamespacePartThatOnlyRepeatsAHeadersMemberIsFine() {
    JavaFileObject source = source("@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF",
        List.of("GemmA"));
    for (String namespace : List.of("acme::k", "acme::offset", "row::col", "detail")) {
      assertThat(Generated.compile(List.of("-Aswizzlegen.namespace=" + namespace), source))
          .succeededWithoutWarnings();
    }
  }

  @Test
  void javaClassesTheSourcesDeclareAreErrorsOnName() {
    // The annotated type is the helper's name; another source declares the rasterizer's twin.
    JavaFileObject tile = JavaFileObjects.forSourceString("p.GemmASwizzle", """
        package p;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF,
            name = "GemmA")
        interface GemmASwizzle {}
        """);
    JavaFileObject raster = JavaFileObjects.forSourceString("p.Gemm", """
        package p;
        import dev.swizzlegen.annotations.*;
        @ThreadblockSwizzle
        interface Gemm {}
        """);
    JavaFileObject twin = JavaFileObjects.forSourceString("p.GemmRaster", """
        package p;
        final class GemmRaster {}
        """);
    Compilation compilation = Generated.compile(tile, raster, twin);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("name \"GemmA\" would generate the Java class"
        + " p.GemmASwizzle, which the sources already declare").inFile(tile)
        .onLineContaining("name = \"GemmA\"");
    assertThat(compilation).hadErrorContaining("name \"Gemm\" would generate the Java class"
        + " p.GemmRaster, which the sources already declare").inFile(raster)
        .onLineContaining("@ThreadblockSwizzle");
  }
}
