package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.raster.Rasterizer;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A validated {@code @ThreadblockSwizzle}: the model's rasterizer, its default tile size, and the
 * names of what is generated for it, as a tile's ({@link TileSpec}): its {@code <name>Raster} class
 * and its header ({@code swizzlegen/gemm.cuh}).
 */
public record RasterSpec(TypeElement type, AnnotationMirror annotation, String name,
    String cudaNamespace, JavaClassName javaClass, String headerPath, Rasterizer rasterizer,
    int tileSize) {

  /** {@code swizzlegen::Gemm}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }
}
