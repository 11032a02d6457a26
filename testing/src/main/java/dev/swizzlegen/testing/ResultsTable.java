package dev.swizzlegen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A committed results CSV (no quoted cells) as rows keyed by the header's column names: the GPU
 * results the bench and examples guard tests re-check.
 */
public final class ResultsTable {
  private ResultsTable() {}

  public static List<Map<String, String>> read(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    String[] header = lines.get(0).split(",");
    return lines.subList(1, lines.size()).stream().map(line -> {
      String[] cells = line.split(",", -1);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length; i++) {
        row.put(header[i], cells[i]);
      }
      return row;
    }).toList();
  }
}
