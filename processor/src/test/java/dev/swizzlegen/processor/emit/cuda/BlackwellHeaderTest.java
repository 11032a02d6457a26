package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.Tool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A header whose tile is in one of TMA's Blackwell modes names the mode
 * ({@code kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B}) only where {@code <cuda.h>} does, from
 * CUDA 12.8 on ({@code CUDA_VERSION >= 12080}), and checks the value swizzlegen knows it by against
 * cuda.h's. Before CUDA 12.8 the rest of the header compiles, and calling the tensor-map encoder is a
 * compile error that says why. With CUDA 13 the corpus's Blackwell tiles run through nvcc, g++ and
 * NVRTC with every other tile ({@link CudaHeaderNvccTest}, {@link GxxHeaderTest},
 * {@link NvrtcHeaderTest}).
 */
class BlackwellHeaderTest {
  private static final String TYPE = "BlackwellAtom32B";

  private static TileCorpus.Case blackwellCase() {
    return TileCorpus.CASES.stream().filter(tile -> tile.type().equals(TYPE)).findFirst()
        .orElseThrow();
  }

  @Test
  void theHeaderNamesTheModeWhereCudaHDoes() {
    TileCorpus.Case tile = blackwellCase();
    String header = Generated.of(tile.source()).text(tile.header());
    assertThat(header).contains("#if !defined(__CUDACC_RTC__) && CUDA_VERSION >= 12080\n");
    assertThat(header).contains("  static constexpr CUtensorMapSwizzle kTmaSwizzle ="
        + " CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;\n"
        + "  static_assert(static_cast<int>(kTmaSwizzle) == 4,\n");
    assertThat(header).contains("#endif\n#if !defined(__CUDACC_RTC__) && CUDA_VERSION < 12080\n");
    assertThat(header).contains("//   TMA fills a stage with 1 box of 64 x 64 elements,"
        + " CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B (one of\n"
        + "//   Blackwell's modes: sm_100 on, and <cuda.h> from CUDA 12.8 on)");
    // Every use of a Blackwell enumerator is under the guard.
    int guard = header.indexOf("CUDA_VERSION >= 12080");
    assertEquals(header.indexOf("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;"),
        header.lastIndexOf("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;"));
    assertThat(header.indexOf("CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;")).isGreaterThan(guard);
  }

