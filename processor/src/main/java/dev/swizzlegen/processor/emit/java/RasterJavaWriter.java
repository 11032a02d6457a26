package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.ClassFile;
import dev.swizzlegen.processor.emit.Code;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.RasterRoutines;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code <Name>Raster}: the Java twin of the rasterizer's CUDA header, as a class file (as the
 * tiles' helpers are), with the annotation's order and default tile size: {@code RASTERIZER},
 * {@code TILE_SIZE}, {@code CUDA_HEADER}, {@code CUDA_TYPE},
 * {@code getSwizzleIdx(blockIdx, gridX, gridY[, tileSize])} and
 * {@code launchGrid(gridX, gridY[, tileSize])}. {@code getSwizzleIdx} is the header's
 * {@code get_swizzle_idx}, the order's one {@link Routine} ({@link RasterRoutines#of}) compiled to
 * bytecode, after the model's argument check ({@link Rasterizer#checkArguments}), which
 * throws the model's {@code IllegalArgumentException} for a block outside the launch;
 * {@code launchGrid} calls the model's {@link Rasterizer#launchGrid}.
 */
public final class RasterJavaWriter {
  private static final String RASTERIZER = "dev/swizzlegen/runtime/raster/Rasterizer";
  private static final String TILE_COORD = "Ldev/swizzlegen/runtime/raster/TileCoord;";
  private static final String LAUNCH_GRID = "Ldev/swizzlegen/runtime/raster/LaunchGrid;";

  public GeneratedFile write(RasterSpec raster) {
    String binaryName = raster.javaClass().binaryName();
    ClassFile twin = new ClassFile(binaryName, ClassFile.PUBLIC | ClassFile.FINAL);
    String self = twin.internalName();
    String order = "L" + RASTERIZER + ";";
    twin.staticField("RASTERIZER", order, null);
    twin.initializer().staticField(false, RASTERIZER, raster.rasterizer().name(), order)
        .staticField(true, self, "RASTERIZER", order);
    twin.intConstant("TILE_SIZE", raster.tileSize());
    twin.stringConstant("CUDA_HEADER", raster.headerPath());
    twin.stringConstant("CUDA_TYPE", raster.cudaType());
    twin.privateConstructor();
    // getSwizzleIdx(blockIdx, gridX, gridY, tileSize): the model's check, then the routine.
    Routine routine = RasterRoutines.of(raster.rasterizer());
    String withTileSize = "(IIII)" + TILE_COORD;
    Code tile = twin.code(routine.locals());
    tile.staticField(false, self, "RASTERIZER", order);
    for (int slot = 0; slot < 4; slot++) {
      tile.loadInt(slot);
    }
    tile.invokeVirtual(RASTERIZER, "checkArguments", "(IIII)V", -5);
    routine.compile(tile, TILE_COORD.substring(1, TILE_COORD.length() - 1));
    twin.method(ClassFile.PUBLIC | ClassFile.STATIC, "getSwizzleIdx", withTileSize,
        List.of("blockIdx", "gridX", "gridY", "tileSize"), tile);
    defaulted(twin, "getSwizzleIdx", TILE_COORD, 3, List.of("blockIdx", "gridX", "gridY"),
        raster.tileSize());
    method(twin, "launchGrid", "launchGrid", LAUNCH_GRID, List.of("gridX", "gridY"),
        raster.tileSize());
    return GeneratedFile.classFile(binaryName, twin.bytes());
  }

  /**
   * {@code name(parameters..., tileSize)}, which returns {@code RASTERIZER.modelMethod(...)}, and
   * {@code name(parameters...)}, which passes {@code TILE_SIZE}.
   */
  private static void method(ClassFile twin, String name, String modelMethod, String result,
      List<String> parameters, int tileSize) {
    int count = parameters.size();
    String withTileSize = "(" + "I".repeat(count + 1) + ")" + result;
    Code full = twin.code(count + 1);
    full.staticField(false, twin.internalName(), "RASTERIZER", "L" + RASTERIZER + ";");
    for (int slot = 0; slot <= count; slot++) {
      full.loadInt(slot);
    }
    full.invokeVirtual(RASTERIZER, modelMethod, withTileSize, -(count + 1)).returnReference();
    List<String> named = new ArrayList<>(parameters);
    named.add("tileSize");
    twin.method(ClassFile.PUBLIC | ClassFile.STATIC, name, withTileSize, named, full);
    defaulted(twin, name, result, count, parameters, tileSize);
  }

  /** {@code name(parameters...)}, which calls {@code name(parameters..., TILE_SIZE)}. */
  private static void defaulted(ClassFile twin, String name, String result, int count,
      List<String> parameters, int tileSize) {
    String withTileSize = "(" + "I".repeat(count + 1) + ")" + result;
    Code defaulted = twin.code(count);
    for (int slot = 0; slot < count; slot++) {
      defaulted.loadInt(slot);
    }
    // The default tile size, as javac inlines the constant.
    defaulted.push(tileSize).invokeStatic(twin.internalName(), name, withTileSize, false, -count)
        .returnReference();
    twin.method(ClassFile.PUBLIC | ClassFile.STATIC, name, "(" + "I".repeat(count) + ")" + result,
        parameters, defaulted);
  }
}
