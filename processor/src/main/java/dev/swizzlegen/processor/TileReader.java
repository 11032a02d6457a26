package dev.swizzlegen.processor;

import com.palantir.javapoet.ClassName;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Turns a {@code @SwizzledTile} mirror into a {@link TileSpec}, or into errors, each reported on the
 * attribute at fault. All validation is the model's ({@link Swizzle#check}, {@link TileLayout#check},
 * the accesses' checks); this class only maps its problems onto attributes.
 */
final class TileReader {
  private final Elements elements;
  private final String cudaNamespace;
  private final AccessReader accessReader;

  TileReader(Elements elements, String cudaNamespace) {
    this.elements = elements;
    this.cudaNamespace = cudaNamespace;
    this.accessReader = new AccessReader(elements);
  }

  /** The tile, or empty with its errors added to {@code errors}. */
  Optional<TileSpec> read(TypeElement type, AnnotationValues values, TileErrors errors) {

    DType dtype = values.enumValue("dtype", DType.class);
    boolean allowOverlap = values.booleanValue("allowOverlap");
    Optional<Swizzle> swizzle = readSwizzle(values, dtype, allowOverlap, errors);
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
    addAll(errors, layoutProblems);
    if (!layoutProblems.isEmpty()) {
      return Optional.empty();
    }
    TileLayout layout = TileLayout.of(dtype, swizzle.get(), rows, cols, rowStride, alignment);

    List<String> skippedDefaults = new ArrayList<>();
    List<DeclaredAccess> accesses = values.isExplicit("access")
        ? accessReader.read(values, layout, errors)
        : AccessReader.defaults(layout, skippedDefaults);

    String packageName = packageOf(type).getQualifiedName().toString();
    return Optional.of(new TileSpec(
        type,
        values.mirror(),
        name.get(),
        cudaNamespace,
        ClassName.get(packageName, name.get() + "Swizzle"),
        "swizzlegen/" + Names.snakeCase(name.get()),
        layout,
        accesses,
        skippedDefaults));
  }

  private static Optional<Swizzle> readSwizzle(
      AnnotationValues values, DType dtype, boolean allowOverlap, TileErrors errors) {
    boolean bitsGiven = isGiven(values, "bits");
    boolean baseGiven = isGiven(values, "base");
    boolean shiftGiven = isGiven(values, "shift");
    if (!bitsGiven && !baseGiven && !shiftGiven) {
      errors.onTile("bits, base and shift are all omitted, and swizzlegen cannot derive them"
          + " yet; give bits (base and shift have defaults).");
      return Optional.empty();
    }
    if (!bitsGiven) {
      String given = baseGiven ? "base" : "shift";
      errors.onTileAttribute(given, given + " is given but bits is not; give bits (base and shift"
          + " have defaults), or omit all three.");
      return Optional.empty();
    }
    int bits = values.intValue("bits");
    // CuTe's canonical atoms move 16-byte units: base = log2(16 / element bytes).
    int base = baseGiven
        ? values.intValue("base")
        : 4 - Integer.numberOfTrailingZeros(dtype.bytes());
    int shift = shiftGiven ? values.intValue("shift") : bits;
    List<Problem> problems = Swizzle.check(bits, base, shift, allowOverlap);
    addAll(errors, problems);
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Swizzle.overlapping(bits, base, shift));
  }

  private static void addAll(TileErrors errors, List<Problem> problems) {
    for (Problem problem : problems) {
      errors.onTileAttribute(problem.parameter().attributeName(), problem.message());
    }
  }

  private static boolean isGiven(AnnotationValues values, String attribute) {
    return values.isExplicit(attribute) && values.intValue(attribute) != SwizzledTile.DERIVE;
  }

  private static Optional<String> readName(
      TypeElement type, AnnotationValues values, TileErrors errors) {
    String override = values.stringValue("name");
    String name = override.isEmpty() ? defaultName(type) : override;
    Optional<String> problem = Names.identifierProblem(name);
    if (problem.isPresent()) {
      if (override.isEmpty()) {
        errors.onTile("the generated names come from the type's name, but " + problem.get()
            + " Set name to a C++ identifier.");
      } else {
        errors.onTileAttribute("name", problem.get());
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
}
