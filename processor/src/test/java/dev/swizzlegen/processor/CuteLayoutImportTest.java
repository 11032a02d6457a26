package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Meaning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    Map<String, List<String>> printed = HeaderCheck.verify(gxx, includeDir, work, headers,
        "processor-cute-layouts", "CuTe's layouts");
    // The pasted layouts' generated meaning, frozen before the redesign of issue 31.
    List<String> records = new ArrayList<>();
    for (Pasted tile : PASTED) {
      records.add(Meaning.record(generated.helper("cute." + tile.type() + "Swizzle").type(),
          tile.header(), generated.text(tile.header()), printed.get("swizzlegen::" + tile.type())));
    }
    Meaning.assertUnchanged(Path.of("src", "test", "resources", "meaning", "pasted.txt"), records);
  }

  /** {@code @SwizzledTile} on {@code cute.Bad}, each attribute on a line of its own. */
  static JavaFileObject bad(String... attributes) {
    return JavaFileObjects.forSourceString("cute.Bad", "package cute;\n\nimport"
        + " dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    " + String.join(",\n    ",
            attributes) + ")\ninterface Bad {}\n");
  }

  /**
   * {@link #bad} of the attributes is one error, {@code message} on tile Bad, on the line containing
   * {@code line}, and writes no file.
   */
  static void assertOneError(String message, String line, String... attributes) {
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
        + " less than the 16192 elements stage 0 spans, so its stages lie inside each other's rows,"
        + " where a tile's stages lie at least a stage's span apart: declare the stages as columns"
        + " (cols = K x stages, no stage mode), as CUTLASS 2.x views its multistage buffer: layout ="
        + " \"Sw<2,3,5> o _0 o ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))\".", "layout =",
        "dtype = DType.HALF",
        "layout = \"Sw<2,3,5> o ((2,64),32,4):((32,256),1,64)\"");
    assertOneError("layout \"(8,8):(8,1)\" is 8 x 8, neither the 12 x 8 tile nor an atom",
        "layout =", "dtype = DType.HALF", "layout = \"(8,8):(8,1)\"", "rows = 12", "cols = 8");
    assertOneError("layout \"(_8,_8):(_1,_9)\" is one-to-one but no tile swizzlegen models",
        "layout =", "dtype = DType.HALF", "layout = \"(_8,_8):(_1,_9)\"");
  }

  /**
   * A full-width digit, which Java's digit tests take and would read as 8, is no digit of CuTe's
   * notation: an error on layout at its character, as {@code ∘} in place of {@code o} is (issue
   * 30.12).
   */
  @Test
  void aNonAsciiDigitIsAnErrorOnLayoutAtItsCharacter() {
    assertOneError("layout \"(_\uFF18,_64):(_64,_1)\" is no CuTe layout: at character 3"
        + " (\"\uFF18,_64):(_64,\") CuTe's notation, [Sw<B,M,S> o [_0 o]] SHAPE:STRIDE, expects an"
        + " ASCII digit 0-9, not '\uFF18' (U+FF18).", "layout =", "dtype = DType.HALF",
        "layout = \"(_\uFF18,_64):(_64,_1)\"");
  }

  /**
   * A GMMA atom printed for 8-bit elements, pasted on a HALF tile: its swizzle is on the bytes of
   * the pointer's 8-bit elements, which would be Swizzle<3,4,3> on halves where CuTe's atom for
   * half_t is Swizzle<3,3,3>; an error on layout naming both widths (issue 30.6).
   */
  @Test
  void aPointerFlagOfAnotherWidthThanTheDtypesIsAnErrorOnLayoutNamingBoth() {
    assertOneError("layout \"Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_64):(_64,_1)\" was printed"
        + " for a pointer to 8-bit elements (smem_ptr[8b]), whose width turns its swizzle on byte"
        + " addresses into one on element offsets, but dtype HALF is stored as 16-bit elements: the"
        + " swizzle read in 8-bit units is not the one CuTe applies to HALF. Paste the layout CuTe"
        + " prints for HALF (smem_ptr[16b]), or give the dtype of the 8-bit elements it was printed"
        + " for.", "layout =", "dtype = DType.HALF",
        "layout = \"Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_64):(_64,_1)\"", "rows = 128",
        "cols = 64");
    assertOneError("layout \"Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)\" was printed"
        + " for a pointer to 4-bit elements (smem_ptr[4b]), whose width turns its swizzle on byte"
        + " addresses into one on element offsets, but dtype FP6_E3M2 is stored in 8-bit slots, 16 to"
        + " a 16-byte unit (CUTLASS allocates its shared memory as uint8_t): the swizzle read in"
        + " 4-bit units is not the one CuTe applies to FP6_E3M2. Paste the layout CuTe prints for"
        + " FP6_E3M2 (smem_ptr[8b]), or give the dtype of the 4-bit elements it was printed for.",
        "layout =", "dtype = DType.FP6_E3M2",
        "layout = \"Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)\"");
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
   * swapped, twice where the orders differ and each named (issue 30.5): in CUTLASS's order (sm90's
   * Step<_2,_1,_3>, atoms along K first), filled by 2 boxes a stage as CUTLASS fills it, and as
   * declared (a plain tile_to_shape), 16 boxes; both compile, and TMA and wgmma read them.
   */
  @Test
  void anMnMajorLayoutPastedWithItsMFirstIsAnErrorGivingTheLayoutEnginesRead() {
    String engines = "access = {@Access(kind = AccessKind.TMA, op = Op.STORE),"
        + " @Access(kind = AccessKind.WGMMA, major = Major.MN)}";
    assertOneError("layout \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\" puts its first"
        + " mode contiguous, as CuTe's MN-major atoms put M (or N): its tile is the transpose of a"
        + " swizzled one, which TMA does not read; swizzlegen's tiles are row-major, an MN-major"
        + " operand K rows by M (or N) cols: declare the same layout with its modes swapped, "
        + IN_CUTLASS_ORDER + ", rows = 64, cols = 128, atomOrder = Order.COL_MAJOR,"
        + " layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\"; or, " + AS_DECLARED_PLAIN
        + ", rows = 64, cols = 128, atomOrder = Order.ROW_MAJOR,"
        + " layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\".",
        "layout =", "dtype = DType.HALF",
        "layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\"", "rows = 128",
        "cols = 64", "stages = 2", engines);
    for (String order : List.of("COL_MAJOR", "ROW_MAJOR")) {
      JavaFileObject swapped = bad("dtype = DType.HALF",
          "layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\"", "atomOrder = Order." + order,
          "rows = 64", "cols = 128", "stages = 2", engines);
      String header = Generated.of(swapped).text("swizzlegen/bad.cuh");
      assertThat(header).contains(order.equals("COL_MAJOR")
          ? "TMA fills a stage with 2 boxes of 64 x 64 elements, CU_TENSOR_MAP_SWIZZLE_128B"
          : "TMA fills a stage with 16 boxes of 8 x 64 elements, CU_TENSOR_MAP_SWIZZLE_128B");
      assertThat(header).contains("reads it as an MN-major operand with the 128-byte swizzle");
    }
    // Without an engine or a declared access of vectors the transposed tile is a tile like any
    // other (the default accesses it cannot take are skipped).
    assertThat(Generated.compile(bad("dtype = DType.HALF",
        "layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\"", "rows = 128",
        "cols = 64"))).succeeded();
  }

  /** How the error names the swap in CUTLASS's order (issue 30.5). */
  private static final String IN_CUTLASS_ORDER = "its atoms along K first as CUTLASS's sm90"
      + " mainloops tile an MN-major operand (tile_to_shape with Step<_2,_1,_3>)";

  /** How the error names the swap equal to the tile as declared, a plain tile_to_shape. */
  private static final String AS_DECLARED_PLAIN = "equal to the tile as declared, its atoms along M"
      + " (or N) first as a plain tile_to_shape numbers them (CUTLASS's sm80 mainloops')";

  /**
   * Issue 30.4: CUTLASS sm80's MN-major (NT) operand atom pasted as CuTe prints it, M first, read by
   * ldmatrix.trans or 16-byte vectors: its rows run along K, whose elements are not contiguous. The
   * error is the engines' kind, on layout, with the declarations to paste and no claim about the
   * swizzle's base (2^3 = 8 elements, which covers the vector); FlashAttention-2's transposed V as
   * printed, a whole tile, gets the swapped whole tile. SuggestionLawTest pastes each back.
   */
  @Test
  void anMnMajorLayoutPastedForWarpAccessesIsAnErrorOnLayoutGivingTheSwappedDeclaration() {
    String swapped = "declare the same layout with its modes swapped, " + IN_CUTLASS_ORDER
        + ", rows = 32, cols = 128, atomOrder = Order.COL_MAJOR, layout = \"Sw<3,3,3> o _0 o"
        + " (_8,_64):(_64,_1)\"; or, " + AS_DECLARED_PLAIN + ", rows = 32, cols = 128,"
        + " atomOrder = Order.ROW_MAJOR, layout = \"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\".";
    String layout = "layout = \"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)\"";
    String start = "layout \"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)\" puts its first mode contiguous,"
        + " as CuTe's MN-major atoms put M (or N): its tile is the transpose of a swizzled one, its"
        + " rows along K, whose elements are not contiguous, so ";
    String end = " cannot move them; swizzlegen's tiles are row-major, an MN-major operand K rows by"
        + " M (or N) cols: " + swapped;
    assertOneError(start + "ldmatrix's 16-byte matrix rows" + end, "layout =", "dtype = DType.HALF",
        layout, "rows = 128", "cols = 32",
        "access = @Access(kind = AccessKind.LDMATRIX, trans = true)");
    assertOneError(start + "16-byte vectors" + end, "layout =", "dtype = DType.HALF", layout,
        "rows = 128", "cols = 32", "access = {@Access(kind = AccessKind.VECTOR, bytes = 16),"
            + " @Access(kind = AccessKind.LDMATRIX, trans = true)}");
    assertOneError("layout \"Sw<3,3,3> o _0 o ((_64,_2),_64):((_1,_4096),_64)\" puts its first mode"
        + " contiguous, as CuTe's MN-major atoms put M (or N): its tile is the transpose of a"
        + " swizzled one, its rows along K, whose elements are not contiguous, so ldmatrix's 16-byte"
        + " matrix rows cannot move them; swizzlegen's tiles are row-major, an MN-major operand K rows"
        + " by M (or N) cols: declare the same layout with its modes swapped, rows = 64, cols = 128,"
        + " layout = \"Sw<3,3,3> o _0 o (_64,(_64,_2)):(_64,(_1,_4096))\".", "layout =",
        "dtype = DType.HALF", "layout = \"Sw<3,3,3> o _0 o ((_64,_2),_64):((_1,_4096),_64)\"",
        "access = @Access(kind = AccessKind.LDMATRIX, trans = true)");
  }
}
