package dev.swizzlegen.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.Locations;
import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.Tool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CMake example ({@code examples/cmake}) as docs/build.md tells a CMake user to run it: configure
 * (pointing it at this build's processor), build (javac runs swizzlegen on the Java tile
 * declarations, nvcc compiles the .cu against the headers) and ctest, on a machine with nvcc and
 * no GPU.
 */
class CmakeExampleTest {
  private static final Path PROJECT = Path.of("cmake");
  private static final Path BUILD = Path.of("target", "cmake-example");

  @Test
  void cmakeGeneratesTheHeadersFromJavaAndCtestPasses() throws IOException {
    Path cmake = Tool.requireOrSkip("cmake", "examples: the CMake example");
    Path ctest = cmake.resolveSibling("ctest");
    Nvcc nvcc = Nvcc.requireOrSkip("examples: the CMake example");
    Locations.deleteRecursively(BUILD);
    String processorPath = Stream.of(SwizzlegenProcessor.class, TileLayout.class, SwizzledTile.class)
        .map(Locations::codeSource)
        .collect(Collectors.joining(";"));
    Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
    Tool.run(List.of(cmake.toString(), "-S", PROJECT.toAbsolutePath().toString(),
        "-B", BUILD.toAbsolutePath().toString(),
        "-DSWIZZLEGEN_PROCESSOR_PATH=" + processorPath,
        "-DSWIZZLEGEN_CLASSPATH=" + Locations.codeSource(SwizzledTile.class) + ";"
            + Locations.codeSource(TileLayout.class),
        "-DJava_JAVAC_EXECUTABLE=" + javac,
        "-DCMAKE_CUDA_ARCHITECTURES=" + nvcc.architectures().get(0)), Path.of("."));
    String build = Tool.run(List.of(cmake.toString(), "--build", BUILD.toAbsolutePath().toString(),
        "--parallel", "2"), Path.of("."));
    assertTrue(build.contains("swizzlegen: CUDA headers of gemm_tiles"), build);
    assertTrue(Files.isRegularFile(BUILD.resolve("gemm_tiles/include/swizzlegen/operand_tile.cuh")));
    String tests = Tool.run(List.of(ctest.toString(), "--test-dir",
        BUILD.toAbsolutePath().toString(), "--output-on-failure", "-V"), Path.of("."));
    assertTrue(tests.contains("100% tests passed"), tests);
    assertTrue(tests.contains("OperandTile: Swizzle<3,3,3>, 128 x 64: a bijection equal to CuTe's"),
        tests);
    Tool.record("cmake-checks", "examples-cmake", "examples/cmake configured, built (javac with"
        + " swizzlegen, then nvcc on sm_" + nvcc.architectures().get(0) + ") and its ctest passed");
  }
}
