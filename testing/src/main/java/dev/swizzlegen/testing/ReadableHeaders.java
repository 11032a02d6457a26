package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a CUTLASS reader finds in every generated header (SPEC section 10, "Headers a CUTLASS author
 * reads"): no citation of our internal documents ({@code "seed 00x"}), no line past
 * {@link #WIDTH} columns, and wgmma's advice ({@code "No wgmma reads it as declared"}, {@code "wgmma
 * could read it"}) only in a header whose tile declares a tensor-core read or that was asked for one
 * by {@code -Aswizzlegen.arch}. {@link HeaderCheck#verify} holds every header the nvcc, g++ and
 * NVRTC checks compile to it; the examples' test holds the examples' headers.
 */
public final class ReadableHeaders {
  /** The column limit of a generated line. */
  public static final int WIDTH = 100;

  private ReadableHeaders() {}

  /** What one header breaks of the rules: one line per fault, empty where it keeps them. */
  public static List<String> faults(String name, String text, boolean archGiven) {
    List<String> faults = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].length() > WIDTH) {
        faults.add(name + ":" + (i + 1) + " has " + lines[i].length() + " columns");
      }
      if (lines[i].toLowerCase(java.util.Locale.ROOT).contains("seed 00")) {
        faults.add(name + ":" + (i + 1) + " cites a seed document: " + lines[i].strip());
      }
    }
    boolean advice = text.contains("No wgmma reads it as declared")
        || text.contains("wgmma could read it");
    if (advice && !archGiven) {
      faults.add(name + " gives wgmma advice no one asked for (no -Aswizzlegen.arch)");
    }
    if (advice && (text.contains(" wgmma_desc(") || text.contains(" umma_desc("))) {
      faults.add(name + " gives wgmma advice beside a declared tensor-core read");
    }
    return faults;
  }

  /** Every {@code .cuh} under {@code dir}: none breaks the rules. */
  public static int assertReadable(Path dir, boolean archGiven) {
    List<String> faults = new ArrayList<>();
    int headers = 0;
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".cuh")).sorted().toList()) {
        headers++;
        faults.addAll(faults(dir.relativize(file).toString(), Files.readString(file), archGiven));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertTrue(headers > 0, "no header under " + dir);
    assertEquals(List.of(), faults, "headers a CUTLASS reader reads");
    return headers;
  }
}
