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
   * @param expectedOffsets the Java helper's {@code offset(row, col, stage)} for every stage, then
   *     every (row, col), row-major
   */
  public record Header(String include, String cudaType, int[] expectedOffsets) {}

  /** A tile's offset function, as the Java helper gives it. */
  @FunctionalInterface
  public interface StagedOffset {
    int offset(int row, int col, int stage);
  }

  private HeaderCheck() {}

  /** The offsets a header must print: every stage, then every (row, col) row-major. */
  public static int[] expectedOffsets(int rows, int cols, int stages, StagedOffset offset) {
    int[] offsets = new int[stages * rows * cols];
    for (int stage = 0; stage < stages; stage++) {
      for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) {
          offsets[(stage * rows + row) * cols + col] = offset.offset(row, col, stage);
        }
      }
    }
    return offsets;
  }

  /**
   * Compiles and runs the program in {@code workDir}, headers found under {@code includeDir}, and
   * asserts every offset; records the check as {@code checkName}.
   */
  public static void verify(Nvcc nvcc, Path includeDir, Path workDir, List<Header> headers,
      String checkName) {
    verify(nvcc, includeDir, workDir, headers, checkName, "the Java helpers");
  }

  /**
   * As {@link #verify(Nvcc, Path, Path, List, String)}, the expected offsets coming from
   * {@code expectedFrom} (in words, for the record: "CuTe's layouts").
   */
  public static void verify(Nvcc nvcc, Path includeDir, Path workDir, List<Header> headers,
      String checkName, String expectedFrom) {
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
              header.cudaType() + ": stage/row/col/unswizzle do not invert offset at element " + i);
          actual[i] = Integer.parseInt(values[i]);
        }
        assertArrayEquals(header.expectedOffsets(), actual,
            header.cudaType() + " from " + header.include() + " differs from " + expectedFrom);
      }
      assertEquals(headers.size(), printed.size());
      nvcc.record(checkName, headers.size() + " headers compiled with " + Nvcc.STRICT_FLAGS
          + " and their host offsets, every stage, equal " + expectedFrom);
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
          const uint32_t stage = blockIdx.x % Tile::kStages;
          const uint32_t offset = Tile::offset(row, col, stage);
          out[threadIdx.y * blockDim.x + threadIdx.x] = offset ^ Tile::stage(offset)
              ^ Tile::row(offset) ^ Tile::col(offset) ^ Tile::unswizzle(Tile::swizzle(offset));
        }

        // Host: every offset of every stage, row-major; a trailing '!' marks an element whose
        // inverse is wrong.
        template <class Tile>
        void print_offsets(const char* name) {
          static_assert(Tile::kStages >= 1, "a tile has stages");
          std::printf("tile %s", name);
          for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
            for (uint32_t row = 0; row < Tile::kRows; ++row) {
              for (uint32_t col = 0; col < Tile::kCols; ++col) {
                const uint32_t offset = Tile::offset(row, col, stage);
                const bool inverse = Tile::stage(offset) == stage && Tile::row(offset) == row
                    && Tile::col(offset) == col && Tile::unswizzle(Tile::swizzle(offset)) == offset
                    && Tile::offset(row, col) + stage * Tile::kStageElements == offset;
                std::printf(inverse ? " %u" : " %u!", offset);
              }
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
