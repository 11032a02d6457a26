package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The build-cost peers measure what they claim: each peer's library compiles plain (so that plain
 * javac on its own sources is a fair floor) and, with the peer's registered processors, gets one
 * generated implementation per annotated type (so that the processors did their work).
 */
class PeerLibraryTest {
  private static final int TYPES = 3;

  @ParameterizedTest
  @EnumSource(PeerLibrary.class)
  void everyTypeGetsItsImplementationAndThePlainSourcesCompile(PeerLibrary peer, @TempDir Path work)
      throws IOException {
    peer.write(work, TYPES);
    List<Path> sources;
    try (Stream<Path> walk = Files.walk(work)) {
      sources = walk.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
    assertEquals(1, sources.size(), "types are written 100 to a source file");

    assertTrue(compile(peer, sources, List.of(), work.resolve("plain")), "plain javac failed");
    Path generated = work.resolve("with");
    List<Processor> processors = peer.processors().toList();
    assertTrue(!processors.isEmpty(), peer + " registers no processor");
    assertTrue(compile(peer, sources, processors, generated), "javac with " + peer + " failed");
    long implementations;
    try (Stream<Path> walk = Files.walk(generated.resolve("sources"))) {
      implementations = walk.filter(file -> file.toString().endsWith(".java")).count();
    }
    assertEquals(TYPES, implementations, peer + " generated one source per type");
    assertTrue(peer.label().matches("\\w+ \\d+\\.\\d+\\.\\d+"), peer.label());
  }

  private static boolean compile(PeerLibrary peer, List<Path> sources, List<Processor> processors,
      Path out) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> options = new ArrayList<>(List.of("-classpath", peer.classpath(),
        "-d", Files.createDirectories(out.resolve("classes")).toString(),
        "-s", Files.createDirectories(out.resolve("sources")).toString()));
    if (processors.isEmpty()) {
      options.add("-proc:none");
    }
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, null, options, null,
          files.getJavaFileObjectsFromPaths(sources));
      if (!processors.isEmpty()) {
        task.setProcessors(processors);
      }
      return task.call();
    }
  }
}
