package dev.swizzlegen.bench;

import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Meaning;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks' generated meaning is frozen (issue 19): every constant, every helper function's value
 * and everything the compiled headers print (offsets, inverses, TMA boxes, wgmma descriptors) of every
 * tile the benchmarks declare equal {@code src/test/resources/meaning/bench.txt}, written before the
 * model was rebuilt.
 */
class GeneratedMeaningTest {

  @Test
  void everyBenchmarkTileMeansWhatItMeantBeforeTheRedesign() {
    Gxx gxx = Gxx.requireOrSkip("bench: the generated meaning");
    Meaning.assertUnchangedUnder(gxx, Path.of("target", "generated-sources", "annotations"),
        Path.of("target", "meaning"), "bench-meaning",
        Path.of("src", "test", "resources", "meaning", "bench.txt"));
  }
}
