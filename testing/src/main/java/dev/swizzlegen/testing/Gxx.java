package dev.swizzlegen.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the real g++, a {@link Tool}, as host-only C++ code (JNI or JavaCPP glue) compiles generated
 * headers: no nvcc, so no {@code __host__} or {@code __device__} unless the header defines them. The
 * CUDA toolkit's headers and runtime (for {@code <vector_types.h>} and the tensor-map encoder) come
 * from where nvcc says they are, as system headers ({@code -isystem}, as nvcc treats them); a
 * {@link #withoutCudaToolkit()} compiler has neither, as a host program that never heard of CUDA.
 * In CI ({@code CI=true}) a missing g++ or nvcc fails the test; elsewhere it is skipped with a
 * message on standard error. Every check that ran leaves a line under {@code target/gxx-checks/}.
 */
public final class Gxx implements CheckCompiler {
  /** The flags every generated header must compile cleanly under as host C++. */
  public static final List<String> STRICT_FLAGS =
      List.of("-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror");

  private static final Pattern INCLUDE = Pattern.compile("#\\$ INCLUDES=.*?\"-I([^\"]+)\"");
  private static final Pattern LIBRARY = Pattern.compile("\"-L([^\"]+)\"");

  private final Path executable;
  private final Optional<Path> cudaInclude;
  private final Optional<Path> cudaLibrary;

  private Gxx(Path executable, Optional<Path> cudaInclude, Optional<Path> cudaLibrary) {
    this.executable = executable;
    this.cudaInclude = cudaInclude;
    this.cudaLibrary = cudaLibrary;
  }

  /**
   * g++ from the PATH, with the CUDA toolkit nvcc (from the PATH) uses; fails in CI and skips visibly
   * elsewhere when either is missing.
   */
  public static Gxx requireOrSkip(String check) {
    Path gxx = Tool.requireOrSkip("g++", check);
    Path nvcc = Tool.requireOrSkip("nvcc", check);
    // nvcc's dry run names its include and library directories (nvcc may be a wrapper script).
    String dryRun = Tool.run(List.of(nvcc.toString(), "--dryrun", "-c", "-x", "cu", "/dev/null",
        "-o", "/dev/null"), Path.of("."));
    Matcher include = INCLUDE.matcher(dryRun);
    Path library = null;
    for (String line : dryRun.split("\n")) {
      if (line.startsWith("#$ LIBRARIES=")) {
        Matcher matcher = LIBRARY.matcher(line);
        while (matcher.find()) {
          if (!matcher.group(1).endsWith("stubs")) {
            library = Path.of(matcher.group(1));
          }
        }
      }
    }
    if (!include.find() || library == null) {
      throw new AssertionError("no include or library directory in nvcc's dry run:\n" + dryRun);
    }
    return new Gxx(gxx, Optional.of(Path.of(include.group(1)).normalize()),
        Optional.of(library.normalize()));
  }

  /** This g++ without the CUDA toolkit: no CUDA header on the include path, no CUDA library. */
  public Gxx withoutCudaToolkit() {
    return new Gxx(executable, Optional.empty(), Optional.empty());
  }

  @Override
  public String sourceExtension() {
    return ".cpp";
  }

  @Override
  public List<String> strictFlags() {
    return STRICT_FLAGS;
  }

  @Override
  public void build(Path source, Path binary, List<Path> includeDirs, List<String> moreFlags) {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(STRICT_FLAGS);
    command.addAll(moreFlags);
    for (Path include : includeDirs) {
      command.add("-I" + include.toAbsolutePath());
    }
    cudaInclude.ifPresent(include -> {
      command.add("-isystem");
      command.add(include.toString());
    });
    command.add("-o");
    command.add(binary.toAbsolutePath().toString());
    command.add(source.toAbsolutePath().toString());
    // The tensor-map encoder reaches the driver through the runtime (linked statically, as nvcc does).
    cudaLibrary.ifPresent(library -> command.addAll(
        List.of("-L" + library, "-lcudart_static", "-ldl", "-lpthread", "-lrt")));
    Tool.run(command, source.getParent());
  }

  @Override
  public String execute(Path binary) {
    return Tool.run(List.of(binary.toAbsolutePath().toString()), binary.getParent());
  }

  /** Writes {@code target/gxx-checks/<name>.txt}, one line saying that the check ran and what it proved. */
  @Override
  public void record(String name, String line) {
    Tool.record("gxx-checks", name, line + " [g++ " + executable
        + cudaInclude.map(include -> ", CUDA headers " + include).orElse(", no CUDA toolkit") + "]");
  }
}
