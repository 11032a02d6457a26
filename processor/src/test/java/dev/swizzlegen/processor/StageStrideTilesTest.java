package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.swizzlegen.processor.CuteLayoutImportTest.assertOneError;
import static dev.swizzlegen.processor.CuteLayoutImportTest.bad;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.HeaderCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Stages further apart than a stage's elements (issue 30, items 7 and 8), through the processor: a
 * CuTe layout whose stage mode leaves a gap after each stage, and the same declared with
 * {@code stageStride}, are tiles whose every generated function follows the stride (the helper's
 * offsets equal CuTe's and the model's on every element of every stage, the g++-compiled header the
 * helper's, its TMA boxes and wgmma descriptors of every stage the model's, the JSON report's
 * stage elements the stride); a stride the tile cannot take is an error on {@code stageStride}; a
 * padded print with its stage mode is a tile at the alignment its stages keep, which the error
 * without it names.
 */
class StageStrideTilesTest {

  /** One declaration, and CuTe's offsets where it is a pasted layout. */
  private record Staged(String type, Optional<String> layout, String attributes) {
    JavaFileObject source() {
      return JavaFileObjects.forSourceString("staged." + type, "package staged;\n\n"
          + "import dev.swizzlegen.annotations.*;\n\n@SwizzledTile(" + layout
              .map(text -> "layout = \"" + text + "\", ").orElse("") + attributes + ")\ninterface "
          + type + " {}\n");
    }

    String header() {
      return "swizzlegen/" + Names.snakeCase(type) + ".cuh";
    }
  }

  private static final String GAPPED = "Sw<3,3,3> o _0 o (_8,_64,_2):(_64,_1,_1024)";

  private static final List<Staged> TILES = List.of(
      // Item 8 as CuTe prints it: two stages of 8 x 64 halves, a stage every 1024 elements.
      new Staged("GappedPaste", Optional.of(GAPPED), "dtype = DType.HALF"),
      // The same tile declared with attributes.
      new Staged("GappedAttributes", Optional.empty(), "bits = 3, dtype = DType.HALF, rows = 8,"
          + " cols = 64, stages = 2, stageStride = 1024"),
      // Item 7: a padded float tile, its stages 1032 floats (4128 bytes) apart, at 32 bytes.
      new Staged("PaddedStages", Optional.of("(_8,_128,_3):(_129,_1,_1032)"),
          "dtype = DType.FLOAT, alignment = 32"),
      // A Hopper operand whose stages are 16 KB apart with 8 KB of each in use: TMA boxes and wgmma
      // descriptors of every stage at the stride.
      new Staged("GappedOperand", Optional.empty(), "bits = 3, dtype = DType.HALF, rows = 64,"
          + " cols = 64, stages = 3, stageStride = 8192, access = {@Access(kind = AccessKind.TMA),"
          + " @Access(kind = AccessKind.WGMMA), @Access(kind = AccessKind.LDMATRIX)}"),
      // Atoms down and across, stages apart by a gap: row and col read the offset within a stage.
      new Staged("GappedAtoms", Optional.empty(), "bits = 2, dtype = DType.HALF, rows = 16,"
          + " cols = 64, atomRows = 8, atomCols = 32, atomOrder = Order.ROW_MAJOR, stages = 3,"
          + " stageStride = 1536, access = {}"));

