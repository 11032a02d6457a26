package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.raster.Rasterizer;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A validated {@code @ThreadblockSwizzle}: the model's rasterizer, its default tile size, and the
 * names of what is generated for it.
 *
 * @param type the annotated type, the one originating element of both generated files
 * @param annotation the {@code @ThreadblockSwizzle} mirror on it
 * @param name the CUDA struct's name and the stem of the generated names
 * @param cudaNamespace the C++ namespace of the struct, such as {@code swizzlegen}
 * @param javaClass the generated {@code <name>Raster} class
 * @param headerPath the CUDA header, relative to the source output: {@code swizzlegen/gemm.cuh}
 * @param rasterizer the order
 * @param tileSize the default tile size, valid for the order
 */
public record RasterSpec(
    TypeElement type,
    AnnotationMirror annotation,
    String name,
    String cudaNamespace,
    JavaClassName javaClass,
    String headerPath,
    Rasterizer rasterizer,
    int tileSize) {

  /** {@code swizzlegen::Gemm}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }
}
