package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.testing.Gxx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated header's {@code umma_desc(...)} is CuTe's {@code UMMA::make_umma_desc}, end to end:
 * every layout of {@code runtime/src/test/resources/umma/cute-umma-descriptors.txt} (CUTLASS's
 * {@code tile_to_shape(UMMA::Layout_<major>_<mode>_Atom<T>, (MN, K, stages))}) is declared with the
 * annotations as a kernel author would (a K-major operand with M or N as rows, an MN-major one with K
 * as rows, atoms of the layout type's rows, {@code ROW_MAJOR} for the MN-major ones, as a plain
 * {@code tile_to_shape} numbers them along (MN, K)), its header compiled as host C++, and
 * {@code umma_desc(0, k_slice, mn, stage)} printed for every line of the file. Each equals CuTe's
 * descriptor with its start in all 64 bits, but where CuTe's instruction reads one group of M or N
 * only: there CuTe writes 0 for the offset along M or N, which that instruction does not read, and
 * the header the tile's, which a wider instruction needs; every other bit is equal. The packed FP4
 * lines ({@code e2m1}) are FP4_E2M1 tiles, their swizzles stated in bytes.
 */
class CuteUmmaHeaderTest {
  private static final Path CUTE = Path.of("..", "runtime", "src", "test", "resources", "umma",
      "cute-umma-descriptors.txt");
  private static final long LBO_FIELD = 0x3FFFL << 16;
  private static final long SBO_FIELD = 0x3FFFL << 32;

