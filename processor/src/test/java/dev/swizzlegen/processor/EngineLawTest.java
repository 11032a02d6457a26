package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 2: warp accesses and engines are different things. For every corpus tile, each
 * {@code @Access} of kind TMA or WGMMA is an engine of the helper's {@code ENGINES}, never one of its
 * {@code ACCESSES}; every access costed issues instructions; every engine has a plan, reported with
 * its plan and never with wavefronts; and an engine has a plan exactly where the check the old
 * {@code TmaAccess}/{@code WgmmaAccess} made (today the concepts' own plans, {@code TmaFill.plan},
 * {@code MmaOperand.plan}) found no violation, with the same violations where it found some.
 */
class EngineLawTest {
  private static final Pattern DECLARED_KIND = Pattern.compile("kind = AccessKind\\.(TMA|WGMMA)");

  @Test
  void enginesAreTheDeclaredTmaAndWgmmaAndAreNeverCosted() {
    Generated generated = Generated.of(Generated.REPORTS, TileCorpus.sources());
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    int tilesWithEngines = 0;
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      Generated.Helper helper = generated.helper(tile.helper());
      TileLayout layout = (TileLayout) helper.constant("LAYOUT");
      @SuppressWarnings("unchecked")
      List<AccessPattern> accesses = (List<AccessPattern>) helper.constant("ACCESSES");
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.constant("ENGINES");
      List<String> declared = new ArrayList<>();
      Matcher kinds = DECLARED_KIND.matcher(tile.annotation());
      while (kinds.find()) {
        declared.add(kinds.group(1));
      }
      assertEquals(declared, engines.stream().map(e -> e.kind().name()).toList(), tile.type());
      for (AccessPattern access : accesses) {
        assertTrue(access.kind() != AccessKind.TMA && access.kind() != AccessKind.WGMMA,
            tile.type() + " " + access);
        assertThat(analyzer.analyze(layout, access).instructions()).isGreaterThan(0);
      }
      for (Engine engine : engines) {
        assertTrue(engine.plan(layout).exists(), tile.type() + " " + engine);
      }
      // The report: warp accesses with wavefronts, engines with plans, under their own keys.
      String json = generated.text(tile.header().replace(".cuh", ".json"));
      int enginesAt = json.indexOf("\"engines\": [");
      int wgmmaAt = json.indexOf("\"wgmma\": {", enginesAt);
      assertTrue(enginesAt > 0 && wgmmaAt > enginesAt, json);
      String accessesJson = json.substring(json.indexOf("\"accesses\": ["), enginesAt);
      String enginesJson = json.substring(enginesAt, wgmmaAt);
      assertThat(accessesJson).doesNotContain("\"kind\": \"TMA\"");
      assertThat(accessesJson).doesNotContain("\"kind\": \"WGMMA\"");
      assertThat(enginesJson).doesNotContain("wavefronts");
      assertEquals(engines.size(), count(enginesJson, "\"plan\": {"), enginesJson);
      assertEquals(accesses.size(), count(accessesJson, "\"wavefronts\": "), accessesJson);
      tilesWithEngines += engines.isEmpty() ? 0 : 1;
    }
    assertThat(tilesWithEngines).isAtLeast(3);
  }

  @Test
  void aPlanExistsExactlyWhereTheOldCheckWasEmpty() {
    Generated generated = Generated.of(TileCorpus.sources());
    List<Engine> engines = List.of(Tma.of(Op.STORE), Tma.of(Op.LOAD),
        MmaRead.of(MmaFormat.GMMA, Major.K), MmaRead.of(MmaFormat.GMMA, Major.MN));
    int plans = 0;
    int violations = 0;
    for (TileCorpus.Case tile : TileCorpus.CASES) {
      TileLayout generatedLayout =
          (TileLayout) generated.helper(tile.helper()).constant("LAYOUT");
      for (TileLayout layout : List.of(tile.expected(), generatedLayout)) {
        for (Engine engine : engines) {
          Plan<?> plan = engine.plan(layout);
          List<Violation> old = engine instanceof MmaRead wgmma
              ? MmaOperand.plan(MmaFormat.GMMA, layout, wgmma.major()).violations()
              : TmaFill.plan(layout).violations();
          assertEquals(old.isEmpty(), plan.exists(), tile.type() + " " + engine);
          assertEquals(old, plan.violations(), tile.type() + " " + engine);
          if (engine instanceof Tma tma && plan.exists()) {
            assertEquals(TmaFill.plan(layout).plan(), tma.plan(layout).plan());
          }
          if (engine instanceof MmaRead wgmma && plan.exists()) {
            MmaOperand operand = wgmma.plan(layout).plan().orElseThrow();
            MmaOperand found =
                MmaOperand.plan(MmaFormat.GMMA, layout, wgmma.major()).plan().orElseThrow();
            assertEquals(found.descriptorWithoutStart(), operand.descriptorWithoutStart());
            assertEquals(found.toString(), operand.toString());
          }
          plans += plan.exists() ? 1 : 0;
          violations += plan.exists() ? 0 : 1;
        }
      }
    }
    assertThat(plans).isGreaterThan(10);
    assertThat(violations).isGreaterThan(10);
  }

  /** A labelled engine keeps its label in the helper's ENGINES, in the header's list and the report. */
  @Test
  void enginesKeepTheirLabels() {
    Generated generated = Generated.of(Generated.REPORTS, JavaFileObjects.forSourceString(
        "hopper.Labelled", """
            package hopper;
            import dev.swizzlegen.annotations.*;
            @SwizzledTile(dtype = DType.HALF, rows = 64, cols = 64, access = {
                @Access(kind = AccessKind.TMA, op = Op.STORE, label = "A tiles in"),
                @Access(kind = AccessKind.WGMMA, label = "A read by the MMA")})
            interface Labelled {}
            """));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    @SuppressWarnings("unchecked")
    List<Engine> engines = (List<Engine>) generated.helper("hopper.LabelledSwizzle")
        .constant("ENGINES");
    assertEquals(List.of(Tma.of(Op.STORE).withLabel("A tiles in"),
        MmaRead.of(MmaFormat.GMMA, Major.K).withLabel("A read by the MMA")), engines);
    String header = generated.text("swizzlegen/labelled.cuh");
    // The engines issue no warp instruction: the header's bank-conflict section has none of them,
    // their plans are the sections after it.
    assertThat(header).contains("// Bank conflicts (32 banks of 4 bytes, 128-byte phases):\n"
        + "//   no warp access declared\n");
    assertThat(header).contains("//   TMA fills a stage with 1 box of 64 x 64 elements,"
        + " CU_TENSOR_MAP_SWIZZLE_128B:");
    assertThat(header).contains("//   wgmma (sm_90a) reads it as a K-major operand with the"
        + " 128-byte swizzle: 4 K slices of 16");
    String json = generated.text("swizzlegen/labelled.json");
    assertThat(json).contains("\"accesses\": []");
    assertThat(json).contains("\"label\": \"A read by the MMA\"");
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }
}
