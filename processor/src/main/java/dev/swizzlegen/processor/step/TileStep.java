package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.emit.cuda.CudaHeaderWriter;
import dev.swizzlegen.processor.emit.cuda.TileEngineText;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.prove.TileProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageReader.TileOutcome;
import dev.swizzlegen.processor.read.StorageReader.TileState;
import dev.swizzlegen.processor.read.StorageReader.Tiles;
import dev.swizzlegen.processor.read.TileReader;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.report.BuildSummary;
import dev.swizzlegen.processor.report.ReportWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @SwizzledTile}: read ({@link TileReader}), proven ({@link TileProver}), then its Java
 * helper, its CUDA header and, on request, its JSON report, bank map and summary note made. The
 * tiles nested in one top-level type are one group: their helpers share its holder. It also tells
 * the storages what became of each tile ({@link Tiles}), a tile of an earlier build included.
 */
final class TileStep extends Step implements Tiles {
  private final Elements elements;
  private final TileReader reader;
  private final TileProver prover;
  private final JavaHelperWriter helperWriter = new JavaHelperWriter();
  private final CudaHeaderWriter headerWriter = new CudaHeaderWriter();
  private final ReportWriter reportWriter = new ReportWriter();
  /** The tiles proven this round, by qualified name, until they are settled. */
  private final Map<String, TileSpec> proven = new HashMap<>();
  /** What became of each tile, by qualified name, for the storages that name it. */
  private final Map<String, TileOutcome> outcomes = new HashMap<>();

  TileStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      JavaWriter javaWriter) {
    super(SwizzledTile.class, Declaration.TILE, options, javaWriter);
    this.elements = elements;
    this.reader = new TileReader(elements, options.namespace(), sourceTypes,
        options.architecture());
    this.prover = new TileProver(options.conflictKind(), options.architecture());
  }

  @Override
  TypeElement group(TypeElement type) {
    return Names.topLevelType(type);
  }

  @Override
  Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    Optional<ProvenTile> tile = prove(type, values, diagnostics);
    tile.ifPresent(made -> proven.put(type.getQualifiedName().toString(), made.spec()));
    return tile.map(made -> files(made, diagnostics));
  }

  @Override
  void settled(TypeElement type, Diagnostics diagnostics) {
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
    if (waiting.contains(name)) {
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
      tile = prove(type, values, diagnostics(type, values));
    } catch (RuntimeException unreadable) {
      tile = Optional.empty();
    }
    if (tile.isEmpty()) {
      return new TileOutcome(TileState.FAILED, Optional.empty());
    }
    return tile.get().spec().asWritten(elements)
        .map(written -> new TileOutcome(TileState.PROVEN, Optional.of(written)))
        .orElse(new TileOutcome(TileState.NOT_GENERATED, Optional.empty()));
  }

  /** The tile read and proven; empty, with its errors in {@code diagnostics}, if not. */
  private Optional<ProvenTile> prove(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    return reader.read(type, values, diagnostics).filter(read -> !diagnostics.hasErrors())
        .flatMap(read -> prover.prove(read, diagnostics));
  }

  /** A proven tile's files, and its summary note if asked for. */
  private Made files(ProvenTile proven, Diagnostics diagnostics) {
    TileSpec tile = proven.spec();
    // The index functions the helper compiles and the header prints, made once; what the header
    // and the summary state about TMA, wgmma and tcgen05, from the plans worked out once; the
    // reads' descriptor functions are the helper's too.
    List<IndexFunction> functions = TileFunctions.of(tile.layout());
    TileEngineText engines = TileEngineText.of(proven);
    List<IndexFunction> helperFunctions = new ArrayList<>(functions);
    helperFunctions.addAll(engines.descriptors());
    JavaClass helper = helperWriter.helper(proven, helperFunctions, javaWriter.sources());
    List<GeneratedFile> files = new ArrayList<>();
    files.add(headerWriter.write(proven, functions, engines, options.architecture()));
    files.addAll(reportWriter.write(proven, options.json(), options.svg()));
    return made(tile.type(), diagnostics, tile.headerPath(), helper, files,
        () -> BuildSummary.of(tile, proven.reports(), engines));
  }
}
