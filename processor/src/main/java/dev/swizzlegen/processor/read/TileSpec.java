package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.CuteLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * A validated {@code @SwizzledTile}: the model's layout plus the names of what is generated for it.
 *
 * @param type the annotated type, the one originating element of every generated file
 * @param outputStem the generated non-Java files' path without extension: {@code swizzlegen/gemm_a}
 * @param alignmentGiven whether {@code alignment} was written (else a tile with an engine takes its
 *     mode's repeat, and a search for another swizzle may use the engines' largest)
 * @param accesses the warp accesses to prove: the declared ones, or the defaults
 * @param skippedDefaults the default accesses the tile cannot take, each with the reason
 * @param derivation why the solver chose the swizzle of a tile that omitted it, once derived
 * @param swizzleToDerive for a tile that omitted bits, base and shift, as read (its {@code layout}
 *     the plain tile), what derivation is to choose; empty once derived
 */
public record TileSpec(TypeElement type, AnnotationMirror annotation, String name,
    String cudaNamespace, JavaClassName helper, String outputStem, TileLayout layout,
    boolean alignmentGiven, List<DeclaredAccess> accesses, List<Engine> engines,
    List<String> skippedDefaults, Optional<String> derivation, Optional<CuteLayout> cuteLayout,
    Optional<SwizzleToDerive> swizzleToDerive) {

  public TileSpec {
    accesses = List.copyOf(accesses);
    engines = List.copyOf(engines);
    skippedDefaults = List.copyOf(skippedDefaults);
  }

  /** The atom's sides as declared; absent where derivation chooses them with the swizzle. */
  public record SwizzleToDerive(OptionalInt atomRows, OptionalInt atomCols) {}

  /** The CUDA header, relative to the source output: {@code swizzlegen/gemm_a.cuh}. */
  public String headerPath() {
    return outputStem + ".cuh";
  }

  /** The JSON report, relative to the source output: {@code swizzlegen/gemm_a.json}. */
  public String reportPath() {
    return outputStem + ".json";
  }

  /** {@code swizzlegen::GemmA}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }

  /**
   * This tile, compiled before this compilation (another module's, on the class path), as its own
   * build wrote it: the C++ type and header path are the {@code CUDA_TYPE} and {@code CUDA_HEADER}
   * constants of the helper that build generated (a constant in a class file is what javac reads
   * from any module), not what this build's {@code -Aswizzlegen.namespace} would name it; empty
   * where no helper is on the class path (that build did not run swizzlegen).
   */
  public Optional<TileSpec> asWritten(Elements elements) {
    TypeElement compiled = elements.getTypeElement(helper.canonicalName());
    if (compiled == null) {
      return Optional.empty();
    }
    Optional<String> cudaType = constant(compiled, "CUDA_TYPE").filter(t -> t.contains("::"));
    Optional<String> header = constant(compiled, "CUDA_HEADER").filter(h -> h.endsWith(".cuh"));
    if (cudaType.isEmpty() || header.isEmpty()) {
      return Optional.empty();
    }
    int split = cudaType.get().lastIndexOf("::");
    return Optional.of(new TileSpec(type, annotation, cudaType.get().substring(split + 2),
        cudaType.get().substring(0, split), helper,
        header.get().substring(0, header.get().length() - ".cuh".length()), layout,
        alignmentGiven, accesses, engines, skippedDefaults, derivation, cuteLayout,
        swizzleToDerive));
  }

  private static Optional<String> constant(TypeElement helper, String name) {
    return ElementFilter.fieldsIn(helper.getEnclosedElements()).stream()
        .filter(field -> field.getSimpleName().contentEquals(name))
        .map(VariableElement::getConstantValue).filter(String.class::isInstance)
        .map(String.class::cast).findFirst();
  }

  /**
   * This tile on {@code layout}: aligned as its engines need, or derived, {@code why} the solver
   * chose it; nothing left to derive.
   */
  public TileSpec on(TileLayout layout, Optional<String> why) {
    return new TileSpec(type, annotation, name, cudaNamespace, helper, outputStem, layout,
        alignmentGiven, accesses, engines, skippedDefaults, why, cuteLayout, Optional.empty());
  }
}
