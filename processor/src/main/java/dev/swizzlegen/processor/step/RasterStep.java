package dev.swizzlegen.processor.step;

import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.read.RasterReader;
import dev.swizzlegen.processor.report.BuildSummary;
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
final class RasterStep extends Step {
  private final RasterReader reader;
  private final RasterHeaderWriter headerWriter = new RasterHeaderWriter();
  private final JavaHelperWriter twinWriter = new JavaHelperWriter();

  RasterStep(Elements elements, ProcessorOptions options, Predicate<String> sourceTypes,
      JavaWriter javaWriter) {
    super(ThreadblockSwizzle.class, Declaration.RASTERIZER, options, javaWriter);
    this.reader = new RasterReader(elements, options.namespace(), sourceTypes);
  }

  @Override
  Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics) {
    return reader.read(type, values, diagnostics).filter(read -> !diagnostics.hasErrors())
        .map(raster -> made(type, diagnostics, raster.headerPath(), twinWriter.rasterTwin(raster),
            List.of(headerWriter.write(raster)), () -> BuildSummary.of(raster)));
  }
}
