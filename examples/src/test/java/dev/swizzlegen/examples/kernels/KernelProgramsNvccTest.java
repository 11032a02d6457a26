package dev.swizzlegen.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every program of {@code examples/kernels} compiles under strict nvcc against the headers the
 * processor generates now (sm_90; the Hopper programs, which use wgmma and setmaxnreg, sm_90a; the
 * Blackwell GEMM, which uses tcgen05 and tensor memory, sm_100a), so that a run on the GPU never fails
 * on what could have been caught here. Compiled only ({@code -c}): the GEMMs link with
 * {@code cublas_ref.cu}, whose cuBLAS headers and library only the GPU machine has. The Blackwell GEMM
 * is never run here (no Blackwell GPU); this compile, and its SASS committed under
 * {@code kernels/sass/}, are what is checked of it. The CuTe GEMM ({@code cute_hopper_gemm.cu}) needs
 * CUTLASS's headers, which are not vendored: {@code bench/gpu/cute_gemm.sh} builds it where a fetched
 * CUTLASS is given.
 */
class KernelProgramsNvccTest {
  private static final Path KERNELS = Path.of("kernels");

  @Test
  void everyKernelProgramCompilesAgainstTheGeneratedHeaders() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("examples: kernels under nvcc");
    Path out = Path.of("target", "nvcc-work", "kernels");
    KernelBenchGenerator.main(new String[] {"target/generated-sources/annotations", KERNELS.toString(),
        out.toString()});
    List<String> compiled = new ArrayList<>();
    for (Path source : programs()) {
      String name = source.getFileName().toString().replace(".cu", "");
      String arch = architecture(name);
      Path object = out.resolve(name + ".o");
      nvcc.compile(source, object, List.of(out.resolve("include"), KERNELS), List.of(arch),
          List.of("-c"));
      Files.deleteIfExists(object);
      compiled.add(name + " (sm_" + arch + ")");
    }
    assertEquals(List.of("ampere_gemm", "blackwell_gemm", "hopper_blackwell_check", "hopper_gemm",
        "mma_peak", "smem_bench", "transpose"),
        compiled.stream().map(c -> c.substring(0, c.indexOf(' '))).toList());
    nvcc.record("examples-kernels", String.join(", ", compiled) + " compiled with "
        + Nvcc.STRICT_FLAGS + " against the generated headers");
  }

  /** The architecture a program is built for, by its name's prefix. */
  private static String architecture(String name) {
    if (name.startsWith("blackwell")) {
      return "100a";
    }
    return name.startsWith("hopper") ? "90a" : "90";
  }

  /** The programs: every {@code .cu} but the cuBLAS reference and the CuTe programs, by name. */
  private static List<Path> programs() throws IOException {
    try (Stream<Path> files = Files.list(KERNELS)) {
      return files.filter(f -> f.toString().endsWith(".cu"))
          .filter(f -> !f.getFileName().toString().equals("cublas_ref.cu"))
          .filter(f -> !f.getFileName().toString().startsWith("cute_"))
          .sorted()
          .toList();
    }
  }
}
