package dev.swizzlegen.examples;

import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The tiles the processor generated in this module, found from its class output: each
 * {@code <Name>Swizzle} helper class file, top-level or a member of a {@code <Type>Swizzles} (the
 * tiles nested in a type), whose header is among the generated sources, loaded, with its layout, CUDA
 * header and struct.
 */
public final class GeneratedTiles {
  /**
   * One generated helper.
   *
   * @param helper the loaded {@code <Name>Swizzle} class
   * @param layout its {@code LAYOUT}
   * @param cudaHeader its {@code CUDA_HEADER}, relative to the generated sources
   * @param cudaType its {@code CUDA_TYPE}
   * @param accesses its {@code accesses()}, the warp accesses the processor proved
   * @param engines its {@code engines()}, the engines (TMA, wgmma) the processor planned
   */
  public record Tile(Class<?> helper, TileLayout layout, String cudaHeader, String cudaType,
      List<AccessPattern> accesses, List<Engine> engines) {
    /** The helper's {@code offset(row, col)}, called. */
    public int offset(int row, int col) {
      return call("offset", row, col);
    }

    /** The helper's {@code offset(row, col, stage)}, called. */
    public int offset(int row, int col, int stage) {
      return call("offset", row, col, stage);
    }

    /** The helper's {@code row}, {@code col} or {@code stage} of an offset, called. */
    public int inverse(String function, int offset) {
      return call(function, offset);
    }

    private int call(String function, int... args) {
      try {
        Class<?>[] types = new Class<?>[args.length];
        Object[] boxed = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
          types[i] = int.class;
          boxed[i] = args[i];
        }
        Method method = helper.getMethod(function, types);
        return (Integer) method.invoke(null, boxed);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(helper.getName() + "." + function, e);
      }
    }
  }

  private GeneratedTiles() {}

  /**
   * Every helper whose header is under {@code generatedSources}, by class name: the class files
   * named {@code *Swizzle.class} in the directories of the class path (the module's
   * {@code target/classes}) with a {@code LAYOUT} and a {@code CUDA_HEADER} found there.
   */
  public static List<Tile> find(Path generatedSources) {
    List<Tile> tiles = new ArrayList<>();
    try {
      for (Class<?> helper : generatedClasses(generatedSources, "Swizzle")) {
        // The model's values are built on first use: LAYOUT, ACCESSES, ENGINES.
        if (helper.getField("LAYOUT").getType() != TileLayout.class) {
          continue;
        }
        tiles.add(new Tile(helper,
            (TileLayout) helper.getField("LAYOUT").get(null),
            (String) helper.getField("CUDA_HEADER").get(null),
            (String) helper.getField("CUDA_TYPE").get(null),
            accesses(helper.getField("ACCESSES").get(null)),
            engines(helper.getField("ENGINES").get(null))));
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("a generated helper could not be read", e);
    }
    return tiles;
  }

  /**
   * The classes of this module's class output whose binary names end in {@code suffix} and whose
   * {@code CUDA_HEADER} names a file under {@code generatedSources}: what the processor generated in
   * this module (helpers and rasterizer twins are class files in the class output, beside this
   * class's own, and their headers are in the generated sources), sorted by name.
   */
  static List<Class<?>> generatedClasses(Path generatedSources, String suffix) {
    Path directory;
    try {
      directory = Path.of(GeneratedTiles.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<Class<?>> found = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return found;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted().toList()) {
        String relative = directory.relativize(file).toString().replace('\\', '/');
        if (!relative.endsWith(suffix + ".class")) {
          continue;
        }
        Class<?> type = Class.forName(relative.substring(0, relative.length() - ".class".length())
            .replace('/', '.'), true, GeneratedTiles.class.getClassLoader());
        try {
          Object header = type.getField("CUDA_HEADER").get(null);
          if (header instanceof String path && Files.isRegularFile(generatedSources.resolve(path))) {
            found.add(type);
          }
        } catch (NoSuchFieldException notGenerated) {
          // A class of the module whose name ends so: not the processor's.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("a class file of the class output could not be read", e);
    }
    found.sort(Comparator.comparing(Class::getName));
    return found;
  }

  private static List<Engine> engines(Object value) {
    List<Engine> engines = new ArrayList<>();
    for (Object engine : (List<?>) value) {
      engines.add((Engine) engine);
    }
    return List.copyOf(engines);
  }

  private static List<AccessPattern> accesses(Object value) {
    List<AccessPattern> accesses = new ArrayList<>();
    for (Object access : (List<?>) value) {
      accesses.add((AccessPattern) access);
    }
    return List.copyOf(accesses);
  }

  /** Every file under {@code generatedSources}, relative to it, sorted. */
  public static List<String> files(Path generatedSources) {
    try (Stream<Path> files = Files.walk(generatedSources)) {
      return files.filter(Files::isRegularFile)
          .map(file -> generatedSources.relativize(file).toString().replace('\\', '/'))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
