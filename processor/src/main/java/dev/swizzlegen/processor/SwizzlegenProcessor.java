package dev.swizzlegen.processor;

import com.google.auto.service.AutoService;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.step.Pipeline;
import dev.swizzlegen.processor.step.ProcessorOptions;
import java.util.Set;
import java.util.function.UnaryOperator;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The one entry point: every {@code @SwizzledTile}, {@code @ThreadblockSwizzle} and
 * {@code @SharedStorage} type goes through its step (read, prove, make every file, write all or
 * nothing) in one {@link Pipeline}. The options are {@link ProcessorOptions}'; with one unusable,
 * each problem is an error and nothing is processed.
 */
@AutoService(Processor.class)
public final class SwizzlegenProcessor extends AbstractProcessor {
  /** What every generated file passes through once made, before any is written. */
  private final UnaryOperator<GeneratedFile> made;
  private ProcessorOptions options;
  private Pipeline pipeline;

  public SwizzlegenProcessor() {
    this(UnaryOperator.identity());
  }

  /**
   * For tests: a processor whose generated files pass through {@code made} once made, which a test
   * makes throw to stand for a bug in a writer.
   */
  SwizzlegenProcessor(UnaryOperator<GeneratedFile> made) {
    this.made = made;
  }

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    options = ProcessorOptions.read(processingEnv.getOptions());
    for (String problem : options.problems()) {
      // An option's value is user text, as a label is.
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, UserText.message(problem));
    }
    // Eclipse's compiler does not compile against class files a processor creates: it gets sources.
    pipeline = new Pipeline(processingEnv, options, options.sources() || eclipse(processingEnv),
        made);
  }

  /** Whether javac is Eclipse's compiler (ECJ), told by its environment's class, as Micronaut does. */
  static boolean eclipse(ProcessingEnvironment environment) {
    return environment.getClass().getName().startsWith("org.eclipse.jdt.");
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(SwizzledTile.class.getCanonicalName(), ThreadblockSwizzle.class.getCanonicalName(),
        SharedStorage.class.getCanonicalName());
  }

  @Override
  public Set<String> getSupportedOptions() {
    return ProcessorOptions.NAMES;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (options.problems().isEmpty()) {
      pipeline.process(round);
    }
    return false;
  }
}
