package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.testing.Gxx;
import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.processor.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Blackwell corpus ({@link TileCorpus#BLACKWELL}): every tile's header compiles under
 * {@code nvcc -std=c++17 -Werror all-warnings} (device code for the oldest supported architecture,
 * sm_80 and sm_90: {@code umma_desc} is plain integer arithmetic) and as host C++ under g++, and on
 * the host gives the offsets of its Java helper and, for every stage, K slice and M or N step,
 * {@code umma_desc(...)} equal to the model's {@code UmmaOperand} descriptor, which
 * {@code CuteUmmaDescriptorsTest} checks against CuTe's {@code make_umma_desc}. In CI
 * ({@code CI=true}) a missing nvcc or g++ fails; elsewhere the checks are skipped with a message.
 */
class UmmaHeaderTest {

  @Test
  void everyBlackwellTileIsTheDeclaredLayoutWithAUmmaEngine() {
    Generated generated = Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL));
    for (TileCorpus.Case tile : TileCorpus.BLACKWELL) {
      Generated.Helper helper = generated.helper(tile.helper());
      assertEquals(tile.expected(), helper.constant("LAYOUT"), tile.type());
      assertThat(generated.text(tile.header())).contains("umma_desc(");
    }
  }

  @Test
  void everyBlackwellHeaderCompilesUnderNvccAndEqualsTheModel() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: Blackwell (UMMA) headers under nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-umma");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL)), includeDir, TileCorpus.BLACKWELL);
    assertEquals(TileCorpus.BLACKWELL.size(),
        headers.stream().filter(header -> header.umma().isPresent()).count());
    HeaderCheck.verify(nvcc, includeDir, work, headers, "processor-umma");
  }

  @Test
  void everyBlackwellHeaderCompilesAsHostCxxAndEqualsTheModel() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: Blackwell (UMMA) headers as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-umma");
    Path includeDir = work.resolve("include");
    HeaderCheck.verify(gxx, includeDir, work, TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL)), includeDir, TileCorpus.BLACKWELL),
        "processor-umma");
  }
}
