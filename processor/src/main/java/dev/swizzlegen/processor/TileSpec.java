package dev.swizzlegen.processor;

import com.palantir.javapoet.ClassName;
import dev.swizzlegen.runtime.layout.TileLayout;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A validated {@code @SwizzledTile}: the model's layout plus the names of what is generated for it.
 *
 * @param type the annotated type, the one originating element of every generated file
 * @param annotation the {@code @SwizzledTile} mirror on it
 * @param name the CUDA struct's name and the stem of the generated names
 * @param cudaNamespace the C++ namespace of the struct, such as {@code swizzlegen}
 * @param helper the generated Java helper class
 * @param headerPath the CUDA header, relative to the source output: {@code swizzlegen/gemm_a.cuh}
 * @param layout the tile
 */
record TileSpec(
    TypeElement type,
    AnnotationMirror annotation,
    String name,
    String cudaNamespace,
    ClassName helper,
    String headerPath,
    TileLayout layout) {

  /** {@code swizzlegen::GemmA}. */
  String cudaType() {
    return cudaNamespace + "::" + name;
  }
}
