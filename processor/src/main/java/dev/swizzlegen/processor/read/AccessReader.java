package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Blame;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.processor.read.AccessRead.Fault;
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
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
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
 * that declare an engine, its {@link Engine} for the prover to plan, or into its faults, as values
 * ({@link AccessRead}); supplies the default accesses when {@code access} is omitted.
 */
final class AccessReader {
  /** The attributes only some kinds read, in the order checked. */
  private static final List<String> OWN_ATTRIBUTES = List.of("bytes", "threads", "order",
      "rowsAsOne", "matrices", "trans", "shape", "major", "lanes", "maxWays");

  /**
   * Which of those each kind reads (every kind reads kind, op and label); one given for another
   * kind is an error rather than ignored.
   */
  private static final Map<AccessKind, Set<String>> ATTRIBUTES = Map.of(
      AccessKind.VECTOR, Set.of("bytes", "threads", "order", "rowsAsOne", "maxWays"),
      AccessKind.LDMATRIX, Set.of("matrices", "trans", "shape", "maxWays"),
      AccessKind.STMATRIX, Set.of("matrices", "trans", "shape", "maxWays"),
      AccessKind.MMA_ACCUMULATOR, Set.of("maxWays"),
      AccessKind.TMA, Set.of(),
      AccessKind.WGMMA, Set.of("major"),
      AccessKind.UMMA, Set.of("major"),
      AccessKind.LANES, Set.of("bytes", "lanes", "maxWays"));

  private static final Blame.Attribute MATRICES = Blame.Attribute.ofAccess("matrices");

  private final Elements elements;
  /** The target architecture ({@code -Aswizzlegen.arch}): an access it lacks is an error. */
  private final Optional<Architecture> architecture;

  AccessReader(Elements elements, Optional<Architecture> architecture) {
    this.elements = elements;
    this.architecture = architecture;
  }

  /**
   * Each declared access read, in order: a warp access checked against the layout, an engine only
   * read; the prover reports the faults once it has planned the engines. For a layout pasted M (or
   * N) first, {@code swapped} is it with its modes swapped: a warp access whose vectors only the
   * swapped tile keeps whole is one error on {@code layout}, once per tile.
   */
  List<AccessRead> read(AnnotationValues tile, TileLayout layout,
      Optional<CuteTile.Swapped> swapped) {
    List<AccessRead> reads = new ArrayList<>();
    // A tcgen05 read once per tile; wgmma reads once per major, so that one buffer may be read
    // K-major by one product and MN-major by another (FlashMLA reads its K as V).
    boolean ummaRead = false;
    Set<Major> wgmmaReads = EnumSet.noneOf(Major.class);
    boolean swapReported = false;
    List<AnnotationValue> items = tile.arrayValue("access");
    List<AnnotationMirror> mirrors = tile.arrayOf("access", AnnotationMirror.class);
    for (int i = 0; i < items.size(); i++) {
      AnnotationValues values = new AnnotationValues(mirrors.get(i), elements);
      AccessKind kind = values.enumValue("kind", AccessKind.class);
      List<Fault> faults = new ArrayList<>();
      if (kind == AccessKind.UMMA && ummaRead) {
        faults.add(new Fault.Shape(new ShapeError.SecondUmmaRead()));
      } else if (kind == AccessKind.WGMMA
          && !wgmmaReads.add(values.enumValue("major", Major.class))) {
        faults.add(new Fault.Shape(new ShapeError.SecondWgmmaRead(
            values.enumValue("major", Major.class))));
      } else {
        ummaRead |= kind == AccessKind.UMMA;
        shapeErrors(values, kind).forEach(error -> faults.add(new Fault.Shape(error)));
      }
      if (faults.isEmpty() && isEngine(kind)) {
        Engine engine = engine(values, kind);
        faults.addAll(lacks(kind, engine.label()));
        if (faults.isEmpty()) {
          reads.add(new AccessRead.EngineToPlan(engine, values));
          continue;
        }
      } else if (faults.isEmpty()) {
        AccessPattern pattern = pattern(values, kind);
        faults.addAll(lacks(kind, pattern.label()));
        List<Violation> problems = faults.isEmpty() ? pattern.check(layout) : List.of();
        Optional<Violation> transposed = swapped.flatMap(s -> readAlongK(s, pattern, problems));
        if (transposed.isPresent()) {
          if (!swapReported) {
            reads.add(new AccessRead.PastedTransposed(transposed.get()));
          }
          swapReported = true;
          continue;
        }
        problems.forEach(violation -> faults.add(new Fault.Broken(pattern.label(), violation)));
        if (faults.isEmpty()) {
          reads.add(new DeclaredAccess(pattern, values.mirror(), items.get(i)));
          continue;
        }
      }
      reads.add(new AccessRead.Faulty(values, faults));
    }
    return reads;
  }

