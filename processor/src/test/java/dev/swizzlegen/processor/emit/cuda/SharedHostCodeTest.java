package dev.swizzlegen.processor.emit.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The TMA encoder is host code every TMA header shares: defined at most once per header, guarded, in
 * {@code ::swizzlegen::detail} whatever the struct's namespace, so that headers generated with
 * different {@code -Aswizzlegen.namespace} compile in one translation unit, each struct's
 * {@code encode_tma_tensor_map} calling the one encoder.
 */
class SharedHostCodeTest {

  private static JavaFileObject tmaTile(String name) {
    return JavaFileObjects.forSourceString("com.acme." + name, """
        package com.acme;

        import dev.swizzlegen.annotations.*;

        @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 64, cols = 128,
            atomRows = 8, atomCols = 64, access = @Access(kind = AccessKind.TMA, op = Op.STORE))
        public interface %s {}
        """.formatted(name));
  }

  @Test
  void headersOfTwoNamespacesShareOneEncoderInOneTranslationUnit() throws IOException {
    Path work = Path.of("target", "shared-host-code");
    Path include = work.resolve("include");
    Files.createDirectories(include.resolve("swizzlegen"));
    String first = Generated.of(List.of("-Aswizzlegen.namespace=acme::kernels"), tmaTile("TileA"))
        .text("swizzlegen/tile_a.cuh");
    String second = Generated.of(List.of("-Aswizzlegen.namespace=beta"), tmaTile("TileB"))
        .text("swizzlegen/tile_b.cuh");
    for (String header : List.of(first, second)) {
      assertEquals(1, header.split("inline CUresult encode_tma_2d\\(", -1).length - 1, header);
      assertEquals(1, header.split("#define SWIZZLEGEN_ENCODE_TMA_2D_DEFINED", -1).length - 1);
    }
    Files.writeString(include.resolve("swizzlegen/tile_a.cuh"), first);
    Files.writeString(include.resolve("swizzlegen/tile_b.cuh"), second);
    String program = """
        #include "swizzlegen/tile_a.cuh"
        #include "swizzlegen/tile_b.cuh"

        int main() {
          // Both encoders exist and call the shared one (not run: no driver is needed to build).
          auto a = &acme::kernels::TileA::encode_tma_tensor_map;
          auto b = &beta::TileB::encode_tma_tensor_map;
          return a == nullptr || b == nullptr;
        }
        """;
    Path cpp = work.resolve("two_namespaces.cpp");
    Files.writeString(cpp, program);
    Gxx gxx = Gxx.requireOrSkip("processor: two TMA headers of two namespaces (g++)");
    gxx.build(cpp, work.resolve("two_namespaces_gxx"), List.of(include), List.of());
    Nvcc nvcc = Nvcc.requireOrSkip("processor: two TMA headers of two namespaces (nvcc)")
        .oldestArchitectureOnly();
    Path cu = work.resolve("two_namespaces.cu");
    Files.writeString(cu, program);
    nvcc.build(cu, work.resolve("two_namespaces_nvcc"), List.of(include), List.of());
  }
}
