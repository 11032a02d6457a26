package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvcc;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every header the processor generated for the examples compiles under strict nvcc for the oldest
 * supported architecture, sm_80 and sm_90, and gives the offsets of its Java helper on every element.
 */
class ExampleHeadersNvccTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations");

  @Test
  void everyExampleHeaderCompilesAndEqualsItsJavaHelper() {
    Nvcc nvcc = Nvcc.requireOrSkip("examples: generated headers under nvcc");
    List<GeneratedTiles.Tile> tiles = GeneratedTiles.find(GENERATED);
    assertTrue(tiles.size() >= 11, "found only " + tiles.size() + " generated helpers");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (GeneratedTiles.Tile tile : tiles) {
      TileLayout layout = tile.layout();
      int[] offsets = HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
          tile::offset);
      headers.add(new HeaderCheck.Header(tile.cudaHeader(), tile.cudaType(), offsets, layout,
          tile.engines()));
    }
    HeaderCheck.verify(nvcc, GENERATED, Path.of("target", "nvcc-work", "examples"), headers,
        "examples-headers");
  }
}
