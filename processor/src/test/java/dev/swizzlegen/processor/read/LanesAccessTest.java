package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Access(kind = LANES, lanes = ...)}: any lane map is proven, reported and generated as the
 * other accesses are, and each way a map can be wrong is one error on the attribute at fault.
 */
class LanesAccessTest {

  /** A tile whose one {@code @Access} has each attribute on its own line. */
  private static JavaFileObject tile(String tile, String... access) {
    return JavaFileObjects.forSourceString("lanes.Tile", "package lanes;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(" + tile + ",\n"
        + "    access = @Access(\n        " + String.join(",\n        ", access) + "))\n"
        + "interface Tile {}\n");
  }

  private static void assertOneErrorOnLine(String message, String line, String tile,
      String... access) {
    JavaFileObject source = tile(tile, access);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Tile: ").inFile(source).onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  private static final String HALF_64 = "rows = 64, cols = 64, dtype = DType.HALF, bits = 0";

  @Test
  void aColumnReadIsEightWayUnswizzledAndFreeWithSwizzle333() {
    String[] column = {"kind = AccessKind.LANES", "bytes = 16", "lanes = \"_32:_1\""};
    assertOneErrorOnLine("16-byte lane map load _32:_1 has an 8-way bank conflict: 32 wavefronts"
        + " per instruction where 4 would do; in phase 0 of instruction 0, lanes 0, 1, 2, 3 and 4"
        + " more touch (row 0, col 0), (row 1, col 0), (row 2, col 0), (row 3, col 0) and 4 more,"
        + " distinct words all in bank 0; Swizzle<3,3,3> (bits = 3, base = 3, shift = 3) makes every"
        + " declared access of the tile conflict-free.", "access = @Access(", HALF_64, column);
    Generated generated = Generated.of(Generated.REPORTS,
        tile("rows = 64, cols = 64, dtype = DType.HALF, bits = 3, base = 3, shift = 3", column));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    String report = generated.text("swizzlegen/tile.json");
    assertThat(report).contains("\"kind\": \"LANES\"");
    assertThat(report).contains("\"lanes\": \"_32:_1\"");
    assertThat(report).contains("\"conflictFree\": true");
    assertThat(generated.text("swizzlegen/tile.cuh"))
        .contains("16-byte lane map load _32:_1: conflict-free");
  }

  /**
   * Lanes that repeat in pairs (lane i reads what lane i ^ 1 reads) load 16 bytes in two merged
   * phases of 16 lanes, as the H100 serves them: the proof, the report and a conflict's witness say
   * so, and a merged phase pays the conflicts of all 16 lanes (measured: 4 wavefronts where 2 would
   * do; the quarter-warps alone would have cost 8).
   */
  @Test
  void lanePairsLoadInMergedPhasesThatPayTheirConflictsTogether() {
    String floats = "rows = 32, cols = 32, dtype = DType.FLOAT, bits = 0";
    Generated clean = Generated.of(Generated.REPORTS, tile(floats, "kind = AccessKind.LANES",
        "bytes = 16", "lanes = \"[[0,0],[0,4],[0,8],[0,16],[1,0]]\""));
    assertThat(clean.compilation()).succeededWithoutWarnings();
    // The header's comment wraps a long verdict: read it as one line.
    assertThat(Generated.unfolded(clean.text("swizzlegen/tile.cuh")))
        .contains("conflict-free, 2 wavefronts per"
        + " instruction, lane pairs repeating: two phases served as one");
    assertThat(clean.text("swizzlegen/tile.json")).contains("\"mergedInstructions\": 16");
    assertOneErrorOnLine("has a 2-way bank conflict: 4 wavefronts per instruction where 2 would"
        + " do; in phase 0 (lanes 0-15, two phases served as one: every lane reads what lane i ^ 1"
        + " or i ^ 2 reads) of instruction 0, lanes 0, 4 touch (row 0, col 0), (row 1, col 0),"
        + " distinct words all in bank 0", "access = @Access(", floats, "kind = AccessKind.LANES",
        "bytes = 16", "lanes = \"[[0,0],[0,4],[1,0],[0,8],[0,16]]\"");
  }

  @Test
  void theHelperSpellsTheMapAsItsTextForm() {
    Generated generated = Generated.of(List.of(), tile(
        "rows = 16, cols = 16, dtype = DType.HALF, bits = 2, base = 3, shift = 3",
        "kind = AccessKind.LANES", "op = Op.STORE", "bytes = 16",
        "lanes = \"[[1,0],[2,0],[4,0],[8,0],[0,8]]\"", "label = \"seed 000's ColMajor<16,2>\""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    List<AccessPattern> accesses = new ArrayList<>();
    for (Object access : (List<?>) generated.helper("lanes.TileSwizzle").constant("ACCESSES")) {
      accesses.add((AccessPattern) access);
    }
    assertThat(accesses).containsExactly(LanesAccess.of(Op.STORE, 16,
        "[[1,0],[2,0],[4,0],[8,0],[0,8]]").withLabel("seed 000's ColMajor<16,2>"));
  }

  @Test
  void derivationMakesADeclaredMapConflictFree() {
    Generated generated = Generated.of(Generated.REPORTS, tile(
        "rows = 64, cols = 64, dtype = DType.HALF",
        "kind = AccessKind.LANES", "bytes = 16", "lanes = \"[[1,0],[2,0],[4,0],[8,0],[16,0]]\""));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertThat(generated.text("swizzlegen/tile.json")).contains("\"conflictFree\": true");
  }

  @Test
  void aLanesAccessNeedsItsLanes() {
    assertOneErrorOnLine("a LANES access names the element of each of the 32 lanes: give lanes =",
        "access = @Access(", HALF_64, "kind = AccessKind.LANES", "bytes = 4");
  }

  @Test
  void lanesOnAnotherKindIsAnError() {
    assertOneErrorOnLine("lanes does not apply to a VECTOR access.", "lanes = ", HALF_64,
        "kind = AccessKind.VECTOR", "bytes = 16", "lanes = \"_32:_1\"");
  }

  @Test
  void unparsableLanesSayWhere() {
    assertOneErrorOnLine("lanes does not parse as Triton's bases [[r0,c0],...,[r4,c4]]: at"
        + " character 11 of \"[[0,1],[2 0]]\", expected ',' between a base's row and col.",
        "lanes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 4", "lanes = \"[[0,1],[2 0]]\"");
    assertOneErrorOnLine("lanes does not parse as a CuTe layout of the lanes: at character 17 of"
        + " \"(_2,_16):(_0,_32\"", "lanes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 4",
        "lanes = \"(_2,_16):(_0,_32\"");
  }

  @Test
  void notThirtyTwoLanes() {
    assertOneErrorOnLine("Triton's bases name one (row, col) per lane bit: 5 for the 32 lanes of a"
        + " warp, not 4.", "lanes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 4",
        "lanes = \"[[0,2],[0,4],[0,8],[0,16]]\"");
    assertOneErrorOnLine("a CuTe layout of the lanes maps the 32 lanes of a warp, not 64",
        "lanes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 4", "lanes = \"_64:_1\"");
  }

  @Test
  void aLaneOutsideTheTile() {
    assertOneErrorOnLine("the map puts lane 16 on (row 64, col 0), outside the 64 x 64 tile.",
        "lanes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 4",
        "lanes = \"[[0,2],[0,4],[0,8],[0,16],[64,0]]\"");
  }

  @Test
  void aLaneCrossingTheRowEndIsItsBytes() {
    assertOneErrorOnLine("lane 15's 16 bytes from (row 0, col 60) run past the end of the row's 64"
        + " elements.", "bytes = ", HALF_64, "kind = AccessKind.LANES", "bytes = 16",
        "lanes = \"[[0,4],[0,8],[0,16],[0,32],[1,0]]\"");
  }

  /**
   * Issue 33's two maps whose footprints do not divide the tile, now stepped by the least box that
   * does (SPEC section 3): lanes on rows 0, 2, ..., 14 of a 64-row tile, and rows 0 to 27 of a
   * 32-row tile; each proven and reported with its instructions.
   */
  @Test
  void aFootprintThatDoesNotDivideTheTileIsRoundedUp() {
    Generated everyOtherRow = Generated.of(Generated.REPORTS, tile(
        "rows = 64, cols = 64, dtype = DType.HALF, bits = 3, base = 3, shift = 4",
        "kind = AccessKind.LANES", "bytes = 16", "lanes = \"[[2,0],[4,0],[8,0],[0,8],[0,16]]\""));
    assertThat(everyOtherRow.compilation()).succeededWithoutWarnings();
    // Steps of 16 x 32: 4 down, 2 across.
    assertThat(everyOtherRow.text("swizzlegen/tile.json")).contains("\"instructions\": 8,");
    Generated deep = Generated.of(Generated.REPORTS, tile(
        "rows = 32, cols = 32, dtype = DType.FLOAT, bits = 0",
        "kind = AccessKind.LANES", "bytes = 4", "lanes = \"[[0,1],[0,2],[0,4],[0,8],[27,16]]\""));
    assertThat(deep.compilation()).succeededWithoutWarnings();
    // Rows 0 and 27: one step of the whole 32 x 32 tile.
    assertThat(deep.text("swizzlegen/tile.json")).contains("\"instructions\": 1,");
  }

  @Test
  void aMisalignedLane() {
    assertOneErrorOnLine("lane 1 starts at (row 0, col 4), element offset 4, not a multiple of the"
        + " 8 elements its 16 bytes hold", "lanes = ",
        "rows = 64, cols = 20, dtype = DType.HALF, bits = 0", "kind = AccessKind.LANES",
        "bytes = 16", "lanes = \"[[0,4],[0,8],[1,0],[2,0],[4,0]]\"");
  }

  @Test
  void bytesThatNoLoadMovesOrThatSplitElements() {
    assertOneErrorOnLine("bytes must be 1, 2, 4, 8 or 16 (one LDS/STS), not 12.", "bytes = ",
        HALF_64, "kind = AccessKind.LANES", "bytes = 12", "lanes = \"_32:_1\"");
    assertOneErrorOnLine("a 2-byte vector cannot hold whole FLOAT elements", "bytes = ",
        "rows = 32, cols = 32, dtype = DType.FLOAT, bits = 0", "kind = AccessKind.LANES",
        "bytes = 2", "lanes = \"_32:_1\"");
  }

  @Test
  void aSwizzleThatSplitsALanesBytesIsTheLanesWidth() {
    assertOneErrorOnLine("the layout does not keep the 16 bytes of (row 1, cols 0..7) contiguous"
        + " and aligned, so lanes of 16 bytes cannot move them", "bytes = ",
        "rows = 32, cols = 32, dtype = DType.HALF, bits = 3, base = 2, shift = 3",
        "kind = AccessKind.LANES", "bytes = 16", "lanes = \"_32:_1\"");
  }
}
