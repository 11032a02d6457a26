package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Blame;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.diag.ViolationMessages;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.Umma;
import dev.swizzlegen.runtime.engine.Wgmma;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.CuteTile;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.util.Elements;

/**
 * Turns each {@code @Access} of a tile into the model's warp {@link AccessPattern} or, for the kinds
 * that declare an engine (TMA, WGMMA, UMMA), its {@link Engine}, or into errors on the
 * {@code @Access} attribute at fault; supplies the default accesses when {@code access} is omitted.
 */
final class AccessReader {
  /**
   * What a tile's {@code access} declares: the warp accesses to cost and the engines to plan, each in
   * the order declared.
   */
  record Declared(List<DeclaredAccess> accesses, List<Engine> engines) {
    Declared {
      accesses = List.copyOf(accesses);
      engines = List.copyOf(engines);
    }
  }

  /** The attributes each kind reads; one given for another kind is an error rather than ignored. */
  private static final Map<AccessKind, Set<String>> ATTRIBUTES = Map.of(
      AccessKind.VECTOR,
          Set.of("kind", "op", "bytes", "threads", "order", "rowsAsOne", "maxWays", "label"),
      AccessKind.LDMATRIX,
          Set.of("kind", "op", "matrices", "trans", "shape", "maxWays", "label"),
      AccessKind.STMATRIX,
          Set.of("kind", "op", "matrices", "trans", "shape", "maxWays", "label"),
      AccessKind.MMA_ACCUMULATOR, Set.of("kind", "op", "maxWays", "label"),
      AccessKind.TMA, Set.of("kind", "op", "label"),
      AccessKind.WGMMA, Set.of("kind", "op", "major", "label"),
      AccessKind.UMMA, Set.of("kind", "op", "major", "label"),
      AccessKind.LANES, Set.of("kind", "op", "bytes", "lanes", "maxWays", "label"));

  private static final Blame.Attribute MATRICES = Blame.Attribute.ofAccess("matrices");

  private final Elements elements;
  /** The target architecture ({@code -Aswizzlegen.arch}): an access it lacks is an error. */
  private final Optional<Architecture> architecture;

  AccessReader(Elements elements, Optional<Architecture> architecture) {
    this.elements = elements;
    this.architecture = architecture;
  }

  /**
   * The declared accesses and engines, each checked against the layout (an engine only for what no
   * swizzle changes, when the swizzle is still to be derived and {@code layout} is the plain tile);
   * errors go to {@code diagnostics}. For a layout pasted M (or N) first, {@code swapped} is it with
   * its modes swapped: a warp access whose vectors the pasted tile's rows break and the swapped
   * tile's keep is one error on {@code layout} giving the declaration to paste, once per tile.
   */
  Declared read(AnnotationValues tile, TileLayout layout, boolean swizzleDerived,
      Optional<CuteTile.Swapped> swapped, Diagnostics diagnostics) {
    List<DeclaredAccess> accesses = new ArrayList<>();
    List<Engine> engines = new ArrayList<>();
    // The tensor-core reads declared so far: a tcgen05 read once per tile; wgmma reads once per
    // major, so that one buffer may be read K-major by one product and MN-major by another (FlashMLA
    // reads its K as V), the header giving each its descriptors.
    boolean ummaRead = false;
    Set<Major> wgmmaReads = EnumSet.noneOf(Major.class);
    boolean swapReported = false;
    for (AnnotationValue item : tile.arrayValue("access")) {
      if (!(item.getValue() instanceof AnnotationMirror mirror)) {
        throw new AnnotationValues.Malformed("access");
      }
      AnnotationValues values = new AnnotationValues(mirror, elements);
      AccessKind kind = values.enumValue("kind", AccessKind.class);
      if (kind == AccessKind.UMMA && ummaRead) {
        diagnostics.errorOnAccess(values, "kind", "the tile is already declared a tcgen05 operand;"
            + " one UMMA access per tile, of its one major.");
        continue;
      }
      ummaRead |= kind == AccessKind.UMMA;
      if (kind == AccessKind.WGMMA && !wgmmaReads.add(values.enumValue("major", Major.class))) {
        Major major = values.enumValue("major", Major.class);
        diagnostics.errorOnAccess(values, "major", "the tile is already read by wgmma as "
            + ModelText.operandWords(major) + "; a tile carries at most two WGMMA accesses,"
            + " one of each major (major = Major.K and major = Major.MN).");
        continue;
      }
      int errorsBefore = diagnostics.errorCount();
      checkAttributes(values, kind, diagnostics);
      if (isEngine(kind)) {
        readEngine(values, kind, layout, swizzleDerived, errorsBefore, diagnostics)
            .ifPresent(engines::add);
      } else {
        Optional<AccessPattern> read = readPattern(values, kind, item, errorsBefore,
            diagnostics);
        if (read.isEmpty()) {
          continue;
        }
        AccessPattern pattern = read.get();
        List<Violation> problems = pattern.check(layout);
        Optional<Violation> transposed = swapped.flatMap(s -> readAlongK(s, pattern, problems));
        if (transposed.isPresent()) {
          if (!swapReported) {
            diagnostics.violation(transposed.get());
          }
          swapReported = true;
          continue;
        }
        problems.forEach(violation -> diagnostics.accessViolation(values, pattern.label(),
            violation));
        if (problems.isEmpty()) {
          accesses.add(new DeclaredAccess(pattern, values.mirror(), item));
        }
      }
    }
    return new Declared(accesses, engines);
  }

