package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RandomDeclarations.Declaration;
import dev.swizzlegen.processor.testing.RandomDeclarations;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.StorageSources;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The two forms of a helper are one helper: for random tiles, random storages and a rasterizer of
 * every order, the class file written with ASM (the default) and the Java source written with
 * JavaPoet ({@code -Aswizzlegen.helpers=sources}), compiled by javac, have the same constants, the
 * same model values, and return the same value (or throw the same exception) for every argument of
 * every method on its whole domain: every (row, col, stage) and offset of the tile, every block of
 * every grid up to 9 x 9 and every tile size up to 8; a descriptor's address and slices sampled.
 */
class HelperFormsLawTest {
  private static final List<String> SOURCES = List.of("-Aswizzlegen.helpers=sources");

  @Test
  void randomTilesHelpersAgreeOnTheirWholeDomain() throws Exception {
    List<Declaration> declarations = new RandomDeclarations(40).next(0, 40);
    // The valid ones: a declaration with an error fails its compilation, in either form.
    Compilation all = Generated.compile(List.of(),
        declarations.stream().map(Declaration::source).toArray(JavaFileObject[]::new));
    Set<String> invalid = new HashSet<>();
    for (Diagnostic<? extends JavaFileObject> error : all.errors()) {
      String message = error.getMessage(Locale.ROOT);
      int colon = message.indexOf(':');
      if (colon > 0 && message.indexOf(' ') < colon) {
        invalid.add(message.substring(message.indexOf(' ') + 1, colon));
      }
    }
    List<Declaration> valid = declarations.stream()
        .filter(declaration -> !invalid.contains(declaration.type())).toList();
    JavaFileObject[] sources = valid.stream().map(Declaration::source)
        .toArray(JavaFileObject[]::new);
    Generated classes = Generated.of(sources);
    Generated javaSources = Generated.of(SOURCES, sources);
    int tiles = 0;
    int rasters = 0;
    for (Declaration declaration : valid) {
      if (declaration.tileName().isPresent()) {
        String name = RandomDeclarations.PACKAGE + "." + declaration.tileName().get() + "Swizzle";
        assertSameHelper(classes.helper(name), javaSources.helper(name));
        tiles++;
      }
      if (declaration.rasterName().isPresent()) {
        String name = RandomDeclarations.PACKAGE + "." + declaration.rasterName().get() + "Raster";
        assertSameRaster(classes.helper(name), javaSources.helper(name));
        rasters++;
      }
    }
    assertTrue(tiles >= 12, "valid tiles: " + tiles);
    assertTrue(rasters >= 1, "valid rasterizers: " + rasters);
  }

