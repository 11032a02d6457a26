package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.runtime.RasterOrder;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Turns a {@code @ThreadblockSwizzle} mirror into a {@link RasterSpec}, or into errors on the
 * attributes at fault; the tile size's rules are the model's.
 */
public final class RasterReader {
  private final Elements elements;
  private final String cudaNamespace;
  private final Predicate<String> sourceTypes;

  public RasterReader(Elements elements, String cudaNamespace, Predicate<String> sourceTypes) {
    this.elements = elements;
    this.cudaNamespace = cudaNamespace;
    this.sourceTypes = sourceTypes;
  }

  /** The rasterizer {@code values} declare on {@code type}, or empty with its errors. */
  public Optional<RasterSpec> read(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    Rasterizer rasterizer = Rasterizer.of(values.enumValue("order", RasterOrder.class));
    int tileSize = values.intValue("tileSize");
    Optional<Violation> tileSizeViolation = rasterizer.tileSizeViolation(tileSize);
    tileSizeViolation.ifPresent(diagnostics::violation);

    String override = values.stringValue("name");
    String name = override.isEmpty() ? Names.typeName(type) : override;
    String packageName = elements.getPackageOf(type).getQualifiedName().toString();
    JavaClassName twin = JavaClassName.topLevel(packageName, name + "Raster");
    Optional<String> nameProblem = Names.nameProblem(name, cudaNamespace)
        .or(() -> Names.javaClassProblem(name, twin, sourceTypes));
    nameProblem.ifPresent(why -> Names.report(why, !override.isEmpty(), true, diagnostics));
    if (tileSizeViolation.isPresent() || nameProblem.isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new RasterSpec(type, values.mirror(), name, cudaNamespace, twin,
        Names.outputStem(name) + ".cuh", rasterizer, tileSize));
  }
}
