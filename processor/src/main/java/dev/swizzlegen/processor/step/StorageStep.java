package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.StorageProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.StorageReader;
import dev.swizzlegen.processor.report.BuildSummary;
import dev.swizzlegen.processor.report.ReportWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @SharedStorage}: read against what became of the tiles it names ({@link StorageReader}),
 * placed and checked by the model ({@link StorageProver}), then its Java twin and header made, and
 * on request its JSON report, picture and summary note.
 */
final class StorageStep extends Step {
  private final StorageReader reader;
  private final StorageProver prover;
  private final StorageReader.Tiles tiles;
  private final StorageHeaderWriter headerWriter = new StorageHeaderWriter();
  private final JavaHelperWriter twinWriter = new JavaHelperWriter();
  private final ReportWriter reportWriter = new ReportWriter();

  StorageStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      StorageReader.Tiles tiles, JavaWriter javaWriter) {
    super(SharedStorage.class, Declaration.STORAGE, options, javaWriter);
    this.reader = new StorageReader(elements, options.namespace(), sourceTypes);
    this.prover = new StorageProver(options.architecture());
    this.tiles = tiles;
  }

  @Override
  Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    Optional<ProvenStorage> proven = reader.read(type, values, tiles, diagnostics)
        .filter(read -> !diagnostics.hasErrors())
        .flatMap(read -> prover.prove(read, diagnostics));
    if (proven.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    List<GeneratedFile> files = new ArrayList<>(List.of(headerWriter.write(proven.get())));
    files.addAll(reportWriter.write(proven.get(), options.json(), options.svg()));
    return Optional.of(made(type, diagnostics, proven.get().spec().headerPath(),
        twinWriter.storageTwin(proven.get()), files, () -> BuildSummary.of(proven.get())));
  }
}
