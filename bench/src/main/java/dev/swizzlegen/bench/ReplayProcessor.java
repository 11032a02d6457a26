package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.testing.FilerRecording;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** The Java helpers alone: how much of the floor the other files are. */
    HELPERS,
    /**
     * One empty class per tile, named as its helper: what javac charges any processor that writes
     * one Java source per tile, whatever the source says (SPEC section 8 asks for one).
     */
    EMPTY_HELPERS
  }

  private final Map<String, List<FilerRecording.File>> filesByTile = new HashMap<>();

  /**
   * @param recorded swizzlegen's files
   * @param replay which of them to write
   */
  ReplayProcessor(List<FilerRecording.File> recorded, Replay replay) {
    for (FilerRecording.File file : recorded) {
      if (replay != Replay.ALL && !file.javaSource()) {
        continue;
      }
      if (replay == Replay.EMPTY_HELPERS) {
        int dot = file.name().lastIndexOf('.');
        String packageLine = dot < 0 ? "" : "package " + file.name().substring(0, dot) + ";\n";
        file = new FilerRecording.File(true, file.name(), file.originatingElements(),
            packageLine + "final class " + file.name().substring(dot + 1) + " {}\n");
      }
      filesByTile.computeIfAbsent(file.originatingElements().get(0), tile -> new ArrayList<>())
          .add(file);
    }
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
      for (FilerRecording.File file
          : filesByTile.getOrDefault(tile.getQualifiedName().toString(), List.of())) {
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
}