  @Test
  void everyGeneratedFunctionFollowsTheStageStride() throws IOException {
    Generated generated = Generated.of(Generated.REPORTS,
        TILES.stream().map(Staged::source).toArray(JavaFileObject[]::new));
    assertThat(generated.compilation()).succeeded();
    Path work = Path.of("target", "gxx-work", "processor-stage-strides");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Staged tile : TILES) {
      Generated.Helper helper = generated.helper("staged." + tile.type() + "Swizzle");
      TileLayout layout = (TileLayout) helper.constant("LAYOUT");
      int rows = layout.rows();
      int cols = layout.cols();
      int stages = layout.stages();
      // Item 7's stages lie one after another, 1032 floats apart; the others' leave a gap.
      assertThat(layout.stageStride()).isAtLeast(layout.strided().stageElements());
      assertThat(helper.intConstant("STAGE_ELEMENTS")).isEqualTo(layout.stageStride());
      int[] java = HeaderCheck.expectedOffsets(rows, cols, stages,
          (row, col, stage) -> helper.call("offset", row, col, stage));
      assertThat(java).isEqualTo(HeaderCheck.expectedOffsets(rows, cols, stages, layout::offset));
      tile.layout().map(CuteLayout::parse).ifPresent(cute -> assertThat(java)
          .isEqualTo(HeaderCheck.expectedOffsets(rows, cols, stages, cute::apply)));
      for (int offset : java) {
        int stage = helper.call("stage", offset);
        assertThat(layout.offset(helper.call("row", offset), helper.call("col", offset), stage))
            .isEqualTo(offset);
      }
      assertThat(generated.text(tile.header().replace(".cuh", ".json")))
          .contains("\"stageElements\": " + layout.stageStride());
      assertThat(generated.text(tile.header())).contains("pipeline stages, "
          + layout.stageStride() + " elements");
      Path header = includeDir.resolve(tile.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(tile.header()));
      @SuppressWarnings("unchecked")
      List<Engine> engines = (List<Engine>) helper.constant("ENGINES");
      headers.add(new HeaderCheck.Header(tile.header(), "swizzlegen::" + tile.type(), java, layout,
          engines));
    }
    // The paste and the attributes are one tile.
    assertThat(generated.helper("staged.GappedPasteSwizzle").constant("LAYOUT"))
        .isEqualTo(generated.helper("staged.GappedAttributesSwizzle").constant("LAYOUT"));
    assertThat(generated.text("swizzlegen/gapped_operand.cuh"))
        .contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B");
    Gxx gxx = Gxx.requireOrSkip("processor: headers of tiles whose stages lie apart (g++)");
    HeaderCheck.verify(gxx, includeDir, work, headers, "processor-stage-strides",
        "the Java helpers");
  }

  /**
   * A seeded campaign of staged tiles with random stage strides, some below a stage's span or off the
   * alignment: each invalid one is one error, on {@code stageStride}, the model's violation in words;
   * each valid one's helper is the model's tile (the same {@code LAYOUT}, every offset of every stage
   * and its inverse), and its g++-compiled header the helper.
   */
  @Test
  void randomStrideDeclarationsAreTheModelsTilesOrErrorsOnStageStride() throws IOException {
    SplittableRandom random = new SplittableRandom(30);
    DType[] types = {DType.HALF, DType.FLOAT, DType.UINT8, DType.BF16};
    List<JavaFileObject> valid = new ArrayList<>();
    List<TileLayout> expected = new ArrayList<>();
    int invalid = 0;
    for (int i = 0; i < 48; i++) {
      DType dtype = types[random.nextInt(types.length)];
      int bits = random.nextInt(4);
      int base = 4 - Integer.numberOfTrailingZeros(dtype.bytes());
      int rows = 8 << random.nextInt(3);
      // Rows of 128 or 256 bytes hold the swizzle's 128-byte pattern; atoms are 128 bytes wide.
      int cols = (128 << random.nextInt(2)) / dtype.bytes();
      int rowStride = bits == 0 && random.nextInt(3) == 0 ? cols + 16 / dtype.bytes() : cols;
      boolean atoms = rowStride == cols && cols * dtype.bytes() == 256 && random.nextBoolean();
      Order order = random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR;
      int stages = 2 + random.nextInt(3);
      int alignment = 16 << random.nextInt(4);
      int span = (rows - 1) * rowStride + cols;
      int step = alignment / dtype.bytes();
      int stride = switch (random.nextInt(6)) {
        case 0 -> span - 1 - random.nextInt(8);
        case 1 -> (span + step - 1) / step * step + step / 2;
        default -> (span + step - 1) / step * step + step * random.nextInt(1, 4);
      };
      String type = "Strided" + i;
      List<String> attributes = new ArrayList<>(List.of(bits == 0 ? "bits = 0, base = 0, shift = 0"
          : "bits = " + bits, "dtype = DType." + dtype,
          "rows = " + rows, "cols = " + cols, "stages = " + stages, "alignment = " + alignment,
          "stageStride = " + stride, "access = {}"));
      TileDescription model = TileLayout.builder(dtype, bits == 0 ? Swizzle.IDENTITY
          : Swizzle.of(bits, base, bits), rows, cols).stages(stages).stageStride(stride)
          .alignment(alignment);
      if (rowStride != cols) {
        attributes.add("rowStride = " + rowStride);
        model.rowStride(rowStride);
      }
      if (atoms) {
        attributes.add("atomRows = 8, atomCols = " + cols / 2 + ", atomOrder = Order." + order);
        model.atom(8, cols / 2, order);
      }
      JavaFileObject source = JavaFileObjects.forSourceString("staged." + type, "package staged;"
          + "\n\nimport dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    "
          + String.join(",\n    ", attributes) + ")\ninterface " + type + " {}\n");
      List<Violation> problems = model.check();
      if (problems.isEmpty()) {
        valid.add(source);
        expected.add(model.build());
        continue;
      }
      Compilation compilation = Generated.compile(source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining("tile " + type + ": "
          + Messages.VIOLATIONS.render(problems.get(0))).inFile(source)
          .onLineContaining(Messages.VIOLATIONS.blame(problems.get(0)).name() + " =");
      invalid++;
    }
    assertThat(invalid).isAtLeast(8);
    assertThat(valid.size()).isAtLeast(24);
    Generated generated = Generated.of(valid.toArray(JavaFileObject[]::new));
    Path work = Path.of("target", "gxx-work", "processor-random-stage-strides");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (int i = 0; i < valid.size(); i++) {
      String type = valid.get(i).getName().replaceAll(".*/(\\w+)\\.java", "$1");
      Generated.Helper helper = generated.helper("staged." + type + "Swizzle");
      TileLayout layout = expected.get(i);
      assertThat(helper.constant("LAYOUT")).isEqualTo(layout);
      int[] java = HeaderCheck.expectedOffsets(layout.rows(), layout.cols(), layout.stages(),
          (row, col, stage) -> helper.call("offset", row, col, stage));
      assertThat(java).isEqualTo(HeaderCheck.expectedOffsets(layout.rows(), layout.cols(),
          layout.stages(), layout::offset));
      for (int offset : java) {
        assertThat(layout.offset(helper.call("row", offset), helper.call("col", offset),
            helper.call("stage", offset))).isEqualTo(offset);
      }
      String header = "swizzlegen/" + Names.snakeCase(type) + ".cuh";
      Files.createDirectories(includeDir.resolve(header).getParent());
      Files.writeString(includeDir.resolve(header), generated.text(header));
      headers.add(new HeaderCheck.Header(header, "swizzlegen::" + type, java, layout, List.of()));
    }
    Gxx gxx = Gxx.requireOrSkip("processor: random stage strides' headers (g++)");
    HeaderCheck.verify(gxx, includeDir, work, headers, "processor-random-stage-strides",
        "the Java helpers");
  }

  @Test
  void aStrideTheTileCannotTakeIsAnErrorOnStageStride() {
    assertOneError("stageStride 500 is less than the 512 elements one stage spans ((rows - 1) x"
        + " rowStride + cols), so the stages would overlap: give at least 512.", "stageStride =",
        "bits = 3", "dtype = DType.HALF", "rows = 8", "cols = 64", "stages = 2",
        "stageStride = 500");
    assertOneError("stageStride 520 is no multiple of 64 elements, so some stage's base would not"
        + " keep the tile's 128-byte alignment: the next stride that does is 576.", "stageStride =",
        "bits = 3", "dtype = DType.HALF", "rows = 8", "cols = 64", "stages = 2",
        "stageStride = 520");
    assertOneError("stageStride describes the tile a second time: layout gives the whole layout;"
        + " remove stageStride or layout.", "stageStride =", "dtype = DType.HALF",
        "layout = \"" + GAPPED + "\"", "stageStride = 2048");
  }

  /**
   * Item 7: the padded print with its stage mode, at the default 128-byte alignment, is an error that
   * names the alignment its stages keep (and the stride that would keep 128 bytes), not stages as
   * columns; the same padded source printed column-major is no tile, and nothing says its stages
   * are interleaved.
   */
  @Test
  void aPaddedPrintWithItsStageModeNamesTheAlignmentItsStagesKeep() {
    assertOneError("stage 1 would start 4128 bytes after stage 0, which is not a multiple of the"
        + " tile's 128-byte alignment, so stage 1's base would not keep the alignment the tile's"
        + " proofs hold at every stage: declare alignment = 32, the largest alignment every stage's"
        + " base keeps; or a stage mode of stride 1056, the least stage stride that keeps 128 bytes"
        + " (a gap after each stage); or one stage.", "@SwizzledTile(", "dtype = DType.FLOAT",
        "layout = \"(_8,_128,_3):(_129,_1,_1032)\"");
    // Each remedy the message names compiles: the alignment, the aligned stride in the layout, and
    // as an attribute.
    assertThat(Generated.compile(bad("dtype = DType.FLOAT", "alignment = 32",
        "layout = \"(_8,_128,_3):(_129,_1,_1032)\""))).succeededWithoutWarnings();
    assertThat(Generated.compile(bad("dtype = DType.FLOAT",
        "layout = \"(_8,_128,_3):(_129,_1,_1056)\""))).succeededWithoutWarnings();
    assertThat(Generated.compile(bad("bits = 0", "dtype = DType.FLOAT", "rows = 8", "cols = 128",
        "rowStride = 129", "stages = 3", "stageStride = 1056"))).succeededWithoutWarnings();
    Compilation raw = Generated.compile(bad("dtype = DType.FLOAT",
        "layout = \"(_128,_8,_3):(_1,_129,_1032)\""));
    assertThat(raw).hadErrorContaining("is one-to-one but no tile swizzlegen models");
    assertThat(raw.errors().toString()).doesNotContain("as columns");
    assertThat(raw.errors().toString()).doesNotContain("inside");
  }

  /**
   * Item 9: CUTLASS 2.x's crosswise operand at 3 stages, pasted as CuTe would write the 4-stage
   * layout at 3 (stages as columns, or a stage mode), is an error that says exactly why it is no
   * tile (the swizzle's bits 8 and 9 carried into by row pairs 192 elements apart) and gives the
   * layout with that stride a power of two; that layout compiles and is CUTLASS's class at 4 stages
   * on every element (RealLayoutsTest compares it with the class's offsets; here, with CuTe's).
   */
  @Test
  void cutlass2xAtThreeStagesIsAnErrorNamingTheLayoutThatIsATile() {
    String suggested = "Sw<2,3,5> o _0 o ((_2,_64),(_32,_4)):((_32,_256),(_1,_64))";
    String why = "layout \"Sw<2,3,5> o _0 o ((_2,_64),(_32,_3)):((_32,_192),(_1,_64))\" is"
        + " one-to-one but no tile swizzlegen models: Swizzle<2,3,5> reads offset bits 8 to 9, which"
        + " the mode _64:_192 (character 23) reaches in steps of 192, no power of two, so they carry"
        + " from one coordinate into the next and are no bits of a row, column or stage, the only"
        + " bits a tile's XOR map reads; without the swizzle it is a tile, and with that stride a"
        + " power of two (the mode whose size makes it rounded up) it is one: layout = \""
        + suggested + "\"";
    assertOneError(why + ".", "layout =", "dtype = DType.HALF",
        "layout = \"Sw<2,3,5> o _0 o ((_2,_64),(_32,_3)):((_32,_192),(_1,_64))\"");
    assertOneError("the stage mode of \"Sw<2,3,5> o _0 o ((_2,_64),_32,_3):((_32,_192),_1,_64)\""
        + " has stride 64, less than the 12160 elements stage 0 spans, so its stages lie inside"
        + " each other's rows, where a tile's stages lie at least a stage's span apart; with its"
        + " stages as columns (cols = K x stages, no stage mode) it is no tile either: " + why + ".",
        "layout =", "dtype = DType.HALF",
        "layout = \"Sw<2,3,5> o _0 o ((_2,_64),_32,_3):((_32,_192),_1,_64)\"");
    Generated generated = Generated.of(bad("dtype = DType.HALF", "layout = \"" + suggested + "\"",
        "access = @Access(kind = AccessKind.LDMATRIX)"));
    Generated.Helper helper = generated.helper("cute.BadSwizzle");
    CuteLayout cute = CuteLayout.parse(suggested);
    for (int row = 0; row < 128; row++) {
      for (int col = 0; col < 128; col++) {
        assertThat(helper.call("offset", row, col)).isEqualTo(cute.apply(row, col));
      }
    }
  }

  /** Item 8's message named no stage stride: the stride is now a tile, and an interleaved one says why. */
  @Test
  void stagesInsideEachOtherSayHowFarStageZeroReaches() {
    assertOneError("the stage mode of \"(_8,_32,_2):(_128,_1,_32)\" has stride 32, less than the"
        + " 928 elements stage 0 spans, so its stages lie inside each other's rows, where a tile's"
        + " stages lie at least a stage's span apart: declare the stages as columns (cols = K x"
        + " stages, no stage mode), as CUTLASS 2.x views its multistage buffer: layout ="
        + " \"(_8,(_32,_2)):(_128,(_1,_32))\".", "layout =", "dtype = DType.HALF",
        "layout = \"(_8,_32,_2):(_128,_1,_32)\"");
    assertThat(Generated.compile(bad("dtype = DType.HALF", "access = {}",
        "layout = \"(_8,(_32,_2)):(_128,(_1,_32))\""))).succeeded();
  }
}
