package dev.swizzlegen.processor;

import com.palantir.javapoet.ClassName;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Turns a {@code @SwizzledTile} mirror into a {@link TileSpec}, or into errors, each reported on the
 * attribute at fault. All validation is the model's ({@link Swizzle#check}, {@link TileLayout#check});
 * this class only maps its problems onto attributes.
 */
final class TileReader {
  private final Elements elements;
  private final String cudaNamespace;

  TileReader(Elements elements, String cudaNamespace) {
    this.elements = elements;
    this.cudaNamespace = cudaNamespace;
  }

  /** The tile, or empty with its errors added to {@code report}. */
  Optional<TileSpec> read(TypeElement type, AnnotationValues values, ValidationReport report) {
    Errors errors = new Errors(type, values, report);

    DType dtype = values.enumValue("dtype", DType.class);
    boolean allowOverlap = values.booleanValue("allowOverlap");
    Optional<Swizzle> swizzle = readSwizzle(values, allowOverlap, errors);
    Optional<String> name = readName(type, values, errors);
    if (swizzle.isEmpty() || name.isEmpty()) {
      return Optional.empty();
    }

    int rows = values.isExplicit("rows") ? values.intValue("rows") : swizzle.get().atomRows();
    int cols = values.isExplicit("cols") ? values.intValue("cols") : swizzle.get().atomCols();
    int rowStride = values.isExplicit("rowStride") ? values.intValue("rowStride") : cols;
    int alignment = values.intValue("alignment");
    List<Problem> layoutProblems =
        TileLayout.check(dtype, swizzle.get(), rows, cols, rowStride, alignment);
    errors.addAll(layoutProblems);
    if (!layoutProblems.isEmpty()) {
      return Optional.empty();
    }
    TileLayout layout = TileLayout.of(dtype, swizzle.get(), rows, cols, rowStride, alignment);

    String packageName = packageOf(type).getQualifiedName().toString();
    return Optional.of(new TileSpec(
        type,
        values.mirror(),
        name.get(),
        cudaNamespace,
        ClassName.get(packageName, name.get() + "Swizzle"),
        "swizzlegen/" + Names.snakeCase(name.get()) + ".cuh",
        layout));
  }

  private static Optional<Swizzle> readSwizzle(
      AnnotationValues values, boolean allowOverlap, Errors errors) {
    boolean bitsGiven = isGiven(values, "bits");
    boolean baseGiven = isGiven(values, "base");
    boolean shiftGiven = isGiven(values, "shift");
    if (!bitsGiven && !baseGiven && !shiftGiven) {
      errors.onAnnotation("bits, base and shift are all omitted, and swizzlegen cannot derive them"
          + " yet; give bits and base (shift defaults to bits).");
      return Optional.empty();
    }
    if (!bitsGiven || !baseGiven) {
      String given = bitsGiven ? "bits" : baseGiven ? "base" : "shift";
      String missing = bitsGiven ? "base" : "bits";
      errors.onAttribute(given, given + " is given but " + missing + " is not; give bits and base"
          + " together (shift defaults to bits), or omit all three.");
      return Optional.empty();
    }
    int bits = values.intValue("bits");
    int base = values.intValue("base");
    int shift = shiftGiven ? values.intValue("shift") : bits;
    List<Problem> problems = Swizzle.check(bits, base, shift, allowOverlap);
    errors.addAll(problems);
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Swizzle.overlapping(bits, base, shift));
  }

  private static boolean isGiven(AnnotationValues values, String attribute) {
    return values.isExplicit(attribute) && values.intValue(attribute) != SwizzledTile.DERIVE;
  }

  private static Optional<String> readName(TypeElement type, AnnotationValues values, Errors errors) {
    String override = values.stringValue("name");
    String name = override.isEmpty() ? defaultName(type) : override;
    Optional<String> problem = Names.identifierProblem(name);
    if (problem.isPresent()) {
      if (override.isEmpty()) {
        errors.onAnnotation("the generated names come from the type's name, but " + problem.get()
            + " Set name to a C++ identifier.");
      } else {
        errors.onAttribute("name", problem.get());
      }
      return Optional.empty();
    }
    return Optional.of(name);
  }

  /** {@code Outer.Inner -> Outer_Inner}: enclosing type names joined, so nested tiles stay distinct. */
  private static String defaultName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element enclosing = type.getEnclosingElement();
        enclosing != null && enclosing.getKind() != ElementKind.PACKAGE;
        enclosing = enclosing.getEnclosingElement()) {
      name.insert(0, enclosing.getSimpleName() + "_");
    }
    return name.toString();
  }

  private PackageElement packageOf(TypeElement type) {
    return elements.getPackageOf(type);
  }

  /** Errors about one tile, each prefixed with the tile's name and located on its attribute. */
  private static final class Errors {
    private final TypeElement type;
    private final AnnotationValues values;
    private final ValidationReport report;

    Errors(TypeElement type, AnnotationValues values, ValidationReport report) {
      this.type = type;
      this.values = values;
      this.report = report;
    }

    void onAttribute(String attribute, String message) {
      report.error(prefix() + message, type, values.mirror(), values.location(attribute));
    }

    void onAnnotation(String message) {
      report.error(prefix() + message, type, values.mirror(), null);
    }

    void addAll(List<Problem> problems) {
      for (Problem problem : problems) {
        onAttribute(problem.parameter().attributeName(), problem.message());
      }
    }

    private String prefix() {
      return "tile " + type.getSimpleName() + ": ";
    }
  }
}
