package dev.swizzlegen.examples;

import dev.swizzlegen.runtime.raster.Rasterizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rasterizers the processor generated in this module, found from its class output: each
 * {@code <Name>Raster} Java twin whose header is among the generated sources, loaded, with its order,
 * tile size, CUDA header and struct.
 */
public final class GeneratedRasters {
  /**
   * One generated Java twin.
   *
   * @param twin the loaded {@code <Name>Raster} class
   * @param rasterizer its {@code RASTERIZER}
   * @param tileSize its {@code TILE_SIZE}
   * @param cudaHeader its {@code CUDA_HEADER}, relative to the generated sources
   * @param cudaType its {@code CUDA_TYPE}
   */
  public record Raster(Class<?> twin, Rasterizer rasterizer, int tileSize, String cudaHeader,
      String cudaType) {}

  private GeneratedRasters() {}

  /** Every Java twin whose header is under {@code generatedSources}, by class name. */
  public static List<Raster> find(Path generatedSources) {
    List<Raster> rasters = new ArrayList<>();
    try {
      for (Class<?> twin : GeneratedTiles.generatedClasses(generatedSources, "Raster")) {
        rasters.add(new Raster(twin,
            (Rasterizer) twin.getField("RASTERIZER").get(null),
            twin.getField("TILE_SIZE").getInt(null),
            (String) twin.getField("CUDA_HEADER").get(null),
            (String) twin.getField("CUDA_TYPE").get(null)));
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("a generated rasterizer could not be read", e);
    }
    return rasters;
  }
}
