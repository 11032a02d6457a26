package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.StorageSources;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Names from the whole identifier space, as a storage's buffer name and phase: every identifier the
 * tiles' headers hold, keywords, C++ and CUDA names, the storage's own members, near misses of them
 * in case and underscores, and seeded random identifiers. Each candidate is one storage (a tile
 * buffer of that name, live in a phase of that name, beside an epilogue tile and barriers), all in
 * one javac run under {@code -Aswizzlegen.namespace=acme::k}. The laws: a name is refused only for
 * a real collision (not an identifier, a keyword or reserved name, a name of C++ or CUDA the header
 * uses, the storage's own members and parameters, another buffer's or phase change's member), never
 * for an identifier the tiles' headers merely hold; every name accepted gives a header that nvcc and
 * g++ compile with {@code -Wall -Wextra -Wshadow -Werror}, whose members named after it are the
 * buffer's, and a Java twin that loads.
 */
class StorageNamesLawTest {
  private static final long SEED = 39;
  private static final String NAMESPACE = "acme::k";

  /** The reasons a name may be refused for: each a real collision. */
  private static final List<String> REAL_COLLISIONS = List.of(
      "is not a C++ identifier", "is not an identifier", "is a C++ or Java keyword",
      "is reserved to the C++ implementation", "a type, macro or built-in of C++ or CUDA",
      "reserved to the CUDA toolkit's C API", "the prefix of the generated headers' macros",
      "would collide with the storage's own", "would collide with buffer",
      "would collide with the phase change", "would collide with the storage struct",
      "would collide with the Java twin's own", "each buffer's name is its own",
      "phases declares epilogue twice");

  private static final Pattern ERROR = Pattern.compile("kern/Names(\\d+)\\.java:\\d+: (.*)");

  /** The candidates, nasty ones first, then seeded random identifiers. */
  static List<String> candidates() {
    Set<String> names = new LinkedHashSet<>(List.of("K", "V", "Q", "k", "v", "x", "y", "row",
        "col", "stage", "offset", "swizzle", "unswizzle", "bank", "lane", "kRows", "Rows", "rows",
        "Bytes", "bytes", "Alignment", "Dynamic", "base", "Base", "copy", "Copy", "i", "I",
        "kernel", "Kernel", "address", "base_address", "dynamic_smem", "configure", "full", "Full",
        "HopperA", "hopper_a", "HopperC", "hopperC", "GemmStorage", "acme", "detail", "swizzlegen",
        "std", "cute", "main", "int", "Int", "class", "Class", "uint32_t", "Uint32_t", "NULL",
        "INT32_MAX", "dim3", "half", "threadIdx", "cudaError_t", "CUresult", "SWIZZLEGEN_X",
        "_x", "_X", "x_", "a__b", "__x", "x1", "X1Y", "ab", "aB", "AB", "Ab", "fooBar", "foo_bar",
        "FooBar", "FOO_BAR", "epilogue", "mainloop", "epilogue_to_mainloop", "s", "t", "n", "m",
        "asm", "volatile", "Names1", "names1"));
    names.addAll(Names.HEADER_IDENTIFIERS);
    names.addAll(Names.STORAGE_MEMBERS);
    SplittableRandom random = new SplittableRandom(SEED);
    String first = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_";
    String rest = first + "0123456789";
    while (names.size() < 420) {
      StringBuilder name = new StringBuilder();
      name.append(first.charAt(random.nextInt(first.length())));
      int length = random.nextInt(1, 10);
      for (int i = 1; i < length; i++) {
        name.append(rest.charAt(random.nextInt(rest.length())));
      }
      names.add(name.toString());
    }
    return List.copyOf(names);
  }

  /** Storage {@code Names<i>}: a tile buffer named {@code name} live in a phase named {@code name}. */
  private static JavaFileObject storage(int i, String name) {
    String quoted = name.replace("\\", "\\\\").replace("\"", "\\\"");
    return StorageSources.storage("Names" + i, List.of(
            "@Buffer(tile = HopperA.class, name = \"" + quoted + "\", phase = \"" + quoted + "\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")",
            "@Buffer(name = \"full\", barriers = 2)"),
        "phases = {\"" + quoted + "\", \"epilogue\"}");
  }

  /** What one javac run over every candidate gave. */
  private record Run(Path generated, Path classes, List<String> candidates,
      Map<Integer, List<String>> refused) {}

  private static Run compileAll(Path work) {
    List<String> candidates = candidates();
    List<JavaFileObject> sources = new ArrayList<>(StorageSources.tiles());
    for (int i = 0; i < candidates.size(); i++) {
      sources.add(storage(i, candidates.get(i)));
    }
    Path generated = work.resolve("generated");
    Path classes = work.resolve("classes");
    Generated.JavacRun run = Generated.runJavac(classes, generated,
        List.of("-Aswizzlegen.namespace=" + NAMESPACE), new SwizzlegenProcessor(), sources);
    Map<Integer, List<String>> refused = new LinkedHashMap<>();
    for (String error : run.errors()) {
      Matcher matcher = ERROR.matcher(error);
      assertWithMessage("an error on a storage: %s", error).that(matcher.matches()).isTrue();
      refused.computeIfAbsent(Integer.parseInt(matcher.group(1)), key -> new ArrayList<>())
          .add(matcher.group(2));
    }
    return new Run(generated, classes, candidates, refused);
  }

  @Test
  void namesAreRefusedOnlyForRealCollisions() throws IOException {
    Run run = compileAll(Files.createTempDirectory("swizzlegen-names"));
    for (Map.Entry<Integer, List<String>> entry : run.refused().entrySet()) {
      String candidate = run.candidates().get(entry.getKey());
      for (String message : entry.getValue()) {
        assertWithMessage("%s refused: %s", candidate, message)
            .that(REAL_COLLISIONS.stream().anyMatch(message::contains)).isTrue();
      }
      assertWithMessage("%s: nothing written", candidate)
          .that(Files.exists(run.generated().resolve(header(entry.getKey())))).isFalse();
    }
    for (String fine : List.of("K", "V", "k", "x", "y", "row", "col", "stage", "offset", "kRows",
        "Rows", "detail", "swizzlegen", "acme", "std", "cute", "main", "fooBar", "foo_bar",
        "mainloop", "bank", "lane", "swizzle")) {
      int index = run.candidates().indexOf(fine);
      assertWithMessage("%s refused: %s", fine, run.refused().get(index))
          .that(run.refused()).doesNotContainKey(index);
    }
    // A capital that only the accessor lowers is refused as the accessor is: Class is class.
    for (String accessor : List.of("Class", "Uint32_t", "Base", "Copy", "Kernel")) {
      assertThat(run.refused()).containsKey(run.candidates().indexOf(accessor));
    }
    // What the tiles' headers hold is a fine name but for the CUDA API's names, the keywords and
    // the storage's own members among them (135 of 198 accepted when this was written).
    long accepted = Names.HEADER_IDENTIFIERS.stream()
        .filter(name -> !run.refused().containsKey(run.candidates().indexOf(name))).count();
    assertThat(accepted).isAtLeast(Names.HEADER_IDENTIFIERS.size() / 2L);
    // Every namespace part a name is fine as, alone, is fine for the namespace too.
    for (String candidate : run.candidates()) {
      if (Names.cppNameProblem(candidate).isEmpty()) {
        assertWithMessage(candidate).that(Names.namespaceProblem("acme::" + candidate)).isEmpty();
      }
    }
  }

  @Test
  void everyAcceptedNameCompilesUnderNvccWithShadowWarnings() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: storage names from the whole identifier space, nvcc")
        .oldestArchitectureOnly();
    Path work = Path.of("target", "nvcc-work", "processor-storage-names");
    Files.createDirectories(work);
    Run run = compileAll(Files.createTempDirectory("swizzlegen-names"));
    Path source = work.resolve("names_check.cu");
    int accepted = writeProgram(run, source);
    nvcc.compile(source, work.resolve("names_check"), List.of(run.generated()),
        nvcc.architectures(), List.of("-Xcompiler", "-Wshadow"));
    nvcc.record("processor-storage-names", accepted + " storages of " + run.candidates().size()
        + " names (seed " + SEED + ", namespace " + NAMESPACE + ") compiled by nvcc with "
        + Nvcc.STRICT_FLAGS + " -Xcompiler -Wshadow");
  }

  @Test
  void everyAcceptedNameCompilesUnderGxxWithShadowWarnings() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: storage names from the whole identifier space, g++");
    Path work = Path.of("target", "gxx-work", "processor-storage-names");
    Files.createDirectories(work);
    Run run = compileAll(Files.createTempDirectory("swizzlegen-names"));
    Path source = work.resolve("names_check.cpp");
    int accepted = writeProgram(run, source);
    Path binary = work.resolve("names_check");
    gxx.build(source, binary, List.of(run.generated()), List.of("-Wshadow"));
    gxx.execute(binary);
    // Each Java twin is a valid class: no constant declared twice.
    try (URLClassLoader loader = new URLClassLoader(new URL[] {run.classes().toUri().toURL()},
        getClass().getClassLoader())) {
      for (int i = 0; i < run.candidates().size(); i++) {
        if (!run.refused().containsKey(i)) {
          Class<?> twin = Class.forName("kern.Names" + i + "Layout", true, loader);
          assertThat(twin.getFields().length).isGreaterThan(10);
        }
      }
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
    gxx.record("processor-storage-names", accepted + " storages of " + run.candidates().size()
        + " names (seed " + SEED + ", namespace " + NAMESPACE + ") compiled by g++ with "
        + Gxx.STRICT_FLAGS + " -Wshadow and run; their Java twins loaded");
  }

  /**
   * Namespaces of two parts drawn (seeded) from the candidates the namespace option accepts, the
   * brief's own {@code acme::k} first: the tiles' and a storage's headers in each compile under
   * {@code compiler} with {@code -Wshadow}.
   */
  private static List<String> namespacesCompile(dev.swizzlegen.testing.CheckCompiler compiler,
      List<String> shadow, String tool, int count) throws IOException {
    List<String> parts = candidates().stream()
        .filter(part -> Names.namespaceProblem("acme::" + part).isEmpty()).toList();
    SplittableRandom random = new SplittableRandom(SEED);
    List<String> namespaces = new ArrayList<>(List.of("acme::k"));
    while (namespaces.size() < count) {
      String namespace = parts.get(random.nextInt(parts.size())) + "::"
          + parts.get(random.nextInt(parts.size()));
      if (Names.namespaceProblem(namespace).isEmpty()) {
        namespaces.add(namespace);
      }
    }
    for (int n = 0; n < namespaces.size(); n++) {
      String namespace = namespaces.get(n);
      Path work = Path.of("target", tool + "-work", "processor-storage-namespaces", "n" + n);
      Files.createDirectories(work);
      Path generated = Files.createTempDirectory("swizzlegen-namespace");
      Generated.JavacRun run = Generated.runJavac(generated.resolve("classes"),
          generated.resolve("src"), List.of("-Aswizzlegen.namespace=" + namespace),
          new SwizzlegenProcessor(), List.of(StorageSources.sources(
              StorageSources.storage(StorageSources.BUFFERS))));
      // The storage and the tiles may take no part of the namespace as their name.
      assertWithMessage(namespace).that(run.errors().stream()
          .allMatch(error -> error.contains("a part of the generated structs' namespace"))).isTrue();
      if (!run.errors().isEmpty()) {
        continue;
      }
      Path source = work.resolve("namespace_check" + compiler.sourceExtension());
      Files.writeString(source, "#include \"" + StorageSources.HEADER + "\"\n"
          + "static_assert(" + namespace + "::GemmStorage::hopper_a(0u) == 0u, \"A first\");\n"
          + "int main() { return static_cast<int>(" + namespace + "::HopperA::kRows) - 128; }\n");
      compiler.build(source, work.resolve("namespace_check"), List.of(generated.resolve("src")),
          shadow);
    }
    return namespaces;
  }

  @Test
  void namespacesFromTheIdentifierSpaceCompile() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: namespaces from the identifier space, g++");
    List<String> namespaces = namespacesCompile(gxx, List.of("-Wshadow"), "gxx", 6);
    gxx.record("processor-storage-namespaces", "the Hopper GEMM storage and its tiles under"
        + " namespaces " + namespaces + " compiled by g++ with " + Gxx.STRICT_FLAGS + " -Wshadow");
    Nvcc nvcc = Nvcc.requireOrSkip("processor: namespaces from the identifier space, nvcc")
        .oldestArchitectureOnly();
    namespaces = namespacesCompile(nvcc, List.of("-Xcompiler", "-Wshadow"), "nvcc", 3);
    nvcc.record("processor-storage-namespaces", "the Hopper GEMM storage and its tiles under"
        + " namespaces " + namespaces + " compiled by nvcc with " + Nvcc.STRICT_FLAGS
        + " -Xcompiler -Wshadow");
  }

  private static String header(int i) {
    return "swizzlegen/" + Names.snakeCase("Names" + i) + ".cuh";
  }

  /**
   * A program including every accepted storage's header, asserting that the members named after
   * the candidate are the buffer's: its accessor gives its offset from a zero base.
   */
  private static int writeProgram(Run run, Path source) throws IOException {
    StringBuilder program = new StringBuilder("// Written by swizzlegen's tests: storage names.\n");
    int accepted = 0;
    for (int i = 0; i < run.candidates().size(); i++) {
      if (run.refused().containsKey(i)) {
        continue;
      }
      accepted++;
      String name = run.candidates().get(i);
      String struct = NAMESPACE + "::Names" + i;
      Names.BufferMembers members = Names.BufferMembers.of(name);
      program.append("#include \"").append(header(i)).append("\"\n")
          .append("static_assert(").append(struct).append("::").append(members.accessor())
          .append("(0u) == ").append(struct).append("::").append(members.offset())
          .append(", \"").append(name).append("\");\n");
    }
    program.append("int main() { return 0; }\n");
    Files.writeString(source, program.toString());
    return accepted;
  }
}
