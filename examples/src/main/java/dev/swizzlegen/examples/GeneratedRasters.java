package dev.swizzlegen.examples;

import dev.swizzlegen.runtime.raster.Rasterizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rasterizers the processor generated in this module, found from its generated sources: each
 * {@code <Name>Raster.java} Java twin, loaded, with its order, tile size, CUDA header and struct.
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

  /** Every Java twin under {@code generatedSources}, by class name. */
  public static List<Raster> find(Path generatedSources) {
    List<Raster> rasters = new ArrayList<>();
    try (Stream<Path> files = Files.walk(generatedSources)) {
      for (Path file : files.sorted().toList()) {
        String relative = generatedSources.relativize(file).toString().replace('\\', '/');
        if (!relative.endsWith("Raster.java")) {
          continue;
        }
        String className = relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
        Class<?> twin = Class.forName(className);
        rasters.add(new Raster(twin,
            (Rasterizer) twin.getField("RASTERIZER").get(null),
            twin.getField("TILE_SIZE").getInt(null),
            (String) twin.getField("CUDA_HEADER").get(null),
            (String) twin.getField("CUDA_TYPE").get(null)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("a generated rasterizer could not be read", e);
    }
    return rasters;
  }
}
