package dev.swizzlegen.processor;

import dev.swizzlegen.processor.testing.Nvcc;
import dev.swizzlegen.processor.testing.RasterCheck;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    Generated generated = Generated.of(RasterCorpus.sources());
    Path work = Path.of("target", "nvcc-work", "processor-rasters");
    Path includeDir = work.resolve("include");
    List<RasterCheck.Raster> rasters = new ArrayList<>();
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Path header = includeDir.resolve(raster.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(raster.header()));
      Generated.Helper twin = generated.helper(raster.javaClass());
      rasters.add(new RasterCheck.Raster(raster.header(), raster.cudaType(),
          (Rasterizer) twin.constant("RASTERIZER"), twin.intConstant("TILE_SIZE")));
    }
    RasterCheck.verify(nvcc, includeDir, work, rasters, 64, 16, "processor-rasters");
  }
}
