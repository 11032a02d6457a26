package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Java examples of the README and of the pages under {@code docs/} compile with the
 * processor, so that they cannot drift from the annotations: a block with {@code import} lines is a
 * compilation unit and compiles exactly as pasted; a block that declares a type without imports is
 * a fragment of a section that has already named the package, and compiles after
 * {@code import dev.swizzlegen.annotations.*;}. Blocks of statements (no type declared) are not
 * compiled.
 */
class ReadmeExamplesTest {
  private static final Path README = Path.of("..", "README.md");
  private static final Path DOCS = Path.of("..", "docs");
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^```java\\n(.*?)^```$", Pattern.DOTALL);
  private static final Pattern TYPE_DECLARATION =
      Pattern.compile("(?m)^(?:public\\s+)?(?:final\\s+)?(?:interface|class|record|enum)\\s+(\\w+)");

  /** One ```java block of the README or a page of docs/, with the file and line it starts on. */
  private record Block(Path file, int line, String code) {
    boolean declaresAType() {
      return TYPE_DECLARATION.matcher(code).find();
    }

    boolean isCompilationUnit() {
      return code.lines().anyMatch(line -> line.startsWith("import "));
    }

    String firstType() {
      Matcher type = TYPE_DECLARATION.matcher(code);
      return type.find() ? type.group(1) : "ReadmeBlock" + line;
    }

    String where() {
      return file.normalize() + " line " + line;
    }
  }

  /** The README, then every docs/*.md page in name order. */
  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(README);
    try (Stream<Path> docs = Files.list(DOCS)) {
      docs.filter(page -> page.getFileName().toString().endsWith(".md"))
          .sorted()
          .forEach(pages::add);
    }
    return pages;
  }

  private static List<Block> javaBlocks(Path page) throws IOException {
    String text = Files.readString(page, StandardCharsets.UTF_8);
    List<Block> blocks = new ArrayList<>();
    Matcher block = JAVA_BLOCK.matcher(text);
    while (block.find()) {
      int line = (int) text.substring(0, block.start()).chars().filter(c -> c == '\n').count() + 1;
      blocks.add(new Block(page, line, block.group(1)));
    }
    return blocks;
  }

  private static List<Block> javaBlocks() throws IOException {
    List<Block> blocks = new ArrayList<>();
    for (Path page : pages()) {
      blocks.addAll(javaBlocks(page));
    }
    return blocks;
  }

  @Test
  void everyCompilationUnitCompilesAsPasted() throws IOException {
    int compiled = 0;
    for (Block block : javaBlocks()) {
      if (!block.isCompilationUnit()) {
        continue;
      }
      Compilation compilation =
          Generated.compile(JavaFileObjects.forSourceString(block.firstType(), block.code()));
      assertWithMessage(block.where()).that(compilation.errors()).isEmpty();
      compiled++;
    }
    // The first annotation example (the README's Maven section) and the rasterizer's
    // (docs/rasterizer.md).
    assertThat(compiled).isAtLeast(2);
  }

  @Test
  void everyFragmentThatDeclaresATypeCompilesWithTheAnnotationsImported() throws IOException {
    int compiled = 0;
    for (Block block : javaBlocks()) {
      if (block.isCompilationUnit() || !block.declaresAType()) {
        continue;
      }
      String unit = "import dev.swizzlegen.annotations.*;\n\n" + block.code();
      Compilation compilation =
          Generated.compile(JavaFileObjects.forSourceString(block.firstType(), unit));
      assertWithMessage(block.where()).that(compilation.errors()).isEmpty();
      compiled++;
    }
    // docs/derivation.md's Operand and WideStage, docs/hopper.md's OperandA and OperandB.
    assertThat(compiled).isAtLeast(3);
  }

  @Test
  void theFirstAnnotationExampleIsACompilationUnit() throws IOException {
    Block first =
        javaBlocks(README).stream().filter(Block::declaresAType).findFirst().orElseThrow();
    assertThat(first.isCompilationUnit()).isTrue();
    assertThat(first.firstType()).isEqualTo("GemmA");
  }

  /**
   * Issue 39, item 9: the README's {@code javap} excerpt is what {@code javap -p} prints for the helper
   * of its first example, {@code GemmA} in {@code com.acme}, line for line.
   */
  @Test
  void theJavapExcerptIsWhatJavapPrints() throws IOException {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    Matcher excerpt = Pattern.compile("(?ms)`javap -p` prints[^`]*```text\\n(.*?)^```$")
        .matcher(readme);
    assertWithMessage("a ```text block after \"`javap -p` prints\" in the README")
        .that(excerpt.find()).isTrue();
    Block first =
        javaBlocks(README).stream().filter(Block::declaresAType).findFirst().orElseThrow();
    Generated generated = Generated.of(JavaFileObjects.forSourceString("com.acme.GemmA",
        "package com.acme;\n\n" + first.code()));
    Path classes = Files.createTempDirectory("javap");
    Path helper = classes.resolve("com/acme/GemmASwizzle.class");
    Files.createDirectories(helper.getParent());
    Files.write(helper, generated.classBytes("com.acme.GemmASwizzle"));
    java.io.StringWriter out = new java.io.StringWriter();
    int status = java.util.spi.ToolProvider.findFirst("javap").orElseThrow().run(
        new java.io.PrintWriter(out), new java.io.PrintWriter(out), "-p", "-cp",
        classes.toString(), "com.acme.GemmASwizzle");
    assertThat(status).isEqualTo(0);
    assertThat(excerpt.group(1)).isEqualTo(out.toString().replace(System.lineSeparator(), "\n"));
  }
}