  /** TMA, WGMMA and UMMA: the kinds that declare an engine rather than a warp access. */
  private static boolean isEngine(AccessKind kind) {
    return kind == AccessKind.TMA || kind == AccessKind.WGMMA || kind == AccessKind.UMMA;
  }

  /**
   * How the access is written wrong: an attribute its kind does not read, a maxWays below one,
   * order without threads, threads not two numbers, no lane map, an op the instruction does not do.
   */
  private static List<ShapeError> shapeErrors(AnnotationValues values, AccessKind kind) {
    List<ShapeError> errors = new ArrayList<>();
    for (String attribute : OWN_ATTRIBUTES) {
      if (values.isExplicit(attribute) && !ATTRIBUTES.get(kind).contains(attribute)) {
        errors.add(new ShapeError.NotApplicable(attribute, kind));
      }
    }
    int maxWays = values.intValue("maxWays");
    if (maxWays < 1) {
      errors.add(new ShapeError.MaxWaysBelowOne(maxWays));
    }
    switch (kind) {
      case VECTOR -> {
        List<AnnotationValue> threads = values.arrayValue("threads");
        if (threads.isEmpty() && values.isExplicit("order")) {
          errors.add(new ShapeError.OrderWithoutThreads());
        } else if (!threads.isEmpty() && (threads.size() != 2
            || !(threads.get(0).getValue() instanceof Integer)
            || !(threads.get(1).getValue() instanceof Integer))) {
          errors.add(new ShapeError.ThreadsNotTwo(threads.size()));
        }
      }
      case LANES -> {
        if (values.stringValue("lanes").isBlank()) {
          errors.add(new ShapeError.LanesMissing());
        }
      }
      case LDMATRIX, STMATRIX, WGMMA, UMMA -> {
        var instruction = ShapeError.OpFixed.Instruction.valueOf(kind.name());
        if (values.isExplicit("op") && values.enumValue("op", Op.class) != instruction.op()) {
          errors.add(new ShapeError.OpFixed(instruction));
        }
      }
      case MMA_ACCUMULATOR, TMA -> { }
    }
    return errors;
  }

  /**
   * Where a warp access's vectors run along the rows of a tile pasted M (or N) first, and the tile
   * with its modes swapped keeps them whole: the error on layout giving the swapped declaration.
   */
  private static Optional<Violation> readAlongK(CuteTile.Swapped swapped, AccessPattern pattern,
      List<Violation> problems) {
    return problems.stream().filter(VectorBroken.class::isInstance).map(VectorBroken.class::cast)
        .findFirst()
        .filter(broken -> pattern.check(swapped.tile()).stream()
            .noneMatch(VectorBroken.class::isInstance))
        .map(broken -> swapped.readBy(broken.kind(), broken.vectorBytes()));
  }

