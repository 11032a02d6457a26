package dev.swizzlegen.processor;

import dev.swizzlegen.processor.emit.RasterizerCuda;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TileCoord;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes {@code <Name>Raster}: the Java twin of the rasterizer's CUDA header. Its functions are the
 * model's {@link Rasterizer}, which the header's CUDA mirrors statement for statement, with the
 * annotation's order and default tile size.
 */
final class RasterJavaWriter {
  private static final String GENERATOR = SwizzlegenProcessor.class.getName();

  private final boolean generatedAnnotationAvailable;

  /** @param generatedAnnotationAvailable whether {@code javax.annotation.processing.Generated} exists */
  RasterJavaWriter(boolean generatedAnnotationAvailable) {
    this.generatedAnnotationAvailable = generatedAnnotationAvailable;
  }

  GeneratedFile write(RasterSpec raster) {
    Rasterizer rasterizer = raster.rasterizer();
    String name = raster.javaClass().simpleName();
    String rasterType = raster.type().getQualifiedName().toString();
    String packageName = raster.javaClass().packageName();
    String relativeType = packageName.isEmpty() ? rasterType
        : rasterType.substring(packageName.length() + 1);
    JavaSource source = new JavaSource(packageName,
        Set.of(name, Names.topLevelType(raster.type()).getSimpleName().toString()));
    String coord = source.type(TileCoord.class);
    String grid = source.type(LaunchGrid.class);
    List<String> doc = new ArrayList<>();
    doc.add("Threadblock rasterizer for {@link " + relativeType + "}: {@code " + rasterizer
        + "}, default tile size " + raster.tileSize() + ":");
    doc.addAll(RasterHeaderWriter.wrap(RasterizerCuda.summary(rasterizer) + ".", 96));
    doc.add("");
    doc.add("<p>A grid of {@code gridX x gridY} output tiles ({@code gridX = ceil(N / BN)} columns,");
    doc.add("{@code gridY = ceil(M / BM)} rows); {@code blockIdx} is a block's place in the launch,");
    doc.add("{@code blockIdx.y * gridDim.x + blockIdx.x}; a {@link " + coord + "} is seed 003's"
        + " {@code uint2}:");
    doc.add("{@code x} the column, {@code y} the row. Every block of {@link #launchGrid} gets a");
    doc.add("different tile and every tile a block" + (rasterizer == Rasterizer.CUTLASS_IDENTITY
        ? ", except the idle blocks of the last strip, whose {@code x} is {@code gridX} or more"
        : "") + ".");
    doc.add("");
    doc.add("<p>CUDA twin: {@code " + raster.cudaType() + "::get_swizzle_idx} in {@code #include \""
        + raster.headerPath() + "\"}.");
    source.javadoc(doc);
    if (generatedAnnotationAvailable) {
      source.line("@" + source.type(javax.annotation.processing.Generated.class) + "(\"" + GENERATOR
          + "\")");
    }
    String string = source.type(String.class);
    source.open("public final class " + name)
        .javadoc("The order, as a runtime object (for {@code TrafficEstimator}, say).")
        .line("public static final " + source.type(Rasterizer.class) + " RASTERIZER = "
            + source.type(Rasterizer.class) + "." + rasterizer.name() + ";")
        .blank()
        .javadoc("The default tile size, {@code kTileSize} in CUDA"
            + (rasterizer.usesTileSize() ? "" : " (" + rasterizer + " ignores it)") + ".")
        .line("public static final int TILE_SIZE = " + raster.tileSize() + ";")
        .blank()
        .javadoc("The CUDA twin's header, relative to the generated sources: {@code #include \""
            + raster.headerPath() + "\"}.")
        .line("public static final " + string + " CUDA_HEADER = \"" + raster.headerPath() + "\";")
        .blank()
        .javadoc("The CUDA twin's struct.")
        .line("public static final " + string + " CUDA_TYPE = \"" + raster.cudaType() + "\";")
        .blank()
        .line("private " + name + "() {").line("}")
        .blank()
        .javadoc(List.of("The tile of the {@code blockIdx}-th block of a {@link #launchGrid} launch:",
            "{@code get_swizzle_idx(block_idx, grid_x, grid_y, tile_size)} in CUDA."))
        .open("public static " + coord + " getSwizzleIdx(int blockIdx, int gridX, int gridY,"
            + " int tileSize)")
        .line("return RASTERIZER.tile(blockIdx, gridX, gridY, tileSize);")
        .close()
        .blank()
        .javadoc("{@link #getSwizzleIdx(int, int, int, int)} with the default {@link #TILE_SIZE}.")
        .open("public static " + coord + " getSwizzleIdx(int blockIdx, int gridX, int gridY)")
        .line("return getSwizzleIdx(blockIdx, gridX, gridY, TILE_SIZE);")
        .close()
        .blank()
        .javadoc("The grid to launch for {@code gridX x gridY} tiles: {@code launch_grid} in CUDA.")
        .open("public static " + grid + " launchGrid(int gridX, int gridY, int tileSize)")
        .line("return RASTERIZER.launchGrid(gridX, gridY, tileSize);")
        .close()
        .blank()
        .javadoc("{@link #launchGrid(int, int, int)} with the default {@link #TILE_SIZE}.")
        .open("public static " + grid + " launchGrid(int gridX, int gridY)")
        .line("return launchGrid(gridX, gridY, TILE_SIZE);")
        .close()
        .close();
    return new GeneratedFile(GeneratedFile.Kind.JAVA_SOURCE, raster.javaClass().canonicalName(),
        source.file("Generated by swizzlegen from " + rasterType + ". Do not edit."));
  }
}
