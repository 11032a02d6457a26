package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.annotations.SwizzledTile;
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

  /**
   * Tiles declared in CuTe's notation whose errors suggest a layout: bank conflicts cured by a
   * swizzle, by a free atom where the pasted atom has none, by padded rows; an MN-major atom pasted
   * M first under TMA and wgmma.
   */
  private static final List<String> INVALID_PASTED = List.of(
      "dtype = DType.HALF, layout = \"(_128,_64):(_64,_1)\","
          + " access = @Access(kind = AccessKind.LDMATRIX, matrices = 4)",
      "dtype = DType.HALF, layout = \"(_64,_64):(_64,_1)\","
          + " access = @Access(kind = AccessKind.VECTOR, bytes = 16, threads = {32, 1})",
      "dtype = DType.FLOAT, rows = 64, cols = 64, layout = \"Sw<3,2,3> o _0 o (_8,_32):(_32,_1)\","
          + " access = { @Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
          + " @Access(bytes = 16, threads = {32, 1}) }",
      "dtype = DType.FP8_E4M3, layout = \"(_16,_16):(_128,_1)\","
          + " access = @Access(kind = AccessKind.VECTOR, bytes = 16)",
      "dtype = DType.HALF, rows = 128, cols = 64, stages = 2,"
          + " layout = \"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)\", access = {"
          + " @Access(kind = AccessKind.TMA, op = Op.STORE),"
          + " @Access(kind = AccessKind.WGMMA, major = Major.MN) }");

  /**
   * A suggested layout with the attributes written before it ({@code "rows = 64, cols = 128,
   * atomOrder = Order.ROW_MAJOR, layout = \"...\""}) and the atom order after it; not one after
   * {@code "with"}, the layout of another vector width, which changes an access too.
   */
  private static final Pattern LAYOUT = Pattern.compile("((?:\\w+ = [\\w.]+, )*)"
      + "(?<!with )layout = \"([^\"]+)\"(?: tiled across the columns first \\(atomOrder = (Order\\.\\w+)\\))?");

  @Test
  void everySuggestedLayoutCompiles() {
    int applied = 0;
    for (String declaration : INVALID_PASTED) {
      Compilation compilation = compile(declaration);
      assertWithMessage(declaration).that(compilation.status()).isEqualTo(Compilation.Status.FAILURE);
      List<Map<String, String>> groups = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
        String message = error.getMessage(Locale.ROOT);
        assertWithMessage(message).that(message).doesNotContain("atomRows");
        Matcher layout = LAYOUT.matcher(message);
        while (layout.find()) {
          Map<String, String> group = new LinkedHashMap<>();
          for (String pair : layout.group(1).split(", ")) {
            if (!pair.isEmpty()) {
              String[] nameValue = pair.split(" = ", 2);
              group.put(nameValue[0], nameValue[1]);
            }
          }
          group.put("layout", "\"" + layout.group(2) + "\"");
          if (layout.group(3) != null) {
            group.put("atomOrder", layout.group(3));
          }
          groups.add(group);
        }
      }
      assertWithMessage("a layout suggested for " + declaration).that(groups).isNotEmpty();
      for (Map<String, String> group : groups) {
        String fixed = apply(declaration, group);
        assertWithMessage("suggested " + group + " for " + declaration + "; gives " + fixed)
            .that(compile(fixed).errors()).isEmpty();
        applied++;
      }
    }
    assertThat(applied).isAtLeast(INVALID_PASTED.size());
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
    return Generated.compile(JavaFileObjects.forSourceString("law.Tile", "package law;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(" + attributes + ")\n"
        + "interface Tile {}\n"));
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
