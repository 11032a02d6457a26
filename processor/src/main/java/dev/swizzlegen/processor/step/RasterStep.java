package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.RasterReader;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.processor.report.BuildSummary;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @ThreadblockSwizzle}: read ({@link RasterReader}: the model checks its tile size), then
 * its Java twin, its header and, on request, its summary note made. Nothing needs proving: the
 * rasterizer is the model's.
 */
final class RasterStep implements Step {
  private final RasterReader reader;
  private final JavaWriter javaWriter;
  private final boolean summaries;
  private final RasterHeaderWriter headerWriter = new RasterHeaderWriter();
  private final JavaHelperWriter twinWriter = new JavaHelperWriter();

  RasterStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      JavaWriter javaWriter) {
    this.reader = new RasterReader(elements, options.namespace(), sourceTypes);
    this.javaWriter = javaWriter;
    this.summaries = options.summary();
  }

  @Override
  public Class<? extends Annotation> annotation() {
    return ThreadblockSwizzle.class;
  }

  @Override
  public Declaration declaration() {
    return Declaration.RASTERIZER;
  }

  @Override
  public Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    Optional<RasterSpec> read = reader.read(type, values, diagnostics);
    if (read.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    RasterSpec raster = read.get();
    Optional<String> summary = summaries ? Optional.of(BuildSummary.of(raster)) : Optional.empty();
    JavaClass twin = twinWriter.rasterTwin(raster);
    List<GeneratedFile> files = new ArrayList<>(javaWriter.write(twin));
    files.add(headerWriter.write(raster));
    summary.ifPresent(note -> files.add(BuildSummary.file(raster.headerPath(), note)));
    return Optional.of(new Made(type, diagnostics, raster.headerPath(), twin, files, summary));
  }
}
