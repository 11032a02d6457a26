package dev.swizzlegen.processor.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Proves generated CUDA headers against their Java helpers: one program includes every header,
 * instantiates a kernel per struct (so device code is built for every architecture), and on the host
 * prints each tile's offsets for every (row, col), row-major, which must equal the Java helper's.
 */
public final class HeaderCheck {
  /**
   * One generated header and the offsets its Java helper gives.
   *
   * @param include the path to {@code #include}, such as {@code swizzlegen/gemm_a.cuh}
   * @param cudaType the struct, such as {@code swizzlegen::GemmA}
   * @param expectedOffsets the Java helper's {@code offset(row, col)} for every (row, col), row-major
   */
  public record Header(String include, String cudaType, int[] expectedOffsets) {}

  private HeaderCheck() {}

  /**
   * Compiles and runs the program in {@code workDir}, headers found under {@code includeDir}, and
   * asserts every offset; records the check as {@code checkName}.
   */
  public static void verify(Nvcc nvcc, Path includeDir, Path workDir, List<Header> headers,
      String checkName) {
    try {
      Files.createDirectories(workDir);
      Path source = workDir.resolve("header_check.cu");
      Files.writeString(source, program(headers));
      Path binary = workDir.resolve("header_check");
      nvcc.compile(source, binary, List.of(includeDir));
      Map<String, String[]> printed = parse(nvcc.execute(binary));
      for (Header header : headers) {
        String[] values = printed.get(header.cudaType());
        assertFalse(values == null, "no output for " + header.cudaType());
        int[] actual = new int[values.length];
        for (int i = 0; i < values.length; i++) {
          assertFalse(values[i].endsWith("!"),
              header.cudaType() + ": row/col/unswizzle do not invert offset at element " + i);
          actual[i] = Integer.parseInt(values[i]);
        }
        assertArrayEquals(header.expectedOffsets(), actual,
            header.cudaType() + " from " + header.include() + " differs from its Java helper");
      }
      assertEquals(headers.size(), printed.size());
      nvcc.record(checkName, headers.size() + " headers compiled with " + Nvcc.STRICT_FLAGS
          + " and their host offsets equal the Java helpers");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String[]> parse(String output) {
    Map<String, String[]> printed = new HashMap<>();
    for (String line : output.split("\n")) {
      String[] words = line.trim().split(" ");
      if (words.length >= 2 && words[0].equals("tile")) {
        String[] values = new String[words.length - 2];
        System.arraycopy(words, 2, values, 0, values.length);
        printed.put(words[1], values);
      }
    }
    return printed;
  }

  static String program(List<Header> headers) {
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's tests: every generated header, compiled and run.\n");
    cu.append("#include <cstdint>\n#include <cstdio>\n\n");
    for (Header header : headers) {
      cu.append("#include \"").append(header.include()).append("\"\n");
    }
    cu.append("""

        // Device code for every tile, built for every architecture nvcc is given.
        template <class Tile>
        __global__ void touch_every_function(uint32_t* out) {
          const uint32_t row = threadIdx.x % Tile::kRows;
          const uint32_t col = threadIdx.y % Tile::kCols;
          const uint32_t offset = Tile::offset(row, col);
          out[threadIdx.y * blockDim.x + threadIdx.x] =
              offset ^ Tile::row(offset) ^ Tile::col(offset) ^ Tile::unswizzle(Tile::swizzle(offset));
        }

        // Host: every offset, row-major; a trailing '!' marks an element whose inverse is wrong.
        template <class Tile>
        void print_offsets(const char* name) {
          std::printf("tile %s", name);
          for (uint32_t row = 0; row < Tile::kRows; ++row) {
            for (uint32_t col = 0; col < Tile::kCols; ++col) {
              const uint32_t offset = Tile::offset(row, col);
              const bool inverse = Tile::row(offset) == row && Tile::col(offset) == col
                  && Tile::unswizzle(Tile::swizzle(offset)) == offset;
              std::printf(inverse ? " %u" : " %u!", offset);
            }
          }
          std::printf("\\n");
        }

        int main() {
        """);
    cu.append("  using Kernel = void (*)(uint32_t*);\n");
    cu.append("  const Kernel kernels[] = {\n");
    for (Header header : headers) {
      cu.append("      touch_every_function<").append(header.cudaType()).append(">,\n");
    }
    cu.append("  };\n");
    cu.append("  for (Kernel kernel : kernels) {\n    if (kernel == nullptr) return 1;\n  }\n");
    for (Header header : headers) {
      cu.append("  print_offsets<").append(header.cudaType()).append(">(\"")
          .append(header.cudaType()).append("\");\n");
    }
    cu.append("  return 0;\n}\n");
    return cu.toString();
  }
}
