package dev.swizzlegen.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.testing.Meaning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Meaning#compare}, the check that lets {@code -Dswizzlegen.updateMeaning=true} rewrite a
 * meaning snapshot: it passes only when every old record keeps every fact with its value, new facts
 * allowed.
 */
class MeaningComparisonTest {
  private static final String OLD = """
      # corpus.GemmASwizzle swizzlegen/gemm_a.cuh
      java constants: COLS=64 CUDA_TYPE=swizzlegen::GemmA ROWS=128
      java functions: offset/2=8192:5d683ad421ef7b2e row/1=8192:88b72df3cbe007c5
      cuda constants: kCols=64 kRows=128 kTmaSwizzle=CU_TENSOR_MAP_SWIZZLE_128B kWgmmaK=16
      cuda prints: tile=8192:eb9c42c205276db7 wgmma=40:1fe1579bcee98d87
      # corpus.TinySwizzle swizzlegen/tiny.cuh
      java constants: COLS=8 ROWS=8
      java functions: offset/2=64:45b97c5c98bdd704
      cuda constants: kCols=8 kRows=8
      cuda prints: tile=64:4a5d5743460aebe9
      """;

  @Test
  void theSameRecordsKeepEveryFactAndGainNone() {
    Meaning.Comparison comparison = Meaning.compare(OLD, OLD);
    assertEquals(List.of(), comparison.problems());
    assertEquals(Map.of(), comparison.gained());
    assertEquals(2, comparison.records());
    assertEquals(0, comparison.newRecords());
  }

  @Test
  void newFactsAndNewRecordsAreAllowedAndCounted() {
    String now = OLD
        .replace("kWgmmaK=16", "kWgmmaK=16 kWgmmaKExtent=64 kWgmmaMnExtent=128")
        .replace("wgmma=40:1fe1579bcee98d87", "operand=24577:0123456789abcdef wgmma=40:1fe1579bcee98d87")
        + "# corpus.NewSwizzle swizzlegen/new.cuh\njava constants: ROWS=1\n";
    Meaning.Comparison comparison = Meaning.compare(OLD, now);
    assertEquals(List.of(), comparison.problems());
    assertEquals(Map.of("cuda constants: kWgmmaKExtent", 1, "cuda constants: kWgmmaMnExtent", 1,
        "cuda prints: operand", 1), comparison.gained());
    assertEquals(1, comparison.newRecords());
    assertTrue(comparison.summary().contains("1 records gained cuda constants: kWgmmaKExtent,"
        + " cuda constants: kWgmmaMnExtent, cuda prints: operand"), comparison.summary());
  }

  @Test
  void aChangedValueALostFactAndALostRecordAreEachAProblem() {
    String now = OLD
        .replace("kRows=128", "kRows=64")
        .replace(" row/1=8192:88b72df3cbe007c5", "")
        .replace(OLD.substring(OLD.indexOf("# corpus.TinySwizzle")), "");
    List<String> problems = Meaning.compare(OLD, now).problems();
    assertEquals(List.of(
        "# corpus.GemmASwizzle swizzlegen/gemm_a.cuh: cuda constants: kRows was 128, is 64",
        "# corpus.GemmASwizzle swizzlegen/gemm_a.cuh: java functions: row/1 is gone"
            + " (was 8192:88b72df3cbe007c5)",
        "# corpus.TinySwizzle swizzlegen/tiny.cuh: the record is gone"), problems);
  }

  @Test
  void everyCommittedSnapshotReadsAsFactsAndAgreesWithItself() throws IOException {
    for (Path snapshot : List.of(Path.of("src", "test", "resources", "meaning", "corpus.txt"),
        Path.of("src", "test", "resources", "meaning", "fuzz.txt"))) {
      String text = Files.readString(snapshot, StandardCharsets.UTF_8);
      Meaning.Comparison comparison = Meaning.compare(text, text);
      assertEquals(List.of(), comparison.problems(), snapshot.toString());
      assertEquals(text.split("\n# ").length, comparison.records(), snapshot.toString());
    }
  }
}