  /** A warp access as declared, to be checked against the layout; its shape has no errors. */
  private static AccessPattern pattern(AnnotationValues values, AccessKind kind) {
    int maxWays = values.intValue("maxWays");
    Op op = values.enumValue("op", Op.class);
    // Free text: each generated file escapes it for its language (UserText), none rejects it.
    String label = values.stringValue("label");
    List<AnnotationValue> threads = values.arrayValue("threads");
    AccessPattern pattern = switch (kind) {
      case VECTOR -> (threads.isEmpty()
          ? VectorAccess.coalesced(op, values.intValue("bytes"))
          : VectorAccess.grid(op, values.intValue("bytes"), (Integer) threads.get(0).getValue(),
              (Integer) threads.get(1).getValue(), values.enumValue("order", Order.class)))
          .withRowsAsOne(values.intValue("rowsAsOne"));
      // The shape's rules (which instruction, trans, matrices and element types it has) are the
      // model's violations, blamed on the attribute at fault.
      case LDMATRIX, STMATRIX -> (kind == AccessKind.LDMATRIX
          ? MatrixAccess.ldmatrix(values.intValue("matrices"), values.booleanValue("trans"))
          : MatrixAccess.stmatrix(values.intValue("matrices"), values.booleanValue("trans")))
          .withShape(values.enumValue("shape", MatrixShape.class));
      case MMA_ACCUMULATOR -> MmaAccumulatorAccess.of(op);
      // A lane map's text is the model's to read (a fault in it is a violation on lanes).
      case LANES -> LanesAccess.of(op, values.intValue("bytes"), values.stringValue("lanes"));
      default -> throw new IllegalArgumentException(kind + " declares an engine");
    };
    return pattern.withMaxWays(maxWays).withLabel(label);
  }

  /** An engine as declared; its shape has no errors. Its plan is the prover's. */
  private static Engine engine(AnnotationValues values, AccessKind kind) {
    String label = values.stringValue("label");
    if (kind == AccessKind.TMA) {
      return Tma.of(values.enumValue("op", Op.class)).withLabel(label);
    }
    MmaFormat format = kind == AccessKind.WGMMA ? MmaFormat.GMMA : MmaFormat.UMMA;
    return new MmaRead(format, values.enumValue("major", Major.class), label);
  }

  /** What the target architecture lacks for the access, as faults on its label. */
  private List<Fault> lacks(AccessKind kind, String label) {
    return architecture.map(target -> target.check(kind)).orElse(List.of()).stream()
        .<Fault>map(violation -> new Fault.Broken(label, violation)).toList();
  }

  /**
   * The accesses a swizzle exists for, where the element type and geometry allow them: the coalesced
   * 16-byte row-vector store (the global-to-shared copy) and ldmatrix's 8-row x 16-byte loads. Each
   * default the tile cannot take is named in {@code skipped} with the reason.
   */
  static List<DeclaredAccess> defaults(Layout layout, List<String> skipped) {
    List<DeclaredAccess> defaults = new ArrayList<>();
    AccessPattern copy = VectorAccess.coalesced(Op.STORE, 16)
        .withLabel("default 16-byte row-vector store");
    addIfAllowed(copy, copy.check(layout), defaults, skipped);
    // ldmatrix.x4, else fewer matrices, which help only where their count is what is wrong.
    AccessPattern matrices;
    List<Violation> problems;
    int count = 8;
    do {
      count /= 2;
      matrices = MatrixAccess.ldmatrix(count, false)
          .withLabel("default ldmatrix.x" + count + " load");
      problems = matrices.check(layout);
    } while (count > 1 && problems.stream()
        .anyMatch(violation -> Messages.VIOLATIONS.blame(violation).equals(MATRICES)));
    addIfAllowed(matrices, problems, defaults, skipped);
    return defaults;
  }

  private static void addIfAllowed(AccessPattern access, List<Violation> problems,
      List<DeclaredAccess> defaults, List<String> skipped) {
    if (problems.isEmpty()) {
      defaults.add(new DeclaredAccess(access, null, null));
    } else {
      skipped.add(access.label() + " not checked: " + Messages.VIOLATIONS.render(problems.get(0)));
    }
  }
}
