package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.emit.cuda.CuteTypeText;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.CuteExport;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The corpus's real layouts that no example header holds (issue 21's, {@code
 * issue21-real-layouts.txt}: CuTe's sgemm atom, the SIMT tutorials, ThunderKittens, CUTLASS 2.x's
 * crosswise buffer, FlashMLA, FlashAttention-3's FP8 V, Triton), each declared from its
 * {@code layout-string} as the annotation reads it: its exported CuTe type equals, on every element of
 * every stage, the offsets CuTe computed for the kernel (the file's values). Writes them as one header,
 * {@code target/cute-corpus/corpus.cuh} (a struct per layout: the file's offsets as {@code offset()},
 * and the CuTe type the processor prints), which {@code scripts/cute-check.sh} compiles with CuTe itself.
 */
class CuteCorpusTest {
  private static final Path FILE = Path.of("src", "test", "resources", "issue21-real-layouts.txt");
  private static final Path OUT = Path.of("target", "cute-corpus", "corpus.cuh");

  private record Record(String name, String layoutString, DType dtype, int rows, int cols,
      int stages, List<int[]> offsets) {}

  @Test
  void everyCorpusLayoutExportsAsItsSource() throws IOException {
    List<String> out = new ArrayList<>();
    out.add("// The corpus's real layouts (issue21-real-layouts.txt) with their exported CuTe types,");
    out.add("// written by CuteCorpusTest for scripts/cute-check.sh. offset() is CuTe's own value.");
    out.add("#pragma once");
    out.add("#include <cstdint>");
    out.add("namespace swizzlegen_corpus {");
    int exported = 0;
    for (Record record : records()) {
      CuteTile.Described described = CuteTile.describe(CuteLayout.parse(record.layoutString()),
          record.dtype(), record.rows(), record.cols(), record.stages(), Order.COL_MAJOR);
      if (!described.problems().isEmpty()) {
        continue;  // no tile as printed: RealLayoutsTest holds the violation that says so
      }
      TileLayout tile = described.tile().orElseThrow().build();
      CuteExport.Checked checked = CuteExport.of(tile, false);
      assertTrue(checked.export().isPresent(), record.name() + ": " + checked);
      CuteExport export = checked.export().get();
      List<String> values = new ArrayList<>();
      for (int s = 0; s < record.stages(); s++) {
        for (int r = 0; r < record.rows(); r++) {
          for (int c = 0; c < record.cols(); c++) {
            int cute = record.offsets().get(s * record.rows() + r)[c];
            assertEquals(cute, export.offset(r, c, s), record.name() + " (" + r + ", " + c + ", "
                + s + "): " + export);
            values.add(Integer.toString(cute));
          }
        }
      }
      String name = camel(record.name());
      CuteTypeText.Variables cute = CuteTypeText.variables(name, tile, false);
      out.add("struct " + name + " {");
      out.add("  static constexpr uint32_t kRows = " + record.rows() + ", kCols = " + record.cols()
          + ", kStages = " + record.stages() + ", kAlignmentBytes = " + tile.alignment() + ";");
      out.add("  static constexpr uint32_t kOffsets[] = {" + String.join(",", values) + "};");
      out.add("  static constexpr uint32_t offset(uint32_t r, uint32_t c, uint32_t s = 0) {");
      out.add("    return kOffsets[(s * kRows + r) * kCols + c];");
      out.add("  }");
      cute.cuteComment().forEach(line -> out.add("  " + line));
      cute.cuteTypes().forEach(line -> out.add("  " + line));
      out.add("  CUTE_HOST_DEVICE static constexpr CuteLayout cute_layout() { return {}; }");
      out.add("  template <class E>");
      out.add("  CUTE_HOST_DEVICE static constexpr auto make_smem_tensor(E* smem) {");
      out.add("    return cute::make_tensor(cute::make_smem_ptr(smem), cute_layout());");
      out.add("  }");
      out.add("};");
      exported++;
    }
    out.add("}  // namespace swizzlegen_corpus");
    assertTrue(exported >= 8, "only " + exported + " corpus layouts exported");
    Files.createDirectories(OUT.getParent());
    Files.write(OUT, out);
  }

  private static String camel(String snake) {
    StringBuilder name = new StringBuilder("Corpus");
    for (String part : snake.split("_")) {
      name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return name.toString();
  }

  /** The records with a layout string, in the file's order. */
  private static List<Record> records() throws IOException {
    List<Record> records = new ArrayList<>();
    Map<String, String> facts = new LinkedHashMap<>();
    String name = null;
    List<int[]> offsets = null;
    for (String line : Files.readAllLines(FILE)) {
      if (line.startsWith("#@ layout ")) {
        facts = new LinkedHashMap<>();
      } else if (line.startsWith("#@ ") && !line.startsWith("#@ lanes")) {
        String fact = line.substring(3);
        int space = fact.indexOf(' ');
        facts.putIfAbsent(fact.substring(0, space), fact.substring(space + 1));
      } else if (line.startsWith("# ")) {
        name = line.split(" ")[1];
        String[] tile = facts.get("tile").split("[ =]");
        offsets = new ArrayList<>();
        String layout = facts.getOrDefault("layout-string", "(none)");
        if (!layout.equals("(none)")) {
          records.add(new Record(name, layout, DType.valueOf(tile[7]), Integer.parseInt(tile[1]),
              Integer.parseInt(tile[3]), Integer.parseInt(tile[5]), offsets));
        }
      } else if (!line.startsWith("#") && !line.isBlank() && offsets != null) {
        offsets.add(java.util.Arrays.stream(line.trim().split(" +")).mapToInt(Integer::parseInt)
            .toArray());
      }
    }
    return records;
  }
}