  @Test
  void everyRasterizersTwinsAgree() throws Exception {
    Generated classes = Generated.of(RasterCorpus.sources());
    Generated javaSources = Generated.of(SOURCES, RasterCorpus.sources());
    Set<Object> orders = new HashSet<>();
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      assertSameRaster(classes.helper(raster.javaClass()), javaSources.helper(raster.javaClass()));
      orders.add(raster.rasterizer());
    }
    assertEquals(dev.swizzlegen.runtime.raster.Rasterizer.values().length, orders.size());
  }

  @Test
  void randomStoragesTwinsAgree() throws Exception {
    Random random = new Random(40);
    for (int i = 0; i < 4; i++) {
      List<String> buffers = new ArrayList<>();
      for (String buffer : StorageSources.BUFFERS) {
        if (random.nextInt(3) > 0 || buffers.isEmpty() && buffer.contains("scratch")) {
          buffers.add(buffer.replace("copies = 2", "copies = " + (1 + random.nextInt(3))));
        }
      }
      JavaFileObject[] sources = StorageSources.sources(StorageSources.storage(buffers));
      Generated.Helper classFile = Generated.of(sources).helper(StorageSources.LAYOUT);
      Generated.Helper source = Generated.of(SOURCES, sources).helper(StorageSources.LAYOUT);
      assertSameConstants(classFile, source);
    }
  }

  /** Every constant, every model value, every index function on the tile's whole domain. */
  private static void assertSameHelper(Generated.Helper classFile, Generated.Helper source)
      throws Exception {
    assertSameConstants(classFile, source);
    for (String value : List.of("LAYOUT", "ACCESSES", "ENGINES")) {
      assertEquals(classFile.constant(value), source.constant(value), value);
    }
    int rows = classFile.intConstant("ROWS");
    int cols = classFile.intConstant("COLS");
    int stages = classFile.intConstant("STAGES");
    int offsets = stages * classFile.intConstant("STAGE_ELEMENTS");
    long checked = 0;
    for (Method method : classFile.type().getMethods()) {
      if (!Modifier.isStatic(method.getModifiers())
          || method.getDeclaringClass() != classFile.type()) {
        continue;
      }
      Method twin = source.type().getMethod(method.getName(), method.getParameterTypes());
      List<int[]> domain = domain(method, rows, cols, stages, offsets);
      for (int[] arguments : domain) {
        assertEquals(call(method, arguments), call(twin, arguments),
            classFile.type().getName() + "." + method.getName() + java.util.Arrays.toString(arguments));
        checked++;
      }
    }
    assertTrue(checked > 0);
  }

  /** A rasterizer's twins: every block of every grid up to 9 x 9, tile sizes 1 to 8, and beyond. */
  private static void assertSameRaster(Generated.Helper classFile, Generated.Helper source)
      throws Exception {
    assertSameConstants(classFile, source);
    Method tile = classFile.type().getMethod("getSwizzleIdx", int.class, int.class, int.class,
        int.class);
    Method tileTwin = source.type().getMethod("getSwizzleIdx", int.class, int.class, int.class,
        int.class);
    Method grid = classFile.type().getMethod("launchGrid", int.class, int.class, int.class);
    Method gridTwin = source.type().getMethod("launchGrid", int.class, int.class, int.class);
    for (int tileSize = 1; tileSize <= 8; tileSize++) {
      for (int gridX = 1; gridX <= 9; gridX++) {
        for (int gridY = 1; gridY <= 9; gridY++) {
          assertEquals(call(grid, gridX, gridY, tileSize), call(gridTwin, gridX, gridY, tileSize));
          // One block past the launch: the model's exception, in both.
          for (int block = 0; block <= gridX * gridY * tileSize + 1; block++) {
            assertEquals(call(tile, block, gridX, gridY, tileSize),
                call(tileTwin, block, gridX, gridY, tileSize),
                "block " + block + " of " + gridX + " x " + gridY + ", tile size " + tileSize);
          }
        }
      }
    }
  }

  private static void assertSameConstants(Generated.Helper classFile, Generated.Helper source)
      throws Exception {
    List<String> names = new ArrayList<>();
    for (Field field : classFile.type().getFields()) {
      names.add(field.getName());
      assertEquals(field.get(null), source.type().getField(field.getName()).get(null),
          field.getName());
    }
    List<String> twinNames = new ArrayList<>();
    for (Field field : source.type().getFields()) {
      twinNames.add(field.getName());
    }
    assertThat(twinNames).containsExactlyElementsIn(names).inOrder();
  }

  /**
   * The arguments a method takes, by its parameters' names (the class file's, from its
   * MethodParameters): the tile's rows, columns, stages and offsets, every combination; any other
   * (a descriptor's address, slice, row) sampled.
   */
  private static List<int[]> domain(Method method, int rows, int cols, int stages, int offsets) {
    List<int[]> ranges = new ArrayList<>();
    for (java.lang.reflect.Parameter parameter : method.getParameters()) {
      assertTrue(parameter.isNamePresent(), method + " has no MethodParameters");
      ranges.add(switch (parameter.getName()) {
        case "row" -> range(rows);
        case "col" -> range(cols);
        case "stage" -> range(stages);
        case "offset" -> range(offsets);
        default -> new int[] {0, 1, 2, 3, 7, 1024, 0x3_fff0, 0x7fff_fff0, -16};
      });
    }
    List<int[]> domain = new ArrayList<>();
    domain.add(new int[0]);
    for (int[] range : ranges) {
      List<int[]> longer = new ArrayList<>();
      for (int[] prefix : domain) {
        for (int value : range) {
          int[] next = java.util.Arrays.copyOf(prefix, prefix.length + 1);
          next[prefix.length] = value;
          longer.add(next);
        }
      }
      domain = longer;
    }
    return domain;
  }

  private static int[] range(int size) {
    int[] values = new int[size];
    for (int i = 0; i < size; i++) {
      values[i] = i;
    }
    return values;
  }

  /** The method's value, or the exception it throws, as a string of its class and message. */
  private static Object call(Method method, int... arguments) throws IllegalAccessException {
    Object[] boxed = new Object[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      boxed[i] = arguments[i];
    }
    try {
      return method.invoke(null, boxed);
    } catch (InvocationTargetException thrown) {
      return thrown.getCause().getClass().getName() + ": " + thrown.getCause().getMessage();
    }
  }
}
