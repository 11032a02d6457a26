package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * An external tool a test needs (nvcc, cmake): found on the PATH, or else the test fails in CI
 * ({@code CI=true}) and is skipped elsewhere with a message on standard error, so that nobody
 * mistakes a skipped check for a passed one. A check that ran leaves a line under
 * {@code target/<tool>-checks/}, which {@code .ci/run} requires.
 */
public final class Tool {
  private Tool() {}

  /** {@code executable} from the PATH; fails in CI and skips visibly elsewhere when there is none. */
  public static Path requireOrSkip(String executable, String check) {
    Optional<Path> found = locate(executable);
    if (found.isEmpty()) {
      missing(executable + " is not on the PATH", check);
    }
    return found.get();
  }

  /**
   * Fails the test in CI and skips it visibly elsewhere: {@code why} (such as "nvcc is not on the
   * PATH") keeps the check {@code check} from running.
   */
  public static void missing(String why, String check) {
    if ("true".equals(System.getenv("CI"))) {
      fail("CI=true but " + why + ": the check '" + check + "' must run in CI.");
    }
    System.err.println("SKIPPED (" + why + "): " + check);
    Assumptions.abort(why + ": skipped " + check);
  }

  private static Optional<Path> locate(String executable) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir, executable);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Writes {@code target/<checks>/<name>.txt}: one line saying that the check ran and what it proved. */
  public static void record(String checks, String name, String line) {
    try {
      Path dir = Path.of("target", checks);
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + ".txt"), line + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs {@code command} in {@code workingDir} and returns what it printed (standard output and
   * error); fails the test with that output when it exits with another status than 0.
   */
  public static String run(List<String> command, Path workingDir) {
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
