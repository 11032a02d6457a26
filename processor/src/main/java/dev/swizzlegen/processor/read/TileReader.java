package dev.swizzlegen.processor.read;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.notation.CuteViolation;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javax.lang.model.element.TypeElement;

/**
 * Turns a {@code @SwizzledTile} mirror into a {@link Read}, or into errors on the attributes at
 * fault: the model's violations ({@link Swizzle#check}, {@link TileDescription#tryBuild}) and the
 * reader's own {@code ShapeError}s. A tile whose bits, base and shift are all omitted is read
 * without a swizzle, which {@code prove.TileProver} derives.
 */
public final class TileReader {
  private final Names.Scope scope;
  private final AccessReader accessReader;
  private final Optional<Architecture> architecture;

  /**
   * A tile as read, before it is proven: its spec, whose engines are still to be planned, and each
   * declared {@code @Access} as read, in order (none for the defaults), whose faults the prover
   * reports in that order beside its engines' plans.
   */
  public record Read(TileSpec spec, List<AccessRead> accesses) {}

  public TileReader(Names.Scope scope, Optional<Architecture> architecture) {
    this.scope = scope;
    this.architecture = architecture;
    this.accessReader = new AccessReader(scope.elements(), architecture);
  }

  /**
   * The tile, described, checked and built once, its accesses as read (their faults are reported by
   * the prover, in order with its engines' plans); or empty with its errors in {@code diagnostics}.
   */
  public Optional<Read> read(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    DType dtype = values.enumValue("dtype", DType.class);
    Optional<String> name = readName(type, values, diagnostics);
    boolean pasted = !values.stringValue("layout").isEmpty();
    Optional<CuteLayout> cute = pasted ? readCuteLayout(values, diagnostics) : Optional.empty();
    boolean derived = !pasted
        && !isGiven(values, "bits") && !isGiven(values, "base") && !isGiven(values, "shift");
    Optional<TileDescription> description;
    if (pasted) {
      description = cute.flatMap(layout -> describe(layout, values, dtype, diagnostics));
    } else {
      Optional<Swizzle> swizzle = derived ? Optional.of(Swizzle.IDENTITY)
          : readSwizzle(values, dtype, diagnostics);
      if (derived && (!values.isExplicit("rows") || !values.isExplicit("cols"))) {
        diagnostics.shapeError(new ShapeError.SizeToDerive(values.isExplicit("rows")));
        return Optional.empty();
      }
      description = name.isEmpty() ? Optional.empty()
          : swizzle.flatMap(given -> describe(given, derived, values, dtype, diagnostics));
    }
    Optional<TileLayout> built = description.filter(described -> name.isPresent())
        .flatMap(described -> described.alignment(values.intValue("alignment"))
            .architecture(architecture).tryBuild(diagnostics::violation));
    if (built.isEmpty()) {
      return Optional.empty();
    }
    TileLayout layout = built.get();
    // CuTe's MN-major atoms put M (or N) first and contiguous: the transpose of what engines read,
    // and along whose rows (K) ldmatrix and vectors find no contiguous elements.
    Optional<CuteTile.Swapped> swapped =
        cute.flatMap(printed -> CuteTile.modesSwapped(printed, layout));
    // A derived tile's accesses are read against the plain tile: what they need of the geometry is
    // checked here, what they need of the swizzle narrows the solver's choice.
    boolean declared = values.isExplicit("access");
    List<AccessRead> reads = declared ? accessReader.read(values, layout, swapped) : List.of();
    List<String> skippedDefaults = new ArrayList<>();
    List<DeclaredAccess> accesses = declared
        ? reads.stream().filter(DeclaredAccess.class::isInstance)
            .map(DeclaredAccess.class::cast).toList()
        : AccessReader.defaults(layout, skippedDefaults);
    List<Engine> engines = reads.stream().filter(AccessRead.EngineToPlan.class::isInstance)
        .map(read -> ((AccessRead.EngineToPlan) read).engine()).toList();
    if (swapped.isPresent() && !engines.isEmpty()) {
      diagnostics.violation(swapped.get().readBy(engines.get(0).kind(), 0));
      return Optional.empty();
    }
    Optional<TileSpec.SwizzleToDerive> toDerive = derived
        ? Optional.of(new TileSpec.SwizzleToDerive(description.get().describedAtomRows(),
            description.get().describedAtomCols()))
        : Optional.empty();
    return Optional.of(new Read(new TileSpec(type, values.mirror(), name.get(),
        scope.namespace(), helperName(type, values.stringValue("name"), name.get()),
        Names.outputStem(name.get()), layout, values.isExplicit("alignment"),
        accesses, engines, skippedDefaults, Optional.empty(), cute, toDerive), reads));
  }