  /**
   * nvcc builds the corpus's Blackwell tiles for sm_100a (and sm_90, whose TMA lacks the modes: the
   * header still compiles there, only the tensor map would be refused), and on the host their
   * {@code kTmaSwizzle} is cuda.h's enumerator of the model's value: 4 and 6.
   */
  @Test
  void nvccBuildsTheBlackwellTilesForSm100a() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: Blackwell-mode headers for sm_100a (nvcc)");
    Path work = Path.of("target", "nvcc-work", "blackwell");
    Path include = work.resolve("include");
    List<TileCorpus.Case> tiles = TileCorpus.CASES.stream()
        .filter(tile -> tile.type().startsWith("Blackwell")).toList();
    Generated generated = Generated.of(tiles.stream().map(TileCorpus.Case::source)
        .toArray(JavaFileObject[]::new));
    StringBuilder program = new StringBuilder("#include <cstdio>\n");
    StringBuilder kernels = new StringBuilder();
    StringBuilder prints = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (TileCorpus.Case tile : tiles) {
      Path header = include.resolve(tile.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(tile.header()));
      program.append("#include \"").append(tile.header()).append("\"\n");
      String struct = tile.cudaType();
      kernels.append("__global__ void touch_").append(tile.type()).append("(uint32_t* out) {\n")
          .append("  const uint32_t box = threadIdx.x % ").append(struct).append("::kTmaBoxes;\n")
          .append("  out[threadIdx.x] = ").append(struct).append("::tma_box_offset(box) ^ ")
          .append(struct).append("::offset(threadIdx.x % ").append(struct).append("::kRows, ")
          .append("threadIdx.y % ").append(struct).append("::kCols, 0);\n}\n");
      prints.append("  std::printf(\"%d \", static_cast<int>(").append(struct)
          .append("::kTmaSwizzle));\n");
      expected.add(Integer.toString(tile.expected().tmaSwizzle().orElseThrow().value()));
    }
    program.append(kernels).append("\nint main() {\n").append(prints).append("  return 0;\n}\n");
    Path source = work.resolve("blackwell_check.cu");
    Files.writeString(source, program);
    nvcc.compile(source, work.resolve("blackwell_check"), List.of(include), List.of("90", "100a"));
    assertEquals(String.join(" ", expected), nvcc.execute(work.resolve("blackwell_check")).trim());
    assertEquals(List.of("4", "6"), expected);
    Tool.record("nvcc-checks", "blackwell-sm100a", tiles.size() + " Blackwell-mode headers built"
        + " by nvcc with " + Nvcc.STRICT_FLAGS + " for sm_90 and sm_100a; kTmaSwizzle on the host is"
        + " cuda.h's " + String.join(" and ", expected));
  }

  /**
   * With a {@code <cuda.h>} of CUDA 12.4 (a stand-in declaring what a header uses, its
   * {@code CUtensorMapSwizzle} ending at {@code CU_TENSOR_MAP_SWIZZLE_128B}), g++ compiles the header,
   * its offsets and TMA boxes at compile time and run; a call of the encoder fails with the
   * header's message.
   */
  @Test
  void beforeCuda12_8TheHeaderCompilesAndTheEncoderSaysWhyNot() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: a Blackwell-mode header with <cuda.h> before 12.8 (g++)")
        .withoutCudaToolkit();
    TileCorpus.Case tile = blackwellCase();
    Path work = Path.of("target", "gxx-work", "blackwell-before-12.8");
    Path include = work.resolve("include");
    Path header = include.resolve(tile.header());
    Files.createDirectories(header.getParent());
    Files.writeString(header, Generated.of(tile.source()).text(tile.header()));
    Path stubs = Path.of("src", "test", "resources", "cuda-before-12.8");
    String struct = tile.cudaType();
    String program = "#include <cstdio>\n#include \"" + tile.header() + "\"\n\n"
        + "static_assert(" + struct + "::kTmaBoxes == 1u, \"one box\");\n"
        + "static_assert(" + struct + "::tma_box_offset(0) == 0u, \"box 0\");\n"
        + "static_assert(" + struct + "::offset(1, 0) == 80u, \"row 1\");\n\n"
        + "int main() {\n"
        + "  std::printf(\"%u %u\\n\", " + struct + "::offset(4, 0), " + struct
        + "::offset(1, 0));\n"
        + "  return 0;\n}\n";
    Path source = work.resolve("before_12_8.cpp");
    Files.writeString(source, program);
    gxx.build(source, work.resolve("before_12_8"), List.of(include, stubs), List.of());
    // Row 4's first 32 bytes stay (4 & 3 = 0); row 1's move one 32-byte unit: 64 + 16 halves.
    assertEquals("256 80", gxx.execute(work.resolve("before_12_8")).trim());

    Path calling = work.resolve("before_12_8_encoder.cpp");
    Files.writeString(calling, program.replace("  return 0;", "  CUtensorMap map;\n"
        + "  return " + struct + "::encode_tma_tensor_map(&map, nullptr, 0, 0, 0) == CUDA_SUCCESS;"));
    AssertionError error = assertThrows(AssertionError.class, () -> gxx.build(calling,
        work.resolve("before_12_8_encoder"), List.of(include, stubs), List.of()));
    assertThat(error.getMessage()).contains("swizzlegen: " + TYPE + "'s TMA mode"
        + " CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B needs <cuda.h> from CUDA 12.8 on");
    gxx.record("blackwell-before-12.8", "a CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B header compiled with"
        + " a stand-in <cuda.h> of CUDA 12.4 and " + Gxx.STRICT_FLAGS + ", its offsets and boxes"
        + " static_asserted and run; calling its encoder fails with the header's message");
  }
}
