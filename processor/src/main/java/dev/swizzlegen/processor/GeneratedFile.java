package dev.swizzlegen.processor;

/**
 * One file to write, fully rendered before anything is written, so that a tile either gets all of
 * its files or none.
 *
 * @param kind a Java source (named by its qualified class name) or a resource in the source output
 *     (named by its relative path)
 * @param name the qualified class name or the relative path
 * @param content the exact text
 */
record GeneratedFile(Kind kind, String name, String content) {
  enum Kind {
    JAVA_SOURCE,
    SOURCE_OUTPUT_RESOURCE
  }
}
