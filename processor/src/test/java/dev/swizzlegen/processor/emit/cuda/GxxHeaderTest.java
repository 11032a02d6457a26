package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Meaning;
import dev.swizzlegen.testing.RasterCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Generated headers are host C++ too (issue 18): JNI and JavaCPP glue is built by a host compiler,
 * not nvcc. Every corpus header compiles under {@code g++ -std=c++17 -Wall -Wextra -Wpedantic
 * -Werror} from a plain {@code .cpp} and, run on the host, gives exactly what nvcc's build gives:
 * every tile's offsets and inverses equal its Java helper's (some checked by {@code static_assert},
 * so the functions are {@code constexpr} there), the TMA boxes and wgmma descriptors the model's (the
 * tensor-map encoder linked against the CUDA runtime alone), and every rasterizer its Java twin on
 * every grid up to 64 x 64. Tiles without TMA need nothing of the CUDA toolkit.
 */
class GxxHeaderTest {

  /**
   * Also freezes the corpus's generated meaning (issue 19) from the same run: every constant of every
   * helper and header, every value of every helper function, and everything the compiled headers print
   * (offsets, inverses, TMA boxes, wgmma descriptors) equal {@code src/test/resources/meaning/corpus.txt},
   * written before the model was rebuilt. The random campaign's tiles are frozen the same way by
   * {@code RandomDeclarationTest}, the examples' and the benchmarks' in their modules.
   */
  @Test
  void everyCorpusHeaderCompilesAsHostCxxAndEqualsItsJavaHelper() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: corpus headers as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-corpus");
    Path includeDir = work.resolve("include");
    Generated generated = Generated.of(TileCorpus.sources());
    Map<String, List<String>> printed = HeaderCheck.verify(gxx, includeDir, work,
        TileCorpus.writeHeaders(generated, includeDir), "processor-corpus");
    List<String> records = new ArrayList<>();
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      records.add(Meaning.record(generated.helper(tile.helper()).type(), tile.header(),
          generated.text(tile.header()), printed.get(tile.cudaType())));
    }
    Meaning.assertUnchanged(Path.of("src", "test", "resources", "meaning", "corpus.txt"), records);
  }

  /**
   * The generated meaning of the corpora the first snapshot left out, frozen before the redesign of
   * issue 31 the same way: Blackwell's UMMA operands ({@code meaning/blackwell.txt}), tiles wgmma reads
   * in both majors ({@code meaning/two-majors.txt}) and tiles read by lane maps
   * ({@code meaning/lanes.txt}); the layouts pasted from CuTe are frozen by
   * {@code CuteLayoutImportTest} ({@code meaning/pasted.txt}).
   */
  @Test
  void theOtherCorporaKeepTheirMeaning() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: UMMA, two-major and lane-map headers as host C++ (g++)");
    Map<String, List<TileCorpus.Case>> corpora = Map.of("blackwell", TileCorpus.BLACKWELL,
        "two-majors", TileCorpus.WGMMA_TWO_MAJORS, "lanes", TileCorpus.LANES);
    for (Map.Entry<String, List<TileCorpus.Case>> corpus : new java.util.TreeMap<>(corpora)
        .entrySet()) {
      Path work = Path.of("target", "gxx-work", "processor-meaning-" + corpus.getKey());
      Path includeDir = work.resolve("include");
      Generated generated = Generated.of(TileCorpus.sources(corpus.getValue()));
      Map<String, List<String>> printed = HeaderCheck.verify(gxx, includeDir, work,
          TileCorpus.writeHeaders(generated, includeDir, corpus.getValue()),
          "processor-meaning-" + corpus.getKey());
      List<String> records = new ArrayList<>();
      for (TileCorpus.Case tile : corpus.getValue()) {
        records.add(Meaning.record(generated.helper(tile.helper()).type(), tile.header(),
            generated.text(tile.header()), printed.get(tile.cudaType())));
      }
      Meaning.assertUnchanged(Path.of("src", "test", "resources", "meaning",
          corpus.getKey() + ".txt"), records);
    }
  }

  @Test
  void tilesWithoutTmaNeedNoCudaToolkit() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: corpus headers as host C++ without CUDA (g++)")
        .withoutCudaToolkit();
    Path work = Path.of("target", "gxx-work", "processor-corpus-no-cuda");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> plain = TileCorpus.writeHeaders(includeDir).stream()
        .filter(header -> header.tma().isEmpty())
        .toList();
    HeaderCheck.verify(gxx, includeDir, work, plain, "processor-corpus-no-cuda");
  }

  @Test
  void everyCorpusRasterizerCompilesAsHostCxxAndEqualsItsJavaTwin() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: rasterizer headers as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-rasters");
    Path includeDir = work.resolve("include");
    RasterCheck.verify(gxx, includeDir, work, RasterCorpus.writeHeaders(includeDir), 64, 16,
        "processor-rasters");
  }
}
