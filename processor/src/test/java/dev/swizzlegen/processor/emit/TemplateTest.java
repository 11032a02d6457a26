package dev.swizzlegen.processor.emit;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The header template engine: typed variables, slots in lines, whole-line slots indented, sections,
 * repeated sections, groups, strictness; and the law that each template's variables are exactly the
 * names it uses.
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

  record Struct(String name, List<String> members, boolean tma, int boxes) {}

  @Test
  void fillsSlotsIndentsLinesAndKeepsSetSections() {
    String text = Template.of(TEXT)
        .fill(new Struct("GemmA", List.of("int a;", "", "int b;"), true, 2)).render();
    assertEquals("struct GemmA {\n  int a;\n\n  int b;\n  // TMA: 2 boxes\n};\n", text);
  }

  @Test
  void dropsUnsetSectionsAndEmptyLineSlots() {
    String text = Template.of(TEXT).fill(new Struct("GemmA", List.of(), false, 2)).render();
    assertEquals("struct GemmA {\n};\n", text);
  }

  record Read(String prefix, int k, boolean second) {}

  record Reads(String name, List<Read> reads) {}

  private static final String READS = """
      struct {{name}} {
      {{#reads}}
      {{#second}}
        // the second read
      {{/second}}
        int {{prefix}}K = {{k}};  // of {{name}}
      {{/reads}}
      };
      """;

  /** A section given a list of records is rendered once a record, each record's variables first. */
  @Test
  void repeatsASectionOnceARecord() {
    String text = Template.of(READS).fill(new Reads("GemmA", List.of(
        new Read("kWgmma", 16, false), new Read("kWgmmaMn", 16, true),
        new Read("kUmma", 32, false)))).render();
    assertEquals("struct GemmA {\n  int kWgmmaK = 16;  // of GemmA\n  // the second read\n"
        + "  int kWgmmaMnK = 16;  // of GemmA\n  int kUmmaK = 32;  // of GemmA\n};\n", text);
    assertEquals("struct GemmA {\n};\n",
        Template.of(READS).fill(new Reads("GemmA", List.of())).render());
  }

  record Tma(boolean tma, int boxes) {}

  record Grouped(String name, List<String> members, Tma engine) {}

  /** A record among the variables is a group: its components are variables of the same scope. */
  @Test
  void aGroupsVariablesJoinItsParents() {
    assertEquals(Template.of(TEXT).fill(new Struct("A", List.of("int a;"), true, 4)).render(),
        Template.of(TEXT).fill(new Grouped("A", List.of("int a;"), new Tma(true, 4))).render());
    assertThat(Template.variables(Grouped.class)).containsExactly("name", "members", "tma", "boxes");
    assertThat(Template.variables(Reads.class))
        .containsExactly("name", "reads", "prefix", "k", "second");
    assertThat(Template.of(READS).names()).containsExactlyElementsIn(Template.variables(Reads.class));
  }

  record X(String x) {}

  record Y(String y) {}

  record Xs(List<Y> reads) {}

  record Other(String name, List<String> members, boolean tma, int boxes, String other) {}

  record Missing(String name, boolean tma) {}

  record Odd(Map<String, String> name) {}

  @Test
  void isStrict() {
    String reads = "{{#reads}}\n{{x}}\n{{/reads}}\n";
    assertThrows(IllegalStateException.class,
        () -> Template.of(reads).fill(new Xs(List.of(new Y("1")))).render(), "a slot not named");
    assertThrows(IllegalStateException.class,
        () -> Template.of(TEXT).fill(new Missing("A", false)).render(), "a slot not set");
    assertThrows(IllegalStateException.class,
        () -> Template.of(TEXT).fill(new Other("A", List.of(), false, 1, "x")).render(),
        "a slot not named");
    assertThrows(IllegalStateException.class,
        () -> Template.of("a {{x}} b").fill(new X("1\n2")).render(), "several lines inside a line");
    assertThrows(IllegalStateException.class,
        () -> Template.of("{{#a}}\n").fill(new Missing("", true)).render(), "a section not closed");
    assertThrows(IllegalStateException.class,
        () -> Template.of("{{name}}\n").fill(new Odd(Map.of())).render(), "no slot, flag or section");
  }
}
