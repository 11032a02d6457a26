package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.emit.cuda.CudaHeaderWriter;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.prove.TileProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.RasterReader;
import dev.swizzlegen.processor.read.StorageReader;
import dev.swizzlegen.processor.read.StorageReader.TileOutcome;
import dev.swizzlegen.processor.read.StorageReader.TileState;
import dev.swizzlegen.processor.read.StorageReader.Tiles;
import dev.swizzlegen.processor.read.TileReader;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.report.BuildSummary;
import dev.swizzlegen.processor.report.ReportWriter;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * One annotation's way from its attributes to its files: read, proven, and every file made before
 * any is written. Tiles ({@link TileStep}), rasterizers ({@link RasterStep}) and storages
 * ({@link StorageStep}) are each one, run by the one loop of {@link Pipeline}; {@link Output}
 * writes what they made, all or nothing.
 */
abstract class Step {
  final Class<? extends Annotation> annotation;
  /** Which declaration it is, for its diagnostics' words and the names its files claim. */
  final Declaration declaration;
  final ProcessorOptions options;
  /** Where the step's files go: its Java writer, and what every file passes through once made. */
  final Output output;
  final JavaHelperWriter classWriter = new JavaHelperWriter();
  final ReportWriter reportWriter = new ReportWriter();
  /** The qualified names of the step's types that wait for a later round. */
  final Set<String> waiting = new TreeSet<>();

  Step(Class<? extends Annotation> annotation, Declaration declaration, ProcessorOptions options,
      Output output) {
    this.annotation = annotation;
    this.declaration = declaration;
    this.options = options;
    this.output = output;
  }

  /**
   * The type whose annotated types are processed together, and wait together for a later round:
   * the type itself, or, for tiles, the top-level type whose holder their helpers share.
   */
  TypeElement group(TypeElement type) {
    return type;
  }

