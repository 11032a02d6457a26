package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Derivation where no {@code Swizzle<B,M,S>} serves: a general XOR map, printed by the header and the
 * helper, proven on the helper's own offsets, and pasteable back as {@code layout = "..."}; where no
 * XOR map serves, an error with a certificate.
 */
class XorMapDerivationTest {
  private static final String COLUMN = "[[1,0],[2,0],[4,0],[8,0],[16,0]]";
  private static final String ROWS_8_APART = "[[8,0],[16,0],[0,4],[1,0],[2,0]]";

  private static JavaFileObject source(String type, String annotation) {
    return JavaFileObjects.forSourceString("xor." + type,
        "package xor;\n\nimport dev.swizzlegen.annotations.*;\n\n" + annotation
            + "\ninterface " + type + " {}\n");
  }

  private static String twoLaneMaps(String geometry) {
    return "@SwizzledTile(dtype = DType.FLOAT, " + geometry + ",\n    access = {\n"
        + "        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16, lanes = \"" + COLUMN
        + "\", label = \"column\"),\n"
        + "        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16, lanes = \""
        + ROWS_8_APART + "\", label = \"rows 8 apart\")})";
  }

  /** The helper's offset function as a layout, for the analyzer to cost. */
  private static Layout helperLayout(Generated.Helper helper, int rows, int cols) {
    return new Layout() {
      @Override
      public DType dtype() {
        return DType.FLOAT;
      }

      @Override
      public int rows() {
        return rows;
      }

      @Override
      public int cols() {
        return cols;
      }

      @Override
      public int alignment() {
        return helper.intConstant("ALIGNMENT");
      }

      @Override
      public int offset(int row, int col) {
        return helper.call("offset", row, col);
      }
    };
  }

  @Test
  void twoLaneMapsGetAConflictFreeGeneralMapOnTheHelpersOwnOffsets() {
    Generated generated = Generated.of(Generated.REPORTS, source("TwoLaneMaps",
        twoLaneMaps("rows = 32, cols = 32, atomRows = 32, atomCols = 32")));
    Generated.Helper helper = generated.helper("xor.TwoLaneMapsSwizzle");
    TileLayout layout = (TileLayout) helper.constant("LAYOUT");
    assertFalse(layout.hasSwizzle(), layout.toString());
    Layout offsets = helperLayout(helper, 32, 32);
    boolean[] seen = new boolean[32 * 32];
    for (int row = 0; row < 32; row++) {
      for (int col = 0; col < 32; col++) {
        int offset = offsets.offset(row, col);
        assertFalse(seen[offset]);
        seen[offset] = true;
        assertEquals(row, helper.call("row", offset));
        assertEquals(col, helper.call("col", offset));
      }
    }
    for (String lanes : List.of(COLUMN, ROWS_8_APART)) {
      AccessPattern access = LanesAccess.of(Op.LOAD, 16, lanes);
      AccessReport report = ConflictAnalyzer.nvidia().analyze(offsets, access);
      assertTrue(report.conflictFree(), lanes + ": " + report);
    }
    String header = generated.text("swizzlegen/two_lane_maps.cuh");
    assertThat(header).contains("general XOR map");
    assertThat(header).contains("XOR map o ^");
    // The pasteable layout in the notes declares the same tile.
    String notes = header.replace("\n//   ", " ");
    Matcher pasted = Pattern.compile("layout = \"([^\"]*)\"").matcher(notes);
    assertTrue(pasted.find(), notes);
    String cute = pasted.group(1);
    Generated again = Generated.of(source("Pasted", "@SwizzledTile(dtype = DType.FLOAT, layout = \""
        + cute + "\",\n    access = {\n"
        + "        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16, lanes = \"" + COLUMN
        + "\"),\n"
        + "        @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 16, lanes = \""
        + ROWS_8_APART + "\")})"));
    Generated.Helper pastedHelper = again.helper("xor.PastedSwizzle");
    for (int row = 0; row < 32; row++) {
      for (int col = 0; col < 32; col++) {
        assertEquals(helper.call("offset", row, col), pastedHelper.call("offset", row, col));
      }
    }
    assertEquals(layout.inner(), ((TileLayout) pastedHelper.constant("LAYOUT")).inner());
  }

