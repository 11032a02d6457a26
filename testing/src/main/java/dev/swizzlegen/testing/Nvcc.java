package dev.swizzlegen.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the real nvcc, a {@link Tool}: in CI ({@code CI=true}) a missing nvcc fails the test;
 * elsewhere the test is skipped with a message on standard error. Every check that ran leaves a line
 * under {@code target/nvcc-checks/}, which {@code .ci/run} requires.
 */
public final class Nvcc implements CheckCompiler {
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
    Path nvcc = Tool.requireOrSkip("nvcc", check);
    return new Nvcc(nvcc, chooseArchitectures(nvcc));
  }

  /**
   * sm_70, sm_80 and sm_90, where this nvcc still builds sm_70; CUDA 13 dropped Volta, so there the
   * oldest architecture it supports (sm_75) stands in for it.
   */
  private static List<String> chooseArchitectures(Path nvcc) {
    String listed = Tool.run(List.of(nvcc.toString(), "--list-gpu-arch"), Path.of("."));
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

  /**
   * This nvcc building device code for the oldest architecture only: for a check of very many
   * headers, where every architecture would multiply the build time and add no coverage the
   * corpus checks lack.
   */
  public Nvcc oldestArchitectureOnly() {
    return new Nvcc(executable, List.of(architectures.get(0)));
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
    Tool.run(command, source.getParent());
  }

  @Override
  public String sourceExtension() {
    return ".cu";
  }

  @Override
  public List<String> strictFlags() {
    return STRICT_FLAGS;
  }

  /** {@link #compile(Path, Path, List, List, List)} for every {@link #architectures() architecture}. */
  @Override
  public void build(Path source, Path binary, List<Path> includeDirs, List<String> moreFlags) {
    compile(source, binary, includeDirs, architectures, moreFlags);
  }

  /** Runs a program built by {@link #compile} and returns its standard output. */
  @Override
  public String execute(Path binary) {
    return Tool.run(List.of(binary.toAbsolutePath().toString()), binary.getParent());
  }

  /** Writes {@code target/nvcc-checks/<name>.txt}, one line saying that the check ran and what it proved. */
  @Override
  public void record(String name, String line) {
    Tool.record("nvcc-checks", name,
        line + " [nvcc " + executable + ", sm_" + String.join(", sm_", architectures) + "]");
  }
}