  /**
   * The declared CuTe layout, or empty with errors: on {@code layout} for text that is no layout,
   * and on each attribute that describes the layout besides it.
   */
  private static Optional<CuteLayout> readCuteLayout(AnnotationValues values,
      Diagnostics diagnostics) {
    boolean exclusive = true;
    for (CuteViolation.Described attribute : CuteViolation.Described.values()) {
      if (values.isExplicit(attribute.attribute())) {
        diagnostics.violation(new CuteViolation.ExclusiveWithLayout(attribute));
        exclusive = false;
      }
    }
    CuteLayout.ParsedOrNot parsed = CuteLayout.tryParse(values.stringValue("layout"));
    parsed.problem().ifPresent(diagnostics::violation);
    return exclusive ? parsed.layout() : Optional.empty();
  }

  /** The tile a CuTe layout declares at the rows, cols and stages declared (else the layout's). */
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

  /** The tile {@code swizzle} names; without rows and cols, one atom: the declared, else its. */
  private static Optional<TileDescription> describe(Swizzle swizzle, boolean derived,
      AnnotationValues values, DType dtype, Diagnostics diagnostics) {
    OptionalInt atomRows = described(values, "atomRows");
    OptionalInt atomCols = described(values, "atomCols");
    int rows = values.isExplicit("rows") ? values.intValue("rows")
        : atomRows.orElse(swizzle.atomRows());
    int cols = values.isExplicit("cols") ? values.intValue("cols")
        : atomCols.orElse(swizzle.atomCols());
    TileDescription description = TileLayout.builder(dtype, swizzle, rows, cols)
        .rowStride(described(values, "rowStride"))
        .atom(atomRows, atomCols, values.enumValue("atomOrder", Order.class))
        .stages(values.intValue("stages"))
        .stageStride(described(values, "stageStride"));
    if (!values.isExplicit("swizzleRow")) {
      return Optional.of(description);
    }
    int swizzleRow = values.intValue("swizzleRow");
    long stageElements = (long) rows * description.rowStride();
    if (derived || swizzleRow <= 0 || swizzleRow > stageElements) {
      diagnostics.shapeError(derived ? new ShapeError.SwizzleRowToDerive()
          : new ShapeError.SwizzleRowOutOfRange(swizzleRow, stageElements));
      return Optional.empty();
    }
    return Optional.of(description.swizzleWithinEachRow(true).swizzleRow(swizzleRow));
  }

  private static Optional<Swizzle> readSwizzle(AnnotationValues values, DType dtype,
      Diagnostics diagnostics) {
    boolean allowOverlap = values.booleanValue("allowOverlap");
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
    return problems.isEmpty() ? Optional.of(Swizzle.overlapping(bits, base, shift))
        : Optional.empty();
  }

  /**
   * An attribute the description may leave absent ({@code rowStride}, {@code atomRows},
   * {@code atomCols}, {@code stageStride}): absent where omitted or written as 0, the annotation's
   * omitted value; else the value, negative included, for the layout's rules.
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
    // The source the helper is written in: its own, or its top-level type's <TopLevel>Swizzles.
    Optional<String> problem = Names.nameProblem(name, scope.namespace()).or(() ->
        scope.javaClassProblem(name, helperName(type, override, name).topLevelClassName()));
    problem.ifPresent(why -> Names.report(why, !override.isEmpty(), false, diagnostics));
    return Optional.of(name).filter(valid -> problem.isEmpty());
  }

  /** The Java helper, {@code <name>Swizzle}, beside its tile or in its holder. */
  private JavaClassName helperName(TypeElement type, String override, String name) {
    return scope.javaClass(type, override, name, "Swizzle");
  }
}