  /** One line of CuTe's file, as far as this test needs it. */
  private record Line(String name, String major, String mode, String type, int mnExtent,
      int kExtent, int stages, int stage, int mn, int kSlice, int start, long descriptor) {
    static Line parse(String text) {
      String[] words = text.trim().split(" +");
      String[] parts = words[0].split("_");
      String[] extents = parts[parts.length - 1].split("x");
      Map<String, String> fields = new LinkedHashMap<>();
      for (int i = 1; i + 1 < words.length; i += 2) {
        fields.put(words[i], words[i + 1]);
      }
      return new Line(words[0], parts[0],
          String.join("_", List.of(parts).subList(1, parts.length - 2)), parts[parts.length - 2],
          Integer.parseInt(extents[0]), Integer.parseInt(extents[1]),
          Integer.parseInt(extents[2]), Integer.parseInt(fields.get("stage")),
          Integer.parseInt(fields.get("mn")), Integer.parseInt(fields.get("kslice")),
          // Packed FP4's start is in elements in the file (its header says why): two a byte.
          Integer.parseInt(fields.get("start")) / (parts[parts.length - 2].equals("e2m1") ? 2 : 1),
          Long.parseUnsignedLong(fields.get("desc").substring(2), 16));
    }

    /** The swizzlegen type of CuTe's element type: {@code half} is {@code HALF}. */
    String dtype() {
      return switch (type) {
        case "half" -> "HALF";
        case "bf16" -> "BF16";
        case "tf32" -> "TF32";
        case "float" -> "FLOAT";
        case "e4m3" -> "FP8_E4M3";
        case "e5m2" -> "FP8_E5M2";
        case "int8" -> "INT8";
        case "uint8" -> "UINT8";
        case "e2m1" -> "FP4_E2M1";
        default -> throw new IllegalArgumentException(type);
      };
    }

    /** Bytes an element takes, or for packed FP4 the byte its swizzle counts. */
    int elementBytes() {
      return type.equals("half") || type.equals("bf16") ? 2
          : type.equals("tf32") || type.equals("float") ? 4 : 1;
    }

    /** 2 for packed FP4, else 1. */
    int elementsPerByte() {
      return type.equals("e2m1") ? 2 : 1;
    }

    /** The layout type's row in bytes and the rows of its atom. */
    int rowBytes() {
      return switch (mode) {
        case "INTER" -> 16;
        case "SW32" -> 32;
        case "SW64" -> 64;
        default -> 128;
      };
    }

    int atomRows() {
      return mode.equals("SW128_32B") ? 4 : 8;
    }

    /** The annotation's swizzle: CuTe's {@code Swizzle<B,M,S>} on bytes, on elements. */
    String swizzle() {
      int unitBase = 4 - Integer.numberOfTrailingZeros(elementBytes());
      return switch (mode) {
        case "INTER" -> "bits = 0, base = 0";
        case "SW32" -> "bits = 1, base = " + unitBase + ", shift = 3";
        case "SW64" -> "bits = 2, base = " + unitBase + ", shift = 3";
        case "SW128" -> "bits = 3, base = " + unitBase + ", shift = 3";
        case "SW128_32B" -> "bits = 2, base = " + (unitBase + 1) + ", shift = 2";
        default -> throw new IllegalArgumentException(mode);
      };
    }

    /** {@code CuteKSw128Half128x64x3}. */
    String typeName() {
      StringBuilder out = new StringBuilder("Cute");
      for (String part : name.split("_")) {
        out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1).toLowerCase());
      }
      return out.toString();
    }

    JavaFileObject source() {
      boolean kMajor = major.equals("K");
      String annotation = "@SwizzledTile(" + swizzle() + ", dtype = DType." + dtype() + ", rows = "
          + (kMajor ? mnExtent : kExtent) + ", cols = " + (kMajor ? kExtent : mnExtent)
          + ", atomRows = " + atomRows() + ", atomCols = " + rowBytes() * elementsPerByte() / elementBytes()
          + (kMajor ? "" : ", atomOrder = Order.ROW_MAJOR") + ", stages = " + stages
          + ", access = @Access(kind = AccessKind.UMMA" + (kMajor ? "" : ", major = Major.MN")
          + "))";
      return JavaFileObjects.forSourceString("cute." + typeName(), "package cute;\n\n"
          + "import dev.swizzlegen.annotations.*;\n\n" + annotation + "\ninterface " + typeName()
          + " {}\n");
    }

    String header() {
      return "swizzlegen/" + Names.snakeCase(typeName()) + ".cuh";
    }
  }

  @Test
  void everyHeadersUmmaDescIsCutesMakeUmmaDesc() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: headers' umma_desc against CuTe's make_umma_desc (g++)");
    List<Line> lines = new ArrayList<>();
    int subByte = 0;
    for (String text : Files.readString(CUTE, StandardCharsets.UTF_8).split("\n")) {
      if (text.isBlank() || text.startsWith("#")) {
        continue;
      }
      Line line = Line.parse(text);
      if (line.type().equals("e2m1")) {
        subByte++;
      }
      lines.add(line);
    }
    Map<String, Line> layouts = new LinkedHashMap<>();
    Map<String, TreeSet<Integer>> firsts = new LinkedHashMap<>();
    for (Line line : lines) {
      layouts.putIfAbsent(line.name(), line);
      firsts.computeIfAbsent(line.name(), name -> new TreeSet<>()).add(line.mn());
    }
    Generated generated = Generated.of(
        layouts.values().stream().map(Line::source).toArray(JavaFileObject[]::new));
    Path work = Path.of("target", "gxx-work", "processor-umma-cute");
    Path includeDir = work.resolve("include");
    StringBuilder cpp = new StringBuilder("// Written by swizzlegen's tests: umma_desc of every"
        + " layout of CuTe's file.\n#include <cstdint>\n#include <cstdio>\n\n");
    for (Line layout : layouts.values()) {
      Path header = includeDir.resolve(layout.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(layout.header()));
      cpp.append("#include \"").append(layout.header()).append("\"\n");
    }
    cpp.append("\nint main() {\n");
    for (Line line : lines) {
      cpp.append("  std::printf(\"%llu\\n\", static_cast<unsigned long long>(swizzlegen::")
          .append(line.typeName()).append("::umma_desc(0u, ").append(line.kSlice()).append("u, ")
          .append(line.mn()).append("u, ").append(line.stage()).append("u)));\n");
    }
    cpp.append("  return 0;\n}\n");
    Path source = work.resolve("cute_umma" + gxx.sourceExtension());
    Files.writeString(source, cpp);
    Path binary = work.resolve("cute_umma");
    gxx.build(source, binary, List.of(includeDir), List.of());
    String[] printed = gxx.execute(binary).trim().split("\n");
    assertEquals(lines.size(), printed.length);
    int exact = 0;
    for (int i = 0; i < lines.size(); i++) {
      Line line = lines.get(i);
      long header = Long.parseUnsignedLong(printed[i].trim());
      long cute = line.descriptor() | (line.start() >> 4);
      if (header == cute) {
        exact++;
        continue;
      }
      // The offset along M or N: SBO K-major and without a swizzle, LBO MN-major swizzled; one
      // group of it is 8 rows of M or N, 16 bytes, or the layout's row.
      boolean kMajor = line.major().equals("K");
      boolean strideAlongMn = kMajor || line.mode().equals("INTER");
      long field = strideAlongMn ? SBO_FIELD : LBO_FIELD;
      int group = kMajor ? 8 : line.rowBytes() / line.elementBytes();
      int instructionMn = line.mnExtent() / firsts.get(line.name()).size();
      String what = line.name() + " stage " + line.stage() + " mn " + line.mn() + " kslice "
          + line.kSlice() + ": header " + Long.toHexString(header) + ", CuTe "
          + Long.toHexString(cute);
      assertEquals(0, (header ^ cute) & ~field, what);
      assertEquals(0, cute & field, what);
      assertTrue(instructionMn <= group, what);
    }
    assertEquals(15, subByte, "packed FP4 lines");
    assertEquals(762, lines.size());
    assertThat(exact).isAtLeast(650);
    gxx.record("processor-umma-cute", layouts.size() + " UMMA tiles declared as CuTe's layouts,"
        + " compiled with " + gxx.strictFlags() + ": umma_desc equals CuTe's make_umma_desc on "
        + exact + " of " + lines.size() + " descriptors in all 64 bits and on the rest in every"
        + " field the instruction reads (" + subByte + " of them packed FP4)");
  }
}
