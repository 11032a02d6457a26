package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.RasterCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every rasterizer header the processor generated for the examples compiles under strict nvcc for the
 * oldest supported architecture, sm_80 and sm_90, and on every grid up to 32 x 32 and tile size up to
 * 16 is a bijection that gives its Java twin's tiles (the processor's tests go to 64 x 64).
 */
class ExampleRastersNvccTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations");

  @Test
  void everyExampleRasterizerCompilesAndEqualsItsJavaTwin() {
    Nvcc nvcc = Nvcc.requireOrSkip("examples: generated rasterizer headers under nvcc");
    List<GeneratedRasters.Raster> found = GeneratedRasters.find(GENERATED);
    assertEquals(8, found.size(), "generated rasterizers: " + found);
    List<RasterCheck.Raster> rasters = new ArrayList<>();
    for (GeneratedRasters.Raster raster : found) {
      rasters.add(new RasterCheck.Raster(raster.cudaHeader(), raster.cudaType(), raster.rasterizer(),
          raster.tileSize()));
    }
    RasterCheck.verify(nvcc, GENERATED, Path.of("target", "nvcc-work", "examples-rasters"), rasters,
        32, 16, "examples-rasters");
  }
}
