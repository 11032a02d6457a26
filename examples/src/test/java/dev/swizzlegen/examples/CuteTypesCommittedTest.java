package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The examples' CuTe types (SPEC section 10) are those CuTe itself checked: every tile header's
 * {@code CuteElement} ... {@code CuteLayout} lines and its comment's CuTe print equal, tile for tile,
 * the committed results of {@code scripts/cute-check.sh} ({@code bench/results/cute-check.txt}), which
 * compiled them with CUTLASS 4.x and found every element at {@code p + offset()}, CuTe's TMA atom and
 * descriptors equal to the header's, and CuTe's print equal to the comment's. CI has no CUTLASS: a
 * change to a type fails here until the script is run again and its results committed.
 */
class CuteTypesCommittedTest {
  private static final Path HEADERS =
      Path.of("target", "generated-sources", "annotations", "swizzlegen");
  private static final Path RESULTS = Path.of("..", "bench", "results", "cute-check.txt");

  @Test
  void everyHeadersCuteTypeIsTheOneCuteChecked() throws IOException {
    List<String> results = Files.readAllLines(RESULTS);
    assertTrue(results.stream().anyMatch(line -> line.equals("0 failure(s)")), "the run failed");
    assertTrue(results.stream().anyMatch(line -> line.equals("0 print(s) differ")), "prints");
    Map<String, String> committedTypes = new TreeMap<>();
    Map<String, String> committedPrints = new TreeMap<>();
    String printed = ": CuTe prints the header's layout: ";
    for (String line : results) {
      if (line.startsWith("type ")) {
        String rest = line.substring("type ".length());
        committedTypes.put(rest.substring(0, rest.indexOf(' ')), rest.substring(rest.indexOf(' ') + 1));
      } else if (line.startsWith("ok   ") && line.contains(printed)) {
        committedPrints.put(line.substring(5, line.indexOf(printed)),
            line.substring(line.indexOf(printed) + printed.length()));
      }
    }
    Map<String, String> types = new TreeMap<>();
    Map<String, String> prints = new TreeMap<>();
    List<Path> headers;
    try (Stream<Path> files = Files.list(HEADERS)) {
      headers = files.filter(path -> path.toString().endsWith(".cuh")).sorted().toList();
    }
    for (Path header : headers) {
      List<String> lines = Files.readAllLines(header);
      String name = null;
      List<String> type = new ArrayList<>();
      List<String> print = new ArrayList<>();
      boolean inType = false;
      boolean inPrint = false;
      for (String line : lines) {
        if (name == null && line.startsWith("struct ") && line.endsWith(" {")) {
          name = line.substring("struct ".length(), line.length() - 2);
        }
        if (line.startsWith("  using CuteElement = ")) {
          inType = true;
        }
        if (line.contains("cute_layout() {")) {
          inType = false;
        }
        if (inType) {
          type.add(line.strip());
        }
        if (inPrint && line.startsWith("  //   ")) {
          print.add(line.substring("  //   ".length()));
        } else {
          inPrint = false;
        }
        if (line.endsWith("CuTe prints it as")) {
          inPrint = true;
        }
      }
      if (!type.isEmpty()) {
        types.put(name, String.join(" ", type));
        prints.put(name, String.join(" ", print));
      }
    }
    assertTrue(types.size() >= 60, "found only " + types.size() + " CuTe types");
    assertEquals(committedTypes, types, "the CuTe types differ from those CuTe checked: run"
        + " scripts/cute-check.sh CUTLASS_DIR and commit its check.txt as " + RESULTS);
    assertEquals(committedPrints, prints, "the CuTe prints differ from CuTe's own");
  }
}