  @Test
  void aColumnOfFloatsBesideWholeVectorsHasACertificate() {
    Compilation compilation = Generated.compile(source("Column",
        "@SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32, access = {\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.STORE, bytes = 16),\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 4, threads = {32, 1},"
            + " label = \"column read\")})"));
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining(
        "nor does any invertible XOR map of the tile's offset that keeps 16-byte vectors whole");
    assertThat(compilation).hadErrorContaining("of one phase of column read");
    assertThat(compilation).hadErrorContaining("touch 9 words that agree in the bank bits the"
        + " 16-byte vectors fix, and a map sets only 3 bank bits for them (8 banks)");
    assertThat(compilation).hadErrorContaining("leaving out");
  }

  /**
   * Three lane maps on 16 x 16 floats (found by a seeded random search) whose forbidden differences
   * span more dimensions than the three bank bits a map may set: the error lists them.
   */
  @Test
  void differencesSpanningTooManyDimensionsAreACertificate() {
    String[] lanes = {"[[0,4],[4,0],[2,8],[4,4],[0,0]]", "[[4,4],[2,0],[2,8],[0,0],[1,0]]",
        "[[2,8],[4,8],[4,4],[0,0],[0,8]]"};
    StringBuilder accesses = new StringBuilder();
    for (int i = 0; i < lanes.length; i++) {
      accesses.append(i == 0 ? "" : ",\n").append("    @Access(kind = AccessKind.LANES, op = Op.LOAD,"
          + " bytes = 16, lanes = \"").append(lanes[i]).append("\", label = \"map ").append(i)
          .append("\")");
    }
    Compilation compilation = Generated.compile(source("Spanned",
        "@SwizzledTile(dtype = DType.FLOAT, rows = 16, cols = 16, access = {\n" + accesses
            + "})"));
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining(
        "nor does any invertible XOR map of the tile's offset that keeps 16-byte vectors whole: the"
            + " words of lanes 0 and 1 of map 0 (instruction 0, phase 0, at (0, 0) and (0, 4))");
    assertThat(compilation).hadErrorContaining("differ by 4 independent offsets whose 15 nonzero"
        + " sums each separate two lanes of one phase, more dimensions than the 3 bank bits a map"
        + " sets, so every map sends one of those sums to bank 0 and two lanes of a phase share a"
        + " bank.");
    assertThat(compilation).hadErrorContaining("what would work: leaving out map 0, with");
  }

  @Test
  void anEngineAdmitsNoGeneralMap() {
    Compilation compilation = Generated.compile(source("Engine",
        "@SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32, access = {\n"
            + "    @Access(kind = AccessKind.TMA, op = Op.LOAD),\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 16, threads = {32, 1}),\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 4, threads = {32, 1})})"));
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("general XOR maps are not candidates, since TMA,"
        + " wgmma and UMMA read only their own swizzle modes");
  }

  /**
   * Issue 39, item 7: every derivation error says why no general XOR map was searched, also where a
   * free atom serves. A 32 x 48 atom (a free atom finds a swizzle within each row) and a 48 x 32 one
   * (nothing serves) are both outside the general search, and both errors say so.
   */
  @Test
  void everyDerivationErrorSaysWhyNoGeneralMapWasSearched() {
    String why = "general XOR maps are searched only on one atom of power-of-two rows and columns,"
        + " rows unpadded";
    Compilation wide = Generated.compile(source("Wide",
        "@SwizzledTile(dtype = DType.HALF, rows = 32, cols = 96, atomRows = 32, atomCols = 48,"
            + " access = {\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 16, threads = {32, 1}),\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.STORE, bytes = 16)})"));
    assertThat(wide).hadErrorCount(1);
    assertThat(wide).hadErrorContaining("the search was limited to the declared 32 x 48 atom; "
        + why + "; with the atom free, as derivation leaves it when atomRows and atomCols are"
        + " omitted, Swizzle<2,3,3> within each row makes every declared access of the tile"
        + " conflict-free");
    Compilation tall = Generated.compile(source("Tall",
        "@SwizzledTile(dtype = DType.FLOAT, rows = 96, cols = 32, atomRows = 48, atomCols = 32,"
            + " access = {\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 4, threads = {16, 2}),\n"
            + "    @Access(kind = AccessKind.VECTOR, op = Op.LOAD, bytes = 16, threads = {8, 4})})"));
    assertThat(tall).hadErrorCount(1);
    assertThat(tall).hadErrorContaining("the search was limited to the declared 48 x 32 atom, but"
        + " with the atom free none works either");
    assertThat(tall).hadErrorContaining("; " + why + ".");
  }
}
