package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.testing.FilerRecording;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The floor under swizzlegen's cost: a processor that writes, for every tile, exactly the files
 * swizzlegen wrote for it (as a {@link FilerRecording} of a compilation with swizzlegen saw them),
 * computing nothing. What a compilation with it costs over plain javac is javac's own work on those
 * files (creating them through its Filer, compiling the helpers, the extra rounds), which no
 * processor that generates them can avoid.
 */
final class ReplayProcessor extends AbstractProcessor {
  /** Which of the recorded files to write. */
  enum Replay {
    /** Every file, as recorded. */
    ALL,
    /**
     * The same files, empty: each resource empty, each source an empty class of its name; class
     * files as recorded, javac reads none of them.
     * What javac charges any processor that writes the files SPEC section 8 asks for (a Java class
     * and a CUDA header per tile), whatever they say.
     */
    EMPTY_FILES,
    /** The files that are not classes (the CUDA headers): what javac charges for those alone. */
    WITHOUT_CLASSES
  }

  private final Map<String, List<FilerRecording.File>> filesByOrigin = new HashMap<>();

  /**
   * @param recorded swizzlegen's files
   * @param replay which of them to write
   */
  ReplayProcessor(List<FilerRecording.File> recorded, Replay replay) {
    for (FilerRecording.File file : recorded) {
      boolean isClass = file.kind() != FilerRecording.Kind.RESOURCE;
      if (replay == Replay.WITHOUT_CLASSES && isClass) {
        continue;
      }
      if (replay == Replay.EMPTY_FILES) {
        file = new FilerRecording.File(file.kind(), file.name(), file.originatingElements(),
            file.kind() == FilerRecording.Kind.CLASS ? file.content()
                : file.kind() == FilerRecording.Kind.SOURCE ? emptySource(file.name()) : "");
      }
      filesByOrigin.computeIfAbsent(file.originatingElements().get(0), tile -> new ArrayList<>())
          .add(file);
    }
  }

  /**
   * Saves recorded files in {@code file}, for a replay in another JVM: per file a header line
   * ({@code SOURCE}, {@code CLASS} or {@code RESOURCE}, the length of its content in chars, its
   * name, its originating elements, tab-separated), then its content.
   */
  static void save(List<FilerRecording.File> files, Path file) throws IOException {
    StringBuilder text = new StringBuilder();
    for (FilerRecording.File recorded : files) {
      text.append(recorded.kind()).append('\t')
          .append(recorded.content().length()).append('\t').append(recorded.name()).append('\t')
          .append(String.join("\t", recorded.originatingElements())).append('\n')
          .append(recorded.content());
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** The files {@link #save} saved in {@code file}. */
  static List<FilerRecording.File> load(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<FilerRecording.File> files = new ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      int endOfHeader = text.indexOf('\n', at);
      String[] header = text.substring(at, endOfHeader).split("\t");
      int length = Integer.parseInt(header[1]);
      String content = text.substring(endOfHeader + 1, endOfHeader + 1 + length);
      files.add(new FilerRecording.File(FilerRecording.Kind.valueOf(header[0]), header[2],
          List.of(header).subList(3, header.length), content));
      at = endOfHeader + 1 + length;
    }
    return files;
  }

  /** An empty class of the qualified name {@code name}. */
  private static String emptySource(String name) {
    int dot = name.lastIndexOf('.');
    String packageLine = dot < 0 ? "" : "package " + name.substring(0, dot) + ";\n";
    return packageLine + "final class " + name.substring(dot + 1) + " {}\n";
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
    // Each file's originating element: a tile, or the top-level type whose nested tiles' helpers
    // share one source.
    Map<String, TypeElement> origins = new TreeMap<>();
    for (Element element : round.getElementsAnnotatedWith(SwizzledTile.class)) {
      TypeElement tile = (TypeElement) element;
      origins.put(tile.getQualifiedName().toString(), tile);
      TypeElement topLevel = tile;
      while (topLevel.getEnclosingElement() instanceof TypeElement enclosing) {
        topLevel = enclosing;
      }
      origins.put(topLevel.getQualifiedName().toString(), topLevel);
    }
    Filer filer = processingEnv.getFiler();
    for (TypeElement origin : origins.values()) {
      for (FilerRecording.File file
          : filesByOrigin.getOrDefault(origin.getQualifiedName().toString(), List.of())) {
        try {
          if (file.kind() == FilerRecording.Kind.CLASS) {
            try (OutputStream out = filer.createClassFile(file.name(), origin).openOutputStream()) {
              out.write(file.bytes());
            }
            continue;
          }
          FileObject target = file.kind() == FilerRecording.Kind.SOURCE
              ? filer.createSourceFile(file.name(), origin)
              : filer.createResource(StandardLocation.SOURCE_OUTPUT, "", file.name(), origin);
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
}
