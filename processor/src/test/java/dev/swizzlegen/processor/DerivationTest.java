package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Tiles whose bits, base and shift are omitted: the solver's choice is generated like an explicit
 * tile's, every file says why, and a tile the family cannot serve is an error that says what would.
 * (The seed 001 cases themselves are in {@link TileCorpus}, where their helpers and headers run.)
 */
class DerivationTest {

  private static JavaFileObject source(String type, String annotation) {
    return JavaFileObjects.forSourceString("derived." + type,
        "package derived;\n\nimport dev.swizzlegen.annotations.*;\n\n" + annotation
            + "\ninterface " + type + " {}\n");
  }

  @Test
  void everyGeneratedFileSaysWhichSwizzleWasChosenAndWhy() {
    JavaFileObject tile = source("Operand", "@SwizzledTile(dtype = DType.HALF, rows = 128,"
        + " cols = 64,\n    access = @Access(kind = AccessKind.LDMATRIX))");
    Generated generated = Generated.of(Generated.REPORTS, tile);
    String why = "3 XOR bits are the fewest that make every access acceptable: the mildest swizzle"
        + " with fewer bits, Swizzle<2,3,3>, leaves a 2-way conflict.";
    assertThat(generated.text("derived.OperandSwizzle").replace("\n * ", " ")).contains(
        "Derived by swizzlegen (bits, base and shift omitted): " + why.replace("<", "&lt;")
            .replace(">", "&gt;"));
    assertThat(generated.text("swizzlegen/operand.cuh").replace("\n//   ", " "))
        .contains("Derived by swizzlegen (bits, base and shift omitted): " + why);
    String json = generated.text("swizzlegen/operand.json");
    assertThat(json).contains("\"derived\": true");
    assertThat(json).contains("\"why\": \"" + why);
    assertEquals(3, generated.helper("derived.OperandSwizzle").constant("BITS"));
    assertEquals(3, generated.helper("derived.OperandSwizzle").constant("SHIFT"));
  }

  @Test
  void anExplicitTileSaysNothingOfDerivation() {
    Generated generated = Generated.of(Generated.REPORTS, source("Explicit",
        "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = 128, cols = 64)"));
    assertThat(generated.text("swizzlegen/explicit.cuh")).doesNotContain("Derived");
    assertThat(generated.text("swizzlegen/explicit.json")).contains("\"derived\": false");
  }

  @Test
  void aDerivedTileWithoutDeclaredAccessesServesTheDefaults() {
    Generated generated = Generated.of(source("Defaults",
        "@SwizzledTile(dtype = DType.BF16, rows = 64, cols = 64)"));
    TileLayout layout = (TileLayout) generated.helper("derived.DefaultsSwizzle").constant("LAYOUT");
    assertEquals("Swizzle<3,3,3>", layout.swizzleName());
  }

  @Test
  void aRowLengthThatIsNoPowerOfTwoGetsTheRowForm() {
    Generated generated = Generated.of(source("Wide", "@SwizzledTile(dtype = DType.HALF, rows = 8,"
        + " cols = 192, access = {@Access(op = Op.STORE),"
        + " @Access(threads = {8, 4}, order = Order.COL_MAJOR)})"));
    TileLayout layout = (TileLayout) generated.helper("derived.WideSwizzle").constant("LAYOUT");
    assertTrue(layout.swizzlesWithinEachRow());
    assertEquals(256, layout.wordCols());
    assertThat(generated.text("swizzlegen/wide.cuh"))
        .contains("return row * kRowStride + (col ^ row_xor(row));");
  }

  @Test
  void aTmaEngineGetsItsModeItsAlignmentAndTheHeaderNamesIt() {
    Generated generated = Generated.of(source("Stage", "@SwizzledTile(dtype = DType.HALF, rows = 64,"
        + " cols = 32, access = {@Access(kind = AccessKind.TMA, op = Op.STORE),"
        + " @Access(kind = AccessKind.LDMATRIX)})"));
    String header = generated.text("swizzlegen/stage.cuh");
    assertThat(header).contains("static constexpr uint32_t kAlignmentBytes = 512;");
    assertThat(header).contains(
        "static constexpr CUtensorMapSwizzle kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_64B;");
    assertThat(header).contains("#include <cuda.h>");
  }

