package dev.swizzlegen.testing;

import java.nio.file.Path;
import java.util.List;

/**
 * A C++ compiler that builds and runs the check programs of {@link HeaderCheck} and
 * {@link RasterCheck}: nvcc ({@link Nvcc}), or a host-only compiler ({@link Gxx}), under which the
 * programs' device code ({@code #if defined(__CUDACC__)}) falls away and their host checks remain.
 */
public interface CheckCompiler {
  /** The source file's extension: {@code .cu} for nvcc, {@code .cpp} for a host compiler. */
  String sourceExtension();

  /** The strict flags every generated header must compile cleanly under, for the record. */
  List<String> strictFlags();

  /**
   * Builds the program {@code source} into {@code binary} with the {@link #strictFlags}, headers
   * found under {@code includeDirs}, then {@code moreFlags}; fails the test on any warning or error.
   */
  void build(Path source, Path binary, List<Path> includeDirs, List<String> moreFlags);

  /** Runs a program built by {@link #build} and returns its standard output. */
  String execute(Path binary);

  /** Writes the check's marker, one line saying that it ran and what it proved. */
  void record(String name, String line);
}
