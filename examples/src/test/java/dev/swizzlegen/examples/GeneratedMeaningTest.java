package dev.swizzlegen.examples;

import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Meaning;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The examples' generated meaning is frozen (issue 19): every constant, every helper function's value
 * and everything the compiled headers print (offsets, inverses, TMA boxes, wgmma descriptors) of every
 * tile this module declares equal {@code src/test/resources/meaning/examples.txt}, written before the
 * model was rebuilt.
 */
class GeneratedMeaningTest {

  @Test
  void everyExampleTileMeansWhatItMeantBeforeTheRedesign() {
    Gxx gxx = Gxx.requireOrSkip("examples: the generated meaning");
    Meaning.assertUnchangedUnder(gxx, Path.of("target", "generated-sources", "annotations"),
        Path.of("target", "meaning"), "examples-meaning",
        Path.of("src", "test", "resources", "meaning", "examples.txt"));
  }
}
