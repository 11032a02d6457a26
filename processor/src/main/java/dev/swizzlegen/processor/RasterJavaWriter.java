package dev.swizzlegen.processor;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TileCoord;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>Raster}: the Java twin of the rasterizer's CUDA header. Its functions are the
 * model's {@link Rasterizer}, which the header's CUDA mirrors statement for statement, with the
 * annotation's order and default tile size.
 */
final class RasterJavaWriter {
  private static final String GENERATOR = SwizzlegenProcessor.class.getName();
  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");

  private final boolean generatedAnnotationAvailable;

  /** @param generatedAnnotationAvailable whether {@code javax.annotation.processing.Generated} exists */
  RasterJavaWriter(boolean generatedAnnotationAvailable) {
    this.generatedAnnotationAvailable = generatedAnnotationAvailable;
  }

  GeneratedFile write(RasterSpec raster) {
    Rasterizer rasterizer = raster.rasterizer();
    TypeSpec.Builder type = TypeSpec.classBuilder(raster.javaClass())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addOriginatingElement(raster.type())
        .addJavadoc(CodeBlock.builder()
            .add("Threadblock rasterizer for {@link $T}: {@code $L}, default tile size $L:\n",
                ClassName.get(raster.type()), rasterizer, raster.tileSize())
            .add("$L\n", String.join("\n", RasterHeaderWriter.wrap(rasterizer.summary() + ".", 96)))
            .add("\n<p>A grid of {@code gridX x gridY} output tiles ({@code gridX = ceil(N / BN)} columns,\n")
            .add("{@code gridY = ceil(M / BM)} rows); {@code blockIdx} is a block's place in the launch,\n")
            .add("{@code blockIdx.y * gridDim.x + blockIdx.x}; a {@link $T} is seed 003's {@code uint2}:\n",
                TileCoord.class)
            .add("{@code x} the column, {@code y} the row. Every block of {@link #launchGrid} gets a\n")
            .add("different tile and every tile a block$L.\n",
                rasterizer == Rasterizer.CUTLASS_IDENTITY
                    ? ", except the idle blocks of the last strip, whose {@code x} is {@code gridX} or more"
                    : "")
            .add("\n<p>CUDA twin: {@code $L::get_swizzle_idx} in {@code #include \"$L\"}.\n",
                raster.cudaType(), raster.headerPath())
            .build());
    if (generatedAnnotationAvailable) {
      type.addAnnotation(AnnotationSpec.builder(GENERATED)
          .addMember("value", "$S", GENERATOR)
          .build());
    }
    type.addField(FieldSpec.builder(Rasterizer.class, "RASTERIZER",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The order, as a runtime object (for {@code TrafficEstimator}, say).\n")
        .initializer("$T.$L", Rasterizer.class, rasterizer.name())
        .build());
    type.addField(FieldSpec.builder(TypeName.INT, "TILE_SIZE",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The default tile size, {@code kTileSize} in CUDA$L.\n",
            rasterizer.usesTileSize() ? "" : " (" + rasterizer + " ignores it)")
        .initializer("$L", raster.tileSize())
        .build());
    type.addField(FieldSpec.builder(String.class, "CUDA_HEADER",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The CUDA twin's header, relative to the generated sources: {@code #include $S}.\n",
            raster.headerPath())
        .initializer("$S", raster.headerPath())
        .build());
    type.addField(FieldSpec.builder(String.class, "CUDA_TYPE",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The CUDA twin's struct.\n")
        .initializer("$S", raster.cudaType())
        .build());
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    type.addMethod(MethodSpec.methodBuilder("getSwizzleIdx")
        .addJavadoc("The tile of the {@code blockIdx}-th block of a {@link #launchGrid} launch:\n"
            + "{@code get_swizzle_idx(block_idx, grid_x, grid_y, tile_size)} in CUDA.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(TileCoord.class)
        .addParameter(int.class, "blockIdx")
        .addParameter(int.class, "gridX")
        .addParameter(int.class, "gridY")
        .addParameter(int.class, "tileSize")
        .addStatement("return RASTERIZER.tile(blockIdx, gridX, gridY, tileSize)")
        .build());
    type.addMethod(MethodSpec.methodBuilder("getSwizzleIdx")
        .addJavadoc("{@link #getSwizzleIdx(int, int, int, int)} with the default {@link #TILE_SIZE}.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(TileCoord.class)
        .addParameter(int.class, "blockIdx")
        .addParameter(int.class, "gridX")
        .addParameter(int.class, "gridY")
        .addStatement("return getSwizzleIdx(blockIdx, gridX, gridY, TILE_SIZE)")
        .build());
    type.addMethod(MethodSpec.methodBuilder("launchGrid")
        .addJavadoc("The grid to launch for {@code gridX x gridY} tiles: {@code launch_grid} in CUDA.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(LaunchGrid.class)
        .addParameter(int.class, "gridX")
        .addParameter(int.class, "gridY")
        .addParameter(int.class, "tileSize")
        .addStatement("return RASTERIZER.launchGrid(gridX, gridY, tileSize)")
        .build());
    type.addMethod(MethodSpec.methodBuilder("launchGrid")
        .addJavadoc("{@link #launchGrid(int, int, int)} with the default {@link #TILE_SIZE}.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(LaunchGrid.class)
        .addParameter(int.class, "gridX")
        .addParameter(int.class, "gridY")
        .addStatement("return launchGrid(gridX, gridY, TILE_SIZE)")
        .build());

    JavaFile file = JavaFile.builder(raster.javaClass().packageName(), type.build())
        .addFileComment("Generated by swizzlegen from $L. Do not edit.", raster.type().getQualifiedName())
        .indent("  ")
        .skipJavaLangImports(true)
        .build();
    return new GeneratedFile(GeneratedFile.Kind.JAVA_SOURCE, raster.javaClass().canonicalName(),
        file.toString());
  }
}
