package dev.swizzlegen.processor;

import dev.swizzlegen.processor.testing.Gxx;
import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.processor.testing.Meaning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The corpus's generated meaning is frozen (issue 19): every constant of every helper and header,
 * every value of every helper function, and everything the compiled header prints (offsets, inverses,
 * TMA boxes, wgmma descriptors) equal {@code src/test/resources/meaning/corpus.txt}, written before the
 * model was rebuilt. The random campaign's tiles are frozen the same way by
 * {@link RandomDeclarationTest}, the examples' and the benchmarks' in their modules.
 */
class GeneratedMeaningTest {

  @Test
  void everyCorpusTileMeansWhatItMeantBeforeTheRedesign() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: the corpus's generated meaning");
    Path work = Path.of("target", "meaning", "corpus");
    Path includeDir = work.resolve("include");
    Generated generated = Generated.of(TileCorpus.sources());
    Map<String, List<String>> printed = HeaderCheck.verify(gxx, includeDir, work,
        TileCorpus.writeHeaders(generated, includeDir), "processor-meaning");
    List<String> records = new ArrayList<>();
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      records.add(Meaning.record(generated.helper(tile.helper()).type(), tile.header(),
          generated.text(tile.header()), printed.get(tile.cudaType())));
    }
    Meaning.assertUnchanged(Path.of("src", "test", "resources", "meaning", "corpus.txt"), records);
  }
}
