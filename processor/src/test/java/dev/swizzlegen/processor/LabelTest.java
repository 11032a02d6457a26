package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.engine.Engine;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/**
 * A label is free text (SPEC section 8): whatever it holds, every generated file compiles or parses,
 * means what it would mean without it, and shows the label visibly; the helper's {@code ACCESSES}
 * and {@code ENGINES} keep it exactly. The labels are issue 18's: a Windows path (a Unicode escape to
 * javac), a Unicode escape that would end a Javadoc comment and declare a class (when the helpers were
 * Java sources), a bidirectional control (which nvcc -Werror rejects), and a trailing backslash, a
 * line break, a comment end, a trigraph, Javadoc tags. {@link TileCorpus}'s {@code Labelled} tile
 * puts them through nvcc, g++ and NVRTC too.
 */
public class LabelTest {
  /** The labels as the annotation's string literals spell them in Java source. */
  static final List<String> LITERALS = List.of(
      "\"C:\\\\users\"",
      "\"a\\\\u002a/ class Injected {} /\\\\u002a b\"",
      "\"\\u202e right to left \\u2066 isolate\"",
      "\"ends in a backslash\\\\\"",
      "\"two\\nlines\\r\\tand a tab \\\\\"",
      "\"*/ /* @deprecated {@code x} <b>&amp; $L $S\"",
      "\"what??/\"",
      "\"control \\u0001 and caf\\u00e9 \\ud83d\\ude00\"");

  /** What javac makes of {@link #LITERALS}. */
  static final List<String> LABELS = List.of(
      "C:\\users",
      "a\\u002a/ class Injected {} /\\u002a b",
      "\u202e right to left \u2066 isolate",
      "ends in a backslash\\",
      "two\nlines\r\tand a tab \\",
      "*/ /* @deprecated {@code x} <b>&amp; $L $S",
      "what??/",
      "control \u0001 and caf\u00e9 \ud83d\ude00");

  /** A tile with one 16-byte store per label. */
  public static String annotation() {
    StringBuilder annotation = new StringBuilder(
        "@SwizzledTile(bits = 3, base = 3, dtype = DType.HALF, rows = 16, cols = 64, access = {");
    for (int i = 0; i < LITERALS.size(); i++) {
      annotation.append(i == 0 ? "" : ",").append("\n    @Access(op = Op.STORE, bytes = 16, label = ")
          .append(LITERALS.get(i)).append(')');
    }
    return annotation.append("})").toString();
  }

  private static JavaFileObject source() {
    return JavaFileObjects.forSourceString("p.Labelled",
        "package p;\n\nimport dev.swizzlegen.annotations.*;\n\n" + annotation()
            + "\ninterface Labelled {}\n");
  }

