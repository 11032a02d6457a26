package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.StorageProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.StorageReader;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.report.BuildSummary;
import dev.swizzlegen.processor.report.ReportWriter;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @SharedStorage}: read against the tiles this compilation proved ({@link StorageReader},
 * asking {@code tiles} what became of each tile it names), placed and checked by the model
 * ({@link StorageProver}), then its Java twin and header made, and on request its JSON report,
 * picture ({@link ReportWriter}) and summary note.
 */
final class StorageStep implements Step {
  private final StorageReader reader;
  private final StorageProver prover;
  private final StorageReader.Tiles tiles;
  private final JavaWriter javaWriter;
  private final StorageHeaderWriter headerWriter = new StorageHeaderWriter();
  private final JavaHelperWriter twinWriter = new JavaHelperWriter();
  private final ReportWriter reportWriter = new ReportWriter();
  private final boolean summaries;
  private final boolean json;
  private final boolean picture;

  StorageStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      StorageReader.Tiles tiles, JavaWriter javaWriter) {
    this.reader = new StorageReader(elements, options.namespace(), sourceTypes);
    this.prover = new StorageProver(options.architecture());
    this.tiles = tiles;
    this.javaWriter = javaWriter;
    this.summaries = options.summary();
    this.json = options.writes(ProcessorOptions.Report.JSON);
    this.picture = options.writes(ProcessorOptions.Report.SVG);
  }

  @Override
  public Class<? extends Annotation> annotation() {
    return SharedStorage.class;
  }

  @Override
  public Declaration declaration() {
    return Declaration.STORAGE;
  }

  @Override
  public Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    Optional<StorageSpec> read = reader.read(type, values, tiles, diagnostics);
    if (read.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    Optional<ProvenStorage> proven = prover.prove(read.get(), diagnostics);
    if (proven.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    String headerPath = read.get().headerPath();
    JavaClass twin = twinWriter.storageTwin(proven.get());
    List<GeneratedFile> files = new ArrayList<>(javaWriter.write(twin));
    files.add(headerWriter.write(proven.get()));
    files.addAll(reportWriter.write(proven.get(), json, picture));
    Optional<String> summary =
        summaries ? Optional.of(BuildSummary.of(proven.get())) : Optional.empty();
    summary.ifPresent(note -> files.add(BuildSummary.file(headerPath, note)));
    return Optional.of(new Made(type, diagnostics, headerPath, twin, files, summary));
  }
}
