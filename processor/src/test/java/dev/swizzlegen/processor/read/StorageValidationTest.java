package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.StorageSources;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every bad {@code @SharedStorage} is a clean error on the attribute at fault (each {@code @Buffer}
 * on its own line, so a message's line names its buffer), naming the storage; nothing is written
 * for that storage (its tiles' files are), and javac never sees an exception.
 */
class StorageValidationTest {
  private static final String FULL = "@Buffer(name = \"full\", barriers = 4)";

  /**
   * Compiles the tiles and a storage of {@code buffers} (and {@code more} attributes); asserts
   * {@code errors} errors, one of them {@code message} on the line containing {@code line}, and that
   * nothing of the storage was written.
   */
  private static void assertError(String message, String line, int errors, List<String> buffers,
      String... more) {
    assertError(message, line, errors, List.of(), buffers, more);
  }

  private static void assertError(String message, String line, int errors,
      List<JavaFileObject> extra, List<String> buffers, String... more) {
    JavaFileObject storage = StorageSources.storage(buffers, more);
    List<JavaFileObject> sources = new ArrayList<>(List.of(StorageSources.sources(storage)));
    sources.addAll(extra);
    JavaFileObject[] all = sources.toArray(JavaFileObject[]::new);
    Compilation compilation = Generated.compile(all);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(errors);
    assertThat(compilation).hadErrorContaining("storage GemmStorage: " + message).inFile(storage)
        .onLineContaining(line);
    List<String> written = Generated.filesWrittenByJavac(all);
    assertThat(written).contains("generated/swizzlegen/hopper_a.cuh");
    assertThat(written.stream().filter(file -> file.contains("gemm_storage")
        || file.contains("GemmStorageLayout")).toList()).isEmpty();
  }

  @Test
  void aTypeThatIsNoTile() {
    assertError("tile names java.lang.String, which is not annotated @SwizzledTile",
        "tile = String.class", 1, List.of("@Buffer(tile = String.class)", FULL));
  }

  @Test
  void aTileWithErrors() {
    JavaFileObject bad = JavaFileObjects.forSourceString("kern.BadTile", "package kern;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(bits = -1, dtype = DType.HALF, rows = 8, cols = 64)\n"
        + "public interface BadTile {}\n");
    // The tile's own error, and the storage's.
    assertError("tile names kern.BadTile, whose @SwizzledTile has errors (reported on it)",
        "tile = BadTile.class", 2, List.of(bad), List.of("@Buffer(tile = BadTile.class)", FULL));
  }

  /**
   * A tile type backs several buffers when each has its own name; a repeat without names is an
   * error that says so, and never advises copies (which means live together).
   */
  @Test
  void aRepeatedTileWithoutItsOwnName() {
    String message = "kern.HopperA is already the tile of buffer 1; a tile type backs several"
        + " buffers when each has its own name (name = \"...\")";
    assertError(message, "name = \"again\"", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(tile = HopperA.class, name = \"again\")"));
    assertError(message, "copies = 2", 1, List.of(
        "@Buffer(tile = HopperA.class, name = \"first\")", "@Buffer(tile = HopperA.class, copies = 2)"));
    assertThat(message).doesNotContain("copies");
  }

  /** One staging layout in two phases: two buffers of one tile type, each with its own name. */
  @Test
  void aTileTypeBacksSeveralNamedBuffers() {
    Generated generated = Generated.of(StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperA.class, name = \"loadA\", phase = \"mainloop\")",
        "@Buffer(tile = HopperA.class, name = \"stageOut\", phase = \"epilogue\")", FULL))));
    String header = generated.text(StorageSources.HEADER);
    assertThat(header).contains("static constexpr uint32_t kLoadAOffset = 0u;");
    assertThat(header).contains("static constexpr uint32_t kStageOutOffset = 0u;");
    assertThat(header).contains("static constexpr uint32_t stage_out(uint32_t base_address");
    assertThat(header.split("#include \"swizzlegen/hopper_a.cuh\"", -1)).hasLength(2);
  }

  @Test
  void aRepeatedName() {
    assertError("buffer 3 is named full, as buffer 2 is", "barriers = 2", 1,
        List.of("@Buffer(tile = HopperA.class)", FULL, "@Buffer(name = \"full\", barriers = 2)"));
  }

  @Test
  void aNameThatIsNoIdentifier() {
    assertError("name \"my buffer\" is not a C++ identifier", "bytes = 64", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(name = \"my buffer\", bytes = 64)"));
  }

  @Test
  void aNameThatCollidesWithTheHeadersMembers() {
    assertError("buffer base's member base would collide with the storage's own base",
        "bytes = 64", 1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"base\", bytes = 64)"));
    assertError("buffer Dynamic's member kDynamicBytes would collide with the storage's own"
        + " kDynamicBytes", "bytes = 64", 1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"Dynamic\", bytes = 64)"));
    assertError("buffer Full's member kFullOffset would collide with buffer full's kFullOffset", "barriers = 2",
        1, List.of("@Buffer(tile = HopperA.class)", FULL, "@Buffer(name = \"Full\", barriers = 2)"));
    assertError("buffer aB's member AB_OFFSET would collide with buffer ab's AB_OFFSET",
        "name = \"aB\"", 1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"ab\", bytes = 64)", "@Buffer(name = \"aB\", bytes = 64)"));
    assertError("name \"uint32_t\" would collide with uint32_t, a type, macro or built-in",
        "bytes = 64", 1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"uint32_t\", bytes = 64)"));
  }

  /**
   * Names that collide with nothing the storage's struct declares or uses are fine, though the
   * tiles' headers use them: an attention kernel's K and V, buffers named after coordinates.
   */
  @Test
  void namesOnlyTheTilesHeadersUseAreFine() {
    JavaFileObject k = JavaFileObjects.forSourceString("kern.K", "package kern;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)\npublic interface K {}\n");
    JavaFileObject v = JavaFileObjects.forSourceString("kern.V", "package kern;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64)\npublic interface V {}\n");
    List<String> buffers = new ArrayList<>(List.of("@Buffer(tile = K.class)",
        "@Buffer(tile = V.class)"));
    for (String name : List.of("x", "y", "row", "col", "stage", "offset", "swizzle", "kRows")) {
      buffers.add("@Buffer(name = \"" + name + "\", bytes = 64)");
    }
    List<JavaFileObject> sources = new ArrayList<>(List.of(k, v));
    sources.add(StorageSources.storage(buffers));
    Generated generated = Generated.of(List.of("-Aswizzlegen.namespace=acme::k"),
        sources.toArray(JavaFileObject[]::new));
    String header = generated.text(StorageSources.HEADER);
    assertThat(header).contains("static constexpr uint32_t k(uint32_t base_address");
    assertThat(header).contains("static constexpr uint32_t row(uint32_t base_address");
    assertThat(header).contains("namespace acme::k {");
  }

  @Test
  void countsBelowOne() {
    assertError("buffer full's copies must be 1 or more, not 0", "copies = 0", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(name = \"full\", barriers = 4, copies = 0)"));
    assertError("buffer full's barriers must be 1 or more, not 0", "barriers = 0", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(name = \"full\", barriers = 0)"));
    assertError("buffer scratch's bytes must be 1 or more, not -16", "bytes = -16", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(name = \"scratch\", bytes = -16)"));
    assertError("buffer HopperA's copies must be 1 or more, not 0", "copies = 0", 1,
        List.of("@Buffer(tile = HopperA.class, copies = 0)", FULL));
  }

  @Test
  void moreThanOneKindOrNone() {
    assertError("a @Buffer is exactly one of tile, barriers or bytes; this one gives 2 of them",
        "bytes = 64", 1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"x\", barriers = 2, bytes = 64)"));
    assertError("a @Buffer is exactly one of tile, barriers or bytes; this one gives 2 of them",
        "barriers = 2", 1, List.of("@Buffer(tile = HopperA.class, barriers = 2)"));
    assertError("a @Buffer is exactly one of tile, barriers or bytes; this one gives none",
        "name = \"x\"", 1, List.of("@Buffer(tile = HopperA.class)", "@Buffer(name = \"x\")"));
  }

  @Test
  void aBarrierOrScratchWithoutAName() {
    assertError("a buffer of bytes needs a name", "bytes = 64", 1,
        List.of("@Buffer(tile = HopperA.class)", "@Buffer(bytes = 64)"));
  }

  @Test
  void alignments() {
    assertError("alignment must be a power of two (16, 128, 1024), not 24", "alignment = 24", 1,
        List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"scratch\", bytes = 64, alignment = 24)"));
    assertError("alignment applies to a bytes buffer only; a buffer of a tile is aligned as its"
        + " tile's alignment says", "alignment = 16", 1,
        List.of("@Buffer(tile = HopperA.class, alignment = 16)", FULL));
  }

  @Test
  void aPhaseThatIsNoIdentifier() {
    assertError("phase \"main loop\" is not an identifier", "phases = {", 1,
        List.of("@Buffer(tile = HopperA.class, phase = \"main loop\")", FULL),
        "phases = {\"main loop\"}");
  }

  /**
   * A typo in a buffer's phase would put it on bytes a live buffer uses: it is an error on that
   * phase naming the nearest declared one, and nothing is written.
   */
  @Test
  void aPhaseThatIsNotDeclared() {
    assertError("phase \"mainlop\" is not one of the storage's phases (mainloop, epilogue); the"
        + " nearest is \"mainloop\".", "mainlop", 1, List.of(
            "@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = HopperB.class, phase = \"mainlop\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")", FULL),
        "phases = {\"mainloop\", \"epilogue\"}");
    assertError("phase \"pilogue\" is not one of the storage's phases (mainloop, epilogue); the"
        + " nearest is \"epilogue\".",
        "\"pilogue\"", 1, List.of("@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = HopperB.class, phase = \"pilogue\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")", FULL),
        "phases = {\"mainloop\", \"epilogue\"}");
  }

  /** Buffers that name phases need the storage to declare them, in the kernel's order. */
  @Test
  void phasesNamedButNotDeclared() {
    assertError("the buffers name phases (mainloop, epilogue) that the storage does not declare;"
        + " declare them in the kernel's order, the last followed by the first:"
        + " @SharedStorage(phases = {\"mainloop\", \"epilogue\"}, ...).", "HopperA.class", 1,
        List.of("@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")", FULL), "phases = {}");
    assertError("phases declares mainloop twice", "phases = {", 1,
        List.of("@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")"),
        "phases = {\"mainloop\", \"epilogue\", \"mainloop\"}");
    assertError("phases declares prologue, which no buffer is live in", "phases = {", 1,
        List.of("@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = HopperC.class, phase = \"epilogue\")"),
        "phases = {\"prologue\", \"mainloop\", \"epilogue\"}");
  }

  /** The phase-change helpers follow the declared order, not the order buffers name phases. */
  @Test
  void thePhaseChangesFollowTheDeclaredOrder() {
    String header = Generated.of(StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperC.class, phase = \"epilogue\")",
        "@Buffer(tile = HopperA.class, phase = \"mainloop\")",
        "@Buffer(name = \"table\", bytes = 64, phase = \"prologue\")", FULL),
        "phases = {\"prologue\", \"mainloop\", \"epilogue\"}"))).text(StorageSources.HEADER);
    int prologue = header.indexOf("prologue -> mainloop");
    int mainloop = header.indexOf("mainloop -> epilogue");
    int epilogue = header.indexOf("epilogue -> prologue");
    assertThat(List.of(prologue, mainloop, epilogue)).isInStrictOrder();
    assertThat(prologue).isAtLeast(0);
    assertThat(header).doesNotContain("epilogue -> mainloop");
  }

  /**
   * Counts no target can hold are capacity errors naming the count as written, never a wrapped
   * int: 536,870,913 mbarriers are not one, 2,147,483,647 not -1, 300,000,000 not -236,870,912.
   */
  @Test
  void countsNoTargetHolds() {
    for (int count : new int[] {536870913, 2147483647, 300000000}) {
      assertError("buffer full's barriers = " + count + " makes it " + 8L * count + " bytes, more"
          + " than the 232448 bytes of shared memory one block may have on any target.",
          "barriers = " + count, 1, List.of("@Buffer(tile = HopperA.class)",
              "@Buffer(name = \"full\", barriers = " + count + ")"));
    }
    assertError("buffer scratch's bytes = 2147483647 makes it 2147483647 bytes", "bytes = 2147483647",
        1, List.of("@Buffer(tile = HopperA.class)",
            "@Buffer(name = \"scratch\", bytes = 2147483647)"));
    // HopperA is 4 stages of 16 KB: 2,147,483,647 copies of 64 KB, counted in long.
    assertError("buffer HopperA's copies = 2147483647 makes it " + 2147483647L * 65536 + " bytes",
        "copies = 2147483647", 1, List.of("@Buffer(tile = HopperA.class, copies = 2147483647)"));
  }

  @Test
  void badStorageNames() {
    // The storage's struct is declared beside the tiles' in their namespace: it keeps their rules.
    assertError("name \"offset\" would collide with offset in the generated headers",
        "name = \"offset\"", 1, List.of("@Buffer(tile = HopperA.class)"), "name = \"offset\"");
    assertError("name \"configure\" is a member of the storage's own header",
        "name = \"configure\"", 1, List.of("@Buffer(tile = HopperA.class)"),
        "name = \"configure\"");
    assertError("buffer HopperA's member hopper_a would collide with the storage struct hopper_a",
        "tile = HopperA.class", 1, List.of("@Buffer(tile = HopperA.class)"),
        "name = \"hopper_a\"");
  }

  @Test
  void noBuffers() {
    assertError("a storage holds at least one buffer", "buffers = {", 1, List.of());
  }
}
