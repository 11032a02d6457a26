package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Gxx;
import dev.swizzlegen.processor.testing.HeaderCheck;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code layout = "..."}: a tile pasted as CuTe prints it is CuTe's layout in the generated helper and
 * header, every element of every stage, with TMA boxes and wgmma descriptors where it is canonical;
 * a layout that is no tile is an error on {@code layout}, and an attribute that describes the layout
 * a second time an error on that attribute.
 */
class CuteLayoutImportTest {

  /** A tile pasted from CuTe, with the expected offsets computed from CuTe's definitions. */
  private record Pasted(String type, String layout, String dtype, int rows, int cols, int stages,
      boolean atomsAcross, String accesses) {
    JavaFileObject source() {
      return JavaFileObjects.forSourceString("cute." + type, "package cute;\n\n"
          + "import dev.swizzlegen.annotations.*;\n\n@SwizzledTile(layout = \"" + layout + "\","
          + " dtype = DType." + dtype + (rows > 0 ? ", rows = " + rows + ", cols = " + cols : "")
          + (stages > 0 ? ", stages = " + stages : "")
          + (atomsAcross ? ", atomOrder = Order.ROW_MAJOR" : "") + ", access = {" + accesses
          + "})\ninterface " + type + " {}\n");
    }

    String header() {
      return "swizzlegen/" + Names.snakeCase(type) + ".cuh";
    }

    /**
     * CuTe's offset: the layout itself for a whole tile, else {@code tile_to_shape}'s: the atom's
     * strided offset plus the atom's number (down the rows first, or across with Step<_2,_1,_3>,
     * then stages) times its size, through the swizzle.
     */
    int cute(int row, int col, int stage) {
      CuteLayout cute = CuteLayout.parse(layout);
      if (rows == 0) {
        return cute.rank() == 3 ? cute.apply(row, col, stage) : cute.apply(row, col);
      }
      int atomRows = cute.size(0);
      int atomCols = cute.size(1);
      int down = rows / atomRows;
      int across = cols / atomCols;
      int block = atomsAcross ? row / atomRows * across + col / atomCols
          : row / atomRows + col / atomCols * down;
      int strided = cute.strided(row % atomRows, col % atomCols)
          + (block + stage * down * across) * atomRows * atomCols;
      return cute.swizzle().map(swizzle -> swizzle.apply(strided)).orElse(strided);
    }
  }

  private static final List<Pasted> PASTED = List.of(
      // CuTe's sgemm tutorial atom (FlashAttention's too): not row-major inside its 8 x 64 atom.
      new Pasted("SgemmAtom", "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))", "FLOAT", 128, 64, 3,
          false, "@Access(kind = AccessKind.VECTOR, bytes = 4, threads = {1, 32})"),
      // tile_to_shape's result printed whole: two 128 x 64 column blocks of 8 x 64 atoms.
      new Pasted("HopperOperand",
          "Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))", "HALF", 0, 0, 0, false,
          "@Access(kind = AccessKind.TMA), @Access(kind = AccessKind.WGMMA),"
              + " @Access(kind = AccessKind.LDMATRIX)"),
      // FlashAttention-3's V, MN-major, the atoms along K first (Step<_2,_1,_3>), 2 stages.
      new Pasted("Fa3Vt", "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)", "HALF", 128, 128, 2, true, ""),
      // CUTLASS 2.x's crosswise multistage buffer as CUTLASS views it: 128 x (32 x 4 stages).
      new Pasted("Cutlass2Crosswise", "Sw<2,3,5> o ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))",
          "HALF", 0, 0, 0, false, "@Access(kind = AccessKind.LDMATRIX)"),
      // Padded rows, two stages laid one after another.
      new Pasted("PaddedRows", "(_64,_64):(_72,_1)", "HALF", 0, 0, 2, false,
          "@Access(kind = AccessKind.LDMATRIX)"));

