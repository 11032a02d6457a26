package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.testing.ReadableHeaders;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The examples' headers as a CUTLASS reader finds them (the examples pass no
 * {@code -Aswizzlegen.arch}): no seed citation, no line past 100 columns, no wgmma advice at all,
 * since a tile only gets notes about an architecture for the engines it declares.
 */
class ExampleHeadersReadTest {
  private static final Path GENERATED =
      Path.of("target", "generated-sources", "annotations", "swizzlegen");

  @Test
  void everyExampleHeaderReadsAsACutlassAuthorExpects() {
    int headers = ReadableHeaders.assertReadable(GENERATED, false);
    assertTrue(headers >= 80, "found only " + headers + " example headers");
  }
}
