package dev.swizzlegen.processor;

import dev.swizzlegen.processor.testing.Gxx;
import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.processor.testing.RasterCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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

  @Test
  void everyCorpusHeaderCompilesAsHostCxxAndEqualsItsJavaHelper() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: corpus headers as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-corpus");
    Path includeDir = work.resolve("include");
    HeaderCheck.verify(gxx, includeDir, work, TileCorpus.writeHeaders(includeDir),
        "processor-corpus");
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
