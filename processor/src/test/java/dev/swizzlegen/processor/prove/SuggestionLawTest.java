package dev.swizzlegen.processor.prove;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.testing.Generated;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The law of suggested values: where an error suggests attribute values, as a parenthesized group
 * such as {@code (atomRows = 8, atomCols = 64)} or {@code (bits = 1, base = 2, shift = 3, atomRows =
 * 8, atomCols = 8)}, pasting that group over the declaration gives a tile that compiles. Issue 18.6
 * found {@code atomRows = 8} suggested for a 100-row tile, where 8 does not divide the rows.
 */
class SuggestionLawTest {
  /** The attributes of {@code @SwizzledTile}: a group of these is a suggestion for the tile. */
  private static final Set<String> TILE_ATTRIBUTES = Arrays.stream(
      SwizzledTile.class.getDeclaredMethods()).map(Method::getName).collect(Collectors.toSet());

  /** {@code name = value} pairs, comma-separated, alone in parentheses. */
  private static final Pattern GROUP =
      Pattern.compile("\\((\\w+ = [^(),]+(?:, \\w+ = [^(),]+)*)\\)");

  /**
   * Invalid declarations whose errors suggest attribute values: atoms that cut the swizzle's
   * pattern, TMA boxes narrower than the rows, wgmma rows narrower than the tile's K, padding across
   * atoms, and bank conflicts whose cure is another swizzle or atom.
   */
  private static final List<String> INVALID = List.of(
      // Atoms that do not hold whole periods of the swizzle.
      "bits = 3, dtype = DType.HALF, rows = 128, cols = 128, atomRows = 4, atomCols = 64,"
          + " access = {}",
      "bits = 3, dtype = DType.HALF, rows = 100, cols = 128, atomCols = 64, access = {}",
      "bits = 3, dtype = DType.HALF, rows = 100, cols = 128, atomRows = 4, atomCols = 64,"
          + " access = {}",
      "bits = 3, dtype = DType.HALF, rows = 128, cols = 96, atomRows = 8, atomCols = 48,"
          + " access = {}",
      "bits = 3, dtype = DType.FLOAT, rows = 36, cols = 64, atomCols = 32,"
          + " access = {}",
      // TMA boxes span at most 128 bytes.
      "bits = 3, dtype = DType.HALF, rows = 128, cols = 128,"
          + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)",
      "bits = 3, dtype = DType.HALF, rows = 100, cols = 128,"
          + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)",
      "bits = 2, shift = 3, dtype = DType.BF16, rows = 60, cols = 128,"
          + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)",
      // wgmma reads rows of the mode's width.
      "bits = 3, dtype = DType.HALF, rows = 64, cols = 128, access = @Access(kind = AccessKind.WGMMA)",
      "bits = 3, dtype = DType.HALF, rows = 64, cols = 96, access = @Access(kind = AccessKind.WGMMA)",
      "bits = 3, dtype = DType.HALF, rows = 64, cols = 128,"
          + " access = @Access(kind = AccessKind.WGMMA, major = Major.MN)",
      "bits = 2, shift = 3, dtype = DType.HALF, rows = 64, cols = 48,"
          + " access = @Access(kind = AccessKind.WGMMA)",
      // Padding across several atoms.
      "bits = 3, dtype = DType.HALF, rows = 8, cols = 128, rowStride = 136, atomCols = 64,"
          + " access = {}",
      "bits = 1, shift = 3, dtype = DType.HALF, rows = 16, cols = 1024, rowStride = 1032,"
          + " atomCols = 512, access = {}",
      // Bank conflicts: the suggested swizzle, on the declared atom or a free one.
      "bits = 0, dtype = DType.HALF, rows = 128, cols = 64,"
          + " access = @Access(kind = AccessKind.LDMATRIX, matrices = 4)",
      "bits = 3, dtype = DType.FLOAT, rows = 64, cols = 64, access = {"
          + " @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
          + " @Access(bytes = 16, threads = {32, 1}) }",
      "bits = 3, dtype = DType.FLOAT, rows = 64, cols = 64, atomRows = 8, atomCols = 32, access = {"
          + " @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
          + " @Access(bytes = 16, threads = {32, 1}) }",
      "dtype = DType.FLOAT, rows = 64, cols = 64, atomRows = 8, atomCols = 32, access = {"
          + " @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
          + " @Access(bytes = 16, threads = {32, 1}) }",
      "bits = 1, dtype = DType.HALF, rows = 64, cols = 64, access = {"
          + " @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR) }");

  @Test
  void everySuggestedGroupOfAttributesCompiles() {
    int suggested = 0;
    int applied = 0;
    for (String declaration : INVALID) {
      Compilation compilation = compile(declaration);
      assertWithMessage(declaration).that(compilation.status()).isEqualTo(Compilation.Status.FAILURE);
      List<Map<String, String>> groups = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
        groups.addAll(suggestions(error.getMessage(Locale.ROOT)));
      }
      suggested += groups.isEmpty() ? 0 : 1;
      for (Map<String, String> group : groups) {
        String fixed = apply(declaration, group);
        Compilation again = compile(fixed);
        assertWithMessage("suggested " + group + " for " + declaration + "; gives " + fixed)
            .that(again.errors()).isEmpty();
        applied++;
      }
    }
    // All but the padding across atoms, whose errors say to drop rowStride.
    assertThat(suggested).isAtLeast(INVALID.size() - 2);
    assertThat(applied).isAtLeast(suggested);
  }

  /** A tile declared in CuTe's notation, and its size: a suggestion keeps it. */
  private record Pasted(String declaration, int rows, int cols, int stages) {}

  /**
   * Tiles declared in CuTe's notation whose errors suggest a layout: bank conflicts cured by a
   * swizzle, by a free atom where the pasted atom has none, by padded rows; an MN-major atom pasted
   * M first under TMA and wgmma, or read by ldmatrix and vectors; rows wider than a TMA box or than
   * wgmma's and tcgen05's swizzle. A suggestion that compiles is conflict-free for the declared
   * accesses (a bank conflict past maxWays is an error).
   */
  private static final List<Pasted> INVALID_PASTED = List.of(
      new Pasted("dtype = DType.HALF, layout = \"(_128,_64):(_64,_1)\","
          + " access = @Access(kind = AccessKind.LDMATRIX, matrices = 4)", 128, 64, 1),
      new Pasted("dtype = DType.HALF, layout = \"(_64,_64):(_64,_1)\","
          + " access = @Access(kind = AccessKind.VECTOR, bytes = 16, threads = {32, 1})", 64, 64, 1),
      new Pasted("dtype = DType.FLOAT, rows = 64, cols = 64,"
          + " layout = \"Sw<3,2,3> o _0 o (_8,_32):(_32,_1)\", access = {"
          + " @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
          + " @Access(bytes = 16, threads = {32, 1}) }", 64, 64, 1),
      new Pasted("dtype = DType.FP8_E4M3, layout = \"(_16,_16):(_128,_1)\","
          + " access = @Access(kind = AccessKind.VECTOR, bytes = 16)", 16, 16, 1),
      new Pasted("dtype = DType.HALF, rows = 128, cols = 64, stages = 2,"
          + " layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\", access = {"
          + " @Access(kind = AccessKind.TMA, op = Op.STORE),"
          + " @Access(kind = AccessKind.WGMMA, major = Major.MN) }", 64, 128, 2),
      // MN-major layouts pasted M first for warp accesses (issue 30.4): CUTLASS sm80's NT atom,
      // FlashAttention-2's transposed V (and P) views as CuTe prints them.
      new Pasted("dtype = DType.HALF, rows = 128, cols = 32,"
          + " layout = \"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)\","
          + " access = @Access(kind = AccessKind.LDMATRIX, trans = true)", 32, 128, 1),
      new Pasted("dtype = DType.HALF, rows = 128, cols = 32, stages = 3,"
          + " layout = \"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)\", access = {"
          + " @Access(kind = AccessKind.VECTOR, bytes = 16),"
          + " @Access(kind = AccessKind.LDMATRIX, matrices = 2, trans = true) }", 32, 128, 3),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o ((_64,_2),_64):((_1,_4096),_64)\","
          + " access = @Access(kind = AccessKind.LDMATRIX, trans = true)", 64, 128, 1),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_64,_128):(_1,_64)\","
          + " access = @Access(kind = AccessKind.LDMATRIX, trans = true)", 128, 64, 1),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_128,_128,_2):(_128,_1,_16384)\","
          + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)", 128, 128, 2),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_100,_128):(_128,_1)\","
          + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)", 104, 128, 1),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_64,_128):(_128,_1)\","
          + " access = @Access(kind = AccessKind.WGMMA)", 64, 128, 1),
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_64,_96):(_96,_1)\","
          + " access = @Access(kind = AccessKind.WGMMA)", 64, 96, 1));

  /** Tiles for tcgen05, which the target must have. */
  private static final List<Pasted> INVALID_PASTED_BLACKWELL = List.of(
      new Pasted("dtype = DType.HALF, layout = \"Sw<3,3,3> o _0 o (_64,_128):(_128,_1)\","
          + " access = @Access(kind = AccessKind.UMMA)", 64, 128, 1));

  /**
   * A suggested layout with the attributes written before it ({@code "rows = 64, cols = 128,
   * atomOrder = Order.ROW_MAJOR, layout = \"...\""}) or after it; not one after {@code "with"}, the
   * layout of another vector width, which changes an access too.
   */
  private static final Pattern LAYOUT = Pattern.compile("((?:\\w+ = [\\w.]+, )*)"
      + "(?<!with )layout = (\"[^\"]+\")((?:, \\w+ = [\\w.]+)*)");

  /**
   * Every layout an error on a tile declared in CuTe's notation suggests, pasted with the attributes
   * it names, compiles, and keeps the tile's rows, cols and stages; no such error names an attribute
   * that a tile with a layout cannot have.
   */
  @Test
  void everySuggestedLayoutCompiles() {
    int applied = 0;
    for (Pasted pasted : INVALID_PASTED) {
      applied += assertSuggestedLayoutsCompile(pasted, List.of("-Aswizzlegen.arch=sm_90a"));
    }
    for (Pasted pasted : INVALID_PASTED_BLACKWELL) {
      applied += assertSuggestedLayoutsCompile(pasted, List.of("-Aswizzlegen.arch=sm_100a"));
    }
    assertThat(applied).isAtLeast(INVALID_PASTED.size() + INVALID_PASTED_BLACKWELL.size());
  }

  private static int assertSuggestedLayoutsCompile(Pasted pasted, List<String> options) {
    String declaration = pasted.declaration();
    Compilation compilation = Generated.compile(options, source(declaration));
    assertWithMessage(declaration).that(compilation.status()).isEqualTo(Compilation.Status.FAILURE);
    List<Map<String, String>> groups = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      String message = error.getMessage(Locale.ROOT);
      for (String attribute : List.of("bits", "base", "shift", "atomRows", "atomCols", "rowStride")) {
        assertWithMessage(message).that(message).doesNotContain(attribute + " =");
      }
      Matcher layout = LAYOUT.matcher(message);
      while (layout.find()) {
        Map<String, String> group = new LinkedHashMap<>();
        String pairs = layout.group(1) + "layout = " + layout.group(2) + layout.group(3);
        for (String pair : pairs.split(", (?=\\w+ = )")) {
          String[] nameValue = pair.split(" = ", 2);
          group.put(nameValue[0], nameValue[1]);
        }
        groups.add(group);
      }
    }
    assertWithMessage("a layout suggested for " + declaration).that(groups).isNotEmpty();
    for (Map<String, String> group : groups) {
      String fixed = apply(declaration, group);
      Generated generated = Generated.of(options, source(fixed));
      assertWithMessage("suggested " + group + " for " + declaration + "; gives " + fixed)
          .that(generated.compilation().errors()).isEmpty();
      assertThat(generated.text("swizzlegen/tile.cuh")).contains("kRows = " + pasted.rows() + ";");
      assertThat(generated.text("swizzlegen/tile.cuh")).contains("kCols = " + pasted.cols() + ";");
      assertThat(generated.text("swizzlegen/tile.cuh"))
          .contains("kStages = " + pasted.stages() + ";");
    }
    return groups.size();
  }

  /** The law's own parts, on the case: a 100-row tile is never told atomRows = 8 alone. */
  @Test
  void aHundredRowTileIsToldToRoundItsRowsUpNotToDeclareEightRowAtoms() {
    Compilation compilation = compile(
        "bits = 3, dtype = DType.HALF, rows = 100, cols = 128, atomCols = 64, access = {}");
    String message = compilation.errors().get(0).getMessage(Locale.ROOT);
    assertThat(message).contains("give the atom a multiple of 512 elements, which takes a multiple"
        + " of 8 rows of 64 elements, and 8 does not divide the tile's 100 rows: make rows a multiple"
        + " of 8 (rows = 104, atomRows = 8), or use a swizzle of fewer bits, such as Swizzle<2,3,3>"
        + " (bits = 2, base = 3, shift = 3).");
    assertThat(suggestions(message)).doesNotContain(Map.of("atomRows", "8"));
    String tma = compile("bits = 3, dtype = DType.HALF, rows = 100, cols = 128,"
        + " access = @Access(kind = AccessKind.TMA, op = Op.STORE)").errors().get(0)
        .getMessage(Locale.ROOT);
    assertThat(tma).contains("declare the tile as column blocks of 8 x 64 atoms, as CuTe's"
        + " tile_to_shape builds it, so that each column block is filled by its own boxes; 8 rows"
        + " do not divide the tile's 100, so make rows a multiple of 8 (rows = 104, atomRows = 8,"
        + " atomCols = 64).");
  }

  @Test
  void aKThatTheModesRowDoesNotDivideIsToldTheNarrowerModeCutlassPicks() {
    String message = compile("bits = 3, dtype = DType.HALF, rows = 64, cols = 96,"
        + " access = @Access(kind = AccessKind.WGMMA)").errors().get(0).getMessage(Locale.ROOT);
    assertThat(message).contains("With the 128-byte swizzle wgmma reads rows of 128 bytes, and"
        + " atoms of 8 x 64 do not fit the tile's 64 x 96: use the 64-byte swizzle on atoms of 8 x 32"
        + " (bits = 2, base = 3, shift = 3, atomRows = 8, atomCols = 32), as CUTLASS's"
        + " ss_smem_selector picks for such a tile.");
  }

  private static Compilation compile(String attributes) {
    return Generated.compile(source(attributes));
  }

  private static JavaFileObject source(String attributes) {
    return JavaFileObjects.forSourceString("law.Tile", "package law;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(" + attributes + ")\n"
        + "interface Tile {}\n");
  }

  /** The groups of {@code @SwizzledTile} attribute values a message suggests, in order. */
  static List<Map<String, String>> suggestions(String message) {
    List<Map<String, String>> groups = new ArrayList<>();
    Matcher group = GROUP.matcher(message);
    while (group.find()) {
      Map<String, String> values = new LinkedHashMap<>();
      for (String pair : group.group(1).split(", ")) {
        String[] nameValue = pair.split(" = ", 2);
        values.put(nameValue[0], nameValue[1]);
      }
      if (TILE_ATTRIBUTES.containsAll(values.keySet())) {
        groups.add(values);
      }
    }
    return groups;
  }

  /** The declaration with each suggested attribute set: replaced where given, else added. */
  private static String apply(String declaration, Map<String, String> group) {
    List<String> attributes = topLevelAttributes(declaration);
    Map<String, String> remaining = new LinkedHashMap<>(group);
    List<String> result = new ArrayList<>();
    for (String attribute : attributes) {
      String name = attribute.substring(0, attribute.indexOf(" = "));
      result.add(remaining.containsKey(name) ? name + " = " + remaining.remove(name) : attribute);
    }
    remaining.forEach((name, value) -> result.add(name + " = " + value));
    return String.join(", ", result);
  }

  /** The declaration's attributes, split at the commas outside braces, parentheses and quotes. */
  private static List<String> topLevelAttributes(String declaration) {
    List<String> attributes = new ArrayList<>();
    int depth = 0;
    int start = 0;
    boolean quoted = false;
    for (int i = 0; i < declaration.length(); i++) {
      char c = declaration.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (quoted) {
        continue;
      } else if (c == '{' || c == '(') {
        depth++;
      } else if (c == '}' || c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        attributes.add(declaration.substring(start, i).trim());
        start = i + 1;
      }
    }
    attributes.add(declaration.substring(start).trim());
    return attributes;
  }
}
