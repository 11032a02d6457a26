package dev.swizzlegen.processor;

import com.palantir.javapoet.ClassName;
import dev.swizzlegen.runtime.RasterOrder;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Turns a {@code @ThreadblockSwizzle} mirror into a {@link RasterSpec}, or into errors, each reported
 * on the attribute at fault. The tile size's rules are the model's ({@link Rasterizer#tileSizeProblem}).
 */
final class RasterReader {
  private final Elements elements;
  private final String cudaNamespace;
  /** Whether a qualified name is a type declared in the sources being compiled. */
  private final Predicate<String> sourceTypes;

  RasterReader(Elements elements, String cudaNamespace, Predicate<String> sourceTypes) {
    this.elements = elements;
    this.cudaNamespace = cudaNamespace;
    this.sourceTypes = sourceTypes;
  }

  /** The rasterizer, or empty with its errors added to {@code report}. */
  Optional<RasterSpec> read(TypeElement type, AnnotationValues values, ValidationReport report) {
    Rasterizer rasterizer = Rasterizer.of(values.enumValue("order", RasterOrder.class));
    int tileSize = values.intValue("tileSize");
    Optional<String> tileSizeProblem = rasterizer.tileSizeProblem(tileSize);
    tileSizeProblem.ifPresent(problem -> error(report, type, values, "tileSize", problem));

    String override = values.stringValue("name");
    String name = override.isEmpty() ? Names.typeName(type) : override;
    String packageName = elements.getPackageOf(type).getQualifiedName().toString();
    Optional<String> nameProblem = Names.nameProblem(name, cudaNamespace);
    if (nameProblem.isEmpty()) {
      nameProblem = Names.javaClassProblem(name, ClassName.get(packageName, name + "Raster"),
          sourceTypes);
    }
    if (nameProblem.isPresent()) {
      if (override.isEmpty()) {
        error(report, type, values, "name", "the generated names come from the type's name, but "
            + nameProblem.get() + " Set name to choose the generated names.");
      } else {
        error(report, type, values, "name", nameProblem.get());
      }
    }
    if (tileSizeProblem.isPresent() || nameProblem.isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new RasterSpec(
        type,
        values.mirror(),
        name,
        cudaNamespace,
        ClassName.get(packageName, name + "Raster"),
        "swizzlegen/" + Names.snakeCase(name) + ".cuh",
        rasterizer,
        tileSize));
  }

  /** An error on an attribute of the {@code @ThreadblockSwizzle}, or on it where not written. */
  static void error(ValidationReport report, TypeElement type, AnnotationValues values,
      String attribute, String message) {
    report.error(prefix(type) + message, type, values.mirror(), values.location(attribute));
  }

  /** {@code rasterizer Gemm: }, the start of every message about one. */
  static String prefix(TypeElement type) {
    return "rasterizer " + type.getSimpleName() + ": ";
  }
}
