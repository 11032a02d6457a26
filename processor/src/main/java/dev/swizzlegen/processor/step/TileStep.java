package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.emit.cuda.CudaHeaderWriter;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.prove.TileProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.CompiledTile;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageReader.TileOutcome;
import dev.swizzlegen.processor.read.StorageReader.TileState;
import dev.swizzlegen.processor.read.StorageReader.Tiles;
import dev.swizzlegen.processor.read.TileRead;
import dev.swizzlegen.processor.read.TileReader;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.report.BuildSummary;
import dev.swizzlegen.processor.report.ReportWriter;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @SwizzledTile}: read ({@link TileReader}), proven ({@link TileProver}: its engines
 * planned, its swizzle derived where omitted, its accesses proven), then its Java helper, its CUDA
 * header and, on request, its JSON report, bank map and summary note made. The tiles nested in one
 * top-level type are one group: their helpers share its holder. It also tells the storages what
 * became of each tile ({@link Tiles}), a tile of an earlier build included.
 */
final class TileStep implements Step, Tiles {
  private final Elements elements;
  private final ProcessorOptions options;
  private final TileReader reader;
  private final TileProver prover;
  private final JavaWriter javaWriter;
  /** Whether a tile, by qualified name, waits for a later round. */
  private final Predicate<String> deferred;
  private final JavaHelperWriter helperWriter = new JavaHelperWriter();
  private final CudaHeaderWriter headerWriter = new CudaHeaderWriter();
  private final ReportWriter reportWriter = new ReportWriter();
  /** The tiles proven this round, by qualified name, until they are settled. */
  private final Map<String, TileSpec> proven = new HashMap<>();
  /** What became of each tile, by qualified name, for the storages that name it. */
  private final Map<String, TileOutcome> outcomes = new HashMap<>();

  TileStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      JavaWriter javaWriter, Predicate<String> deferred) {
    this.elements = elements;
    this.options = options;
    this.reader = new TileReader(elements, options.namespace(), sourceTypes,
        options.architecture());
    this.prover = new TileProver(options.conflictKind(), options.architecture());
    this.javaWriter = javaWriter;
    this.deferred = deferred;
  }

  @Override
  public Class<? extends Annotation> annotation() {
    return SwizzledTile.class;
  }

  @Override
  public Declaration declaration() {
    return Declaration.TILE;
  }

  @Override
  public TypeElement group(TypeElement type) {
    return Names.topLevelType(type);
  }

  @Override
  public Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    Optional<ProvenTile> tile = prove(type, values, diagnostics);
    if (tile.isEmpty()) {
      return Optional.empty();
    }
    proven.put(type.getQualifiedName().toString(), tile.get().spec());
    return Optional.of(files(tile.get(), diagnostics));
  }

  @Override
  public void settled(TypeElement type, Diagnostics diagnostics) {
    TileSpec spec = proven.remove(type.getQualifiedName().toString());
    outcomes.put(type.getQualifiedName().toString(), spec != null && !diagnostics.hasErrors()
        ? new TileOutcome(TileState.PROVEN, Optional.of(spec))
        : new TileOutcome(TileState.FAILED, Optional.empty()));
  }

  /**
   * What became of the tile {@code type} declares: as this compilation processed it, waiting for a
   * later round, or, for a tile compiled before (on the class path), proven again without writing
   * anything.
   */
  @Override
  public TileOutcome of(TypeElement type) {
    String name = type.getQualifiedName().toString();
    if (deferred.test(name)) {
      return new TileOutcome(TileState.DEFERRED, Optional.empty());
    }
    return outcomes.computeIfAbsent(name, key -> compiled(type));
  }

  /** A tile this round did not process: not one, or one of an earlier build, as that build wrote it. */
  private TileOutcome compiled(TypeElement type) {
    if (type.getAnnotation(SwizzledTile.class) == null) {
      return new TileOutcome(TileState.NOT_A_TILE, Optional.empty());
    }
    AnnotationValues values = AnnotationValues.of(type, SwizzledTile.class, elements);
    Optional<ProvenTile> tile;
    try {
      tile = prove(type, values, Step.diagnostics(Declaration.TILE, type, values));
    } catch (RuntimeException unreadable) {
      tile = Optional.empty();
    }
    if (tile.isEmpty()) {
      return new TileOutcome(TileState.FAILED, Optional.empty());
    }
    // Its C++ name and header are the ones its own build wrote.
    return CompiledTile.asWritten(tile.get().spec(), elements)
        .map(written -> new TileOutcome(TileState.PROVEN, Optional.of(written)))
        .orElse(new TileOutcome(TileState.NOT_GENERATED, Optional.empty()));
  }

  /** The tile read and proven; empty, with its errors in {@code diagnostics}, if not. */
  private Optional<ProvenTile> prove(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    Optional<TileRead> read = reader.read(type, values, diagnostics);
    if (read.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    return prover.prove(read.get(), diagnostics);
  }

  /** A proven tile's files, and its summary note if asked for. */
  private Made files(ProvenTile proven, Diagnostics diagnostics) {
    TileSpec tile = proven.spec();
    List<GeneratedFile> files = new ArrayList<>();
    // The index functions the helper compiles and the header prints, made once.
    List<IndexFunction> functions = TileFunctions.of(tile.layout());
    // What the header and the summary state about TMA, wgmma and tcgen05, from the plans worked
    // out once; the reads' descriptor functions are the helper's too.
    HopperHeaderText hopper = HopperHeaderText.of(proven);
    OperandReadText reads = OperandReadText.of(proven);
    List<IndexFunction> helperFunctions = new ArrayList<>(functions);
    helperFunctions.addAll(reads.descriptors());
    JavaClass helper = helperWriter.helper(proven, helperFunctions, javaWriter.sources());
    files.addAll(javaWriter.write(helper));
    files.add(headerWriter.write(proven, functions, hopper, reads, options.architecture()));
    files.addAll(reportWriter.write(proven, options.writes(ProcessorOptions.Report.JSON),
        options.writes(ProcessorOptions.Report.SVG)));
    Optional<String> summary = options.summary()
        ? Optional.of(BuildSummary.of(tile, proven.reports(), hopper, reads))
        : Optional.empty();
    summary.ifPresent(note -> files.add(BuildSummary.file(tile.headerPath(), note)));
    return new Made(tile.type(), diagnostics, tile.headerPath(), helper, files, summary);
  }
}
