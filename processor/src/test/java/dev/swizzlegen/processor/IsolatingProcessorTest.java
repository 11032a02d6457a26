package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.testing.FilerRecording;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle may treat the processor as isolating (recompiling only the types that changed and deleting
 * what they generated before): it says so in {@code META-INF/gradle/incremental.annotation.processors},
 * and keeps the promise that makes it safe. Every file has exactly one originating element, the
 * annotated type it was generated for, and what a type generates depends on that type alone.
 */
class IsolatingProcessorTest {
  private static final String GRADLE_RESOURCE = "META-INF/gradle/incremental.annotation.processors";
  /** Every optional file too: the reports and the summary ({@code swizzlegen/<name>.summary.txt}). */
  private static final List<String> EVERY_FILE = List.of("-Aswizzlegen.reports=json,svg",
      "-Aswizzlegen.summary");

  @Test
  void theProcessorJarDeclaresItselfIsolatingToGradle() throws IOException {
    String declared = processorResource(GRADLE_RESOURCE);
    assertEquals(SwizzlegenProcessor.class.getName() + ",isolating\n", declared);
    // The class Gradle is told about is the one javac discovers.
    assertThat(processorResource("META-INF/services/javax.annotation.processing.Processor").lines()
        .toList()).containsExactly(SwizzlegenProcessor.class.getName());
  }

  @Test
  void everyFileHasTheTypeItWasGeneratedForAsItsOneOriginatingElement(@TempDir Path out) {
    FilerRecording recording = new FilerRecording();
    Generated.JavacRun run = Generated.runJavac(out.resolve("classes"), out.resolve("generated"),
        EVERY_FILE, recording.wrap(new SwizzlegenProcessor()), corpus());
    assertTrue(run.success(), run.errors().toString());
    Map<String, String> originOfFile = new HashMap<>();
    for (FilerRecording.File file : recording.files()) {
      assertThat(file.originatingElements()).hasSize(1);
      originOfFile.put(onDisk(file), file.originatingElements().get(0));
    }
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      String type = "corpus." + tile.type();
      String stem = tile.header().substring(0, tile.header().length() - ".cuh".length());
      assertEquals(type, originOfFile.get(tile.helper().replace('.', '/') + ".class"));
      assertEquals(type, originOfFile.get(tile.header()));
      assertEquals(type, originOfFile.get(stem + ".json"));
      assertEquals(type, originOfFile.get(stem + ".summary.txt"));
    }
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      // The annotated type is the unit's top-level type or a type nested in it.
      String unit = raster.source().getName().replaceAll(".*/(\\w+)\\.java", "corpus.$1");
      String type = originOfFile.get(raster.header());
      assertTrue(type.equals(unit) || type.startsWith(unit + "."), type + " in " + unit);
      assertEquals(type, originOfFile.get(raster.javaClass().replace('.', '/') + ".class"));
      assertEquals(type, originOfFile.get(
          raster.header().substring(0, raster.header().length() - ".cuh".length()) + ".summary.txt"));
    }
    // Nothing reaches the disk but through the Filer: the resources in the source output, the
    // helpers' class files beside the compiled sources'.
    List<String> classFiles = new ArrayList<>();
    List<String> resources = new ArrayList<>();
    for (String file : originOfFile.keySet()) {
      (file.endsWith(".class") ? classFiles : resources).add(file);
      if (file.endsWith(".class")) {
        assertTrue(Files.isRegularFile(out.resolve("classes").resolve(file)), file);
      }
    }
    assertThat(Generated.filesUnder(out.resolve("generated"))).containsExactlyElementsIn(resources);
    assertThat(classFiles).isNotEmpty();
  }

  @Test
  void whatATypeGeneratesDependsOnThatTypeAlone(@TempDir Path out) throws IOException {
    Path together = out.resolve("together");
    assertTrue(Generated.runJavac(together.resolve("classes"), together.resolve("generated"),
        EVERY_FILE, new SwizzlegenProcessor(), corpus()).success());
    Map<String, String> alone = new HashMap<>();
    List<JavaFileObject> sources = corpus();
    for (int i = 0; i < sources.size(); i++) {
      Path single = out.resolve("alone-" + i);
      assertTrue(Generated.runJavac(single.resolve("classes"), single.resolve("generated"),
          EVERY_FILE, new SwizzlegenProcessor(), List.of(sources.get(i))).success());
      for (String file : Generated.filesUnder(single.resolve("generated"))) {
        alone.put(file, Files.readString(single.resolve("generated").resolve(file)));
      }
      for (String file : classFilesUnder(single.resolve("classes"))) {
        alone.put(file, Base64.getEncoder().encodeToString(
            Files.readAllBytes(single.resolve("classes").resolve(file))));
      }
    }
    List<String> files = new ArrayList<>(Generated.filesUnder(together.resolve("generated")));
    List<String> classes = classFilesUnder(together.resolve("classes"));
    files.addAll(classes);
    assertThat(alone.keySet()).containsExactlyElementsIn(files);
    for (String file : files) {
      String text = file.endsWith(".class")
          ? Base64.getEncoder().encodeToString(
              Files.readAllBytes(together.resolve("classes").resolve(file)))
          : Files.readString(together.resolve("generated").resolve(file));
      assertEquals(text, alone.get(file), file);
    }
  }

  /** Every corpus tile and rasterizer, one compilation unit each. */
  static List<JavaFileObject> corpus() {
    List<JavaFileObject> sources = new ArrayList<>(List.of(TileCorpus.sources()));
    Collections.addAll(sources, RasterCorpus.sources());
    return sources;
  }

  /** The file's path under the class output (a class file) or the source output (a resource). */
  private static String onDisk(FilerRecording.File file) {
    return file.kind() == FilerRecording.Kind.RESOURCE ? file.name()
        : file.name().replace('.', '/') + (file.kind() == FilerRecording.Kind.CLASS ? ".class" : ".java");
  }

  /** Every class file under {@code directory}, relative to it, sorted: compiled and generated. */
  private static List<String> classFilesUnder(Path directory) throws IOException {
    try (Stream<Path> walk = Files.walk(directory)) {
      return walk.filter(file -> file.toString().endsWith(".class"))
          .map(file -> directory.relativize(file).toString()).sorted().toList();
    }
  }

  /** The text of {@code name} in the processor's own classes (not another jar on the class path). */
  private static String processorResource(String name) throws IOException {
    URL classes = SwizzlegenProcessor.class.getProtectionDomain().getCodeSource().getLocation();
    for (URL url : Collections.list(SwizzlegenProcessor.class.getClassLoader().getResources(name))) {
      if (url.toString().startsWith(classes.toString())
          || url.toString().startsWith("jar:" + classes)) {
        try (InputStream in = url.openStream()) {
          return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
    }
    throw new AssertionError(name + " is not in " + classes);
  }
}
