package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RandomDeclarations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two compilations of the same sources given to javac in different orders write byte-identical
 * files: no timestamps, no hash order, nothing that depends on which tile came first.
 */
class DeterminismTest {

  @Test
  void sourcesInAnotherOrderGiveByteIdenticalFiles(@TempDir Path out) throws IOException {
    List<JavaFileObject> sources = new ArrayList<>(IsolatingProcessorTest.corpus());
    // Random declarations too, valid and not: errors must not change what the others write.
    new RandomDeclarations(7).next(0, 150).forEach(declaration -> sources.add(declaration.source()));
    List<JavaFileObject> shuffled = new ArrayList<>(sources);
    Collections.shuffle(shuffled, new Random(11));
    Collections.reverse(sources);

    Path first = out.resolve("first");
    Path second = out.resolve("second");
    // With the summary, whose files (swizzlegen/<name>.summary.txt) must be as deterministic.
    List<String> options = List.of("-Aswizzlegen.summary");
    Generated.runJavac(first.resolve("classes"), first.resolve("generated"), options,
        new SwizzlegenProcessor(), sources);
    Generated.runJavac(second.resolve("classes"), second.resolve("generated"), options,
        new SwizzlegenProcessor(), shuffled);

    List<String> files = Generated.filesUnder(first.resolve("generated"));
    assertThat(files.size()).isGreaterThan(200);
    assertThat(Generated.filesUnder(second.resolve("generated"))).containsExactlyElementsIn(files)
        .inOrder();
    for (String file : files) {
      assertArrayEquals(Files.readAllBytes(first.resolve("generated").resolve(file)),
          Files.readAllBytes(second.resolve("generated").resolve(file)), file);
    }
  }
}
