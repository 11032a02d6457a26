package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.runtime.RasterOrder;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * Turns a {@code @ThreadblockSwizzle} mirror into a {@link RasterSpec}, or into errors on the
 * attributes at fault; the tile size's rules are the model's.
 */
public final class RasterReader {
  private final Names.Scope scope;

  public RasterReader(Names.Scope scope) {
    this.scope = scope;
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
    String packageName = scope.elements().getPackageOf(type).getQualifiedName().toString();
    JavaClassName twin = JavaClassName.topLevel(packageName, name + "Raster");
    Optional<String> nameProblem = Names.nameProblem(name, scope.namespace())
        .or(() -> scope.javaClassProblem(name, twin));
    nameProblem.ifPresent(why -> Names.report(why, !override.isEmpty(), true, diagnostics));
    if (tileSizeViolation.isPresent() || nameProblem.isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new RasterSpec(type, values.mirror(), name, scope.namespace(), twin,
        Names.outputStem(name) + ".cuh", rasterizer, tileSize));
  }
}
