package dev.swizzlegen.bench;

import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The calibration program the generator writes compiles under strict nvcc for sm_90 (stmatrix needs
 * it), so that a run on the GPU never fails on what could have been caught here.
 */
class CalibrationProgramNvccTest {

  @Test
  void generatedCalibrationProgramCompilesForSm90() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("bench: calibration program under nvcc");
    Path out = Path.of("target", "nvcc-work", "calibration");
    CalibrationGenerator.main(new String[] {"target/generated-sources/annotations", out.toString()});
    nvcc.compile(out.resolve("calibrate.cu"), out.resolve("calibrate"), List.of(out.resolve("include")),
        List.of("90"));
    nvcc.record("bench-calibration", CalibrationSuite.cases().size()
        + " calibration kernels compiled for sm_90 with " + Nvcc.STRICT_FLAGS);
    Files.deleteIfExists(out.resolve("calibrate"));
  }
}
