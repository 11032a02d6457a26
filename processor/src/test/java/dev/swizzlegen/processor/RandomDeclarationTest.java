package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RandomDeclarations.Declaration;
import dev.swizzlegen.processor.testing.RandomDeclarations;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.testing.FilerRecording;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Locations;
import dev.swizzlegen.testing.Meaning;
import dev.swizzlegen.testing.Nvcc;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A seeded campaign of {@link RandomDeclarations} through javac and the processor, every build: no
 * exception escapes the processor, every error is located on the declaration at fault and names it,
 * a tile or rasterizer with an error writes no file, every valid tile's Java helper (a class file,
 * loaded as written) is a bijection whose CUDA header (compiled by nvcc) gives the same offsets, and
 * every valid rasterizer's Java twin is its order.
 *
 * <p>{@code -Dswizzlegen.fuzz.declarations=N} and {@code -Dswizzlegen.fuzz.seed=S} change the
 * campaign ({@code bench/fuzz.sh} runs a larger one); the summary line says what was covered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RandomDeclarationTest {
  private static final int DEFAULT_DECLARATIONS = 2000;
  private static final long DEFAULT_SEED = 14;
  private static final int DECLARATIONS =
      Integer.getInteger("swizzlegen.fuzz.declarations", DEFAULT_DECLARATIONS);
  private static final long SEED = Long.getLong("swizzlegen.fuzz.seed", DEFAULT_SEED);
  /** Declarations per javac run: javac's Filer checks each new file against all earlier ones. */
  private static final int PER_COMPILATION = 250;

  private final Path work = Path.of("target", "fuzz");
  private final List<Declaration> declarations = new ArrayList<>();
  private final List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
  private final List<String> crashes = new ArrayList<>();
  /**
   * Every generated file, relative to the output its compilation wrote it to (a resource to the source
   * output, a class file to the class output), with that output.
   */
  private final Map<String, Path> generatedFiles = new HashMap<>();
  private final Set<String> invalidTiles = new HashSet<>();
  private final Set<String> invalidRasters = new HashSet<>();

  @BeforeAll
  void compileTheCampaign() throws IOException {
    Locations.deleteRecursively(work);
    RandomDeclarations random = new RandomDeclarations(SEED);
    long start = System.nanoTime();
    for (int first = 0; first < DECLARATIONS; first += PER_COMPILATION) {
      List<Declaration> batch = random.next(first, Math.min(PER_COMPILATION, DECLARATIONS - first));
      declarations.addAll(batch);
      Path out = work.resolve("compilation-" + first / PER_COMPILATION);
      FilerRecording recording = new FilerRecording();
      try {
        // javac reports 100 errors at most unless told otherwise.
        Generated.JavacRun run = Generated.runJavac(out.resolve("classes"),
            out.resolve("generated"), List.of("-Xmaxerrs", "100000", "-Aswizzlegen.reports=json,svg"),
            recording.wrap(new SwizzlegenProcessor()),
            batch.stream().map(Declaration::source).toList());
        run.diagnostics().stream()
            .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
            .forEach(errors::add);
      } catch (RuntimeException escaped) {
        crashes.add("compilation of Fuzz" + first + ".. threw " + escaped);
      }
      for (String file : Generated.filesUnder(out.resolve("generated"))) {
        generatedFiles.put(file, out.resolve("generated"));
      }
      // The class files the processor created, beside javac's own (none, where a batch has errors).
      for (FilerRecording.File file : recording.files()) {
        if (file.kind() == FilerRecording.Kind.CLASS) {
          String path = file.name().replace('.', '/') + ".class";
          assertTrue(Files.isRegularFile(out.resolve("classes").resolve(path)), path);
          generatedFiles.put(path, out.resolve("classes"));
        }
      }
    }
    for (Diagnostic<? extends JavaFileObject> error : errors) {
      String message = error.getMessage(Locale.ROOT);
      if (message.startsWith("tile ")) {
        invalidTiles.add(message.substring(5, message.indexOf(':')));
      } else if (message.startsWith("rasterizer ")) {
        invalidRasters.add(message.substring(11, message.indexOf(':')));
      }
    }
    long tiles = declarations.stream().filter(d -> d.tileName().isPresent()).count();
    long rasters = declarations.stream().filter(d -> d.rasterName().isPresent()).count();
    System.out.printf(Locale.ROOT, "random declarations (seed %d): %d types, %d tiles (%d invalid),"
            + " %d rasterizers (%d invalid), %d errors, %d generated files, %d crashes, %.1f s%n",
        SEED, declarations.size(), tiles, invalidTiles.size(), rasters, invalidRasters.size(),
        errors.size(), generatedFiles.size(), crashes.size(), (System.nanoTime() - start) / 1e9);
  }

  @Test
  void noExceptionEscapesAndEveryErrorIsOnTheDeclarationAtFault() {
    assertThat(crashes).isEmpty();
    Map<String, Declaration> byFile = new HashMap<>();
    for (Declaration declaration : declarations) {
      byFile.put(declaration.source().toUri().getPath(), declaration);
    }
    for (Diagnostic<? extends JavaFileObject> error : errors) {
      String message = error.getMessage(Locale.ROOT);
      assertThat(message).doesNotContain("bug in swizzlegen");
      assertTrue(error.getSource() != null, "an error with no place: " + message);
      Declaration declaration = byFile.get(error.getSource().toUri().getPath());
      assertTrue(declaration != null, "an error outside the declarations: " + message);
      assertThat(message).matches("(tile|rasterizer) " + declaration.type() + ": .+");
      assertThat(error.getLineNumber()).isAtLeast(declaration.annotationLine());
      assertThat(error.getLineNumber()).isAtMost(declaration.typeLine());
    }
    // The campaign exercises both sides.
    long tiles = declarations.stream().filter(d -> d.tileName().isPresent()).count();
    assertThat(invalidTiles.size()).isGreaterThan((int) (tiles / 4));
    assertThat(invalidTiles.size()).isLessThan((int) (tiles * 3 / 4));
  }

  @Test
  void aDeclarationWithAnErrorWritesNoFileAndAValidOneWritesAll() {
    Set<String> expected = new TreeSet<>();
    Set<String> forbidden = new TreeSet<>();
    for (Declaration declaration : declarations) {
      declaration.tileName().ifPresent(name -> {
        List<String> files = tileFiles(name);
        if (invalidTiles.contains(declaration.type())) {
          forbidden.addAll(files);
        } else {
          expected.addAll(files.subList(0, 3));  // the picture only when an access uses the banks
        }
      });
      declaration.rasterName().ifPresent(name -> {
        List<String> files = List.of(RandomDeclarations.PACKAGE + "/" + name + "Raster.class",
            "swizzlegen/" + Names.snakeCase(name) + ".cuh");
        (invalidRasters.contains(declaration.type()) ? forbidden : expected).addAll(files);
      });
    }
    forbidden.removeAll(expected);  // a valid tile and an invalid rasterizer may share a header
    List<String> missing = expected.stream().filter(file -> !generatedFiles.containsKey(file))
        .limit(10).toList();
    assertThat(missing).isEmpty();
    List<String> written = forbidden.stream().filter(generatedFiles::containsKey).limit(10).toList();
    assertThat(written).isEmpty();
    // Nothing else: every file belongs to a valid declaration.
    for (String file : generatedFiles.keySet()) {
      assertTrue(expected.contains(file) || file.endsWith("-bank-map.svg")
          && expected.contains(file.replace("-bank-map.svg", ".cuh")), "stray file " + file);
    }
  }

  @Test
  void everyValidHelperIsABijectionAndItsHeaderGivesTheSameOffsets() throws Throwable {
    // The helpers' class files, written by every compilation, with errors or not, loaded (and so
    // verified) as they were written.
    Path include = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    List<Class<?>> helperTypes = new ArrayList<>();
    ClassLoader loader = new GeneratedClasses();
    for (Declaration declaration : declarations) {
      if (declaration.tileName().isEmpty() || invalidTiles.contains(declaration.type())) {
        continue;
      }
      String name = declaration.tileName().get();
      Class<?> helper = loader.loadClass(RandomDeclarations.PACKAGE + "." + name + "Swizzle");
      int[] offsets = bijection(helper);
      String header = tileFiles(name).get(1);
      Files.createDirectories(include.resolve(header).getParent());
      Files.copy(generatedFiles.get(header).resolve(header), include.resolve(header),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.getField("ENGINES").get(null);
      headers.add(new HeaderCheck.Header(header, "swizzlegen::" + name, offsets,
          (TileLayout) helper.getField("LAYOUT").get(null), engines));
      helperTypes.add(helper);
    }
    assertThat(headers.size()).isGreaterThan(DECLARATIONS / 5);
    Nvcc nvcc = Nvcc.requireOrSkip("processor: random declarations' headers under nvcc");
    Map<String, List<String>> printed = HeaderCheck.verify(nvcc.oldestArchitectureOnly(), include,
        work.resolve("nvcc"), headers, "processor-fuzz");
    // The default campaign's meaning is frozen (issue 19), as the corpus's is (GxxHeaderTest).
    if (DECLARATIONS == DEFAULT_DECLARATIONS && SEED == DEFAULT_SEED) {
      List<String> records = new ArrayList<>();
      for (int i = 0; i < headers.size(); i++) {
        HeaderCheck.Header header = headers.get(i);
        records.add(Meaning.record(helperTypes.get(i), header.include(),
            Files.readString(include.resolve(header.include())), printed.get(header.cudaType())));
      }
      Meaning.assertUnchanged(Path.of("src", "test", "resources", "meaning", "fuzz.txt"), records);
    }
  }

  /**
   * Every valid rasterizer's Java twin loads (and so passes the verifier) and is its order with its
   * default tile size: its {@code launchGrid} and each block's {@code getSwizzleIdx} are the model's.
   */
  @Test
  void everyValidJavaTwinIsItsOrderWithItsTileSize() throws Exception {
    ClassLoader loader = new GeneratedClasses();
    int twins = 0;
    for (Declaration declaration : declarations) {
      if (declaration.rasterName().isEmpty() || invalidRasters.contains(declaration.type())) {
        continue;
      }
      Class<?> twin = Class.forName(
          RandomDeclarations.PACKAGE + "." + declaration.rasterName().get() + "Raster", true, loader);
      Rasterizer order = (Rasterizer) twin.getField("RASTERIZER").get(null);
      int tileSize = twin.getField("TILE_SIZE").getInt(null);
      Method launchGrid = twin.getMethod("launchGrid", int.class, int.class);
      Method tile = twin.getMethod("getSwizzleIdx", int.class, int.class, int.class);
      for (int[] grid : new int[][] {{1, 1}, {5, 3}, {8, 8}}) {
        LaunchGrid launch = order.launchGrid(grid[0], grid[1], tileSize);
        assertEquals(launch, launchGrid.invoke(null, grid[0], grid[1]), twin.getName());
        for (int block = 0; block < launch.blocks(); block++) {
          assertEquals(order.tile(block, grid[0], grid[1], tileSize),
              tile.invoke(null, block, grid[0], grid[1]), twin.getName() + " block " + block);
        }
      }
      twins++;
    }
    assertThat(twins).isGreaterThan(0);
  }

  /**
   * The helper's offsets of every stage, row and column (as {@link HeaderCheck} wants them), after
   * checking that they are distinct and that stage, row and col invert them.
   */
  private static int[] bijection(Class<?> helper) throws Throwable {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    MethodType unary = MethodType.methodType(int.class, int.class);
    MethodHandle offset = lookup.findStatic(helper, "offset",
        MethodType.methodType(int.class, int.class, int.class, int.class));
    MethodHandle stageOf = lookup.findStatic(helper, "stage", unary);
    MethodHandle rowOf = lookup.findStatic(helper, "row", unary);
    MethodHandle colOf = lookup.findStatic(helper, "col", unary);
    int rows = helper.getField("ROWS").getInt(null);
    int cols = helper.getField("COLS").getInt(null);
    int stages = helper.getField("STAGES").getInt(null);
    int[] offsets = HeaderCheck.expectedOffsets(rows, cols, stages, (row, col, stage) -> {
      try {
        return (int) offset.invokeExact(row, col, stage);
      } catch (Throwable e) {
        throw new AssertionError(e);
      }
    });
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < offsets.length; i++) {
      int stage = i / (rows * cols);
      int row = i / cols % rows;
      int col = i % cols;
      String where = helper.getSimpleName() + " (stage " + stage + ", row " + row + ", col " + col
          + ") -> " + offsets[i];
      assertTrue(offsets[i] >= 0 && seen.add(offsets[i]), "not one to one: " + where);
      assertEquals(stage, (int) stageOf.invokeExact(offsets[i]), where);
      assertEquals(row, (int) rowOf.invokeExact(offsets[i]), where);
      assertEquals(col, (int) colOf.invokeExact(offsets[i]), where);
    }
    return offsets;
  }

  /** The generated class files, defined from where each compilation wrote them. */
  private final class GeneratedClasses extends ClassLoader {
    GeneratedClasses() {
      super(RandomDeclarationTest.class.getClassLoader());
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      String path = name.replace('.', '/') + ".class";
      Path output = generatedFiles.get(path);
      if (output == null) {
        throw new ClassNotFoundException(name);
      }
      try {
        byte[] bytes = Files.readAllBytes(output.resolve(path));
        // ASM's verifier first: every generated class of the campaign.
        ClassFiles.verify(bytes, this);
        return defineClass(name, bytes, 0, bytes.length);
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }
  }

  /** A tile's files: helper, header, report, picture. */
  private static List<String> tileFiles(String name) {
    String stem = "swizzlegen/" + Names.snakeCase(name);
    return List.of(RandomDeclarations.PACKAGE + "/" + name + "Swizzle.class", stem + ".cuh",
        stem + ".json", stem + "-bank-map.svg");
  }
}
