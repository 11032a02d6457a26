package dev.swizzlegen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A committed results CSV (no quoted cells) as rows keyed by the header's column names. */
final class ResultsTable {
  private ResultsTable() {}

  static List<Map<String, String>> read(Path csv) throws IOException {
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
