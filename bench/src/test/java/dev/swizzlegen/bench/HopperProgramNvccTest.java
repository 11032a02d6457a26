package dev.swizzlegen.bench;

import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Hopper suite's program, {@code hopper_suite.cu} around {@code bench/gpu/hopper_check.cuh},
 * compiles under strict nvcc for sm_90a against the headers the processor generates now, so that a run
 * on the GPU never fails on what could have been caught here.
 */
class HopperProgramNvccTest {

  @Test
  void hopperSuiteCompilesAgainstTheGeneratedHeaders() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("bench: Hopper suite under nvcc");
    Path out = Path.of("target", "nvcc-work");
    HopperBenchGenerator.main(new String[] {"target/generated-sources/annotations", out.toString()});
    Path binary = out.resolve("hopper").resolve("hopper_suite");
    nvcc.compile(out.resolve("hopper").resolve("hopper_suite.cu"), binary,
        List.of(Path.of("gpu"), out.resolve("hopper").resolve("include")), List.of("90a"));
    nvcc.record("bench-hopper", "hopper_suite.cu (" + HopperSuite.gemms().size() + " GEMMs, "
        + HopperSuite.tiles().size() + " tiles: TMA and wgmma through the generated headers) compiled"
        + " for sm_90a with " + Nvcc.STRICT_FLAGS);
    Files.deleteIfExists(binary);
  }
}
