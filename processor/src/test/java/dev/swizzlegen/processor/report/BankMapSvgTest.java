package dev.swizzlegen.processor.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.RotatedLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The picture is well-formed SVG that shows what the model says: words, elements, lanes, banks. */
class BankMapSvgTest {
  private static final int CELL_WIDTH = 44;
  private static final int CELL_HEIGHT = 22;
  private static final int LEFT = 56;
  private static final int TOP = 40;

  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  @Test
  void everyDrawnWordIsLabelledWithTheElementStoredThere() throws Exception {
    for (Layout layout : List.of(
        TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
            .rowStride(64).alignment(128).build(),
        TileLayout.builder(DType.DOUBLE, Swizzle.of(2, 1, 3), 8, 16)
            .rowStride(16).alignment(128).build(),
        TileLayout.builder(DType.UINT8, Swizzle.of(3, 4, 3), 32, 128)
            .rowStride(128).alignment(128).build(),
        RotatedLayout.seed004Operand(32))) {
      AccessReport report = analyzer.analyze(layout, VectorAccess.coalesced(Op.STORE, 16));
      Element words = byId(parse(BankMapSvg.of(layout).render("tile", List.of(report))), "words");
      Map<Integer, String> labels = new TreeMap<>();
      NodeList texts = words.getElementsByTagName("text");
      for (int i = 0; i < texts.getLength(); i++) {
        Element text = (Element) texts.item(i);
        if (!text.getTextContent().startsWith("+")) {
          labels.put(word(text, 3, 9), text.getTextContent());
        }
      }
      Map<Integer, String> expected = new TreeMap<>();
      int drawnWords = Math.min(BankMapSvg.MAX_LINES * 32,
          layout.rows() * layout.cols() * layout.elementBytes() / 4);
      for (int row = 0; row < layout.rows(); row++) {
        for (int col = 0; col < layout.cols(); col++) {
          int address = layout.byteOffset(row, col);
          for (int at = address; at < address + layout.elementBytes(); at += 4) {
            if (at % 4 == 0 && at / 4 < drawnWords) {
              expected.put(at / 4, row + "," + col);
            }
          }
        }
      }
      assertEquals(expected, labels, layout.toString());
    }
  }

  @Test
  void eachPanelOutlinesItsShownPhaseAndMarksTheConflictingBank() throws Exception {
    Layout unswizzled = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64)
        .rowStride(64).alignment(128).build();
    List<AccessPattern> accesses = List.of(VectorAccess.coalesced(Op.STORE, 16),
        MatrixAccess.ldmatrix(4, false));
    List<AccessReport> reports = new ArrayList<>();
    for (AccessPattern access : accesses) {
      reports.add(analyzer.analyze(unswizzled, access));
    }
    Document svg = parse(BankMapSvg.of(unswizzled).render("unswizzled", reports));
    assertEquals(2, svg.getElementsByTagName("view").getLength());
    byId(svg, "access-0");
    byId(svg, "access-1");
    List<Element> panels = new ArrayList<>();
    NodeList groups = svg.getElementsByTagName("g");
    for (int g = 0; g < groups.getLength(); g++) {
      if (((Element) groups.item(g)).hasAttribute("transform")) {
        panels.add((Element) groups.item(g));
      }
    }
    assertEquals(2, panels.size());
    for (int i = 0; i < reports.size(); i++) {
      AccessReport report = reports.get(i);
      Element panel = panels.get(i);
      Map<Integer, String> lanes = new HashMap<>();
      NodeList texts = panel.getElementsByTagName("text");
      for (int t = 0; t < texts.getLength(); t++) {
        Element text = (Element) texts.item(t);
        if (text.getTextContent().startsWith("T")) {
          lanes.put(word(text, 3, 19), text.getTextContent());
        }
      }
      Phase shown = report.witness()
          .map(w -> report.access().instructions(unswizzled).get(w.instruction()).phases()
              .get(w.phase()))
          .orElse(report.access().instructions(unswizzled).get(0).phases().get(0));
      Map<Integer, String> expected = new HashMap<>();
      for (LaneAccess lane : shown.lanes()) {
        for (long at = lane.byteAddress(); at < lane.byteAddress() + lane.bytes(); at += 4) {
          expected.putIfAbsent((int) (at / 4), "T" + lane.lane());
        }
      }
      assertEquals(expected, lanes, report.access().label());
      boolean bankMarked = false;
      NodeList rects = panel.getElementsByTagName("rect");
      for (int r = 0; r < rects.getLength(); r++) {
        bankMarked |= "#d00".equals(((Element) rects.item(r)).getAttribute("stroke"));
      }
      assertEquals(!report.conflictFree(), bankMarked, report.access().label());
    }
    assertTrue(reports.get(1).degree() == 8, "ldmatrix on rows of 128 bytes: 8-way");
  }

  /** The word a cell's text stands in: its position less the text's offset in the cell. */
  private static int word(Element text, int dx, int dy) {
    int bank = (Integer.parseInt(text.getAttribute("x")) - dx - LEFT) / CELL_WIDTH;
    int line = (Integer.parseInt(text.getAttribute("y")) - dy - TOP) / CELL_HEIGHT;
    return line * 32 + bank;
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static Element byId(Document svg, String id) {
    NodeList all = svg.getElementsByTagName("*");
    for (int i = 0; i < all.getLength(); i++) {
      Element element = (Element) all.item(i);
      if (id.equals(element.getAttribute("id"))) {
        return element;
      }
    }
    throw new AssertionError("no element with id " + id);
  }
}
