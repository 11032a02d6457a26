package dev.swizzlegen.processor.prove;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * A layout that conflicts does not compile: the error is on the {@code @Access}, names the N-way
 * degree, the wavefronts against the ideal, a witness and the swizzle that would fix it.
 */
class ConflictDiagnosticsTest {

  private static JavaFileObject operand(String swizzle, String... accesses) {
    return JavaFileObjects.forSourceString("gemm.Operand", "package gemm;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(rows = 128, cols = 64, dtype = DType.HALF, " + swizzle + ",\n"
        + "    access = {\n        " + String.join(",\n        ", accesses) + "\n    })\n"
        + "interface Operand {}\n");
  }

  /** The done criterion, word for word. */
  @Test
  void unswizzledLdmatrixIsAnEightWayErrorThatSuggestsSwizzle333() {
    JavaFileObject source = operand("bits = 0", "@Access(kind = AccessKind.LDMATRIX, matrices = 4)");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("tile Operand: ldmatrix.x4 has an 8-way bank conflict: 32 wavefronts per"
            + " instruction where 4 would do; in phase 0 of instruction 0, lanes 0, 1, 2, 3 and 4 more"
            + " touch (row 0, col 0), (row 1, col 0), (row 2, col 0), (row 3, col 0) and 4 more,"
            + " distinct words all in bank 0; Swizzle<3,3,3> (bits = 3, base = 3, shift = 3) makes"
            + " every declared access of the tile conflict-free.")
        .inFile(source).onLineContaining("@Access(kind = AccessKind.LDMATRIX, matrices = 4)");
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void theSameTileWithThreeBitsCompiles() {
    JavaFileObject source = operand("bits = 3", "@Access(kind = AccessKind.LDMATRIX, matrices = 4)");
    Generated generated = Generated.of(Generated.REPORTS, source);
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertThat(generated.text("swizzlegen/operand.json")).contains("\"conflictFree\": true");
  }

  @Test
  void maxWaysToleratesThatManyWays() {
    String twoWays = "@Access(kind = AccessKind.LDMATRIX, maxWays = 2)";
    assertThat(Generated.compile(operand("bits = 2, shift = 3", twoWays))).succeeded();
    JavaFileObject oneBit = operand("bits = 1, shift = 3", twoWays);
    Compilation compilation = Generated.compile(oneBit);
    assertThat(compilation).hadErrorContaining(
            "ldmatrix.x4 has a 4-way bank conflict, more than its maxWays of 2: 16 wavefronts per"
                + " instruction where 4 would do")
        .inFile(oneBit).onLineContaining(twoWays);
    assertThat(compilation).hadErrorContaining(
        "Swizzle<2,3,3> (bits = 2, base = 3, shift = 3) makes every declared access of the tile"
            + " conflict-free or within its maxWays.");
  }

  @Test
  void conflictsOptionWarningStillGeneratesTheFiles() {
    JavaFileObject source = operand("bits = 0", "@Access(kind = AccessKind.LDMATRIX)");
    Compilation compilation =
        Generated.compile(List.of("-Aswizzlegen.conflicts=warning"), source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining("ldmatrix.x4 has an 8-way bank conflict")
        .inFile(source).onLineContaining("@Access(kind = AccessKind.LDMATRIX)");
    assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "gemm/OperandSwizzle.class");
    assertThat(compilation).generatedFile(StandardLocation.SOURCE_OUTPUT, "swizzlegen/operand.cuh");
  }

  @Test
  void conflictsOptionMustBeErrorOrWarning() {
    Compilation compilation = Generated.compile(List.of("-Aswizzlegen.conflicts=ignore"),
        operand("bits = 3", "@Access(kind = AccessKind.LDMATRIX)"));
    assertThat(compilation).hadErrorContaining("-Aswizzlegen.conflicts=ignore is neither error nor warning.");
  }

  @Test
  void defaultAccessesAreCheckedAndReportedOnTheTile() {
    JavaFileObject source = JavaFileObjects.forSourceString("gemm.Plain", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(rows = 128, cols = 64, dtype = DType.HALF, bits = 0)
        interface Plain {}
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Plain: default ldmatrix.x4 load (a default"
            + " access; declare access = {...} to choose the accesses checked) has an 8-way bank"
            + " conflict")
        .inFile(source).onLineContaining("@SwizzledTile(");
  }

  @Test
  void anExplicitlyEmptyAccessListChecksNothing() {
    Generated generated = Generated.of(Generated.REPORTS, operand("bits = 0"));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertThat(generated.text("swizzlegen/operand.json")).contains("\"accesses\": []");
  }

  @Test
  void noSwizzleExistsSaysSoAndNamesTheClosest() {
    JavaFileObject source = JavaFileObjects.forSourceString("gemm.Floats", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(rows = 32, cols = 32, dtype = DType.FLOAT, bits = 3,
            access = {
                @Access(op = Op.STORE, bytes = 16),
                @Access(bytes = 4, threads = {32, 1})
            })
        interface Floats {}
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("4-byte vector load, threads 32 x 1 row-major has a"
            + " 4-way bank conflict: 4 wavefronts per instruction where 1 would do")
        .inFile(source).onLineContaining("threads = {32, 1}");
    assertThat(compilation).hadErrorContaining("no XOR swizzle (Swizzle<B,M,S> with B <= 5, M <= 7,"
        + " B <= |S| <= 12, on the row-major offset of whole rows or of 16- to 128-byte column blocks, or within each row) makes every declared access"
        + " of the tile conflict-free; the mildest, Swizzle<3,2,3>, still leaves a 4-way conflict;"
        + " what would work: 4-byte vectors for 16-byte vector store, threads coalesced, with"
        + " Swizzle<5,0,5>; or 16-byte vectors for 4-byte vector load, threads 32 x 1 row-major,"
        + " with Swizzle<3,2,3>.");
  }

  /**
   * A float epilogue tile: m16n8 accumulators stored, 16-byte vectors read down the columns; no
   * swizzle on 8 x 32 atoms serves both, Swizzle<1,2,3> on 8 x 8 atoms does.
   */
  private static JavaFileObject epilogue(String attributes) {
    return JavaFileObjects.forSourceString("epi.Epilogue", "package epi;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(dtype = DType.FLOAT, rows = 64, cols = 64"
        + (attributes.isEmpty() ? "" : ", " + attributes) + ",\n"
        + "    access = {\n"
        + "        @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),\n"
        + "        @Access(bytes = 16, threads = {32, 1}, label = \"16-byte column read\")})\n"
        + "interface Epilogue {}\n");
  }

  private static final String FREE_ATOM_SUGGESTION = "Swizzle<1,2,3> on 8 x 8 atoms (bits = 1,"
      + " base = 2, shift = 3, atomRows = 8, atomCols = 8) makes every declared access of the tile"
      + " conflict-free.";

  /** The suggested attributes, applied, compile: every access of the suggested layout is proven. */
  private static void assertTheSuggestionCompiles() {
    Generated fixed = Generated.of(Generated.REPORTS, epilogue("bits = 1, base = 2, shift = 3, atomRows = 8, atomCols = 8"));
    assertThat(fixed.compilation()).succeededWithoutWarnings();
    assertThat(fixed.text("swizzlegen/epilogue.json")).doesNotContain("\"conflictFree\": false");
  }

  /**
   * Issue 18.6: with the atom declared the search is limited to it, and the message says so and
   * names what derivation finds on a free atom, as attributes that compile.
   */
  @Test
  void aDeclaredAtomLimitsTheSearchAndTheMessageNamesWhatAFreeAtomFinds() {
    JavaFileObject source = epilogue("bits = 3, atomRows = 8, atomCols = 32");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Epilogue: m16n8 accumulator fragment store has"
            + " a 2-way bank conflict: 4 wavefronts per instruction where 2 would do; in phase 0 of"
            + " instruction 0, lanes 0, 6 touch (row 0, col 0), (row 1, col 4), distinct words all in"
            + " bank 0; no XOR swizzle (Swizzle<B,M,S> with B <= 5, M <= 7, B <= |S| <= 12, on the"
            + " row-major offset of the declared 8 x 32 atoms) makes every declared access of the"
            + " tile conflict-free; the mildest, Swizzle<2,2,3>, still leaves a 2-way conflict; the"
            + " search was limited to the declared 8 x 32 atom: with the atom free, as derivation"
            + " leaves it when atomRows and atomCols are omitted, " + FREE_ATOM_SUGGESTION)
        .inFile(source).onLineContaining("MMA_ACCUMULATOR");
    assertTheSuggestionCompiles();
  }

  @Test
  void aFailedDerivationOnADeclaredAtomNamesWhatAFreeAtomFinds() {
    Compilation compilation = Generated.compile(epilogue("atomRows = 8, atomCols = 32"));
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Epilogue: bits, base and shift are omitted, but"
        + " no XOR swizzle (Swizzle<B,M,S> with B <= 5, M <= 7, B <= |S| <= 12, on the row-major"
        + " offset of the declared 8 x 32 atoms) makes every declared access of the tile"
        + " conflict-free; the mildest, Swizzle<2,2,3>, still leaves a 2-way conflict; the search"
        + " was limited to the declared 8 x 32 atom; general XOR maps are searched only on one atom"
        + " of power-of-two rows and columns, rows unpadded; with the atom free, as derivation"
        + " leaves it when atomRows and atomCols are omitted, " + FREE_ATOM_SUGGESTION);
    // What derivation finds with atomRows and atomCols omitted: the message's layout.
    Generated derived = Generated.of(epilogue(""));
    assertThat(derived.compilation()).succeededWithoutWarnings();
    assertThat(derived.text("swizzlegen/epilogue.cuh"))
        .contains("Swizzle<1,2,3> is CuTe's canonical 1-bit atom, here on 8 x 8 atoms");
  }

  /**
   * A one-atom tile's search is free, and may find column blocks: the suggestion then names the atom
   * too (it used to give bits, base and shift alone, which on the one-atom tile conflict again).
   */
  @Test
  void aSuggestionOnColumnBlocksNamesTheirAtom() {
    Compilation compilation = Generated.compile(epilogue("bits = 3"));
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Epilogue: 16-byte column read has a 2-way bank"
        + " conflict: 8 wavefronts per instruction where 4 would do; in phase 0 of instruction 0,"
        + " lanes 0, 4 touch (row 0, col 0), (row 4, col 0), distinct words all in bank 0; "
        + FREE_ATOM_SUGGESTION);
    assertTheSuggestionCompiles();
    // The swizzle alone, on the one-atom tile, is what the old message suggested: it conflicts.
    assertThat(Generated.compile(epilogue("bits = 1, base = 2, shift = 3"))).failed();
  }

