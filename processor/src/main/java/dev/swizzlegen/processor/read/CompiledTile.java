package dev.swizzlegen.processor.read;

import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * A tile compiled before this compilation (another module's, on the class path), as its own build
 * wrote it: the C++ type and the header path that build gave it are the {@code CUDA_TYPE} and
 * {@code CUDA_HEADER} constants of the helper it generated ({@code <Name>Swizzle}, a class file on
 * the class path), not what this build's {@code -Aswizzlegen.namespace} would name it. A constant
 * in a class file is what javac reads from any module, and the storage's files keep their one
 * originating element, the storage.
 */
public final class CompiledTile {
  private CompiledTile() {}

  /**
   * {@code proven} (this build's reading of the tile's annotation) with the C++ name, namespace and
   * header its own build wrote; empty where its helper is not on the class path (a build that did
   * not run swizzlegen, so no header of it exists).
   */
  public static Optional<TileSpec> asWritten(TileSpec proven, Elements elements) {
    TypeElement helper = elements.getTypeElement(proven.helper().canonicalName());
    if (helper == null) {
      return Optional.empty();
    }
    Optional<String> cudaType = constant(helper, "CUDA_TYPE");
    Optional<String> header = constant(helper, "CUDA_HEADER");
    if (cudaType.isEmpty() || header.isEmpty() || !cudaType.get().contains("::")
        || !header.get().endsWith(".cuh")) {
      return Optional.empty();
    }
    return Optional.of(proven.writtenAs(cudaType.get(), header.get()));
  }

  private static Optional<String> constant(TypeElement helper, String name) {
    for (Element member : helper.getEnclosedElements()) {
      if (member.getKind() == ElementKind.FIELD && member.getSimpleName().contentEquals(name)
          && ((VariableElement) member).getConstantValue() instanceof String value) {
        return Optional.of(value);
      }
    }
    return Optional.empty();
  }
}