  /**
   * The files of what {@code values} declare on {@code type}, read and proven; empty, with its
   * errors, if it has any. Throws {@link AnnotationValues.Malformed} while a value (or a tile a
   * storage names) waits for a later round.
   */
  abstract Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics);

  /** Once the round is over for {@code type} (written, held or failed): what later steps need. */
  void settled(TypeElement type, Diagnostics diagnostics) {}

  /** A new collector of what is reported on {@code type}, named as its declaration is. */
  Diagnostics diagnostics(TypeElement type, AnnotationValues values) {
    return new Diagnostics(declaration.name().toLowerCase(Locale.ROOT), type, values);
  }

  /** A type's files: its Java class's, its header, its reports, its summary note's if asked. */
  Made made(TypeElement type, Diagnostics diagnostics, JavaClass javaClass, String headerPath,
      GeneratedFile header, List<GeneratedFile> reports, Supplier<String> summary) {
    List<GeneratedFile> files = new ArrayList<>(output.javaWriter.write(javaClass));
    files.add(header);
    files.addAll(reports);
    Optional<String> note = options.summary() ? Optional.of(summary.get()) : Optional.empty();
    note.ifPresent(text -> files.add(BuildSummary.file(headerPath, text)));
    return new Made(type, declaration, diagnostics, headerPath, javaClass,
        files.stream().map(output.made).toList(), note);
  }

  /**
   * An annotated type's files, all made before any is written, and its summary note, for
   * {@link Output} to write, or to hold for the holder ({@code KernelSwizzles}) of a nested type.
   */
  record Made(TypeElement type, Declaration declaration, Diagnostics diagnostics,
      String headerPath, JavaClass javaClass, List<GeneratedFile> files, Optional<String> summary) {
  }

  /**
   * A {@code @SwizzledTile}: read ({@link TileReader}), proven ({@link TileProver}), then its Java
   * helper, its CUDA header and, on request, its JSON report, bank map and summary note made. The
   * tiles nested in one top-level type are one group: their helpers share its holder. It also tells
   * the storages what became of each tile ({@link Tiles}), a tile of an earlier build included.
   */
  static final class TileStep extends Step implements Tiles {
    private final Elements elements;
    private final TileReader reader;
    private final TileProver prover;
    private final CudaHeaderWriter headerWriter = new CudaHeaderWriter();
    /** The tiles proven this round, by qualified name, until they are settled. */
    private final Map<String, TileSpec> proven = new HashMap<>();
    /** What became of each tile, by qualified name, for the storages that name it. */
    private final Map<String, TileOutcome> outcomes = new HashMap<>();

    TileStep(Names.Scope scope, ProcessorOptions options, Output output) {
      super(SwizzledTile.class, Declaration.TILE, options, output);
      this.elements = scope.elements();
      this.reader = new TileReader(scope, options.architecture());
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
     * What became of the tile {@code type} declares: as this compilation processed it, waiting for
     * a later round, or, for a tile compiled before (on the class path), proven again without
     * writing anything.
     */
    @Override
    public TileOutcome of(TypeElement type) {
      String name = type.getQualifiedName().toString();
      if (waiting.contains(name)) {
        return new TileOutcome(TileState.DEFERRED, Optional.empty());
      }
      return outcomes.computeIfAbsent(name, key -> compiled(type));
    }

    /** A tile this round did not process: not one, or one of an earlier build, as written. */
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
      HopperHeaderText hopper = HopperHeaderText.of(proven);
      OperandReadText reads = OperandReadText.of(proven);
      List<IndexFunction> helperFunctions = new ArrayList<>(functions);
      helperFunctions.addAll(reads.descriptors());
      JavaClass helper = classWriter.helper(proven, helperFunctions, output.javaWriter.sources());
      return made(tile.type(), diagnostics, helper, tile.headerPath(),
          headerWriter.write(proven, functions, hopper, reads, options.architecture()),
          reportWriter.write(proven, options.json(), options.svg()),
          () -> BuildSummary.of(tile, proven.reports(), hopper, reads));
    }
  }

  /**
   * A {@code @ThreadblockSwizzle}: read ({@link RasterReader}: the model checks its tile size),
   * then its Java twin, its header and, on request, its summary note made. Nothing needs proving:
   * the rasterizer is the model's.
   */
  static final class RasterStep extends Step {
    private final RasterReader reader;
    private final RasterHeaderWriter headerWriter = new RasterHeaderWriter();

    RasterStep(Names.Scope scope, ProcessorOptions options, Output output) {
      super(ThreadblockSwizzle.class, Declaration.RASTERIZER, options, output);
      this.reader = new RasterReader(scope);
    }

    @Override
    Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
      return reader.read(type, values, diagnostics).filter(read -> !diagnostics.hasErrors())
          .map(raster -> made(type, diagnostics, classWriter.rasterTwin(raster),
              raster.headerPath(), headerWriter.write(raster), List.of(),
              () -> BuildSummary.of(raster)));
    }
  }

  /**
   * A {@code @SharedStorage}: read against what became of the tiles it names
   * ({@link StorageReader}), placed and checked by the model ({@link ProvenStorage#prove}), then
   * its Java twin and header made, and on request its JSON report, picture and summary note.
   */
  static final class StorageStep extends Step {
    private final StorageReader reader;
    private final Tiles tiles;
    private final StorageHeaderWriter headerWriter = new StorageHeaderWriter();

    StorageStep(Names.Scope scope, ProcessorOptions options, Tiles tiles, Output output) {
      super(SharedStorage.class, Declaration.STORAGE, options, output);
      this.reader = new StorageReader(scope);
      this.tiles = tiles;
    }

    @Override
    Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
      return reader.read(type, values, tiles, diagnostics).filter(read -> !diagnostics.hasErrors())
          .flatMap(read -> ProvenStorage.prove(read, options.architecture(), diagnostics))
          .map(proven -> made(type, diagnostics, classWriter.storageTwin(proven),
              proven.spec().headerPath(), headerWriter.write(proven),
              reportWriter.write(proven, options.json(), options.svg()),
              () -> BuildSummary.of(proven)));
    }
  }
}
