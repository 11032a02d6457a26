package dev.swizzlegen.processor.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: the exact text a generator must write, committed under {@code src/test/resources}.
 * Run the tests with {@code -Dswizzlegen.updateGolden=true} to rewrite them, then read the diff.
 */
public final class Golden {
  private Golden() {}

  /** Asserts that {@code actual} equals {@code directory/file}, rewriting it first when asked to. */
  public static void assertMatches(Path directory, String file, String actual) throws IOException {
    Path golden = directory.resolve(file);
    if (Boolean.getBoolean("swizzlegen.updateGolden")) {
      Files.createDirectories(directory);
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual, file);
  }
}
