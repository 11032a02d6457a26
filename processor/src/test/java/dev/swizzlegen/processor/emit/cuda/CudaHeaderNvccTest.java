package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every header the processor tests generate compiles under {@code nvcc -std=c++17 -Werror
 * all-warnings} for the oldest supported architecture, sm_80 and sm_90, and on the host gives the
 * offsets of its Java helper for the whole tile, and the TMA boxes and wgmma descriptors of the model.
 */
class CudaHeaderNvccTest {

  @Test
  void everyCorpusHeaderCompilesAndEqualsItsJavaHelper() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: corpus headers under nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-corpus");
    Path includeDir = work.resolve("include");
    HeaderCheck.verify(nvcc, includeDir, work, TileCorpus.writeHeaders(includeDir),
        "processor-corpus");
  }
}
