package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The real NVRTC, as programs that compile their kernels at run time use it (TornadoVM, JCuda): its
 * library, {@code libnvrtc.so}, loaded by a small driver ({@code testing/src/main/resources/nvrtc/
 * nvrtc_compile.cpp}) built with g++, so that neither CUDA's headers nor an NVRTC of the toolkit's own
 * version is needed. {@code scripts/install-nvrtc.sh} installs one (NVRTC 11.8 from Debian's
 * non-free archive) where the CUDA toolkit has none. In CI ({@code CI=true}) a missing library or g++
 * fails the test; elsewhere it is skipped with a message on standard error. Every check that ran
 * leaves a line under {@code target/nvrtc-checks/}, which {@code .ci/run} requires.
 */
public final class Nvrtc {
  /** The options every generated header must compile cleanly under, besides its architecture. */
  public static final List<String> OPTIONS = List.of("-std=c++17");

  private final Path library;
  private final Path driver;
  private final String version;
  private final List<String> architectures;

  private Nvrtc(Path library, Path driver, String version, List<String> architectures) {
    this.library = library;
    this.driver = driver;
    this.version = version;
    this.architectures = architectures;
  }

  /**
   * NVRTC from the dynamic linker's cache or the CUDA toolkit, and g++ from the PATH to build its
   * driver; fails in CI and skips visibly elsewhere when either is missing.
   */
  public static Nvrtc requireOrSkip(String check) {
    Path gxx = Tool.requireOrSkip("g++", check);
    Optional<Path> library = locate();
    if (library.isEmpty()) {
      Tool.missing("no libnvrtc.so is installed (scripts/install-nvrtc.sh installs one)", check);
    }
    try {
      Path work = Path.of("target", "nvrtc-work");
      Files.createDirectories(work);
      Path source = work.resolve("nvrtc_compile.cpp");
      try (InputStream in = Nvrtc.class.getResourceAsStream("/nvrtc/nvrtc_compile.cpp")) {
        Files.write(source, in.readAllBytes());
      }
      Path driver = work.resolve("nvrtc_compile");
      Tool.run(List.of(gxx.toString(), "-std=c++17", "-Wall", "-Wextra", "-Werror", "-O1", "-o",
          driver.toAbsolutePath().toString(), source.toAbsolutePath().toString(), "-ldl"), work);
      String[] lines = Tool.run(List.of(driver.toAbsolutePath().toString(),
          library.get().toString(), "--version"), work).split("\n");
      String version = lines[0].replace("nvrtc ", "");
      // compute_80 and compute_90, where this NVRTC has them.
      List<String> archs = new ArrayList<>();
      for (String arch : List.of("80", "90")) {
        if (lines.length < 2 || (" " + lines[1] + " ").contains(" " + arch + " ")) {
          archs.add(arch);
        }
      }
      return new Nvrtc(library.get(), driver, version, List.copyOf(archs));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** libnvrtc.so: in the linker's cache (a distribution's package), else in a CUDA toolkit. */
  private static Optional<Path> locate() {
    try {
      for (String line : Tool.run(List.of("/sbin/ldconfig", "-p"), Path.of(".")).split("\n")) {
        // "	libnvrtc.so.11.2 (libc6,x86-64) => /lib/x86_64-linux-gnu/libnvrtc.so.11.2"
        if (line.trim().startsWith("libnvrtc.so") && line.contains("=> ")) {
          return Optional.of(Path.of(line.substring(line.indexOf("=> ") + 3).trim()));
        }
      }
    } catch (AssertionError | UncheckedIOException noLdconfig) {
      // Not glibc's linker: look in the toolkit.
    }
    List<Path> dirs = new ArrayList<>();
    Optional.ofNullable(System.getenv("CUDA_HOME")).ifPresent(home -> dirs.add(Path.of(home, "lib64")));
    dirs.add(Path.of("/usr/local/cuda/lib64"));
    dirs.add(Path.of("/usr/local/cuda/targets/x86_64-linux/lib"));
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.list(dir)) {
        Optional<Path> found = files
            .filter(file -> file.getFileName().toString().startsWith("libnvrtc.so")).sorted()
            .findFirst();
        if (found.isPresent()) {
          return found;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return Optional.empty();
  }

  /** The virtual architectures every program is compiled for, such as {@code [80, 90]}. */
  public List<String> architectures() {
    return architectures;
  }

  /**
   * Compiles {@code source} for {@code compute_<arch>} with {@link #OPTIONS}, headers found under
   * {@code includeDirs}; fails the test with NVRTC's log on any warning or error, and returns the
   * driver's output (the empty log, the PTX's size).
   */
  public String compile(Path source, List<Path> includeDirs, String arch) {
    List<String> command = new ArrayList<>(List.of(driver.toAbsolutePath().toString(),
        library.toString(), source.toAbsolutePath().toString(), "--gpu-architecture=compute_" + arch));
    command.addAll(OPTIONS);
    for (Path include : includeDirs) {
      command.add("--include-path=" + include.toAbsolutePath());
    }
    String output = Tool.run(command, source.getParent());
    assertTrue(output.contains("ptx "), output);
    return output;
  }

  /** Writes {@code target/nvrtc-checks/<name>.txt}, one line saying that the check ran and what it proved. */
  public void record(String name, String line) {
    Tool.record("nvrtc-checks", name, line + " [NVRTC " + version + ", " + library + ", compute_"
        + String.join(", compute_", architectures) + "]");
  }
}
