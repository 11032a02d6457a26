package dev.swizzlegen.processor.testing;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The class files of a module, read as the build put them on the class path, for the shape laws. */
public final class ModuleClasses {
  private ModuleClasses() {}

  /**
   * The class files of the module {@code type} was loaded from, by internal name: its class output
   * (a directory) or its jar, whichever the build put on the class path.
   */
  public static Map<String, byte[]> of(Class<?> type) {
    Map<String, byte[]> classes = new TreeMap<>();
    try {
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(location)) {
        try (Stream<Path> files = Files.walk(location)) {
          for (Path file : (Iterable<Path>) files::iterator) {
            String name = location.relativize(file).toString().replace('\\', '/');
            if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
              classes.put(name.substring(0, name.length() - ".class".length()),
                  Files.readAllBytes(file));
            }
          }
        }
      } else {
        try (ZipFile jar = new ZipFile(location.toFile())) {
          Enumeration<? extends ZipEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            ZipEntry entry = entries.nextElement();
            String name = entry.getName();
            if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
              classes.put(name.substring(0, name.length() - ".class".length()),
                  jar.getInputStream(entry).readAllBytes());
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    assertWithMessage("class files beside " + type.getName()).that(classes).isNotEmpty();
    return classes;
  }
}