  @Test
  void everyLabelCompilesAndNoneInjectsCode() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.reports=json,svg"), source());
    Compilation compilation = generated.compilation();
    assertThat(compilation.errors()).isEmpty();
    // Pasted into a Java comment, the injected label would end it and declare p.Injected.
    assertThat(compilation.generatedFiles().stream().map(JavaFileObject::getName)
        .filter(name -> name.contains("Injected")).toList()).isEmpty();
    // The helper's accesses, spelled as text, are the declared ones, every label kept exactly.
    @SuppressWarnings("unchecked")
    List<AccessPattern> accesses =
        (List<AccessPattern>) generated.helper("p.LabelledSwizzle").constant("ACCESSES");
    assertEquals(LABELS.stream()
            .map(label -> VectorAccess.coalesced(Op.STORE, 16).withLabel(label)).toList(),
        accesses);
  }

  @Test
  void headerIsAsciiAndShowsEveryLabelAndTheHelperKeepsEachExactly() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.reports=json,svg"), source());
    String header = generated.text("swizzlegen/labelled.cuh");
    assertTrue(header.chars().allMatch(c -> c == '\n' || c >= 0x20 && c < 0x7f),
        "not printable ASCII:\n" + header);
    for (String line : header.split("\n")) {
      // A // comment would continue on the next line (-Wcomment); ??/ is a backslash to C++14.
      assertFalse(line.stripTrailing().endsWith("\\"), line);
      assertFalse(line.contains("??"), line);
    }
    assertThat(header).contains("//   C:\\\\users: conflict-free");
    assertThat(header).contains("//   \\u202e right to left \\u2066 isolate: conflict-free");
    assertThat(header).contains("//   ends in a backslash\\\\: conflict-free");
    assertThat(header).contains("//   two\\nlines\\r\\tand a tab \\\\: conflict-free");
    assertThat(header).contains("//   what?\\?/: conflict-free");
    // The helper is a class file: its accesses' texts are string constants, nothing to escape for
    // javac or Javadoc; each label comes back exactly.
    @SuppressWarnings("unchecked")
    List<AccessPattern> accesses =
        (List<AccessPattern>) generated.helper("p.LabelledSwizzle").constant("ACCESSES");
    assertEquals(LABELS, accesses.stream().map(AccessPattern::label).toList());
  }

  /** An engine's label, in the helper's {@code ENGINES}, comes back exactly too. */
  @Test
  void theHelpersEnginesKeepEachLabelExactly() {
    for (int i = 0; i < LITERALS.size(); i++) {
      Generated generated = Generated.of(JavaFileObjects.forSourceString("p.Engines",
          "package p;\n\nimport dev.swizzlegen.annotations.*;\n\n@SwizzledTile(dtype = DType.HALF,"
              + " rows = 64, cols = 64, access = {@Access(kind = AccessKind.TMA, label = "
              + LITERALS.get(i) + "), @Access(kind = AccessKind.WGMMA, label = "
              + LITERALS.get((i + 1) % LITERALS.size()) + ")})\ninterface Engines {}\n"));
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) generated.helper("p.EnginesSwizzle").constant("ENGINES");
      assertEquals(List.of(LABELS.get(i), LABELS.get((i + 1) % LABELS.size())),
          engines.stream().map(Engine::label).toList());
    }
  }

  @Test
  void reportIsAsciiJsonAndBankMapIsWellFormedXml() throws Exception {
    Generated generated = Generated.of(List.of("-Aswizzlegen.reports=json,svg"), source());
    String json = generated.text("swizzlegen/labelled.json");
    assertTrue(json.chars().allMatch(c -> c == '\n' || c >= 0x20 && c < 0x7f), json);
    assertThat(json).contains("\"label\": \"C:\\\\users\"");
    assertThat(json).contains("\"label\": \"\\u202e right to left \\u2066 isolate\"");
    assertThat(json).contains("\"label\": \"control \\u0001 and caf\\u00e9 \\ud83d\\ude00\"");
    String svg = generated.text("swizzlegen/labelled-bank-map.svg");
    assertTrue(svg.chars().allMatch(c -> c == '\n' || c >= 0x20 && c < 0x7f));
    DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.US_ASCII)));
    assertThat(svg).contains("control \\u0001 and caf&#xe9; &#x1f600;");
  }

  @Test
  void labelsInTheSummaryNoteStayOnTheirLine() {
    Compilation compilation = Generated.compile(List.of("-Aswizzlegen.summary"), source());
    String note = compilation.notes().stream().map(n -> n.getMessage(null))
        .filter(message -> message.startsWith("swizzlegen: tile Labelled")).findFirst().orElseThrow();
    // A line per access, and the tile's: a label's line break does not add one.
    assertEquals(1 + LABELS.size(), note.lines().count(), note);
    assertThat(note).contains("two\\u000alines\\u000d\\u0009and a tab \\: conflict-free");
    assertFalse(note.contains("\u202e"), note);
  }

  @Test
  void labelsInErrorsShowLineBreaksAndBidirectionalControls() {
    // An unswizzled column read: a conflict, reported with its label.
    JavaFileObject source = JavaFileObjects.forSourceString("p.Conflicted", """
        package p;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 0, base = 0, dtype = DType.HALF, rows = 64, cols = 64, access =
            @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR,
                label = "column\\nread\\u202e"))
        interface Conflicted {}
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    Diagnostic<? extends JavaFileObject> error = compilation.errors().get(0);
    String message = error.getMessage(null);
    assertThat(message).contains("column\\u000aread\\u202e has an 8-way bank conflict");
    assertFalse(message.contains("\n") || message.contains("\u202e"), message);
  }

  @Test
  void optionValuesInErrorsShowLineBreaksAndBidirectionalControls() {
    Compilation compilation = Generated.compile(List.of("-Aswizzlegen.namespace=acme\n\u202ekernels"),
        source());
    assertThat(compilation).failed();
    String message = compilation.errors().get(0).getMessage(null);
    assertThat(message).contains("acme\\u000a\\u202ekernels");
    assertFalse(message.contains("\n") || message.contains("\u202e"), message);
  }
}
