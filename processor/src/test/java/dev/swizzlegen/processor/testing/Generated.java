package dev.swizzlegen.processor.testing;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.testing.FilerRecording;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/** Runs the processor through javac in memory and loads what it generated, to run it. */
public final class Generated {
  private final Compilation compilation;
  private final ClassLoader loader;

  private Generated(Compilation compilation) {
    this.compilation = compilation;
    GeneratedClassLoader classes = new GeneratedClassLoader(compilation);
    this.loader = classes;
    // Every generated class file, checked by ASM's verifier before any test uses it.
    classes.verifyAll();
  }

  /** The option that asks for every report: the JSON report and the bank-map picture. */
  public static final List<String> REPORTS = List.of("-Aswizzlegen.reports=json,svg");

  public static Compilation compile(List<String> options, JavaFileObject... sources) {
    return javac().withProcessors(new SwizzlegenProcessor()).withOptions(options).compile(sources);
  }

  public static Compilation compile(JavaFileObject... sources) {
    return compile(List.of(), sources);
  }

  /**
   * A compilation by the system javac into real directories.
   *
   * @param success whether javac reported success
   * @param diagnostics everything javac said
   */
  public record JavacRun(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    /** The errors, one line each: {@code file:line: message}. */
    public List<String> errors() {
      return diagnostics.stream()
          .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
          .map(diagnostic -> (diagnostic.getSource() == null ? "" : diagnostic.getSource().getName())
              + ":" + diagnostic.getLineNumber() + ": " + diagnostic.getMessage(Locale.ROOT))
          .toList();
    }
  }

  /**
   * Runs the system javac with {@code processor} (or none, when null) on {@code sources}, classes into
   * {@code classOutput} (also on the class path, after the tests' own, as an incremental build has it)
   * and generated files into {@code sourceOutput}.
   */
  public static JavacRun runJavac(Path classOutput, Path sourceOutput, List<String> options,
      Processor processor, List<? extends JavaFileObject> sources) {
    return runJavac(classOutput, List.of(), sourceOutput, options, processor, sources);
  }

