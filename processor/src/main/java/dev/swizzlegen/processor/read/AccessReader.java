package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Blame;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.ShapeError;
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
 * that declare an engine (TMA, WGMMA, UMMA), its {@link Engine} for the prover to plan, or into its
 * faults, as values ({@link AccessRead}); supplies the default accesses when {@code access} is
 * omitted.
 */
final class AccessReader {
  /** What a tile's {@code access} declares: each {@code @Access} as read, in the order declared. */
  record Declared(List<AccessRead> reads) {
    Declared {
      reads = List.copyOf(reads);
    }

    /** The warp accesses to cost, in order. */
    List<DeclaredAccess> accesses() {
      return reads.stream().filter(AccessRead.Warp.class::isInstance)
          .map(read -> ((AccessRead.Warp) read).access()).toList();
    }

    /** The engines to plan, in order. */
    List<Engine> engines() {
      return reads.stream().filter(AccessRead.EngineToPlan.class::isInstance)
          .map(read -> ((AccessRead.EngineToPlan) read).engine()).toList();
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
   * Each declared access read, checked against the layout where it is a warp access; an engine is
   * only read, for the prover to plan. Nothing is reported here: the faults are values, reported in
   * declaration order by the prover once it has planned the engines. For a layout pasted M (or N)
   * first, {@code swapped} is it with its modes swapped: a warp access whose vectors the pasted
   * tile's rows break and the swapped tile's keep is one error on {@code layout} giving the
   * declaration to paste, once per tile.
   */
  Declared read(AnnotationValues tile, TileLayout layout, Optional<CuteTile.Swapped> swapped) {
    List<AccessRead> reads = new ArrayList<>();
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
        reads.add(faulty(values, new ShapeError.SecondUmmaRead()));
        continue;
      }
      ummaRead |= kind == AccessKind.UMMA;
      if (kind == AccessKind.WGMMA && !wgmmaReads.add(values.enumValue("major", Major.class))) {
        reads.add(faulty(values, new ShapeError.SecondWgmmaRead(
            values.enumValue("major", Major.class))));
        continue;
      }
      List<Fault> faults = new ArrayList<>();
      attributeErrors(values, kind).forEach(error -> faults.add(new Fault.Shape(error)));
      kindError(values, kind).ifPresent(error -> faults.add(new Fault.Shape(error)));
      if (!faults.isEmpty()) {
        reads.add(new AccessRead.Faulty(values, faults));
      } else if (isEngine(kind)) {
        Engine engine = engine(values, kind);
        lacks(kind, engine.label()).forEach(faults::add);
        reads.add(faults.isEmpty()
            ? new AccessRead.EngineToPlan(engine, values)
            : new AccessRead.Faulty(values, faults));
      } else {
        AccessPattern pattern = pattern(values, kind, item);
        lacks(kind, pattern.label()).forEach(faults::add);
        if (!faults.isEmpty()) {
          reads.add(new AccessRead.Faulty(values, faults));
          continue;
        }
        List<Violation> problems = pattern.check(layout);
        Optional<Violation> transposed = swapped.flatMap(s -> readAlongK(s, pattern, problems));
        if (transposed.isPresent()) {
          if (!swapReported) {
            reads.add(new AccessRead.PastedTransposed(transposed.get()));
          }
          swapReported = true;
          continue;
        }
        problems.forEach(violation -> faults.add(new Fault.Broken(pattern.label(), violation)));
        reads.add(faults.isEmpty()
            ? new AccessRead.Warp(new DeclaredAccess(pattern, values.mirror(), item))
            : new AccessRead.Faulty(values, faults));
      }
    }
    return new Declared(reads);
  }

