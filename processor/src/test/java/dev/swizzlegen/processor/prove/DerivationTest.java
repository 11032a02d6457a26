package dev.swizzlegen.processor.prove;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Tiles whose bits, base and shift are omitted: the solver's choice is generated like an explicit
 * tile's, every text file says why (the header and the report; the helper, a class file, holds the
 * choice), and a tile the family cannot serve is an error that says what would.
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
    String why = "3 XOR bits are the fewest that make every access acceptable on whole 128-byte"
        + " rows: the mildest swizzle with fewer bits, Swizzle<2,3,3>, leaves a 2-way conflict.";
    assertThat(generated.text("swizzlegen/operand.cuh").replace("\n//   ", " "))
        .contains("Derived by swizzlegen (bits, base and shift omitted): " + why);
    String json = generated.text("swizzlegen/operand.json");
    assertThat(json).contains("\"derived\": true");
    assertThat(json).contains("\"why\": \"" + why);
    assertEquals(3, generated.helper("derived.OperandSwizzle").constant("BITS"));
    assertEquals(3, generated.helper("derived.OperandSwizzle").constant("SHIFT"));
    TileLayout layout = (TileLayout) generated.helper("derived.OperandSwizzle").constant("LAYOUT");
    assertEquals("Swizzle<3,3,3>", layout.swizzleName());
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

  /**
   * Declared whole rows whose length is no power of two get the row form; left free, the same rows
   * get CuTe's canonical atom, which serves with as many bits (issue 30, item 10).
   */
  @Test
  void wholeRowsOfALengthThatIsNoPowerOfTwoGetTheRowForm() {
    String accesses = "access = {@Access(op = Op.STORE),"
        + " @Access(threads = {8, 4}, order = Order.COL_MAJOR)})";
    Generated generated = Generated.of(source("Wide", "@SwizzledTile(dtype = DType.HALF, rows = 8,"
        + " cols = 192, atomCols = 192, " + accesses));
    TileLayout layout = (TileLayout) generated.helper("derived.WideSwizzle").constant("LAYOUT");
    assertTrue(layout.swizzlesWithinEachRow());
    assertEquals(256, layout.wordCols());
    assertThat(generated.text("swizzlegen/wide.cuh"))
        .contains("return row * kRowStride + (col ^ row_xor(row));");
    Generated free = Generated.of(source("WideFree", "@SwizzledTile(dtype = DType.HALF, rows = 8,"
        + " cols = 192, " + accesses));
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 8, 192)
            .atom(8, 64, Order.COL_MAJOR).build(),
        free.helper("derived.WideFreeSwizzle").constant("LAYOUT"));
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
    // Without TMA whole rows serve too, with Swizzle<3,3,4>, but CuTe's canonical atom serves with as
    // many bits and is taken on the tie: the same layout, so adding TMA keeps it (issue 30, item 10).
    Generated plain = Generated.of(source("WideLdmatrix", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 128, cols = 128, access = @Access(kind = AccessKind.LDMATRIX))"));
    TileLayout atoms = (TileLayout) plain.helper("derived.WideLdmatrixSwizzle").constant("LAYOUT");
    assertEquals(layout.toBuilder().stages(1).alignment(128).build(), atoms);
    assertThat(plain.text("swizzlegen/wide_ldmatrix.cuh").replace("\n//   ", " ")).contains(
        "(whole 256-byte rows serve too, with Swizzle<3,3,4>, but CuTe's canonical atom comes first"
            + " on a tie)");
  }

  /**
   * Issue 30, item 10: a 128 x 128 half epilogue tile (accumulator store, 16-byte copy out) is served
   * by CuTe's canonical atom, Swizzle<3,3,3> on 8 x 64 atoms, with as few bits as any swizzle of its
   * whole 256-byte rows: on that tie derivation takes the atom TMA fills (the 128B mode), so that a TMA
   * store added later keeps the layout, and the note never says no canonical atom works.
   */
  @Test
  void onATieOfBitsTheCanonicalAtomTmaFillsIsChosenAndTheNoteSaysSo() {
    String accesses = "@Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
        + " @Access(op = Op.LOAD, bytes = 16)";
    Generated generated = Generated.of(source("Epilogue", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 128, cols = 128, access = {" + accesses + "})"));
    TileLayout layout = (TileLayout) generated.helper("derived.EpilogueSwizzle").constant("LAYOUT");
    assertEquals(TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).build(), layout);
    String note = generated.text("swizzlegen/epilogue.cuh").replace("\n//   ", " ");
    assertThat(note).doesNotContain("canonical atom Swizzle<3,3,3> does");
    assertThat(note).contains("Swizzle<3,3,3> is CuTe's canonical 3-bit atom, here on 8 x 64 atoms"
        + " (128-byte rows) in 2 column blocks");
    assertThat(note).contains("TMA can fill it with CU_TENSOR_MAP_SWIZZLE_128B");
    // Adding a TMA store keeps the layout; only the alignment TMA's mode asks for is added.
    Generated withTma = Generated.of(source("EpilogueTma", "@SwizzledTile(dtype = DType.HALF,"
        + " rows = 128, cols = 128, access = {" + accesses
        + ", @Access(kind = AccessKind.TMA, op = Op.STORE)})"));
    TileLayout filled =
        (TileLayout) withTma.helper("derived.EpilogueTmaSwizzle").constant("LAYOUT");
    assertEquals(layout.toBuilder().alignment(1024).build(), filled);
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
    // Rows of 64 halves padded to 96: no column blocks, so the row form is the cure.
    JavaFileObject tile = source("Plain", "@SwizzledTile(bits = 0, base = 0, dtype = DType.HALF,"
        + " rows = 8, cols = 64, rowStride = 96,\n    access = {@Access(op = Op.STORE),\n"
        + "        @Access(threads = {8, 4}, order = Order.COL_MAJOR)})");
    Compilation compilation = Generated.compile(tile);
    assertThat(compilation).hadErrorContaining("4-way bank conflict")
        .inFile(tile).onLineContaining("threads = {8, 4}");
    assertThat(compilation).hadErrorContaining("Swizzle<2,3,3> within each row makes every declared"
        + " access of the tile conflict-free; omit bits, base and shift to have swizzlegen derive"
        + " it.");
  }
}
