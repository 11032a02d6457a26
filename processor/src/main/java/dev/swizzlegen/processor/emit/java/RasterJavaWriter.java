package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.RasterRoutines;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.emit.java.JavaClass.Doc;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.List;

/**
 * Makes {@code <Name>Raster}: the Java twin of the rasterizer's CUDA header, with the annotation's
 * order and default tile size: {@code RASTERIZER}, {@code TILE_SIZE}, {@code CUDA_HEADER},
 * {@code CUDA_TYPE}, {@code getSwizzleIdx(blockIdx, gridX, gridY[, tileSize])} and
 * {@code launchGrid(gridX, gridY[, tileSize])}. {@code getSwizzleIdx} is the header's
 * {@code get_swizzle_idx}, the order's one {@link Routine} ({@link RasterRoutines#of}), after the
 * model's argument check ({@link Rasterizer#checkArguments}), which throws the model's
 * {@code IllegalArgumentException} for a block outside the launch; {@code launchGrid} calls the
 * model's {@link Rasterizer#launchGrid}.
 */
public final class RasterJavaWriter {
  private static final String RASTERIZER = "dev.swizzlegen.runtime.raster.Rasterizer";
  private static final String TILE_COORD = "dev.swizzlegen.runtime.raster.TileCoord";
  private static final String LAUNCH_GRID = "dev.swizzlegen.runtime.raster.LaunchGrid";

  public JavaClass twin(RasterSpec raster) {
    List<String> block = List.of("blockIdx", "gridX", "gridY");
    List<String> grid = List.of("gridX", "gridY");
    int tileSize = raster.tileSize();
    return new JavaClass(raster.javaClass(), List.of(Doc.paragraph("The rasterizer "
        + raster.rasterizer().name() + " of " + raster.type().getQualifiedName() + ", as "
        + raster.headerPath() + " has it in C++ (" + raster.cudaType() + ").")), List.of(
        new JavaClass.EnumValue("RASTERIZER", RASTERIZER, raster.rasterizer().name(),
            "The order, as the runtime's model."),
        new JavaClass.IntConstant("TILE_SIZE", tileSize, "The default tile size."),
        new JavaClass.StringConstant("CUDA_HEADER", raster.headerPath(),
            "The CUDA header with the same functions, under the generated sources."),
        new JavaClass.StringConstant("CUDA_TYPE", raster.cudaType(), "The header's struct."),
        new JavaClass.RoutineMethod("getSwizzleIdx", RasterRoutines.PARAMETERS, "RASTERIZER",
            RASTERIZER, "checkArguments", RasterRoutines.of(raster.rasterizer()), TILE_COORD,
            "The tile block blockIdx computes, as the header's get_swizzle_idx."),
        new JavaClass.Defaulted("getSwizzleIdx", block, "TILE_SIZE", tileSize, TILE_COORD,
            "getSwizzleIdx with the default tile size."),
        new JavaClass.ModelCall("launchGrid", List.of("gridX", "gridY", "tileSize"), "RASTERIZER",
            RASTERIZER, "launchGrid", LAUNCH_GRID, "The launch's grid for a grid of tiles."),
        new JavaClass.Defaulted("launchGrid", grid, "TILE_SIZE", tileSize, LAUNCH_GRID,
            "launchGrid with the default tile size.")), List.of());
  }
}