  private static AccessRead faulty(AnnotationValues values, ShapeError error) {
    return new AccessRead.Faulty(values, List.of(new Fault.Shape(error)));
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
  private static List<ShapeError> attributeErrors(AnnotationValues values, AccessKind kind) {
    List<ShapeError> errors = new ArrayList<>();
    for (String attribute : List.of("op", "bytes", "threads", "order", "rowsAsOne", "matrices",
        "trans", "shape", "major", "lanes", "maxWays", "label")) {
      if (values.isExplicit(attribute) && !ATTRIBUTES.get(kind).contains(attribute)) {
        errors.add(new ShapeError.NotApplicable(attribute, kind));
      }
    }
    int maxWays = values.intValue("maxWays");
    if (maxWays < 1) {
      errors.add(new ShapeError.MaxWaysBelowOne(maxWays));
    }
    return errors;
  }

  /**
   * What the kind's own attributes get wrong: order without threads, threads not two numbers, no
   * lane map, an op the instruction does not do.
   */
  private static Optional<ShapeError> kindError(AnnotationValues values, AccessKind kind) {
    return switch (kind) {
      case VECTOR -> vectorError(values);
      case LANES -> values.stringValue("lanes").isBlank()
          ? Optional.of(new ShapeError.LanesMissing())
          : Optional.empty();
      case LDMATRIX -> opError(values, ShapeError.OpFixed.Instruction.LDMATRIX);
      case STMATRIX -> opError(values, ShapeError.OpFixed.Instruction.STMATRIX);
      case WGMMA -> opError(values, ShapeError.OpFixed.Instruction.WGMMA);
      case UMMA -> opError(values, ShapeError.OpFixed.Instruction.UMMA);
      case MMA_ACCUMULATOR, TMA -> Optional.empty();
    };
  }

  private static Optional<ShapeError> vectorError(AnnotationValues values) {
    List<AnnotationValue> threads = values.arrayValue("threads");
    if (threads.isEmpty()) {
      return values.isExplicit("order")
          ? Optional.of(new ShapeError.OrderWithoutThreads())
          : Optional.empty();
    }
    if (threads.size() != 2 || !(threads.get(0).getValue() instanceof Integer)
        || !(threads.get(1).getValue() instanceof Integer)) {
      return Optional.of(new ShapeError.ThreadsNotTwo(threads.size()));
    }
    return Optional.empty();
  }

  /** An op given that the instruction does not do. */
  private static Optional<ShapeError> opError(AnnotationValues values,
      ShapeError.OpFixed.Instruction instruction) {
    return values.isExplicit("op") && values.enumValue("op", Op.class) != instruction.op()
        ? Optional.of(new ShapeError.OpFixed(instruction))
        : Optional.empty();
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

  /** A warp access as declared, to be checked against the layout; its shape has no errors. */
  private static AccessPattern pattern(AnnotationValues values, AccessKind kind,
      AnnotationValue item) {
    int maxWays = values.intValue("maxWays");
    Op op = values.enumValue("op", Op.class);
    // Free text: each generated file escapes it for its language (UserText), none rejects it.
    String label = values.stringValue("label");
    return switch (kind) {
      case VECTOR -> vector(values, op, maxWays, label);
      case LDMATRIX, STMATRIX -> matrix(values, kind, maxWays, label);
      case MMA_ACCUMULATOR -> MmaAccumulatorAccess.of(op).withMaxWays(maxWays).withLabel(label);
      // A lane map's text is the model's to read (a fault in it is a violation on lanes).
      case LANES -> LanesAccess.of(op, values.intValue("bytes"), values.stringValue("lanes"))
          .withMaxWays(maxWays).withLabel(label);
      default -> throw new IllegalArgumentException(kind + " declares an engine");
    };
  }

  /** An engine as declared; its shape has no errors. Its plan is the prover's. */
  private static Engine engine(AnnotationValues values, AccessKind kind) {
    String label = values.stringValue("label");
    return switch (kind) {
      case TMA -> Tma.of(values.enumValue("op", Op.class)).withLabel(label);
      case WGMMA -> new MmaRead(MmaFormat.GMMA, values.enumValue("major", Major.class), label);
      case UMMA -> new MmaRead(MmaFormat.UMMA, values.enumValue("major", Major.class), label);
      default -> throw new IllegalArgumentException("no engine is declared by kind " + kind);
    };
  }

  /**
   * What the target architecture lacks for the access, as faults on its label: none without a
   * target.
   */
  private List<Fault> lacks(AccessKind kind, String label) {
    return architecture.map(target -> target.check(kind)).orElse(List.of()).stream()
        .<Fault>map(violation -> new Fault.Broken(label, violation)).toList();
  }

  private static AccessPattern vector(AnnotationValues values, Op op, int maxWays, String label) {
    int bytes = values.intValue("bytes");
    List<AnnotationValue> threads = values.arrayValue("threads");
    if (threads.isEmpty()) {
      return VectorAccess.coalesced(op, bytes).withRowsAsOne(values.intValue("rowsAsOne"))
          .withMaxWays(maxWays).withLabel(label);
    }
    int rows = (Integer) threads.get(0).getValue();
    int cols = (Integer) threads.get(1).getValue();
    return VectorAccess.grid(op, bytes, rows, cols, values.enumValue("order", Order.class))
        .withRowsAsOne(values.intValue("rowsAsOne")).withMaxWays(maxWays).withLabel(label);
  }

  private static AccessPattern matrix(AnnotationValues values, AccessKind kind, int maxWays,
      String label) {
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
          .noneMatch(violation -> Messages.VIOLATIONS.blame(violation).equals(MATRICES))) {
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
      skipped.add(access.label() + " not checked: " + Messages.VIOLATIONS.render(problems.get(0)));
    }
  }
}