  @Test
  void pastedLayoutsAreCuteInTheHelperAndTheHeader() throws IOException {
    Generated generated = Generated.of(PASTED.stream().map(Pasted::source)
        .toArray(JavaFileObject[]::new));
    Path work = Path.of("target", "gxx-work", "processor-cute-layouts");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Pasted tile : PASTED) {
      Generated.Helper helper = generated.helper("cute." + tile.type() + "Swizzle");
      int rows = helper.intConstant("ROWS");
      int cols = helper.intConstant("COLS");
      int stages = helper.intConstant("STAGES");
      int[] cute = HeaderCheck.expectedOffsets(rows, cols, stages,
          (row, col, stage) -> stage > 0 && tile.stages() > 0 && tile.rows() == 0
              // A two-mode whole tile's stages lie one after another.
              ? stage * helper.intConstant("STAGE_ELEMENTS") + tile.cute(row, col, 0)
              : tile.cute(row, col, stage));
      int[] java = HeaderCheck.expectedOffsets(rows, cols, stages,
          (row, col, stage) -> helper.call("offset", row, col, stage));
      assertThat(java).isEqualTo(cute);
      Path header = includeDir.resolve(tile.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(tile.header()));
      assertThat(generated.text(tile.header())).contains("Declared as the CuTe layout "
          + CuteLayout.parse(tile.layout()));
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.constant("ENGINES");
      headers.add(new HeaderCheck.Header(tile.header(), "swizzlegen::" + tile.type(), cute,
          (TileLayout) helper.constant("LAYOUT"), engines));
    }
    // The hierarchical operand is the canonical one: 128-byte TMA boxes and a wgmma descriptor.
    String operand = generated.text("swizzlegen/hopper_operand.cuh");
    assertThat(operand).contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B");
    assertThat(operand).contains("kWgmmaStrideByteOffset = 1024");
    Gxx gxx = Gxx.requireOrSkip("processor: headers of layouts pasted from CuTe (g++)");
    HeaderCheck.verify(gxx, includeDir, work, headers, "processor-cute-layouts", "CuTe's layouts");
  }

  private static JavaFileObject bad(String... attributes) {
    return JavaFileObjects.forSourceString("cute.Bad", "package cute;\n\nimport"
        + " dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    " + String.join(",\n    ",
            attributes) + ")\ninterface Bad {}\n");
  }

  private static void assertOneError(String message, String line, String... attributes) {
    JavaFileObject source = bad(attributes);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Bad: " + message).inFile(source)
        .onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void aLayoutThatIsNoTileIsAnErrorOnLayout() {
    assertOneError("layout \"(8,8):(8,1\" is no CuTe layout: at character 11 (its end) CuTe's"
        + " notation, [Sw<B,M,S> o [_0 o]] SHAPE:STRIDE, expects ')': the shape at character 1 has"
        + " 2 modes.", "layout =", "dtype = DType.HALF", "layout = \"(8,8):(8,1\"");
    assertOneError("layout \"(_2,_16):(_0,_32)\" is not one-to-one: (row 0, col 0) and (row 1,"
        + " col 0) are both at offset 0, through the mode _2:_0 (character 2).", "layout =",
        "dtype = DType.HALF", "layout = \"(_2,_16):(_0,_32)\"");
    assertOneError("the stage mode of \"Sw<2,3,5> o ((2,64),32,4):((32,256),1,64)\" has stride 64,"
        + " inside a stage of 4096 elements", "layout =", "dtype = DType.HALF",
        "layout = \"Sw<2,3,5> o ((2,64),32,4):((32,256),1,64)\"");
    assertOneError("layout \"(8,8):(8,1)\" is 8 x 8, neither the 12 x 8 tile nor an atom",
        "layout =", "dtype = DType.HALF", "layout = \"(8,8):(8,1)\"", "rows = 12", "cols = 8");
    assertOneError("layout \"(_8,_8):(_1,_9)\" is one-to-one but no tile swizzlegen models",
        "layout =", "dtype = DType.HALF", "layout = \"(_8,_8):(_1,_9)\"");
  }

  @Test
  void anAttributeThatDescribesTheLayoutAgainIsAnErrorOnIt() {
    for (String attribute : List.of("bits = 3", "base = 3", "shift = 3", "atomRows = 8",
        "atomCols = 64", "rowStride = 72")) {
      String name = attribute.substring(0, attribute.indexOf(' '));
      assertOneError(name + " describes the tile a second time: layout gives the whole layout;"
          + " remove " + name + " or layout.", attribute, "dtype = DType.HALF",
          "layout = \"Sw<3,3,3> o (_8,_64):(_64,_1)\"", attribute);
    }
  }

  @Test
  void aConflictOnAPastedLayoutSuggestsACuteLayout() {
    JavaFileObject source = bad("dtype = DType.HALF", "layout = \"(_64,_64):(_64,_1)\"",
        "access = @Access(kind = AccessKind.VECTOR, bytes = 16, threads = {32, 1})");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorContaining("8-way bank conflict");
    assertThat(compilation).hadErrorContaining("Swizzle<3,3,3> (layout ="
        + " \"Sw<3,3,3> o _0 o (_64,_64):(_64,_1)\") makes every declared access of the tile"
        + " conflict-free.");
    assertEquals(1, compilation.errors().size());
  }

  /**
   * Where no swizzle of the pasted layout's atom serves, what would is written in CuTe's notation
   * too, never as attributes a pasted tile does not have: a free atom, or padded rows
   * ({@code SuggestionLawTest} pastes each back).
   */
  @Test
  void whatWorksWhereThePastedAtomCannotIsWrittenInCuteNotation() {
    String epilogue = "access = {@Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
        + " @Access(bytes = 16, threads = {32, 1}, label = \"16-byte column read\")}";
    assertThat(Generated.compile(bad("dtype = DType.FLOAT", "rows = 64", "cols = 64", epilogue,
        "layout = \"Sw<3,2,3> o _0 o (_8,_32):(_32,_1)\""))).hadErrorContaining("the search was"
        + " limited to the declared 8 x 32 atom: with the atom free, Swizzle<1,2,3> on 8 x 8 atoms"
        + " (layout = \"Sw<1,2,3> o _0 o (_8,_8):(_8,_1)\", rows = 64, cols = 64,"
        + " atomOrder = Order.COL_MAJOR) makes every declared access of the tile conflict-free.");
    assertThat(Generated.compile(bad("dtype = DType.FP8_E4M3",
        "access = @Access(kind = AccessKind.VECTOR, bytes = 16)",
        "layout = \"(_16,_16):(_128,_1)\""))).hadErrorContaining("what would work: padding each"
        + " row by 32 elements, with no swizzle (layout = \"(_16,_16):(_48,_1)\").");
  }

  /**
   * Rows of 24 halves read with 8-byte loads: the cheapest cure swizzles within each row, which
   * CuTe's notation cannot write; the message says to derive it from the tile's size instead, and
   * that derivation is the cure.
   */
  @Test
  void aSwizzleWithinEachRowIsSuggestedAsADerivation() {
    // Rows of 48 bytes: no canonical atom's rows divide them, so the row form is the cure.
    String access = "access = @Access(kind = AccessKind.VECTOR, bytes = 8, threads = {32, 1})";
    assertThat(Generated.compile(bad("dtype = DType.HALF", access,
        "layout = \"(_32,_24):(_24,_1)\""))).hadErrorContaining("Swizzle<1,2,4> within each row"
        + " makes every declared access of the tile conflict-free; CuTe's notation has no swizzle"
        + " within each row: in place of layout give rows = 32, cols = 24, and swizzlegen derives"
        + " it.");
    Generated derived = Generated.of(bad("dtype = DType.HALF", access, "rows = 32", "cols = 24"));
    assertThat(derived.compilation()).succeededWithoutWarnings();
    assertThat(derived.text("swizzlegen/bad.cuh")).contains("Swizzle<1,2,4> within each row");
  }

  /**
   * CuTe's MN-major GMMA atom pasted as printed, M rows by K cols, with TMA and wgmma: its tile is
   * the transpose of one they read, an error on layout that gives the declaration with the modes
   * swapped; that declaration compiles, and TMA and wgmma read it.
   */
  @Test
  void anMnMajorLayoutPastedWithItsMFirstIsAnErrorGivingTheLayoutEnginesRead() {
    String engines = "access = {@Access(kind = AccessKind.TMA, op = Op.STORE),"
        + " @Access(kind = AccessKind.WGMMA, major = Major.MN)}";
    assertOneError("layout \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\" puts its first"
        + " mode contiguous, as CuTe's MN-major atoms put M (or N): its tile is the transpose of a"
        + " swizzled one, which TMA does not read; swizzlegen's tiles are row-major, an MN-major"
        + " operand K rows by M (or N) cols: declare the same layout with its modes swapped, rows ="
        + " 64, cols = 128, atomOrder = Order.ROW_MAJOR,"
        + " layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\".",
        "layout =", "dtype = DType.HALF",
        "layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\"", "rows = 128",
        "cols = 64", "stages = 2", engines);
    JavaFileObject swapped = bad("dtype = DType.HALF",
        "layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\"", "atomOrder = Order.ROW_MAJOR",
        "rows = 64", "cols = 128", "stages = 2", engines);
    Generated generated = Generated.of(swapped);
    String header = generated.text("swizzlegen/bad.cuh");
    assertThat(header).contains("TMA fills a stage with 16 boxes of 8 x 64 elements,"
        + " CU_TENSOR_MAP_SWIZZLE_128B");
    assertThat(header).contains("reads it as an MN-major operand with the 128-byte swizzle");
    // Without an engine the transposed tile is a tile like any other: no error.
    assertThat(Generated.compile(bad("dtype = DType.HALF",
        "layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\"", "rows = 128",
        "cols = 64"))).succeeded();
  }
}
