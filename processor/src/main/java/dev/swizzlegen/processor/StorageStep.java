package dev.swizzlegen.processor;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.emit.java.StorageLayoutWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.StorageProver;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.StorageReader;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.report.StorageReportWriter;
import dev.swizzlegen.processor.report.StorageSummary;
import dev.swizzlegen.processor.report.TileSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * One {@code @SharedStorage} through the stages: read against the tiles this compilation proved
 * ({@link StorageReader}), placed and checked by the model ({@link StorageProver}), its header and
 * Java twin made (and on request its JSON report and picture, {@link StorageReportWriter}), then
 * written, all or nothing. The entry point keeps the rounds and the tiles'
 * outcomes; this keeps the storage's stages out of it.
 */
final class StorageStep {
  /** Writes one made file for a type; a failure is an error in the diagnostics. */
  interface Writer {
    void write(GeneratedFile file, TypeElement originating, Diagnostics diagnostics);
  }

  private final StorageReader reader;
  private final StorageProver prover;
  private final StorageHeaderWriter headerWriter = new StorageHeaderWriter();
  private final StorageLayoutWriter layoutWriter = new StorageLayoutWriter();
  private final StorageReportWriter reportWriter = new StorageReportWriter();
  private final Map<String, String> headerOwners;
  private final UnaryOperator<GeneratedFile> made;
  private final Writer writer;
  private final JavaWriter javaWriter;
  /** Whether {@code -Aswizzlegen.summary} asks for a note per storage. */
  private final boolean summaries;
  /** Whether {@code -Aswizzlegen.reports} asks for the JSON report and the picture. */
  private final boolean json;
  private final boolean picture;

  StorageStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      Map<String, String> headerOwners, UnaryOperator<GeneratedFile> made, Writer writer,
      JavaWriter javaWriter) {
    this.javaWriter = javaWriter;
    this.reader = new StorageReader(elements, options.namespace(), sourceTypes);
    this.prover = new StorageProver(options.architecture());
    this.headerOwners = headerOwners;
    this.made = made;
    this.writer = writer;
    this.summaries = options.summary();
    this.json = options.writes(ProcessorOptions.Report.JSON);
    this.picture = options.writes(ProcessorOptions.Report.SVG);
  }

  /**
   * Reads, proves and writes the storage {@code values} declare on {@code type}; its errors go to
   * {@code diagnostics}, and nothing is written for a storage with one. A storage nested in a
   * top-level type is not written here: its files are returned, to be written with the holder its
   * twin is a member of. Throws
   * {@link AnnotationValues.Malformed} while a value or a tile it names waits for a later round.
   */
  Optional<SwizzlegenProcessor.HeldFiles> process(TypeElement type, AnnotationValues values, StorageReader.Tiles tiles,
      Diagnostics diagnostics) {
    Optional<StorageSpec> read = reader.read(type, values, tiles, diagnostics);
    if (read.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    StorageSpec spec = read.get();
    String self = "the @SharedStorage of " + type.getQualifiedName();
    String owner = headerOwners.putIfAbsent(spec.headerPath(), self);
    if (owner != null && !owner.equals(self)) {
      diagnostics.error("name", "its header " + spec.headerPath() + " is already generated for "
          + owner + "; set name to tell them apart.");
      return Optional.empty();
    }
    Optional<ProvenStorage> proven = prover.prove(spec, diagnostics);
    if (proven.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    List<GeneratedFile> files = new ArrayList<>();
    JavaClass twin = layoutWriter.twin(proven.get());
    javaWriter.write(twin).forEach(file -> files.add(made.apply(file)));
    files.add(made.apply(headerWriter.write(proven.get())));
    for (GeneratedFile report : reportWriter.write(proven.get(), json, picture)) {
      files.add(made.apply(report));
    }
    Optional<String> summary =
        summaries ? Optional.of(StorageSummary.of(proven.get())) : Optional.empty();
    summary.ifPresent(note -> files.add(made.apply(TileSummary.file(spec.headerPath(), note))));
    if (spec.layoutClass().enclosingClassName().isPresent()) {
      // A twin in its top-level type's holder: written with the holder.
      return Optional.of(new SwizzlegenProcessor.HeldFiles(type, diagnostics, twin, files, summary));
    }
    for (GeneratedFile file : files) {
      writer.write(file, type, diagnostics);
      if (diagnostics.hasErrors()) {
        return Optional.empty();
      }
    }
    summary.ifPresent(diagnostics::note);
    return Optional.empty();
  }
}
