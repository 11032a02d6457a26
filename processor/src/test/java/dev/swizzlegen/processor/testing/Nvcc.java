package dev.swizzlegen.processor.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the real nvcc. In CI ({@code CI=true}) a missing nvcc fails the test; elsewhere the test is
 * skipped with a message on standard error, so that nobody mistakes a skipped check for a passed one.
 * Every check that ran leaves a line under {@code target/nvcc-checks/}, which {@code .ci/run} requires.
 */
public final class Nvcc {
  /** The flags every generated header must compile cleanly under. */
  public static final List<String> STRICT_FLAGS = List.of(
      "-std=c++17", "-Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror");

  private final Path executable;
  private final List<String> architectures;

  private Nvcc(Path executable, List<String> architectures) {
    this.executable = executable;
    this.architectures = architectures;
  }

  /** nvcc from the PATH; fails in CI and skips visibly elsewhere when there is none. */
  public static Nvcc requireOrSkip(String check) {
    Optional<Path> found = locate();
    if (found.isEmpty()) {
      if ("true".equals(System.getenv("CI"))) {
        fail("CI=true but nvcc is not on the PATH: the CUDA check '" + check + "' must run in CI.");
      }
      System.err.println("SKIPPED (no nvcc on the PATH): " + check);
      Assumptions.abort("nvcc is not on the PATH: skipped " + check);
    }
    return new Nvcc(found.get(), chooseArchitectures(found.get()));
  }

  private static Optional<Path> locate() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir, "nvcc");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * sm_70, sm_80 and sm_90, where this nvcc still builds sm_70; CUDA 13 dropped Volta, so there the
   * oldest architecture it supports (sm_75) stands in for it.
   */
  private static List<String> chooseArchitectures(Path nvcc) {
    String listed = run(List.of(nvcc.toString(), "--list-gpu-arch"), Path.of("."));
    List<String> chosen = new ArrayList<>();
    for (String oldest : List.of("70", "72", "75")) {
      if (listed.contains("compute_" + oldest)) {
        chosen.add(oldest);
        break;
      }
    }
    chosen.add("80");
    chosen.add("90");
    return List.copyOf(chosen);
  }

  /** The compute capabilities every program is built for, such as {@code [75, 80, 90]}. */
  public List<String> architectures() {
    return architectures;
  }

  /**
   * Compiles {@code source} into {@code binary} with {@link #STRICT_FLAGS}, device code for every
   * {@link #architectures() architecture}; fails the test with nvcc's output on any warning or error.
   */
  public void compile(Path source, Path binary, List<Path> includeDirs) {
    compile(source, binary, includeDirs, architectures);
  }

  /** As {@link #compile(Path, Path, List)}, for the given compute capabilities only. */
  public void compile(Path source, Path binary, List<Path> includeDirs, List<String> archs) {
    compile(source, binary, includeDirs, archs, List.of());
  }

  /**
   * As {@link #compile(Path, Path, List, List)}, with more flags after the strict ones, such as
   * {@code -O2} for a check whose host loops are long.
   */
  public void compile(Path source, Path binary, List<Path> includeDirs, List<String> archs,
      List<String> moreFlags) {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(STRICT_FLAGS);
    command.addAll(moreFlags);
    for (String arch : archs) {
      command.add("-gencode");
      command.add("arch=compute_" + arch + ",code=sm_" + arch);
    }
    for (Path include : includeDirs) {
      command.add("-I" + include.toAbsolutePath());
    }
    command.add("-o");
    command.add(binary.toAbsolutePath().toString());
    command.add(source.toAbsolutePath().toString());
    run(command, source.getParent());
  }

  /** Runs a program built by {@link #compile} and returns its standard output. */
  public String execute(Path binary) {
    return run(List.of(binary.toAbsolutePath().toString()), binary.getParent());
  }

  /** Writes {@code target/nvcc-checks/<name>.txt}, one line saying that the check ran and what it proved. */
  public void record(String name, String line) {
    try {
      Path dir = Path.of("target", "nvcc-checks");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + ".txt"),
          line + " [nvcc " + executable + ", sm_" + String.join(", sm_", architectures) + "]\n",
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String run(List<String> command, Path workingDir) {
    try {
      Process process = new ProcessBuilder(command)
          .directory(workingDir.toFile())
          .redirectErrorStream(true)
          .start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        fail("timed out: " + String.join(" ", command));
      }
      String text = new String(output, StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        fail("exit " + process.exitValue() + " from " + String.join(" ", command) + "\n" + text);
      }
      return text;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
