package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.RasterCheck;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every rasterizer header the processor tests generate compiles under strict nvcc for the oldest
 * supported architecture, sm_80 and sm_90; on the host, on every grid up to 64 x 64 and every tile
 * size 1 to 16, its {@code get_swizzle_idx} is a bijection and gives exactly the Java twin's tiles.
 */
class RasterHeaderNvccTest {

  @Test
  void everyCorpusRasterizerCompilesIsABijectionAndEqualsItsJavaTwin() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: rasterizer headers under nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-rasters");
    Path includeDir = work.resolve("include");
    RasterCheck.verify(nvcc, includeDir, work, RasterCorpus.writeHeaders(includeDir), 64, 16,
        "processor-rasters");
  }
}
