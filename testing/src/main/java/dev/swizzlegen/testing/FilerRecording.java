package dev.swizzlegen.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;

/**
 * Every file a processor creates through javac's {@link Filer}, with the originating elements it
 * named and the text it wrote: what Gradle's isolating mode relies on (one originating element per
 * file), seen from the processor's side of the Filer.
 */
public final class FilerRecording {
  /** How a file was created. */
  public enum Kind {
    /** {@code createSourceFile}. */
    SOURCE,
    /** {@code createClassFile}. */
    CLASS,
    /** {@code createResource}. */
    RESOURCE
  }

  /**
   * One created file.
   *
   * @param kind how it was created
   * @param name the class's name (qualified or binary, as given) or the resource's relative name
   * @param originatingElements the originating elements' qualified names (types) or simple names
   * @param content what was written, once the writer or stream is closed: text, or a class file's
   *     bytes each as one char (ISO 8859-1), as {@link #bytes} gives them back
   */
  public record File(Kind kind, String name, List<String> originatingElements, String content) {
    /** The content as bytes: a class file's, or text's in UTF-8. */
    public byte[] bytes() {
      return content.getBytes(kind == Kind.CLASS ? StandardCharsets.ISO_8859_1
          : StandardCharsets.UTF_8);
    }
  }

  private final List<File> files = Collections.synchronizedList(new ArrayList<>());

  /** The files created so far, in creation order. */
  public List<File> files() {
    return List.copyOf(files);
  }

  /** {@code processor}, with every file it creates through the Filer recorded here. */
  public Processor wrap(Processor processor) {
    return (Processor) Proxy.newProxyInstance(FilerRecording.class.getClassLoader(),
        new Class<?>[] {Processor.class}, (proxy, method, args) -> {
          if (method.getName().equals("init")) {
            args = new Object[] {recordingEnvironment((ProcessingEnvironment) args[0])};
          }
          return invoke(method, processor, args);
        });
  }

  private ProcessingEnvironment recordingEnvironment(ProcessingEnvironment environment) {
    Filer filer = environment.getFiler();
    Filer recordingFiler = (Filer) Proxy.newProxyInstance(FilerRecording.class.getClassLoader(),
        new Class<?>[] {Filer.class}, (proxy, method, args) -> {
          Object created = invoke(method, filer, args);
          Kind kind = switch (method.getName()) {
            case "createSourceFile" -> Kind.SOURCE;
            case "createClassFile" -> Kind.CLASS;
            case "createResource" -> Kind.RESOURCE;
            default -> null;
          };
          if (kind == null) {
            return created;
          }
          List<String> origins = new ArrayList<>();
          for (Element origin : (Element[]) args[args.length - 1]) {
            origins.add(origin instanceof TypeElement type
                ? type.getQualifiedName().toString()
                : origin.getSimpleName().toString());
          }
          String name = kind == Kind.RESOURCE ? args[2].toString() : args[0].toString();
          return recordingFile((FileObject) created,
              content -> files.add(new File(kind, name, List.copyOf(origins), content)));
        });
    return (ProcessingEnvironment) Proxy.newProxyInstance(FilerRecording.class.getClassLoader(),
        new Class<?>[] {ProcessingEnvironment.class},
        (proxy, method, args) -> method.getName().equals("getFiler")
            ? recordingFiler
            : invoke(method, environment, args));
  }

  /**
   * The file, whose writer (or output stream) also hands what was written to {@code written} when it
   * is closed.
   */
  private static Object recordingFile(FileObject file,
      java.util.function.Consumer<String> written) {
    Class<?> type = file instanceof JavaFileObject ? JavaFileObject.class : FileObject.class;
    return Proxy.newProxyInstance(FilerRecording.class.getClassLoader(), new Class<?>[] {type},
        (proxy, method, args) -> {
          if (method.getName().equals("openOutputStream")) {
            OutputStream target = file.openOutputStream();
            ByteArrayOutputStream copy = new ByteArrayOutputStream();
            return new OutputStream() {
              @Override
              public void write(int value) throws IOException {
                target.write(value);
                copy.write(value);
              }

              @Override
              public void write(byte[] bytes, int offset, int length) throws IOException {
                target.write(bytes, offset, length);
                copy.write(bytes, offset, length);
              }

              @Override
              public void close() throws IOException {
                target.close();
                written.accept(copy.toString(StandardCharsets.ISO_8859_1));
              }
            };
          }
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
