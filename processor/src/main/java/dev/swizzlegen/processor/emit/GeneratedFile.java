package dev.swizzlegen.processor.emit;

/**
 * One file to write, fully made before anything is written, so that a tile gets all or none.
 *
 * @param name a class file's binary name, a source's class's qualified name or a resource's path
 * @param content a resource's or a source's exact text; empty for a class file
 * @param classBytes a class file's bytes; empty otherwise
 */
public record GeneratedFile(Kind kind, String name, String content, byte[] classBytes) {
  public enum Kind {
    CLASS_FILE,
    /** A Java source, compiled in the next round. */
    SOURCE,
    SOURCE_OUTPUT_RESOURCE
  }

  /** A resource in the source output: a header, a report, a picture, a summary. */
  public GeneratedFile(Kind kind, String name, String content) {
    this(kind, name, content, new byte[0]);
  }

  /** A Java source of the top-level class {@code qualifiedName}. */
  public static GeneratedFile source(String qualifiedName, String content) {
    return new GeneratedFile(Kind.SOURCE, qualifiedName, content);
  }

  /** A class file, {@code binaryName} its class's ({@code com.acme.Kernel$TileSwizzle}). */
  public static GeneratedFile classFile(String binaryName, byte[] bytes) {
    return new GeneratedFile(Kind.CLASS_FILE, binaryName, "", bytes);
  }
}
