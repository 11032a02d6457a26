package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The header template engine: slots in lines, whole-line slots indented, sections, strictness. */
class TemplateTest {
  private static final String TEXT = """
      struct {{name}} {
        {{members}}
      {{#tma}}
        // TMA: {{boxes}} boxes
      {{/tma}}
      };
      """;

  @Test
  void fillsSlotsIndentsLinesAndKeepsSetSections() {
    String text = Template.of(TEXT).set("name", "GemmA").set("members", List.of("int a;", "", "int b;"))
        .flag("tma", true).set("boxes", "2").render();
    assertEquals("struct GemmA {\n  int a;\n\n  int b;\n  // TMA: 2 boxes\n};\n", text);
  }

  @Test
  void dropsUnsetSectionsAndEmptyLineSlots() {
    String text = Template.of(TEXT).set("name", "GemmA").set("members", "").flag("tma", false)
        .set("boxes", "2").render();
    assertEquals("struct GemmA {\n};\n", text);
  }

  @Test
  void isStrict() {
    assertThrows(IllegalStateException.class,
        () -> Template.of(TEXT).set("name", "A").flag("tma", false).render(), "a slot not set");
    assertThrows(IllegalStateException.class, () -> Template.of(TEXT).set("name", "A")
        .set("members", "").flag("tma", false).set("other", "x").render(), "a slot not named");
    assertThrows(IllegalStateException.class, () -> Template.of("a {{x}} b").set("x", "1\n2").render(),
        "several lines inside a line");
    assertThrows(IllegalStateException.class, () -> Template.of("{{#a}}\n").flag("a", true).render(),
        "a section not closed");
  }
}
