package dev.swizzlegen.bench;

import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rasterizer benchmark, {@code bench/gpu/raster_gemm.cu}, compiles under strict nvcc for sm_90
 * against the headers the processor generates now, so that a run on the GPU never fails on what could
 * have been caught here.
 */
class RasterProgramNvccTest {

  @Test
  void rasterBenchmarkCompilesAgainstTheGeneratedHeaders() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("bench: rasterizer benchmark under nvcc");
    Path out = Path.of("target", "nvcc-work", "raster");
    RasterBenchGenerator.main(new String[] {"target/generated-sources/annotations", out.toString()});
    nvcc.compile(Path.of("gpu", "raster_gemm.cu"), out.resolve("raster_gemm"),
        List.of(out.resolve("include")), List.of("90"));
    nvcc.record("bench-raster", "raster_gemm.cu (" + RasterSuite.orders().size()
        + " generated rasterizers and row-major) compiled for sm_90 with " + Nvcc.STRICT_FLAGS);
    Files.deleteIfExists(out.resolve("raster_gemm"));
  }
}