  /**
   * Issue 11: a 128 x 128 half tile filled by TMA gets CuTe's layout, two column blocks of
   * Swizzle<3,3,3> on 8 x 64 atoms, not one swizzle over 256-byte rows, and every file says why.
   */
  @Test
  void aTmaTileWiderThanABoxRowIsDerivedAsColumnBlocksOfCanonicalAtoms() {
    Generated generated = Generated.of(source("WideStage", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 128, cols = 128, stages = 2, access = {@Access(kind = AccessKind.TMA,"
        + " op = Op.STORE), @Access(kind = AccessKind.LDMATRIX)})"));
    TileLayout layout = (TileLayout) generated.helper("derived.WideStageSwizzle").constant("LAYOUT");
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).alignment(1024)
        .atom(8, 64, Order.COL_MAJOR).stages(2).build(), layout);
    String header = generated.text("swizzlegen/wide_stage.cuh");
    assertThat(header).contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B;");
    assertThat(header.replace("\n//   ", " ")).contains("here on 8 x 64 atoms (128-byte rows) in 2"
        + " column blocks, numbered down the rows first as CuTe's tile_to_shape does (wider atoms"
        + " come first, but no swizzle of whole 256-byte rows serves every access); TMA can fill it"
        + " with CU_TENSOR_MAP_SWIZZLE_128B in 2 boxes of 128 x 64 (a box row spans at most 128"
        + " bytes).");
    // Without TMA the whole rows serve: one swizzle of the 256-byte rows, as before.
    Generated plain = Generated.of(source("WideLdmatrix", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 128, cols = 128, access = @Access(kind = AccessKind.LDMATRIX))"));
    TileLayout rows = (TileLayout) plain.helper("derived.WideLdmatrixSwizzle").constant("LAYOUT");
    assertTrue(rows.isOneAtom());
    assertEquals(Swizzle.of(3, 3, 4), rows.swizzle());
  }

  @Test
  void declaredAtomsAreKeptWhenTheSwizzleIsDerived() {
    Generated generated = Generated.of(source("MnMajor", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 64, cols = 128, atomRows = 8, atomCols = 64, atomOrder = Order.ROW_MAJOR,"
        + " access = {@Access(kind = AccessKind.TMA, op = Op.STORE),"
        + " @Access(kind = AccessKind.LDMATRIX, trans = true)})"));
    TileLayout layout = (TileLayout) generated.helper("derived.MnMajorSwizzle").constant("LAYOUT");
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128).alignment(1024)
        .atom(8, 64, Order.ROW_MAJOR).build(), layout);
  }

  @Test
  void whenNothingInTheFamilyWorksTheTileIsAnErrorThatSaysWhatWould() {
    JavaFileObject tile = source("Floats", "@SwizzledTile(dtype = DType.FLOAT, rows = 32, cols = 32,"
        + "\n    access = {@Access(op = Op.STORE, bytes = 16), @Access(bytes = 4, threads = {32, 1})})");
    Compilation compilation = Generated.compile(tile);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Floats: bits, base and shift are omitted, but"
            + " no XOR swizzle")
        .inFile(tile).onLineContaining("@SwizzledTile(");
    assertThat(compilation).hadErrorContaining("the mildest, Swizzle<3,2,3>, still leaves a 4-way"
        + " conflict; what would work: 4-byte vectors for 16-byte vector store");
    assertThat(Generated.filesWrittenByJavac(tile)).isEmpty();
  }

  @Test
  void aConflictOnARowLengthThatIsNoPowerOfTwoSuggestsDeriving() {
    JavaFileObject tile = source("Plain", "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF,"
        + " rows = 8, cols = 192,\n    access = {@Access(op = Op.STORE),\n"
        + "        @Access(threads = {8, 4}, order = Order.COL_MAJOR)})");
    Compilation compilation = Generated.compile(tile);
    assertThat(compilation).hadErrorContaining("8-way bank conflict")
        .inFile(tile).onLineContaining("threads = {8, 4}");
    assertThat(compilation).hadErrorContaining("Swizzle<3,3,3> within each row makes every declared"
        + " access of the tile conflict-free; omit bits, base and shift to have swizzlegen derive"
        + " it.");
  }
}
