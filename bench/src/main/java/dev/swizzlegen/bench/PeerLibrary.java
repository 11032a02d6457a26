package dev.swizzlegen.bench;

import dev.swizzlegen.testing.Locations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;

/**
 * The build-cost peers: annotation processors a JVM team already pays for, on libraries of as many
 * annotated types as a {@link TileLibrary} has tiles ({@value TileLibrary#TILES_PER_FILE} nested types
 * to a source file, each a value type of four properties), so that the processor cost benchmark
 * prints each beside plain javac on its own sources. The processors are the ones each peer's jar
 * registers as services (what javac runs when the jar is on the processor path).
 */
public enum PeerLibrary {
  /**
   * Google's AutoValue: an abstract class, its implementation generated (no factory that names the
   * generated class, so that plain javac compiles the same sources, as it does swizzlegen's tiles).
   */
  AUTO_VALUE("AutoValue", "com.google.auto.value.", "com.google.auto.value.AutoValue",
      "import com.google.auto.value.AutoValue;", type ->
      "  @AutoValue\n"
          + "  abstract static class " + type + " {\n"
          + "    abstract int rows();\n"
          + "    abstract int cols();\n"
          + "    abstract String name();\n"
          + "    abstract long bytes();\n"
          + "  }\n\n"),
  /** Immutables: an interface, its immutable implementation and builder generated. */
  IMMUTABLES("Immutables", "org.immutables.", "org.immutables.value.Value",
      "import org.immutables.value.Value;", type ->
      "  @Value.Immutable\n"
          + "  interface " + type + " {\n"
          + "    int rows();\n"
          + "    int cols();\n"
          + "    String name();\n"
          + "    long bytes();\n"
          + "  }\n\n");

  private final String label;
  private final String processorPackage;
  private final String annotation;
  private final String imports;
  /** One nested value type's source, given its name. */
  private final UnaryOperator<String> typeSource;

  PeerLibrary(String label, String processorPackage, String annotation, String imports,
      UnaryOperator<String> typeSource) {
    this.label = label;
    this.processorPackage = processorPackage;
    this.annotation = annotation;
    this.imports = imports;
    this.typeSource = typeSource;
  }

  /** The peer's name and version (read off its processor jar's name), as the table prints it. */
  public String label() {
    Class<?> processor = processors().findFirst().orElseThrow().getClass();
    String jar = Path.of(Locations.codeSource(processor)).getFileName().toString();
    return label + " " + jar.replaceAll("^\\D*-|\\.jar$", "");
  }

  /** The benchmark's name for the peer's configurations: {@code plain-<mode>} and {@code <mode>}. */
  public String mode() {
    return name().toLowerCase(java.util.Locale.ROOT).replace("_", "");
  }

  /** The peer whose processors the configuration {@code mode} runs, or whose sources it compiles. */
  public static java.util.Optional<PeerLibrary> ofMode(String mode) {
    return Stream.of(values())
        .filter(peer -> mode.equals(peer.mode()) || mode.equals("plain-" + peer.mode()))
        .findFirst();
  }

  /** The processors the peer's jar registers, new instances. */
  public Stream<Processor> processors() {
    return ServiceLoader.load(Processor.class).stream()
        .filter(provider -> provider.type().getName().startsWith(processorPackage))
        .map(ServiceLoader.Provider::get);
  }

  /** What the peer's sources need on the class path: the jar of its annotation. */
  public String classpath() {
    try {
      return Locations.codeSource(Class.forName(annotation)).toString();
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(label + " is not on the benchmark's class path", e);
    }
  }

  /** Writes {@code count} annotated types under {@code directory/peers}, as {@link TileLibrary} does. */
  public void write(Path directory, int count) {
    try {
      Path packageDirectory = Files.createDirectories(directory.resolve("peers"));
      for (int first = 0; first < count; first += TileLibrary.TILES_PER_FILE) {
        String kernel = "Kernel" + first / TileLibrary.TILES_PER_FILE;
        StringBuilder source = new StringBuilder("package peers;\n\n" + imports + "\n\n"
            + "final class " + kernel + " {\n");
        for (int i = first; i < Math.min(count, first + TileLibrary.TILES_PER_FILE); i++) {
          source.append(typeSource.apply("Type" + i));
        }
        source.append("}\n");
        Files.writeString(packageDirectory.resolve(kernel + ".java"), source);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
