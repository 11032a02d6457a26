package dev.swizzlegen.processor.read;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.notation.CuteViolation.ExclusiveWithLayout;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Turns a {@code @SwizzledTile} mirror into a {@link TileRead}, or into errors, each reported on the
 * attribute at fault. All validation of the tile is the model's ({@link Swizzle#check},
 * {@link TileLayout#check}); this class hands its violations, and its own shape errors
 * ({@code diag.ShapeError}), to the tile's {@link Diagnostics}, which blames and words them. Its
 * accesses are read into values ({@link AccessRead}), whose faults the prover reports in order with
 * its engines' plans. When bits, base and shift are all omitted the tile is read without a swizzle,
 * which derivation ({@code prove.Derivation}) then chooses ({@link TileSpec#swizzleToDerive}).
 */
public final class TileReader {
  private final Elements elements;
  private final String cudaNamespace;
  /** Whether a qualified name is a type declared in the sources being compiled. */
  private final Predicate<String> sourceTypes;
  private final AccessReader accessReader;
  /** The target architecture ({@code -Aswizzlegen.arch}), if one is given. */
  private final Optional<Architecture> architecture;

  public TileReader(Elements elements, String cudaNamespace, Predicate<String> sourceTypes,
      Optional<Architecture> architecture) {
    this.elements = elements;
    this.cudaNamespace = cudaNamespace;
    this.sourceTypes = sourceTypes;
    this.architecture = architecture;
    this.accessReader = new AccessReader(elements, architecture);
  }

  /**
   * The tile, its swizzle still to be derived where bits, base and shift are omitted, its accesses
   * as read (their faults are reported by the prover, in order with its engines' plans); or empty
   * with its errors added to {@code diagnostics}.
   */
  public Optional<TileRead> read(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    DType dtype = values.enumValue("dtype", DType.class);
    Optional<String> name = readName(type, values, diagnostics);
    Optional<CuteLayout> cute = Optional.empty();
    boolean derived = false;
    TileDescription description;
    if (!values.stringValue("layout").isEmpty()) {
      Optional<CuteLayout.ParsedOrNot> parsed = readCuteLayout(values, diagnostics);
      cute = parsed.flatMap(CuteLayout.ParsedOrNot::layout);
      Optional<TileDescription> described = cute.flatMap(layout -> describe(layout, values,
          dtype, diagnostics));
      if (described.isEmpty() || name.isEmpty()) {
        return Optional.empty();
      }
      description = described.get();
    } else {
      derived = !isGiven(values, "bits") && !isGiven(values, "base") && !isGiven(values, "shift");
      Optional<Swizzle> swizzle = derived
          ? Optional.of(Swizzle.IDENTITY)
          : readSwizzle(values, dtype, values.booleanValue("allowOverlap"), diagnostics);
      if (derived && (!values.isExplicit("rows") || !values.isExplicit("cols"))) {
        diagnostics.shapeError(new ShapeError.SizeToDerive(values.isExplicit("rows")));
        return Optional.empty();
      }
      if (swizzle.isEmpty() || name.isEmpty()) {
        return Optional.empty();
      }
      // Without rows and cols the tile is one atom: the declared one, else the swizzle's.
      OptionalInt atomRows = described(values, "atomRows");
      OptionalInt atomCols = described(values, "atomCols");
      int rows = values.isExplicit("rows") ? values.intValue("rows")
          : atomRows.orElse(swizzle.get().atomRows());
      int cols = values.isExplicit("cols") ? values.intValue("cols")
          : atomCols.orElse(swizzle.get().atomCols());
      description = TileLayout.builder(dtype, swizzle.get(), rows, cols)
          .rowStride(described(values, "rowStride"))
          .atom(atomRows, atomCols, values.enumValue("atomOrder", Order.class))
          .stages(values.intValue("stages"))
          .stageStride(described(values, "stageStride"));
      if (values.isExplicit("swizzleRow")) {
        if (derived) {
          diagnostics.error("swizzleRow", "swizzleRow names the rows a declared swizzle acts"
              + " within; give bits, base and shift with it, or omit it to have swizzlegen derive"
              + " the swizzle.");
          return Optional.empty();
        }
        int swizzleRow = values.intValue("swizzleRow");
        long stageElements = (long) rows * description.rowStride();
        if (swizzleRow <= 0 || swizzleRow > stageElements) {
          diagnostics.error("swizzleRow", "swizzleRow must be a number of elements from 1 to a"
              + " stage's rows x rowStride (" + stageElements + "), not " + swizzleRow + ".");
          return Optional.empty();
        }
        description.swizzleWithinEachRow(true).swizzleRow(swizzleRow);
      }
    }
    description.alignment(values.intValue("alignment")).architecture(architecture);
    List<Violation> layoutProblems = description.check();
    layoutProblems.forEach(diagnostics::violation);
    if (!layoutProblems.isEmpty()) {
      return Optional.empty();
    }
    TileLayout layout = description.build();
    Optional<AccessKind> engine = accessReader.firstEngine(values);
    // CuTe's MN-major atoms put M (or N) first and contiguous: the transpose of what engines read,
    // and along whose rows (K) ldmatrix and vectors find no contiguous elements.
    TileLayout pasted = layout;
    Optional<CuteTile.Swapped> swapped =
        cute.flatMap(printed -> CuteTile.modesSwapped(printed, pasted));
    if (swapped.isPresent() && engine.isPresent()) {
      diagnostics.violation(swapped.get().readBy(engine.get(), 0));
      return Optional.empty();
    }
    boolean engineAlignment = !derived && !values.isExplicit("alignment") && engine.isPresent();
    if (engineAlignment && Engine.defaultAlignment(layout) > layout.alignment()) {
      description.alignment(Engine.defaultAlignment(layout));
      layoutProblems = description.check();
      layoutProblems.forEach(diagnostics::violation);
      if (!layoutProblems.isEmpty()) {
        return Optional.empty();
      }
      layout = description.build();
    }

    // A derived tile's accesses are read against the plain tile: what they need of the geometry is
    // checked here, what they need of the swizzle narrows the solver's choice.
    List<String> skippedDefaults = new ArrayList<>();
    Optional<AccessReader.Declared> declared = values.isExplicit("access")
        ? Optional.of(accessReader.read(values, layout, swapped))
        : Optional.empty();
    List<DeclaredAccess> accesses = declared.isPresent()
        ? declared.get().accesses()
        : AccessReader.defaults(layout, skippedDefaults);
    List<Engine> engines = declared.map(AccessReader.Declared::engines).orElse(List.of());

    Optional<SwizzleToDerive> toDerive = derived
        ? Optional.of(new SwizzleToDerive(description.describedAtomRows(),
            description.describedAtomCols()))
        : Optional.empty();

    return Optional.of(new TileRead(new TileSpec(
        type,
        values.mirror(),
        name.get(),
        cudaNamespace,
        helperName(type, values.stringValue("name"), name.get()),
        "swizzlegen/" + Names.snakeCase(name.get()),
        layout,
        values.isExplicit("alignment"),
        accesses,
        engines,
        skippedDefaults,
        derived ? Optional.empty() : TileSpec.alignedTmaFill(layout),
        Optional.empty(),
        cute,
        toDerive), declared.map(AccessReader.Declared::reads).orElse(List.of())));
  }

  /**
   * The declared CuTe layout's text read, or empty with errors: on {@code layout} for text that is no
   * layout, and on each attribute that describes the layout besides it.
   */
  private static Optional<CuteLayout.ParsedOrNot> readCuteLayout(AnnotationValues values,
      Diagnostics diagnostics) {
    boolean exclusive = true;
    for (CuteViolation.Described attribute : CuteViolation.Described.values()) {
      if (values.isExplicit(attribute.attribute())) {
        diagnostics.violation(new ExclusiveWithLayout(attribute));
        exclusive = false;
      }
    }
    CuteLayout.ParsedOrNot parsed = CuteLayout.tryParse(values.stringValue("layout"));
    parsed.problem().ifPresent(diagnostics::violation);
    return exclusive && parsed.problem().isEmpty() ? Optional.of(parsed) : Optional.empty();
  }

  /**
   * The tile a CuTe layout declares at the declared rows, cols and stages (omitted: the layout's), or
   * empty with errors on {@code layout}.
   */
  private static Optional<TileDescription> describe(CuteLayout layout, AnnotationValues values,
      DType dtype, Diagnostics diagnostics) {
    CuteTile.Described described = CuteTile.describe(layout, dtype,
        values.isExplicit("rows") ? values.intValue("rows") : 0,
        values.isExplicit("cols") ? values.intValue("cols") : 0,
        values.isExplicit("stages") ? values.intValue("stages") : 0,
        values.enumValue("atomOrder", Order.class));
    described.problems().forEach(diagnostics::violation);
    return described.tile();
  }

  private static Optional<Swizzle> readSwizzle(
      AnnotationValues values, DType dtype, boolean allowOverlap, Diagnostics diagnostics) {
    boolean bitsGiven = isGiven(values, "bits");
    boolean baseGiven = isGiven(values, "base");
    boolean shiftGiven = isGiven(values, "shift");
    if (!bitsGiven) {
      diagnostics.shapeError(new ShapeError.BitsMissing(baseGiven));
      return Optional.empty();
    }
    int bits = values.intValue("bits");
    // CuTe's canonical atoms move 16-byte units: base = log2(16 / element bytes), in the units a
    // swizzle counts (the bytes of packed FP4).
    int base = baseGiven
        ? values.intValue("base")
        : 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
    int shift = shiftGiven ? values.intValue("shift") : bits;
    List<Violation> problems = Swizzle.check(bits, base, shift, allowOverlap);
    problems.forEach(diagnostics::violation);
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Swizzle.overlapping(bits, base, shift));
  }

  /**
   * An attribute that may be absent from the description ({@code rowStride}, {@code atomRows},
   * {@code atomCols}, {@code stageStride}): absent where omitted, and where written as 0, the value
   * the annotation documents as omitted; else the value, negative included, for the layout's rules.
   */
  private static OptionalInt described(AnnotationValues values, String attribute) {
    return values.isExplicit(attribute) && values.intValue(attribute) != 0
        ? OptionalInt.of(values.intValue(attribute)) : OptionalInt.empty();
  }

  private static boolean isGiven(AnnotationValues values, String attribute) {
    return values.isExplicit(attribute) && values.intValue(attribute) != SwizzledTile.DERIVE;
  }

  private Optional<String> readName(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    String override = values.stringValue("name");
    String name = override.isEmpty() ? Names.typeName(type) : override;
    Optional<String> problem = Names.nameProblem(name, cudaNamespace);
    if (problem.isEmpty()) {
      // The source the helper is written in: its own, or its top-level type's <TopLevel>Swizzles.
      problem = Names.javaClassProblem(name,
          helperName(type, override, name).topLevelClassName(), sourceTypes);
    }
    if (problem.isPresent()) {
      if (override.isEmpty()) {
        diagnostics.shapeError(new ShapeError.NameFromType(problem.get(), false));
      } else {
        diagnostics.error("name", problem.get());
      }
      return Optional.empty();
    }
    return Optional.of(name);
  }

  /**
   * The Java helper: {@code <name>Swizzle} beside a top-level tile; for a tile nested in a top-level
   * type {@code Kernel}, a member of {@code KernelSwizzles}, the one class that holds the helpers of
   * the tiles and the twins of the storages nested in {@code Kernel} (as sources, one file: javac
   * charges every generated source a lookup, a check against every earlier file and a compilation
   * unit in each round, which a library of many tiles feels), named {@code <name>Swizzle} with the
   * given name, else after the type's path below the top-level type
   * ({@code Kernel.Attention.Q -> Attention_QSwizzle}).
   */
  private JavaClassName helperName(TypeElement type, String override, String name) {
    String packageName = packageOf(type).getQualifiedName().toString();
    TypeElement topLevel = Names.topLevelType(type);
    if (topLevel.equals(type)) {
      return JavaClassName.topLevel(packageName, name + "Swizzle");
    }
    String javaName = override.isEmpty() ? Names.pathBelow(topLevel, type) : override;
    return JavaClassName.member(packageName, holderName(topLevel), javaName + "Swizzle");
  }

  /**
   * {@code KernelSwizzles}: the class holding the helpers and twins of the types nested in
   * {@code Kernel}.
   */
  static String holderName(TypeElement topLevel) {
    return topLevel.getSimpleName() + "Swizzles";
  }

  private PackageElement packageOf(TypeElement type) {
    return elements.getPackageOf(type);
  }
}
