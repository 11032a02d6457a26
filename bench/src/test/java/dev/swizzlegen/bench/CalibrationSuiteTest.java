package dev.swizzlegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.LaneNotation;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.RotatedLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The suite covers what the calibration must: every kind, width, order, degree and corner. */
class CalibrationSuiteTest {
  private final List<CalibrationSuite.Case> cases = CalibrationSuite.cases();

  @Test
  void atLeastFortyCasesWithUniqueIds() {
    assertTrue(cases.size() >= 40, cases.size() + " cases");
    assertEquals(cases.size(), cases.stream().map(CalibrationSuite.Case::id).distinct().count());
  }

  @Test
  void everyLoadStoreUnitKind() {
    Set<AccessKind> kinds = cases.stream().map(c -> c.access().kind()).collect(Collectors.toSet());
    assertEquals(Set.of(AccessKind.VECTOR, AccessKind.LDMATRIX, AccessKind.STMATRIX,
        AccessKind.MMA_ACCUMULATOR, AccessKind.LANES), kinds);
  }

  @Test
  void vectorWidthsGridsAndOrders() {
    Set<String> seen = new TreeSet<>();
    for (CalibrationSuite.Case c : cases) {
      if (c.access() instanceof VectorAccess vector && vector.threads().isPresent()) {
        VectorAccess.ThreadGrid grid = vector.threads().get();
        seen.add(vector.bytes() + "B " + grid.order());
        seen.add("grid " + grid.rows() + "x" + grid.cols());
      }
    }
    for (int bytes : new int[] {4, 8, 16}) {
      assertTrue(seen.contains(bytes + "B " + Order.ROW_MAJOR), seen.toString());
    }
    assertTrue(seen.contains("8B " + Order.COL_MAJOR) && seen.contains("16B " + Order.COL_MAJOR),
        seen.toString());
    assertTrue(seen.stream().filter(s -> s.startsWith("grid")).count() >= 4, seen.toString());
  }

  /**
   * Lane maps: at least 12, each width on halves and floats, loads and stores, both notations,
   * broadcasts (pairs, groups, one word), swizzled and not, clean and 4- and 32-way.
   */
  @Test
  void laneMapsOfEveryWidthNotationAndBroadcast() {
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    Set<String> seen = new TreeSet<>();
    for (CalibrationSuite.Case c : cases) {
      if (c.access() instanceof LanesAccess lanes) {
        var layout = c.tile().layout();
        seen.add("lanes");
        seen.add(layout.dtype() + " " + lanes.bytes() + "B");
        seen.add(lanes.op().toString());
        seen.add(LaneNotation.isTriton(lanes.lanes()) ? "triton" : "cute");
        seen.add(((TileLayout) layout).inner().isIdentity() ? "plain" : "swizzled");
        int shared = lanes.map(layout).sharedLanes();
        seen.add(shared == 31 ? "one word" : shared > 0 ? "broadcast " + lanes.op() : "no broadcast");
        seen.add("degree " + analyzer.analyze(layout, lanes).degree());
      }
    }
    assertTrue(cases.stream().filter(c -> c.access() instanceof LanesAccess).count() >= 12);
    assertTrue(seen.containsAll(Set.of("HALF 4B", "HALF 8B", "HALF 16B", "FLOAT 4B", "FLOAT 8B",
        "LOAD", "STORE", "triton", "cute", "swizzled", "plain", "one word", "broadcast LOAD",
        "broadcast STORE", "degree 1", "degree 4", "degree 32")), seen.toString());
  }

  @Test
  void everyMatrixCountAndTrans() {
    Set<String> seen = cases.stream().filter(c -> c.access() instanceof MatrixAccess)
        .map(c -> c.access().description()).collect(Collectors.toSet());
    assertTrue(seen.containsAll(Set.of("ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4",
        "ldmatrix.x4.trans", "stmatrix.x4", "stmatrix.x1.trans")), seen.toString());
  }

  @Test
  void conflictFreeAndEveryDegree() {
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    Set<Integer> degrees = cases.stream()
        .map(c -> analyzer.analyze(c.tile().layout(), c.access()).degree())
        .collect(Collectors.toSet());
    assertTrue(degrees.containsAll(Set.of(1, 2, 4, 8, 16, 32)), degrees.toString());
  }

  @Test
  void overlappingMasksBroadcastMisalignmentAndSeed004() {
    assertTrue(cases.stream().anyMatch(c -> c.tile().layout() instanceof TileLayout t
        && t.swizzle().masksOverlap()));
    assertTrue(cases.stream().anyMatch(c -> c.access() instanceof VectorAccess v
        && v.bytes() < 4));
    assertTrue(cases.stream().anyMatch(c -> c.tile().baseOffsetBytes() != 0));
    assertEquals(5, cases.stream().filter(c -> c.tile().layout() instanceof RotatedLayout).count());
  }
}