  /**
   * The first engine the tile declares, the copy engine or the tensor cores (TMA, WGMMA, UMMA), which
   * read or write its swizzle's pattern from a base aligned to the pattern's repeat; empty if none.
   */
  Optional<AccessKind> firstEngine(AnnotationValues tile) {
    if (!tile.isExplicit("access")) {
      return Optional.empty();
    }
    for (AnnotationValue item : tile.arrayValue("access")) {
      if (item.getValue() instanceof AnnotationMirror mirror) {
        AccessKind kind = new AnnotationValues(mirror, elements).enumValue("kind", AccessKind.class);
        if (isEngine(kind)) {
          return Optional.of(kind);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * TMA, WGMMA and UMMA: the kinds that declare an engine rather than a warp access. Every engine
   * reads or writes a swizzle's pattern from a base aligned to the pattern's repeat.
   */
  static boolean isEngine(AccessKind kind) {
    return kind == AccessKind.TMA || kind == AccessKind.WGMMA || kind == AccessKind.UMMA;
  }

  /** An error for each attribute given that does not apply to the kind, and for a bad maxWays. */
  private static void checkAttributes(AnnotationValues values, AccessKind kind,
      Diagnostics diagnostics) {
    for (String attribute : List.of("op", "bytes", "threads", "order", "rowsAsOne", "matrices",
        "trans", "shape", "major", "lanes", "maxWays", "label")) {
      if (values.isExplicit(attribute) && !ATTRIBUTES.get(kind).contains(attribute)) {
        diagnostics.errorOnAccess(values, attribute, attribute + " does not apply to a " + kind
            + " access.");
      }
    }
    int maxWays = values.intValue("maxWays");
    if (maxWays < 1) {
      diagnostics.errorOnAccess(values, "maxWays", "maxWays must be 1 (conflict-free) or more, not "
          + maxWays + ".");
    }
  }

  /**
   * Where a warp access's vectors run along the rows of a tile pasted M (or N) first, whose elements
   * are not contiguous, and the tile with its modes swapped keeps them whole: the error on layout
   * that gives the swapped declaration, in place of the broken vector.
   */
  private static Optional<Violation> readAlongK(CuteTile.Swapped swapped, AccessPattern pattern,
      List<Violation> problems) {
    return problems.stream().filter(VectorBroken.class::isInstance).map(VectorBroken.class::cast)
        .findFirst()
        .filter(broken -> pattern.check(swapped.tile()).stream()
            .noneMatch(VectorBroken.class::isInstance))
        .map(broken -> swapped.readBy(broken.kind(), broken.vectorBytes()));
  }

  /**
   * A warp access as declared, to be checked against the layout; none when the {@code @Access} has
   * errors since {@code errorsBefore}.
   */
  private Optional<AccessPattern> readPattern(AnnotationValues values, AccessKind kind,
      AnnotationValue item, int errorsBefore, Diagnostics diagnostics) {
    int maxWays = values.intValue("maxWays");
    Op op = values.enumValue("op", Op.class);
    // Free text: each generated file escapes it for its language (UserText), none rejects it.
    String label = values.stringValue("label");
    AccessPattern pattern = switch (kind) {
      case VECTOR -> readVector(values, item, op, maxWays, label, diagnostics);
      case LDMATRIX, STMATRIX -> readMatrix(values, item, kind, op, maxWays, label, diagnostics);
      case MMA_ACCUMULATOR -> MmaAccumulatorAccess.of(op).withMaxWays(maxWays).withLabel(label);
      case LANES -> readLanes(values, op, maxWays, label, diagnostics);
      default -> throw new IllegalArgumentException(kind + " declares an engine");
    };
    if (pattern == null || diagnostics.errorCount() > errorsBefore
        || lacks(values, kind, pattern.label(), diagnostics)) {
      return Optional.empty();
    }
    return Optional.of(pattern);
  }

  /**
   * An engine, its plan checked against the layout: in full, or, when the swizzle is still to be
   * derived and {@code layout} is the plain tile, only for what no swizzle changes (the solver then
   * keeps only the swizzles it has a plan for); none when the {@code @Access} has errors since
   * {@code errorsBefore}.
   */
  private Optional<Engine> readEngine(AnnotationValues values, AccessKind kind,
      TileLayout layout, boolean swizzleDerived, int errorsBefore, Diagnostics diagnostics) {
    Op op = values.enumValue("op", Op.class);
    String label = values.stringValue("label");
    Engine engine = switch (kind) {
      case TMA -> Tma.of(op).withLabel(label);
      case WGMMA -> readWgmma(values, op, label, diagnostics);
      case UMMA -> readUmma(values, op, label, diagnostics);
      default -> throw new IllegalArgumentException("no engine is declared by kind " + kind);
    };
    if (engine == null || diagnostics.errorCount() > errorsBefore
        || lacks(values, kind, engine.label(), diagnostics)) {
      return Optional.empty();
    }
    List<Violation> problems = swizzleDerived
        ? engine.geometryViolations(layout)
        : engine.plan(layout).violations();
    if (problems.isEmpty() && !swizzleDerived && engine instanceof Tma tma
        && architecture.isPresent()) {
      // The mode the declared swizzle is: one of Blackwell's only where the target writes them (a
      // derived one is, the solver being the target's).
      problems = TmaFill.check(tma.plan(layout).plan().orElseThrow().mode(), architecture.get());
    }
    problems.forEach(violation -> diagnostics.accessViolation(values, engine.label(), violation));
    return problems.isEmpty() ? Optional.of(engine) : Optional.empty();
  }

  /**
   * Whether the target architecture has no instruction or engine for the access (reported, on its
   * kind); false without a target.
   */
  private boolean lacks(AnnotationValues values, AccessKind kind, String label,
      Diagnostics diagnostics) {
    List<Violation> problems = architecture.map(target -> target.check(kind)).orElse(List.of());
    problems.forEach(violation -> diagnostics.accessViolation(values, label, violation));
    return !problems.isEmpty();
  }

  private static AccessPattern readVector(AnnotationValues values, AnnotationValue item, Op op,
      int maxWays, String label, Diagnostics diagnostics) {
    int bytes = values.intValue("bytes");
    List<AnnotationValue> threads = values.arrayValue("threads");
    Order order = values.enumValue("order", Order.class);
    if (threads.isEmpty()) {
      if (values.isExplicit("order")) {
        diagnostics.errorOnAccess(values, "order", "order numbers lanes over threads = {rows, cols};"
            + " give threads too, or omit both for the coalesced copy.");
        return null;
      }
      return VectorAccess.coalesced(op, bytes).withRowsAsOne(values.intValue("rowsAsOne"))
          .withMaxWays(maxWays).withLabel(label);
    }
    if (threads.size() != 2 || !(threads.get(0).getValue() instanceof Integer rows)
        || !(threads.get(1).getValue() instanceof Integer cols)) {
      diagnostics.errorOnAccess(values, "threads", "threads must be two numbers, {rows, cols} of"
          + " lanes, not " + threads.size() + ".");
      return null;
    }
    return VectorAccess.grid(op, bytes, rows, cols, order)
        .withRowsAsOne(values.intValue("rowsAsOne")).withMaxWays(maxWays).withLabel(label);
  }

  /**
   * A lane map; its text is the model's to read (a fault in it is a violation on {@code lanes}), but
   * one must be given.
   */
  private static AccessPattern readLanes(AnnotationValues values, Op op, int maxWays, String label,
      Diagnostics diagnostics) {
    String lanes = values.stringValue("lanes");
    if (lanes.isBlank()) {
      diagnostics.errorOnAccess(values, "lanes", "a LANES access names the element of each of the 32"
          + " lanes: give lanes = \"[[r0,c0],...,[r4,c4]]\" (Triton's bases) or a CuTe layout of the"
          + " lanes such as \"_32:_1\".");
      return null;
    }
    return LanesAccess.of(op, values.intValue("bytes"), lanes).withMaxWays(maxWays)
        .withLabel(label);
  }

  private static Engine readWgmma(AnnotationValues values, Op op, String label,
      Diagnostics diagnostics) {
    if (values.isExplicit("op") && op != Op.LOAD) {
      diagnostics.errorOnAccess(values, "op", "wgmma only reads its operands from shared memory;"
          + " op must be LOAD or omitted.");
      return null;
    }
    return Wgmma.of(values.enumValue("major", Major.class)).withLabel(label);
  }

  private static Engine readUmma(AnnotationValues values, Op op, String label,
      Diagnostics diagnostics) {
    if (values.isExplicit("op") && op != Op.LOAD) {
      diagnostics.errorOnAccess(values, "op", "tcgen05.mma only reads its shared-memory operands;"
          + " op must be LOAD or omitted.");
      return null;
    }
    return Umma.of(values.enumValue("major", Major.class)).withLabel(label);
  }

  private static AccessPattern readMatrix(AnnotationValues values, AnnotationValue item,
      AccessKind kind, Op op, int maxWays, String label, Diagnostics diagnostics) {
    Op implied = kind == AccessKind.LDMATRIX ? Op.LOAD : Op.STORE;
    if (values.isExplicit("op") && op != implied) {
      diagnostics.errorOnAccess(values, "op", (kind == AccessKind.LDMATRIX ? "ldmatrix only loads"
          : "stmatrix only stores") + "; op must be " + implied + " or omitted.");
      return null;
    }
    int matrices = values.intValue("matrices");
    boolean trans = values.booleanValue("trans");
    // The shape's rules (which instruction, trans, matrices and element types it has) are the
    // model's violations, blamed on the attribute at fault.
    MatrixAccess access = kind == AccessKind.LDMATRIX
        ? MatrixAccess.ldmatrix(matrices, trans)
        : MatrixAccess.stmatrix(matrices, trans);
    return access.withShape(values.enumValue("shape", MatrixShape.class)).withMaxWays(maxWays)
        .withLabel(label);
  }

  /**
   * The accesses a swizzle exists for, where the element type and geometry allow them: the coalesced
   * 16-byte row-vector store (the global-to-shared copy) and ldmatrix-style 8-row x 16-byte loads
   * (.x4, or .x2/.x1 when the tile holds fewer matrices). Each default the tile cannot take is named
   * in {@code skipped} with the reason.
   */
  static List<DeclaredAccess> defaults(Layout layout, List<String> skipped) {
    List<DeclaredAccess> defaults = new ArrayList<>();
    AccessPattern copy = VectorAccess.coalesced(Op.STORE, 16)
        .withLabel("default 16-byte row-vector store");
    addIfAllowed(copy, layout, defaults, skipped);
    AccessPattern matrices = MatrixAccess.ldmatrix(1, false).withLabel("default ldmatrix.x1 load");
    for (int count : new int[] {4, 2}) {
      AccessPattern candidate = MatrixAccess.ldmatrix(count, false)
          .withLabel("default ldmatrix.x" + count + " load");
      // Fewer matrices per instruction help only where the count of matrices is what is wrong.
      if (candidate.check(layout).stream()
          .noneMatch(violation -> Blame.of(violation).equals(MATRICES))) {
        matrices = candidate;
        break;
      }
    }
    addIfAllowed(matrices, layout, defaults, skipped);
    return defaults;
  }

  private static void addIfAllowed(AccessPattern access, Layout layout, List<DeclaredAccess> defaults,
      List<String> skipped) {
    List<Violation> problems = access.check(layout);
    if (problems.isEmpty()) {
      defaults.add(new DeclaredAccess(access, null, null));
    } else {
      skipped.add(access.label() + " not checked: " + ViolationMessages.render(problems.get(0)));
    }
  }
}