  @Test
  void theLabelNamesTheAccess() {
    JavaFileObject source = operand("bits = 0",
        "@Access(kind = AccessKind.LDMATRIX, label = \"A fragments\")");
    assertThat(Generated.compile(source)).hadErrorContaining(
        "tile Operand: A fragments has an 8-way bank conflict");
  }

  private static void assertAccessError(String message, String line, String... accesses) {
    JavaFileObject source = operand("bits = 3", accesses);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void vectorWidthMustBeAnInstruction() {
    assertAccessError("bytes must be 1, 2, 4, 8 or 16 (one LDS/STS), not 12.", "bytes = 12",
        "@Access(bytes = 12)");
  }

  @Test
  void threadsMustBeAWarp() {
    assertAccessError("threads must be two positive numbers whose product is 32", "threads = {3, 5}",
        "@Access(bytes = 16, threads = {3, 5})");
  }

  @Test
  void threadsMustTileTheTile() {
    assertAccessError("a footprint of 1 rows x 32 vectors does not tile the 128 x 64 tile (128 rows"
        + " of 8 vectors of 16 bytes per row).", "threads = {1, 32}", "@Access(bytes = 16, threads = {1, 32})");
  }

  @Test
  void matricesMustBeOneTwoOrFour() {
    assertAccessError("matrices must be 1, 2 or 4 (.x1, .x2, .x4), not 3.", "matrices = 3",
        "@Access(kind = AccessKind.LDMATRIX, matrices = 3)");
  }

  @Test
  void ldmatrixOnlyLoads() {
    assertAccessError("ldmatrix only loads; op must be LOAD or omitted.", "op = Op.STORE",
        "@Access(kind = AccessKind.LDMATRIX, op = Op.STORE)");
  }

  @Test
  void attributesOfAnotherKindAreErrors() {
    assertAccessError("bytes does not apply to a LDMATRIX access.", "bytes = 8",
        "@Access(kind = AccessKind.LDMATRIX, bytes = 8)");
  }

  @Test
  void maxWaysMustBePositive() {
    assertAccessError("maxWays must be 1 (conflict-free) or more, not 0.", "maxWays = 0",
        "@Access(maxWays = 0)");
  }

  @Test
  void tmaNeedsAHardwarePattern() {
    JavaFileObject source = JavaFileObjects.forSourceString("gemm.Staged", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(rows = 64, cols = 64, dtype = DType.HALF, bits = 2, base = 3, shift = 4,
            access = @Access(kind = AccessKind.TMA, op = Op.STORE))
        interface Staged {}
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorContaining("TMA load into the tile: TMA writes no swizzle or"
            + " Swizzle<1|2|3,4,3> on bytes (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B), which on HALF is"
            + " Swizzle<1|2|3,3,3>, and from sm_100 on also Swizzle<2,5,2> and Swizzle<1,6,1> on"
            + " bytes (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B|ATOM_64B), which on HALF is"
            + " Swizzle<2,4,2> and Swizzle<1,5,1>; Swizzle<2,3,4> is Swizzle<2,4,4> on bytes.")
        .inFile(source).onLineContaining("kind = AccessKind.TMA");
  }

  @Test
  void tmaNeedsThePatternsAlignmentOnTheAlignmentAttribute() {
    JavaFileObject source = JavaFileObjects.forSourceString("gemm.Staged", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(rows = 64, cols = 64, dtype = DType.HALF, bits = 3,
            alignment = 128,
            access = @Access(kind = AccessKind.TMA, op = Op.STORE))
        interface Staged {}
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorContaining("CU_TENSOR_MAP_SWIZZLE_128B repeats every 1024 bytes,"
            + " so the tile's base must be aligned to 1024 bytes, not 128.")
        .inFile(source).onLineContaining("alignment = 128");
  }

  @Test
  void tmaOnItsPatternCompilesAndTheReportNamesTheMode() {
    Generated generated = Generated.of(Generated.REPORTS, JavaFileObjects.forSourceString("gemm.Staged", """
        package gemm;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(rows = 64, cols = 64, dtype = DType.HALF, bits = 3, alignment = 1024,
            access = {
                @Access(kind = AccessKind.TMA, op = Op.STORE),
                @Access(kind = AccessKind.LDMATRIX)
            })
        interface Staged {}
        """));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertThat(generated.text("swizzlegen/staged.json"))
        .contains("\"tmaMode\": \"CU_TENSOR_MAP_SWIZZLE_128B\"");
  }
}
