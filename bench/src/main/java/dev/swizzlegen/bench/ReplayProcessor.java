package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.SwizzledTile;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * The floor under swizzlegen's cost: a processor that writes, for every tile, exactly the files
 * swizzlegen wrote for it, computing nothing. What a compilation with it costs over plain javac is
 * javac's own work on those files (creating them through its Filer, compiling the helpers, the extra
 * rounds), which no processor that generates them can avoid.
 */
final class ReplayProcessor extends AbstractProcessor {
  /** One file as swizzlegen created it. */
  record File(boolean javaSource, String name, String content) {}

  private final Map<String, List<File>> filesByTile;

  /** @param filesByTile each tile's files by the qualified name of the tile, from {@link #record} */
  ReplayProcessor(Map<String, List<File>> filesByTile) {
    this.filesByTile = filesByTile;
  }

  /**
   * Wraps {@code processor} so that every file it creates is also recorded in {@code filesByTile}
   * under its originating element.
   */
  static Processor record(Processor processor, Map<String, List<File>> filesByTile) {
    return (Processor) Proxy.newProxyInstance(ReplayProcessor.class.getClassLoader(),
        new Class<?>[] {Processor.class}, (proxy, method, args) -> {
          if (method.getName().equals("init")) {
            ProcessingEnvironment environment = (ProcessingEnvironment) args[0];
            args = new Object[] {recordingEnvironment(environment, filesByTile)};
          }
          return invoke(method, processor, args);
        });
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(SwizzledTile.class.getCanonicalName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    List<TypeElement> tiles = new ArrayList<>();
    for (Element element : round.getElementsAnnotatedWith(SwizzledTile.class)) {
      tiles.add((TypeElement) element);
    }
    tiles.sort(Comparator.comparing(tile -> tile.getQualifiedName().toString()));
    Filer filer = processingEnv.getFiler();
    for (TypeElement tile : tiles) {
      for (File file : filesByTile.getOrDefault(tile.getQualifiedName().toString(), List.of())) {
        try {
          FileObject target = file.javaSource()
              ? filer.createSourceFile(file.name(), tile)
              : filer.createResource(StandardLocation.SOURCE_OUTPUT, "", file.name(), tile);
          try (Writer writer = target.openWriter()) {
            writer.write(file.content());
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return false;
  }

  private static ProcessingEnvironment recordingEnvironment(ProcessingEnvironment environment,
      Map<String, List<File>> filesByTile) {
    Filer filer = environment.getFiler();
    Filer recordingFiler = (Filer) Proxy.newProxyInstance(ReplayProcessor.class.getClassLoader(),
        new Class<?>[] {Filer.class}, (proxy, method, args) -> {
          Object created = invoke(method, filer, args);
          boolean javaSource = method.getName().equals("createSourceFile");
          if (!javaSource && !method.getName().equals("createResource")) {
            return created;
          }
          Element[] origins = (Element[]) args[args.length - 1];
          String tile = ((TypeElement) origins[0]).getQualifiedName().toString();
          String name = javaSource ? args[0].toString() : args[2].toString();
          return recordingFile((FileObject) created, content -> filesByTile
              .computeIfAbsent(tile, key -> new ArrayList<>())
              .add(new File(javaSource, name, content)));
        });
    return (ProcessingEnvironment) Proxy.newProxyInstance(ReplayProcessor.class.getClassLoader(),
        new Class<?>[] {ProcessingEnvironment.class},
        (proxy, method, args) -> method.getName().equals("getFiler")
            ? recordingFiler
            : invoke(method, environment, args));
  }

  /** The file, whose writer also hands what was written to {@code written} when closed. */
  private static Object recordingFile(FileObject file,
      java.util.function.Consumer<String> written) {
    Class<?> type = file instanceof JavaFileObject ? JavaFileObject.class : FileObject.class;
    return Proxy.newProxyInstance(ReplayProcessor.class.getClassLoader(), new Class<?>[] {type},
        (proxy, method, args) -> {
          if (!method.getName().equals("openWriter")) {
            return invoke(method, file, args);
          }
          Writer target = file.openWriter();
          StringWriter copy = new StringWriter();
          return new Writer() {
            @Override
            public void write(char[] characters, int offset, int length) throws IOException {
              target.write(characters, offset, length);
              copy.write(characters, offset, length);
            }

            @Override
            public void flush() throws IOException {
              target.flush();
            }

            @Override
            public void close() throws IOException {
              target.close();
              written.accept(copy.toString());
            }
          };
        });
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
