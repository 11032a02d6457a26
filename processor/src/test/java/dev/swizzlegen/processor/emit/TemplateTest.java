package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The header template engine: slots in lines, whole-line slots indented, sections, repeated
 * sections, strictness.
 */
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

  /** A section given items is rendered once an item, each item's slots and flags first. */
  @Test
  void repeatsASectionOnceAnItem() {
    String text = Template.of("""
        struct {{name}} {
        {{#reads}}
        {{#second}}
          // the second read
        {{/second}}
          int {{prefix}}K = {{k}};  // of {{name}}
        {{/reads}}
        };
        """).set("name", "GemmA").repeat("reads", List.of(
            new Template.Item().set("prefix", "kWgmma").set("k", "16").flag("second", false),
            new Template.Item().set("prefix", "kWgmmaMn").set("k", "16").flag("second", true),
            new Template.Item().set("prefix", "kUmma").set("k", "32").flag("second", false)))
        .render();
    assertEquals("struct GemmA {\n  int kWgmmaK = 16;  // of GemmA\n  // the second read\n"
        + "  int kWgmmaMnK = 16;  // of GemmA\n  int kUmmaK = 32;  // of GemmA\n};\n", text);
    assertEquals("struct GemmA {\n};\n", Template.of("""
        struct {{name}} {
        {{#reads}}
          int {{prefix}}K;
        {{/reads}}
        };
        """).set("name", "GemmA").repeat("reads", List.of()).render());
  }

  @Test
  void repeatingIsStrict() {
    String text = "{{#reads}}\n{{x}}\n{{/reads}}\n";
    assertThrows(IllegalStateException.class, () -> Template.of(text)
        .repeat("reads", List.of(new Template.Item().set("y", "1"))).render(), "a slot not named");
    assertThrows(IllegalStateException.class, () -> Template.of(text)
        .repeat("reads", List.of(new Template.Item())).render(), "a slot not set");
    assertThrows(IllegalStateException.class, () -> Template.of(text).flag("reads", true)
        .repeat("reads", List.of()).render(), "a flag and items");
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
