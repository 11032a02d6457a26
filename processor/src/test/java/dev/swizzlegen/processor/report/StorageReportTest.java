package dev.swizzlegen.processor.report;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.JsonText;
import dev.swizzlegen.processor.testing.StorageSources;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StoragePlan;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.tools.JavaFileObject;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * With {@code -Aswizzlegen.reports}, a storage's JSON report and picture show the model's plan: the
 * picture is well-formed SVG with a band per phase and, in each, a rectangle per buffer live in it at
 * the model's offset and bytes times the picture's scale, its copies and stages where the model puts
 * them, and strips over the bytes each phase change hands over; the report has every buffer at the
 * model's offset. The model's placement is worked out here again from the buffers the report
 * describes (and, for the Hopper GEMM's plan, from the buffers the test declares), so neither file
 * can show a placement of its own. Without the option, or for a storage with errors, neither is
 * written.
 */
class StorageReportTest {
  private static final String JSON = "swizzlegen/gemm_storage.json";
  private static final String SVG = "swizzlegen/gemm_storage-storage-map.svg";

  /** A plan's sources and options, and what it stands for. */
  private record Plan(String what, List<String> options, JavaFileObject[] sources) {}

  private static List<Plan> plans() {
    List<String> hopperGemm = StorageSources.BUFFERS.subList(0, 5);
    return List.of(
        new Plan("operand stages, C's copies over them, barriers and scratch", List.of(),
            StorageSources.sources(StorageSources.storage(StorageSources.BUFFERS))),
        new Plan("the examples' HopperGemmStorage", List.of(),
            StorageSources.sources(StorageSources.storage(hopperGemm))),
        new Plan("three phases, scratch in one of them", List.of(),
            StorageSources.sources(StorageSources.storage(List.of(
                "@Buffer(tile = HopperA.class, phase = \"load\")",
                "@Buffer(tile = HopperB.class, phase = \"compute\")",
                "@Buffer(tile = HopperC.class, copies = 2, phase = \"store\")",
                "@Buffer(name = \"staging\", bytes = 3000, alignment = 128, phase = \"store\")",
                "@Buffer(name = \"full\", barriers = 2, copies = 2)")))),
        new Plan("no phase: a small plan, its limit off the scale", List.of(),
            StorageSources.sources(StorageSources.storage(List.of(
                "@Buffer(name = \"scratch\", bytes = 300, alignment = 64, copies = 3)",
                "@Buffer(name = \"bars\", barriers = 3)",
                "@Buffer(name = \"word\", bytes = 4, alignment = 4)")))),
        new Plan("one phase on sm_120a", List.of("-Aswizzlegen.arch=sm_120a"),
            new JavaFileObject[] {StorageSources.tiles().get(2), StorageSources.storage(List.of(
                "@Buffer(tile = HopperC.class, copies = 2, phase = \"epilogue\")",
                "@Buffer(name = \"scratch\", bytes = 20000, alignment = 16)"))}));
  }

  @Test
  void thePictureAndTheReportShowTheModelsPlacement() throws Exception {
    for (Plan plan : plans()) {
      List<String> options = new ArrayList<>(Generated.REPORTS);
      options.addAll(plan.options());
      Generated generated = Generated.of(options, plan.sources());
      Map<?, ?> report = (Map<?, ?>) JsonText.parse(generated.text(JSON));
      List<Buffer> buffers = modelBuffers(report);
      Placement placement = StoragePlan.place(buffers);
      assertReportHolds(plan.what(), report, placement);
      assertPictureHolds(plan.what(), parse(generated.text(SVG)), placement,
          ((Number) report.get("limitBytes")).longValue());
      assertEquals(SVG, report.get("storageMap"), plan.what());
    }
  }

  /** The report describes the buffers the test declares, in the Hopper GEMM's plan. */
  @Test
  void theReportDescribesTheDeclaredBuffers() {
    Map<?, ?> report = (Map<?, ?>) JsonText.parse(Generated.of(Generated.REPORTS,
        StorageSources.sources(StorageSources.storage(StorageSources.BUFFERS))).text(JSON));
    List<Buffer> described = modelBuffers(report);
    List<Buffer> declared = StorageSources.modelBuffers();
    assertEquals(declared.size(), described.size());
    for (int i = 0; i < declared.size(); i++) {
      Buffer want = declared.get(i);
      Buffer got = described.get(i);
      assertEquals(want.name(), got.name());
      assertEquals(want.kind(), got.kind());
      assertEquals(want.copyBytes(), got.copyBytes(), want.name());
      assertEquals(want.copies(), got.copies(), want.name());
      assertEquals(want.phase(), got.phase(), want.name());
      assertEquals(want.stages(), got.stages(), want.name());
    }
    assertEquals(StoragePlan.place(declared).offsets(), StoragePlan.place(described).offsets());
    // Mainloop to epilogue: C's copies over A's stages, after wgmma's reads (the helper's wait).
    Map<?, ?> toEpilogue = (Map<?, ?>) ((List<?>) report.get("phaseChanges")).get(0);
    assertEquals("mainloop_to_epilogue", toEpilogue.get("helper"));
    assertEquals(List.of(Map.of("before", "HopperA", "after", "HopperC", "offset", 0L,
        "bytes", 65536L)), toEpilogue.get("reused"));
    Map<?, ?> first = (Map<?, ?>) ((List<?>) toEpilogue.get("steps")).get(0);
    assertEquals("WAIT_WGMMA", first.get("step"));
    assertEquals(true, first.get("byHelper"));
    assertEquals(1008L, report.get("slackBytes"));
  }

  @Test
  void eachReportOnlyWhenAskedFor() {
    JavaFileObject[] sources =
        StorageSources.sources(StorageSources.storage(StorageSources.BUFFERS));
    assertThat(storageFiles(Generated.filesWrittenByJavac(sources))).containsExactly(
        "generated/swizzlegen/gemm_storage.cuh", "classes/kern/GemmStorageLayout.class");
    assertThat(storageFiles(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.reports=json"),
        sources))).containsExactly("generated/swizzlegen/gemm_storage.cuh",
            "generated/" + JSON, "classes/kern/GemmStorageLayout.class");
    assertThat(storageFiles(Generated.filesWrittenByJavac(List.of("-Aswizzlegen.reports=svg"),
        sources))).containsExactly("generated/swizzlegen/gemm_storage.cuh",
            "generated/" + SVG, "classes/kern/GemmStorageLayout.class");
    Map<?, ?> alone = (Map<?, ?>) JsonText.parse(
        Generated.of(List.of("-Aswizzlegen.reports=json"), sources).text(JSON));
    assertTrue(alone.containsKey("storageMap"));
    assertEquals(null, alone.get("storageMap"));
  }

  /** Over capacity, or naming a tile with errors: the tiles' reports, none of the storage's. */
  @Test
  void noReportForAStorageWithErrors() {
    List<String> over = new ArrayList<>(StorageSources.BUFFERS);
    over.set(5, "@Buffer(name = \"scratch\", bytes = 65536, alignment = 16)");
    List<String> written = Generated.filesWrittenByJavac(Generated.REPORTS,
        StorageSources.sources(StorageSources.storage(over)));
    assertThat(written).contains("generated/swizzlegen/hopper_a.json");
    assertThat(storageFiles(written)).isEmpty();
    JavaFileObject badTile = com.google.testing.compile.JavaFileObjects.forSourceString("kern.Bad",
        "package kern;\n\nimport dev.swizzlegen.annotations.*;\n\n"
            + "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 64, cols = 64, alignment = 512,\n"
            + "    access = @Access(kind = AccessKind.TMA, op = Op.STORE))\n"
            + "public interface Bad {}\n");
    written = Generated.filesWrittenByJavac(Generated.REPORTS, badTile, StorageSources.storage(
        List.of("@Buffer(tile = Bad.class)", "@Buffer(name = \"full\", barriers = 1)")));
    assertThat(storageFiles(written)).isEmpty();
  }

  private static List<String> storageFiles(List<String> written) {
    return written.stream().filter(file -> file.contains("gemm_storage")
        || file.contains("GemmStorageLayout")).toList();
  }

  /** The model's buffers the report describes: kinds, sizes, alignments, copies, stages, phases. */
  private static List<Buffer> modelBuffers(Map<?, ?> report) {
    List<Buffer> buffers = new ArrayList<>();
    for (Object item : (List<?>) report.get("buffers")) {
      Map<?, ?> json = (Map<?, ?>) item;
      String name = (String) json.get("name");
      int copies = integer(json, "copies");
      int alignment = integer(json, "alignment");
      int copyBytes = integer(json, "copyBytes");
      Optional<String> phase = Optional.ofNullable((String) json.get("phase"));
      switch ((String) json.get("kind")) {
        case "TILE" -> {
          int stages = integer(json, "stages");
          List<?> parts = (List<?>) json.get("parts");
          int stride = copyBytes;
          int extent = copyBytes;
          if (stages > 1) {
            stride = integer((Map<?, ?>) parts.get(1), "offset")
                - integer((Map<?, ?>) parts.get(0), "offset");
            extent = integer((Map<?, ?>) parts.get(0), "bytes");
          }
          buffers.add(Buffer.tile(name, new Buffer.Stages(stages, stride, extent), alignment,
              copies, phase));
        }
        case "BARRIERS" -> buffers.add(Buffer.barriers(name, integer(json, "barriers"), copies,
            phase));
        default -> buffers.add(Buffer.bytes(name, copyBytes, alignment, copies, phase));
      }
    }
    return buffers;
  }

  private static void assertReportHolds(String what, Map<?, ?> report, Placement placement) {
    assertEquals(placement.bytes(), longValue(report, "bytes"), what);
    assertEquals(placement.alignment(), longValue(report, "alignment"), what);
    assertEquals(placement.dynamicBytes(), longValue(report, "dynamicBytes"), what);
    List<?> buffers = (List<?>) report.get("buffers");
    for (int i = 0; i < placement.buffers().size(); i++) {
      Map<?, ?> json = (Map<?, ?>) buffers.get(i);
      Buffer buffer = placement.buffers().get(i);
      assertEquals(placement.offsets().get(i).longValue(), longValue(json, "offset"),
          what + ": " + buffer.name());
      assertEquals(buffer.bytes(), longValue(json, "bytes"), what + ": " + buffer.name());
      assertEquals(buffer.copyStride(), longValue(json, "copyStride"), what + ": " + buffer.name());
    }
    List<String> phases = new ArrayList<>();
    for (Object band : (List<?>) report.get("phases")) {
      phases.add((String) ((Map<?, ?>) band).get("phase"));
    }
    assertEquals(bands(placement), phases, what);
  }

  /** The model's phases, or the one band of a plan without any (null in the report). */
  private static List<String> bands(Placement placement) {
    List<String> phases = new ArrayList<>(placement.phases());
    if (phases.isEmpty()) {
      phases.add(null);
    }
    return phases;
  }

  private static void assertPictureHolds(String what, Document svg, Placement placement,
      long limitBytes) {
    Element plot = byId(svg, "plot");
    long scale = Long.parseLong(plot.getAttribute("data-bytes-per-pixel"));
    assertEquals(1, Long.bitCount(scale), what + ": a power-of-two scale");
    List<Element> bands = byClass(plot, "g", "band");
    List<String> phases = bands(placement);
    assertEquals(phases.size(), bands.size(), what);
    for (int b = 0; b < bands.size(); b++) {
      String phase = phases.get(b);
      Element band = bands.get(b);
      assertEquals(phase == null ? "every phase" : phase, band.getAttribute("data-phase"), what);
      List<Element> rects = byClass(band, "rect", "buffer");
      List<Element> parts = byClass(band, "rect", "part");
      int live = 0;
      for (int i = 0; i < placement.buffers().size(); i++) {
        Buffer buffer = placement.buffers().get(i);
        String where = what + ": " + buffer.name() + " in " + band.getAttribute("data-phase");
        List<Element> drawn = withBuffer(rects, buffer.name());
        if (phase != null && !buffer.liveIn(phase)) {
          assertEquals(0, drawn.size(), where);
          continue;
        }
        live++;
        assertEquals(1, drawn.size(), where);
        assertEquals(placement.offsets().get(i).longValue(), pixels(drawn.get(0), "x") * scale,
            where);
        assertEquals(buffer.bytes(), pixels(drawn.get(0), "width") * scale, where);
        // Each stage of each copy, where the model puts it.
        List<Element> drawnParts = withBuffer(parts, buffer.name());
        int stages = buffer.stages().map(Buffer.Stages::count).orElse(1);
        assertEquals(buffer.copies() * stages > 1 ? buffer.copies() * stages : 0,
            drawnParts.size(), where);
        int p = 0;
        for (int copy = 0; copy < buffer.copies() && !drawnParts.isEmpty(); copy++) {
          for (int stage = 0; stage < stages; stage++) {
            long stride = buffer.stages().map(Buffer.Stages::strideBytes).orElse(0);
            long extent = buffer.stages().map(staged -> (long) staged.extentBytes())
                .orElse(buffer.copyBytes());
            Element part = drawnParts.get(p++);
            assertEquals(placement.offset(i, copy) + stage * stride, pixels(part, "x") * scale,
                where);
            assertEquals(extent, pixels(part, "width") * scale, where);
          }
        }
      }
      assertEquals(live, rects.size(), what);
    }
    // Each strip lies over the bytes its two buffers share, of two different phases.
    for (Element strip : byClass(plot, "rect", "reuse")) {
      int before = index(placement, strip.getAttribute("data-before"));
      int after = index(placement, strip.getAttribute("data-after"));
      long start = Math.max(placement.offsets().get(before), placement.offsets().get(after));
      long end = Math.min(placement.offsets().get(before) + placement.buffers().get(before).bytes(),
          placement.offsets().get(after) + placement.buffers().get(after).bytes());
      assertTrue(start < end, what);
      assertThat(placement.buffers().get(before).phase()).isNotEqualTo(
          placement.buffers().get(after).phase());
      assertEquals(start, pixels(strip, "x") * scale, what);
      assertEquals(end - start, pixels(strip, "width") * scale, what);
    }
    assertEquals(placement.phases().size() > 1, !byClass(plot, "rect", "reuse").isEmpty(), what);
    // The limit's line where it is on the scale, and the request: the plan then its slack.
    for (Element limit : byClass(plot, "line", "limit")) {
      assertEquals(limitBytes, pixels(limit, "x1") * scale, what);
    }
    Element request = byClass(plot, "rect", "plan").get(0);
    assertEquals(placement.bytes(), pixels(request, "width") * scale, what);
    List<Element> slack = byClass(plot, "rect", "slack");
    assertEquals(placement.dynamicBytes() > placement.bytes(), !slack.isEmpty(), what);
    for (Element rect : slack) {
      assertEquals(placement.bytes(), pixels(rect, "x") * scale, what);
      assertEquals(placement.dynamicBytes() - placement.bytes(), pixels(rect, "width") * scale,
          what);
    }
  }

  private static int index(Placement placement, String name) {
    for (int i = 0; i < placement.buffers().size(); i++) {
      if (placement.buffers().get(i).name().equals(name)) {
        return i;
      }
    }
    throw new AssertionError("no buffer " + name);
  }

  private static double pixels(Element element, String attribute) {
    return Double.parseDouble(element.getAttribute(attribute));
  }

  private static List<Element> withBuffer(List<Element> elements, String name) {
    return elements.stream().filter(element -> element.getAttribute("data-buffer").equals(name))
        .toList();
  }

  private static List<Element> byClass(Element root, String tag, String type) {
    List<Element> found = new ArrayList<>();
    NodeList all = root.getElementsByTagName(tag);
    for (int i = 0; i < all.getLength(); i++) {
      Element element = (Element) all.item(i);
      if (type.equals(element.getAttribute("class"))) {
        found.add(element);
      }
    }
    return found;
  }

  private static Element byId(Document svg, String id) {
    NodeList all = svg.getElementsByTagName("*");
    for (int i = 0; i < all.getLength(); i++) {
      Element element = (Element) all.item(i);
      if (id.equals(element.getAttribute("id"))) {
        return element;
      }
    }
    throw new AssertionError("no element #" + id);
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static int integer(Map<?, ?> json, String key) {
    return (int) longValue(json, key);
  }

  private static long longValue(Map<?, ?> json, String key) {
    return ((Number) json.get(key)).longValue();
  }
}
