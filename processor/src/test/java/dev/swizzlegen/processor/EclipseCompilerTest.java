package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import org.eclipse.jdt.core.compiler.batch.BatchCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eclipse's compiler (ECJ, {@code org.eclipse.jdt:ecj} from Maven Central: what Eclipse and VS Code's
 * Java support compile with) as a client: it does not compile against class files a processor
 * creates, so the processor, knowing it runs there, writes the helpers as sources. A project with a
 * top-level tile, a nested one, a storage, a rasterizer and a class that calls all their helpers in
 * the same compilation builds under ECJ, its calls give what the javac build's give, and every header
 * ECJ's run wrote equals javac's, byte for byte.
 */
class EclipseCompilerTest {
  private static final Map<String, String> PROJECT = new TreeMap<>(Map.of(
      "acme/Operand.java", """
          package acme;
          import dev.swizzlegen.annotations.*;
          @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 64, cols = 64)
          public interface Operand {}
          """,
      "acme/Kernel.java", """
          package acme;
          import dev.swizzlegen.annotations.*;
          public interface Kernel {
            @SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32,
                access = @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 16))
            interface Scores {}
          }
          """,
      "acme/Plan.java", """
          package acme;
          import dev.swizzlegen.annotations.*;
          @SharedStorage(buffers = {@Buffer(tile = Operand.class),
              @Buffer(name = "full", barriers = 2)})
          public interface Plan {}
          """,
      "acme/Grid.java", """
          package acme;
          import dev.swizzlegen.annotations.*;
          @ThreadblockSwizzle(order = RasterOrder.MORTON)
          public interface Grid {}
          """,
      "acme/Uses.java", """
          package acme;
          /** Calls every helper in the compilation that generates them. */
          public final class Uses {
            public static int[] values() {
              return new int[] {OperandSwizzle.offset(3, 17), OperandSwizzle.row(200),
                  KernelSwizzles.ScoresSwizzle.offset(5, 9), PlanLayout.BYTES,
                  PlanLayout.FULL_OFFSET, GridRaster.getSwizzleIdx(7, 5, 3).x(),
                  GridRaster.getSwizzleIdx(7, 5, 3).y(),
                  OperandSwizzle.LAYOUT.offset(3, 17)};
            }
          }
          """));

  @Test
  void aProjectThatUsesItsHelpersBuildsUnderEcjAsUnderJavac(@TempDir Path work)
      throws Exception {
    Path sources = work.resolve("src");
    List<String> files = new ArrayList<>();
    for (Map.Entry<String, String> unit : PROJECT.entrySet()) {
      Path file = sources.resolve(unit.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, unit.getValue());
      files.add(file.toString());
    }
    Path ecjClasses = work.resolve("ecj/classes");
    Path ecjGenerated = work.resolve("ecj/generated");
    Files.createDirectories(ecjClasses);
    Files.createDirectories(ecjGenerated);
    List<String> arguments = new ArrayList<>(List.of("-17", "-proc:full", "-encoding", "UTF-8",
        "-processorpath", System.getProperty("java.class.path"),
        "-cp", System.getProperty("java.class.path"),
        "-d", ecjClasses.toString(), "-s", ecjGenerated.toString()));
    arguments.addAll(files);
    StringWriter out = new StringWriter();
    boolean compiled = BatchCompiler.compile(arguments.toArray(String[]::new),
        new PrintWriter(out), new PrintWriter(out), null);
    assertTrue(compiled, "ECJ failed:\n" + out);
    // The helpers came as sources: ECJ wrote the generated sources under -s.
    assertTrue(Files.isRegularFile(ecjGenerated.resolve("acme/OperandSwizzle.java")));

    List<JavaFileObject> units = new ArrayList<>();
    PROJECT.forEach((path, text) -> units.add(JavaFileObjects.forSourceString(
        path.replace(".java", "").replace('/', '.'), text)));
    Path javacClasses = work.resolve("javac/classes");
    Path javacGenerated = work.resolve("javac/generated");
    Generated.JavacRun javac = Generated.runJavac(javacClasses, javacGenerated, List.of(),
        new SwizzlegenProcessor(), units);
    assertTrue(javac.success(), javac.errors().toString());

    assertArrayEquals(values(javacClasses), values(ecjClasses));
    Map<String, String> javacHeaders = headers(javacGenerated);
    assertThat(javacHeaders.keySet()).containsExactly("swizzlegen/operand.cuh",
        "swizzlegen/kernel_scores.cuh", "swizzlegen/plan.cuh", "swizzlegen/grid.cuh");
    assertEquals(javacHeaders, headers(ecjGenerated));
  }

  /** {@code acme.Uses.values()}, loaded from {@code classes} (the runtime from the tests' path). */
  private static int[] values(Path classes) throws Exception {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
        EclipseCompilerTest.class.getClassLoader())) {
      return (int[]) loader.loadClass("acme.Uses").getMethod("values").invoke(null);
    }
  }

  /** Every header under {@code generated}, by its path, with its text. */
  private static Map<String, String> headers(Path generated) throws IOException {
    Map<String, String> headers = new TreeMap<>();
    try (var files = Files.walk(generated)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".cuh")).toList()) {
        headers.put(generated.relativize(file).toString().replace('\\', '/'),
            Files.readString(file));
      }
    }
    return headers;
  }
}
