package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tiles wgmma reads in both majors ({@link TileCorpus#WGMMA_TWO_MAJORS}, FlashMLA's K read as V):
 * every header compiles under {@code nvcc -std=c++17 -Werror all-warnings} (device code for sm_80 and
 * sm_90) and as host C++ under g++, and on the host gives the offsets of its Java helper and, for
 * every stage, K slice and M or N step, {@code wgmma_desc(...)} equal to the model's K-major
 * {@code MmaOperand} (GMMA) descriptor and {@code wgmma_desc_mn(...)} equal to its MN-major one, with each
 * read's operand coordinates. In CI ({@code CI=true}) a missing nvcc or g++ fails; elsewhere the
 * checks are skipped with a message.
 */
class WgmmaTwoMajorsHeaderTest {

  @Test
  void everyTileIsTheDeclaredLayoutReadInBothMajors() {
    Generated generated = Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS));
    for (TileCorpus.Case tile : TileCorpus.WGMMA_TWO_MAJORS) {
      assertEquals(tile.expected(), generated.helper(tile.helper()).constant("LAYOUT"), tile.type());
      String header = generated.text(tile.header());
      assertThat(header).contains("wgmma_desc(");
      assertThat(header).contains("wgmma_desc_mn(");
    }
  }

  @Test
  void everyHeaderCompilesUnderNvccAndBothReadsEqualTheModel() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: wgmma two-major headers under nvcc");
    verify(nvcc, Path.of("target", "nvcc-work", "processor-wgmma-two-majors"));
  }

  @Test
  void everyHeaderCompilesAsHostCxxAndBothReadsEqualTheModel() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: wgmma two-major headers as host C++ (g++)");
    verify(gxx, Path.of("target", "gxx-work", "processor-wgmma-two-majors"));
  }

  private static void verify(dev.swizzlegen.testing.CheckCompiler compiler, Path work)
      throws IOException {
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS)), includeDir,
        TileCorpus.WGMMA_TWO_MAJORS);
    for (HeaderCheck.Header header : headers) {
      assertEquals(Major.K, header.read(HeaderCheck.ReadKind.WGMMA).orElseThrow().major(),
          header.cudaType());
      assertEquals(Major.MN, header.read(HeaderCheck.ReadKind.WGMMA_MN).orElseThrow().major(),
          header.cudaType());
    }
    HeaderCheck.verify(compiler, includeDir, work, headers, "processor-wgmma-two-majors");
  }
}
