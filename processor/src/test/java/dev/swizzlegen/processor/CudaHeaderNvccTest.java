package dev.swizzlegen.processor;

import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.processor.testing.Nvcc;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    Generated generated = Generated.of(TileCorpus.sources());
    Path work = Path.of("target", "nvcc-work", "processor-corpus");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Path header = includeDir.resolve(tile.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(tile.header()));
      Generated.Helper helper = generated.helper(tile.helper());
      int[] offsets = HeaderCheck.expectedOffsets(helper.intConstant("ROWS"),
          helper.intConstant("COLS"), helper.intConstant("STAGES"),
          (row, col, stage) -> helper.call("offset", row, col, stage));
      headers.add(new HeaderCheck.Header(tile.header(), tile.cudaType(), offsets,
          (TileLayout) helper.constant("LAYOUT"), accesses(helper)));
    }
    HeaderCheck.verify(nvcc, includeDir, work, headers, "processor-corpus");
  }

  @SuppressWarnings("unchecked")
  private static List<AccessPattern> accesses(Generated.Helper helper) {
    return (List<AccessPattern>) helper.constant("ACCESSES");
  }
}
