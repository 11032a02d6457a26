package dev.swizzlegen.processor.step;

import static com.google.common.truth.Truth.assertThat;

import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.StorageSources;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A storage over tiles another module compiled, as two builds have it: the tiles' module (javac
 * with {@code -Aswizzlegen.namespace=acme::tiles}, its own classes and generated folder) and the
 * kernel's (javac with {@code -Aswizzlegen.namespace=acme::k}, the tiles' classes on its class path,
 * its own folders). The storage header includes each tile's header by its path under the tiles'
 * generated-sources root and names each tile as the tiles' build wrote it, so it compiles under nvcc
 * and g++ with {@code -I} each module's generated folder, and nothing else.
 */
class StorageAcrossModulesTest {
  private static final String TILES_NAMESPACE = "acme::tiles";
  private static final String KERNEL_NAMESPACE = "acme::kern";

  /** Builds both modules under {@code work}; returns the two generated folders, tiles' first. */
  private static List<Path> twoModules(Path work) throws IOException {
    Path tileClasses = work.resolve("tiles/classes");
    Path tileSources = work.resolve("tiles/generated");
    Generated.JavacRun tiles = Generated.runJavac(tileClasses, tileSources,
        List.of("-Aswizzlegen.namespace=" + TILES_NAMESPACE), new SwizzlegenProcessor(),
        StorageSources.tiles());
    assertThat(tiles.errors()).isEmpty();
    Path kernelSources = work.resolve("kernel/generated");
    Generated.JavacRun kernel = Generated.runJavac(work.resolve("kernel/classes"),
        List.of(tileClasses), kernelSources, List.of("-Aswizzlegen.namespace=" + KERNEL_NAMESPACE),
        new SwizzlegenProcessor(), List.of(StorageSources.storage(StorageSources.BUFFERS)));
    assertThat(kernel.errors()).isEmpty();
    // The kernel's build wrote the storage's files only; the tiles' are the tiles' build's.
    assertThat(Generated.filesUnder(kernelSources)).containsExactly(StorageSources.HEADER);
    return List.of(tileSources, kernelSources);
  }

  /** A program that uses the storage and a tile it includes, each by its own namespace. */
  private static String program(boolean kernel) {
    return "#include \"" + StorageSources.HEADER + "\"\n\n"
        + "static_assert(" + KERNEL_NAMESPACE + "::GemmStorage::kHopperABytes == 4u * "
        + TILES_NAMESPACE + "::HopperA::kStageElements * 2u, \"A's stages\");\n"
        + (kernel ? "#if defined(__CUDACC__)\n"
            + "extern \"C\" __global__ void touch(uint32_t* out) {\n"
            + "  extern __shared__ unsigned char dynamic_smem[];\n"
            + "  const uint32_t base = " + KERNEL_NAMESPACE + "::GemmStorage::base(dynamic_smem);\n"
            + "  out[threadIdx.x] = " + KERNEL_NAMESPACE + "::GemmStorage::hopper_c(base, 1u);\n"
            + "}\n#endif\n" : "")
        + "int main() { return " + KERNEL_NAMESPACE + "::GemmStorage::hopper_a(0u) == 0u ? 0 : 1; }\n";
  }

  @Test
  void theHeaderIncludesAndNamesEachTileAsItsOwnBuildWroteIt() throws IOException {
    Path work = Files.createTempDirectory("swizzlegen-modules");
    List<Path> generated = twoModules(work);
    String header = Files.readString(generated.get(1).resolve(StorageSources.HEADER));
    assertThat(header).contains("#include \"swizzlegen/hopper_a.cuh\"");
    assertThat(header).contains(TILES_NAMESPACE + "::HopperA, 4 stages");
    assertThat(header).contains("namespace " + KERNEL_NAMESPACE + " {");
    assertThat(header).doesNotContain(KERNEL_NAMESPACE + "::Hopper");
    assertThat(Files.readString(generated.get(0).resolve("swizzlegen/hopper_a.cuh")))
        .contains("namespace " + TILES_NAMESPACE + " {");
  }

  /** Tiles compiled without the processor wrote no header: a storage over them is an error. */
  @Test
  void tilesCompiledWithoutSwizzlegenAreAnErrorOnTheBuffer() throws IOException {
    Path work = Files.createTempDirectory("swizzlegen-modules");
    Path tileClasses = work.resolve("tiles/classes");
    assertThat(Generated.runJavac(tileClasses, work.resolve("tiles/generated"), List.of(), null,
        StorageSources.tiles()).errors()).isEmpty();
    Path kernelSources = work.resolve("kernel/generated");
    Generated.JavacRun kernel = Generated.runJavac(work.resolve("kernel/classes"),
        List.of(tileClasses), kernelSources, List.of(), new SwizzlegenProcessor(),
        List.of(StorageSources.storage(StorageSources.BUFFERS)));
    assertThat(kernel.errors()).contains("kern/GemmStorage.java:7: storage GemmStorage: tile names"
        + " kern.HopperA, compiled without swizzlegen: its helper is not on the class path, so no"
        + " header of it was written; run the processor where it is compiled.");
    assertThat(Generated.filesUnder(kernelSources)).isEmpty();
  }

  @Test
  void theStorageHeaderCompilesAgainstBothModulesUnderNvcc() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: a storage over another module's tiles, nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-storage-modules");
    Files.createDirectories(work);
    List<Path> generated = twoModules(Files.createTempDirectory("swizzlegen-modules"));
    Path source = work.resolve("modules_check.cu");
    Files.writeString(source, program(true));
    nvcc.compile(source, work.resolve("modules_check"), generated);
    nvcc.record("processor-storage-modules", "a storage header over tiles another javac run wrote"
        + " with another -Aswizzlegen.namespace, compiled by nvcc with " + Nvcc.STRICT_FLAGS
        + " against both generated folders");
  }

  @Test
  void theStorageHeaderCompilesAgainstBothModulesAsHostCxx() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: a storage over another module's tiles, g++");
    Path work = Path.of("target", "gxx-work", "processor-storage-modules");
    Files.createDirectories(work);
    List<Path> generated = twoModules(Files.createTempDirectory("swizzlegen-modules"));
    Path source = work.resolve("modules_check.cpp");
    Files.writeString(source, program(false));
    Path binary = work.resolve("modules_check");
    gxx.build(source, binary, generated, List.of());
    gxx.execute(binary);
    gxx.record("processor-storage-modules", "a storage header over tiles another javac run wrote"
        + " with another -Aswizzlegen.namespace, compiled by g++ with " + Gxx.STRICT_FLAGS
        + " against both generated folders and run");
  }
}
