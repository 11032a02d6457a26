package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.swizzlegen.processor.testing.Gxx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    assertThat(header).contains("#elif !defined(__CUDACC_RTC__)\n");
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