  /**
   * As {@link #runJavac(Path, Path, List, Processor, List)}, with {@code upstream} (another
   * module's classes) on the class path too.
   */
  public static JavacRun runJavac(Path classOutput, List<Path> upstream, Path sourceOutput,
      List<String> options, Processor processor, List<? extends JavaFileObject> sources) {
    try {
      Files.createDirectories(classOutput);
      Files.createDirectories(sourceOutput);
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
      StringBuilder classPath = new StringBuilder(System.getProperty("java.class.path"));
      for (Path path : upstream) {
        classPath.append(File.pathSeparator).append(path);
      }
      List<String> allOptions = Stream.concat(Stream.of("-classpath",
              classPath + File.pathSeparator + classOutput,
              "-s", sourceOutput.toString(), "-d", classOutput.toString()), options.stream())
          .toList();
      JavaCompiler.CompilationTask task = compiler.getTask(Writer.nullWriter(), null, diagnostics,
          allOptions, null, sources);
      task.setProcessors(processor == null ? List.of() : List.of(processor));
      boolean success = task.call();
      return new JavacRun(success, diagnostics.getDiagnostics());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every file under {@code directory} but class files, relative to it, sorted. */
  public static List<String> filesUnder(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(Files::isRegularFile)
          .filter(file -> !file.toString().endsWith(".class"))
          .map(file -> directory.relativize(file).toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs the system javac with the processor into real directories and lists every file the processor
   * wrote: the resources under {@code generated/} as found on disk, and the class files it created,
   * each found on disk, under {@code classes/} (javac's own class files are not listed).
   * compile-testing hides generated files of a failed compilation, and a tile with errors must leave
   * none.
   */
  public static List<String> filesWrittenByJavac(JavaFileObject... sources) {
    return filesWrittenByJavac(List.of(), sources);
  }

  /** As {@link #filesWrittenByJavac(JavaFileObject...)}, with javac options such as {@code -A...}. */
  public static List<String> filesWrittenByJavac(List<String> options, JavaFileObject... sources) {
    try {
      Path out = Files.createTempDirectory("swizzlegen-javac");
      FilerRecording recording = new FilerRecording();
      runJavac(out.resolve("classes"), out.resolve("generated"), options,
          recording.wrap(new SwizzlegenProcessor()), List.of(sources));
      return filesWritten(out, recording);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What the processor that {@code recording} wrapped wrote in a {@link #runJavac} run into
   * {@code out/classes} and {@code out/generated}, sorted: every file under {@code out} but class
   * files, as found on disk (the resources, under {@code generated/}), and each class file the
   * processor created, which must be on disk, under {@code classes/} (javac's own class files are not
   * listed).
   */
  public static List<String> filesWritten(Path out, FilerRecording recording) {
    List<String> files = new ArrayList<>(filesUnder(out));
    for (FilerRecording.File file : recording.files()) {
      if (file.kind() == FilerRecording.Kind.CLASS) {
        String path = "classes/" + file.name().replace('.', '/') + ".class";
        if (!Files.isRegularFile(out.resolve(path))) {
          throw new AssertionError("created but not on disk: " + path);
        }
        files.add(path);
      }
    }
    files.sort(null);
    return files;
  }

  /** Compiles and requires success. */
  public static Generated of(JavaFileObject... sources) {
    return of(List.of(), sources);
  }

  /** Compiles with javac options such as {@code -Aswizzlegen.namespace=a::b} and requires success. */
  public static Generated of(List<String> options, JavaFileObject... sources) {
    Compilation compilation = compile(options, sources);
    if (compilation.status() != Compilation.Status.SUCCESS) {
      throw new AssertionError("compilation failed: " + compilation.diagnostics());
    }
    return new Generated(compilation);
  }

  public Compilation compilation() {
    return compilation;
  }

  /**
   * A generated resource's text, by its path relative to the source output
   * ({@code swizzlegen/gemm_a.cuh}). The helpers are class files: {@link #classBytes}.
   */
  public String text(String name) {
    JavaFileObject file = compilation.generatedFile(StandardLocation.SOURCE_OUTPUT, name)
        .orElseThrow(() -> new AssertionError("not generated: " + name
            + (name.contains("/") ? "" : " (a class? helpers are class files: classBytes)")));
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A generated Java source's text, by its class's qualified name ({@code com.acme.GemmASwizzle}). */
  public String source(String qualifiedName) {
    JavaFileObject file = compilation.generatedSourceFile(qualifiedName)
        .orElseThrow(() -> new AssertionError("no source generated: " + qualifiedName));
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A generated class file's bytes, by the class's binary name ({@code attn.KernelSwizzles$QSwizzle}),
   * as the processor wrote them to the class output.
   */
  public byte[] classBytes(String binaryName) {
    String path = binaryName.replace('.', '/') + ".class";
    JavaFileObject file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, path)
        .orElseThrow(() -> new AssertionError("no class file generated: " + path));
    try (InputStream in = file.openInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A generated helper class, loaded. */
  public Helper helper(String qualifiedName) {
    try {
      return new Helper(loader.loadClass(qualifiedName));
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no generated class " + qualifiedName, e);
    }
  }

  /** Reflective access to a generated {@code <Name>Swizzle} class's static members. */
  public static final class Helper {
    private final Class<?> type;

    Helper(Class<?> type) {
      this.type = type;
    }

    /** The loaded class, for members {@link #call} does not reach. */
    public Class<?> type() {
      return type;
    }

    /**
     * A public static field's value; for a model value built on first use ({@code LAYOUT},
     * {@code ACCESSES}, {@code ENGINES}), its method's ({@code layout()}).
     */
    public Object constant(String name) {
      try {
        try {
          return type.getField(name).get(null);
        } catch (NoSuchFieldException notAField) {
          return type.getMethod(name.toLowerCase(Locale.ROOT)).invoke(null);
        }
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(type.getName() + "." + name, e);
      }
    }

    public int intConstant(String name) {
      return (Integer) constant(name);
    }

    public int call(String method, int... args) {
      Class<?>[] types = new Class<?>[args.length];
      Object[] boxed = new Object[args.length];
      for (int i = 0; i < args.length; i++) {
        types[i] = int.class;
        boxed[i] = args[i];
      }
      try {
        Method m = type.getMethod(method, types);
        return (Integer) m.invoke(null, boxed);
      } catch (InvocationTargetException e) {
        throw new AssertionError(type.getName() + "." + method, e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(type.getName() + "." + method, e);
      }
    }
  }

  /** Defines the classes javac wrote to its in-memory class output. */
  private static final class GeneratedClassLoader extends ClassLoader {
    private final Map<String, JavaFileObject> classFiles = new HashMap<>();

    GeneratedClassLoader(Compilation compilation) {
      super(Generated.class.getClassLoader());
      String marker = "/" + StandardLocation.CLASS_OUTPUT.getName() + "/";
      for (JavaFileObject file : compilation.generatedFiles()) {
        String path = file.toUri().getPath();
        if (file.getKind() == JavaFileObject.Kind.CLASS && path.contains(marker)) {
          String name = path.substring(path.indexOf(marker) + marker.length())
              .replace(".class", "").replace('/', '.');
          classFiles.put(name, file);
        }
      }
    }

    /** Verifies every class file the processor wrote ({@link ClassFiles#verify}). */
    public void verifyAll() {
      for (JavaFileObject file : classFiles.values()) {
        try (InputStream in = file.openInputStream()) {
          ClassFiles.verify(in.readAllBytes(), this);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      JavaFileObject file = classFiles.get(name);
      if (file == null) {
        throw new ClassNotFoundException(name);
      }
      try (InputStream in = file.openInputStream()) {
        byte[] bytes = in.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length);
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }
  }

  /**
   * {@code text} with the line breaks a generated file's 100-column limit adds undone, for a test
   * to find a sentence or a signature whatever its wrapping: a string literal split in two joined
   * again, and every line break with the indent or comment lead after it one space. Apply it to
   * the expected text too.
   */
  public static String unfolded(String text) {
    return text.replaceAll("\"\n\\s*\"", "").replaceAll("\n(//)?\\s+", " ");
  }
}
