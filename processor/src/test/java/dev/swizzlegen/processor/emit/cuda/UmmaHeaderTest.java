package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.Tool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Blackwell corpus ({@link TileCorpus#BLACKWELL}): every tile's header compiles under
 * {@code nvcc -std=c++17 -Werror all-warnings} (device code for the oldest supported architecture,
 * sm_80 and sm_90: {@code umma_desc} is plain integer arithmetic) and as host C++ under g++, and on
 * the host gives the offsets of its Java helper and, for every stage, K slice and M or N step,
 * {@code umma_desc(...)} equal to the model's {@code MmaOperand} descriptor, which
 * {@code CuteUmmaDescriptorsTest} checks against CuTe's {@code make_umma_desc}. In CI
 * ({@code CI=true}) a missing nvcc or g++ fails; elsewhere the checks are skipped with a message.
 */
class UmmaHeaderTest {

  @Test
  void everyBlackwellTileIsTheDeclaredLayoutWithAUmmaEngine() {
    Generated generated = Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL));
    for (TileCorpus.Case tile : TileCorpus.BLACKWELL) {
      Generated.Helper helper = generated.helper(tile.helper());
      assertEquals(tile.expected(), helper.constant("LAYOUT"), tile.type());
      assertThat(generated.text(tile.header())).contains("umma_desc(");
    }
  }

  @Test
  void everyBlackwellHeaderCompilesUnderNvccAndEqualsTheModel() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: Blackwell (UMMA) headers under nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-umma");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL)), includeDir, TileCorpus.BLACKWELL);
    assertEquals(TileCorpus.BLACKWELL.size(),
        headers.stream().filter(header -> header.read(HeaderCheck.ReadKind.UMMA).isPresent())
            .count());
    HeaderCheck.verify(nvcc, includeDir, work, headers, "processor-umma");
  }

  /**
   * The descriptors feed {@code tcgen05.mma} itself: a kernel per tile issues the instruction of the
   * tile's kind with {@code umma_desc} as both operands' descriptors, built for sm_100a, so that ptxas
   * checks the instruction as a Blackwell kernel would issue it. Built, not run: no Blackwell GPU is
   * at hand. Skipped visibly where nvcc has no sm_100a (before CUDA 12.8).
   */
  @Test
  void everyBlackwellHeaderFeedsTcgen05MmaOnSm100a() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: Blackwell (UMMA) headers in tcgen05.mma for sm_100a");
    Path executable = Tool.requireOrSkip("nvcc", "processor: tcgen05.mma for sm_100a");
    String archs = Tool.run(List.of(executable.toString(), "--list-gpu-arch"), Path.of("."));
    if (!archs.contains("compute_100")) {
      System.err.println("SKIPPED (nvcc has no sm_100a): tcgen05.mma for sm_100a");
      Assumptions.abort("nvcc has no sm_100a");
    }
    Path work = Path.of("target", "nvcc-work", "processor-umma-sm100a");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL)), includeDir, TileCorpus.BLACKWELL);
    StringBuilder cu = new StringBuilder("// Written by swizzlegen's tests: tcgen05.mma fed by"
        + " every Blackwell header's umma_desc, for sm_100a.\n#include <cstdint>\n");
    for (HeaderCheck.Header header : headers) {
      cu.append("#include \"").append(header.include()).append("\"\n");
    }
    for (int i = 0; i < headers.size(); i++) {
      HeaderCheck.Header header = headers.get(i);
      String kind = MmaFormat.UMMA.type(header.layout().dtype()).orElseThrow();
      cu.append("\n__global__ void mma_").append(i).append("(uint32_t tmem_d, uint32_t smem,"
          + " uint32_t idesc) {\n")
          .append("  using Tile = ").append(header.cudaType()).append(";\n")
          .append("  for (uint32_t k = 0; k < Tile::kUmmaKSlices; ++k) {\n")
          .append("    const uint64_t desc =\n")
          .append("        Tile::umma_desc(smem, k, 0, blockIdx.x % Tile::kStages);\n")
          .append("    asm volatile(\"{\\n\\t.reg .pred p;\\n\\tsetp.ne.b32 p, %4, 0;\\n\\t\"\n")
          .append("                 \"tcgen05.mma.cta_group::1.kind::").append(kind)
          // kind::mxf4 (packed FP4) is block-scaled: its scale factors' tensor memory, here D's.
          .append(kind.equals("mxf4") ? ".block_scale.scale_vec::2X [%0], %1, %2, %3, [%0], [%0], p;"
              : " [%0], %1, %2, %3, p;")
          .append("\\n\\t}\\n\"\n")
          .append("                 :: \"r\"(tmem_d), \"l\"(desc), \"l\"(desc), \"r\"(idesc),"
              + " \"r\"(k));\n")
          .append("  }\n}\n");
    }
    cu.append("\nint main() { return 0; }\n");
    Path source = work.resolve("tcgen05_check.cu");
    Files.createDirectories(work);
    Files.writeString(source, cu);
    nvcc.compile(source, work.resolve("tcgen05_check"), List.of(includeDir), List.of("100a"));
    Tool.record("nvcc-checks", "processor-umma-sm100a", headers.size() + " Blackwell headers'"
        + " umma_desc fed to tcgen05.mma (kind::f16, tf32, f8f6f4, i8, mxf4) in kernels built for sm_100a"
        + " with " + Nvcc.STRICT_FLAGS + " (built, not run)");
  }

  @Test
  void everyBlackwellHeaderCompilesAsHostCxxAndEqualsTheModel() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: Blackwell (UMMA) headers as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-umma");
    Path includeDir = work.resolve("include");
    HeaderCheck.verify(gxx, includeDir, work, TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL)), includeDir, TileCorpus.BLACKWELL),
        "processor-umma");
  }
}
