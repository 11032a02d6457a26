package dev.swizzlegen.processor.testing;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.RasterOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import javax.tools.JavaFileObject;

/**
 * Random annotated types for the reliability tests: mostly plausible {@code @SwizzledTile}s (some
 * with {@code @ThreadblockSwizzle} beside them, some rasterizers alone), every attribute sometimes
 * out of range, of the wrong kind for its access, or named badly. Always valid Java: the values are
 * wrong, never the syntax. The same seed gives the same declarations.
 */
public final class RandomDeclarations {
  /** The package of every declaration. */
  public static final String PACKAGE = "fuzz";

  /**
   * One compilation unit and what it declares.
   *
   * @param type the annotated type's simple name
   * @param source the unit: each attribute on a line of its own
   * @param tileName the generated names' stem of its {@code @SwizzledTile}, if it has one
   * @param rasterName the generated names' stem of its {@code @ThreadblockSwizzle}, if it has one
   * @param annotationLine the first line of its first annotation, 1-based
   * @param typeLine the line declaring the type
   */
  public record Declaration(String type, JavaFileObject source, Optional<String> tileName,
      Optional<String> rasterName, int annotationLine, int typeLine) {

    public String qualifiedType() {
      return PACKAGE + "." + type;
    }
  }

  /**
   * The element types the campaign draws from: those of whole bytes, in their order, so that the
   * seeded campaign and its meaning snapshot stay as they were when the sub-byte types came (their
   * tiles have a campaign of their own, {@code SubByteTileTest}).
   */
  private static final DType[] TYPES = java.util.Arrays.stream(DType.values())
      .filter(type -> type.storageBits() % 8 == 0 && !type.isPadded()).toArray(DType[]::new);
  /**
   * The access kinds the campaign draws from: those there were when {@code meaning/fuzz.txt} froze
   * its declarations, in that order, so that a kind added to {@link AccessKind} (UMMA) leaves the
   * seeded campaign, and its snapshot, as they were.
   */
  private static final List<AccessKind> CAMPAIGN_KINDS = List.of(AccessKind.VECTOR,
      AccessKind.LDMATRIX, AccessKind.STMATRIX, AccessKind.MMA_ACCUMULATOR, AccessKind.TMA,
      AccessKind.WGMMA);
  private static final String[] BAD_NAMES = {"9lives", "struct", "Gemm__A", "_Tile", "has space",
      "interface", "café"};
  private static final String[] LABELS = {"row write", "a \\\"quoted\\\" label", "<b>&amp;</b>",
      "line\\nbreak", "{json: [1, 2]}", "ünïcode"};
  private static final int[][] THREADS = {{32, 1}, {16, 2}, {8, 4}, {4, 8}, {2, 16}, {1, 32},
      {3, 5}, {64, 1}, {0, 32}};

  private final SplittableRandom random;

  public RandomDeclarations(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** Declarations {@code first .. first + count - 1}, types {@code Fuzz<i>}. */
  public List<Declaration> next(int first, int count) {
    List<Declaration> declarations = new ArrayList<>(count);
    for (int i = first; i < first + count; i++) {
      declarations.add(declaration(i));
    }
    return declarations;
  }

  private Declaration declaration(int index) {
    String type = "Fuzz" + index;
    List<String> lines = new ArrayList<>();
    lines.add("package " + PACKAGE + ";");
    lines.add("");
    lines.add("import dev.swizzlegen.annotations.*;");
    lines.add("");
    int annotationLine = lines.size() + 1;
    Optional<String> tileName = Optional.empty();
    Optional<String> rasterName = Optional.empty();
    int kind = random.nextInt(20);
    if (kind != 0) {
      String name = name(index, "Tile");
      tileName = Optional.of(name.isEmpty() ? type : name);
      lines.addAll(tile(name));
    }
    if (kind <= 2) {
      // A rasterizer alone, or beside a tile (then a name keeps their headers apart, mostly).
      String name = kind == 0 ? name(index, "Raster")
          : random.nextInt(4) == 0 ? "" : "Grid" + index;
      rasterName = Optional.of(name.isEmpty() ? type : name);
      lines.addAll(raster(name));
    }
    int typeLine = lines.size() + 1;
    lines.add("interface " + type + " {}");
    JavaFileObject source = JavaFileObjects.forSourceString(PACKAGE + "." + type,
        String.join("\n", lines) + "\n");
    return new Declaration(type, source, tileName, rasterName, annotationLine, typeLine);
  }

  /** A {@code name} attribute's value: mostly none, else unique, now and then not an identifier. */
  private String name(int index, String stem) {
    int choice = random.nextInt(10);
    if (choice < 7) {
      return "";
    }
    return choice < 9 ? stem + index : BAD_NAMES[random.nextInt(BAD_NAMES.length)];
  }

  private List<String> tile(String name) {
    // Half the tiles are what a careful author writes (most of them valid); half are anything.
    return random.nextBoolean() ? carefulTile(name) : anyTile(name);
  }

  /** A plausible tile: derived or 16-byte-unit swizzles, shapes that hold whole vectors. */
  private List<String> carefulTile(String name) {
    List<String> attributes = new ArrayList<>();
    DType dtype = TYPES[random.nextInt(TYPES.length)];
    if (random.nextBoolean()) {
      attributes.add("bits = " + pick(1, 2, 3));
    }
    attributes.add("dtype = DType." + dtype);
    attributes.add("rows = " + pick(8, 16, 32, 64));
    int rowBytes = pick(64, 128, 128, 256);
    attributes.add("cols = " + rowBytes / dtype.bytes());
    if (random.nextInt(6) == 0) {
      attributes.add("stages = " + pick(2, 3));
    }
    if (!name.isEmpty()) {
      attributes.add("name = \"" + name + "\"");
    }
    if (random.nextBoolean()) {
      List<String> declared = new ArrayList<>();
      declared.add("@Access(op = Op.STORE, bytes = 16)");
      if (random.nextBoolean()) {
        declared.add("@Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR)");
      }
      if (dtype.bytes() == 2 && random.nextBoolean()) {
        declared.add("@Access(kind = AccessKind.LDMATRIX, matrices = " + pick(1, 2, 4) + ")");
      }
      attributes.add("access = {\n        " + String.join(",\n        ", declared) + "}");
    }
    return annotation("SwizzledTile", attributes);
  }

  /** Any tile: every attribute now and then out of range, of the wrong kind, or badly named. */
  private List<String> anyTile(String name) {
    List<String> attributes = new ArrayList<>();
    int swizzle = random.nextInt(10);
    if (swizzle < 7) {
      attributes.add("bits = " + pick(-1, 0, 1, 2, 2, 3, 3, 3, 4, 5));
      if (random.nextInt(6) != 0) {
        attributes.add("base = " + pick(-1, 0, 1, 2, 3, 3, 4, 5, 6, 20));
      }
      if (random.nextInt(3) != 0) {
        attributes.add("shift = " + pick(-4, -3, -2, 0, 1, 2, 3, 3, 3, 4, 5, 6, 12));
      }
    } else if (swizzle == 7) {
      attributes.add("bits = " + pick(1, 2, 3));
    }
    attributes.add("dtype = DType." + TYPES[random.nextInt(TYPES.length)]);
    boolean derived = swizzle > 7;
    if (derived || random.nextInt(5) != 0) {
      attributes.add("rows = " + pick(1, 4, 8, 8, 16, 16, 24, 32, 32, 64, 0, -8, 7));
    }
    if (derived || random.nextInt(5) != 0) {
      attributes.add("cols = " + pick(8, 16, 16, 32, 32, 48, 64, 64, 72, 96, 128, 0, -1));
    }
    if (random.nextInt(6) == 0) {
      attributes.add("rowStride = " + pick(8, 16, 32, 40, 64, 72, 80, 128, 136, 0, -16));
    }
    if (random.nextInt(8) == 0) {
      attributes.add("atomRows = " + pick(0, 3, 4, 8, 8, 16));
      attributes.add("atomCols = " + pick(0, 16, 32, 32, 64, 48));
      if (random.nextBoolean()) {
        attributes.add("atomOrder = Order." + (random.nextBoolean() ? "ROW_MAJOR" : "COL_MAJOR"));
      }
    }
    if (random.nextInt(8) == 0) {
      attributes.add("stages = " + pick(-1, 0, 1, 2, 3));
    }
    if (random.nextInt(10) == 0) {
      attributes.add("allowOverlap = true");
    }
    if (random.nextInt(8) == 0) {
      attributes.add("alignment = " + pick(0, 16, 100, 128, 256, 1024));
    }
    if (!name.isEmpty()) {
      attributes.add("name = \"" + name + "\"");
    }
    int accesses = random.nextInt(10);
    if (accesses == 0) {
      attributes.add("access = {}");
    } else if (accesses > 3) {
      List<String> declared = new ArrayList<>();
      for (int i = 0, count = 1 + random.nextInt(3); i < count; i++) {
        declared.add(access());
      }
      attributes.add("access = {\n        " + String.join(",\n        ", declared) + "}");
    }
    return annotation("SwizzledTile", attributes);
  }

  private String access() {
    List<String> attributes = new ArrayList<>();
    AccessKind kind = random.nextInt(3) == 0
        ? CAMPAIGN_KINDS.get(random.nextInt(CAMPAIGN_KINDS.size()))
        : AccessKind.VECTOR;
    attributes.add("kind = AccessKind." + kind);
    if (random.nextInt(3) == 0) {
      attributes.add("op = Op." + (random.nextBoolean() ? "LOAD" : "STORE"));
    }
    // Attributes of another kind now and then: an error on that attribute.
    boolean vector = kind == AccessKind.VECTOR || random.nextInt(12) == 0;
    if (vector && random.nextInt(3) != 0) {
      attributes.add("bytes = " + pick(1, 2, 4, 8, 16, 16, 3, 32));
    }
    if (vector && random.nextInt(2) == 0) {
      int[] threads = THREADS[random.nextInt(THREADS.length)];
      attributes.add("threads = {" + threads[0] + ", " + threads[1] + "}");
      if (random.nextBoolean()) {
        attributes.add("order = Order." + (random.nextBoolean() ? "ROW_MAJOR" : "COL_MAJOR"));
      }
      if (random.nextInt(5) == 0) {
        attributes.add("rowsAsOne = " + pick(0, 1, 2, 3));
      }
    }
    boolean matrix = kind == AccessKind.LDMATRIX || kind == AccessKind.STMATRIX
        || random.nextInt(12) == 0;
    if (matrix && random.nextBoolean()) {
      attributes.add("matrices = " + pick(1, 2, 4, 3));
    }
    if (matrix && random.nextInt(4) == 0) {
      attributes.add("trans = true");
    }
    if (random.nextInt(5) == 0) {
      attributes.add("maxWays = " + pick(0, 1, 2, 4, 32));
    }
    if (random.nextInt(5) == 0) {
      attributes.add("label = \"" + LABELS[random.nextInt(LABELS.length)] + "\"");
    }
    return "@Access(" + String.join(", ", attributes) + ")";
  }

  private List<String> raster(String name) {
    List<String> attributes = new ArrayList<>();
    if (random.nextInt(3) != 0) {
      attributes.add("tileSize = " + pick(-1, 0, 1, 2, 3, 4, 8, 16, 1024, 1025));
    }
    if (random.nextBoolean()) {
      attributes.add("order = RasterOrder."
          + RasterOrder.values()[random.nextInt(RasterOrder.values().length)]);
    }
    if (!name.isEmpty()) {
      attributes.add("name = \"" + name + "\"");
    }
    return annotation("ThreadblockSwizzle", attributes);
  }

  /** The annotation, each attribute on a line of its own. */
  private static List<String> annotation(String annotation, List<String> attributes) {
    if (attributes.isEmpty()) {
      return List.of("@" + annotation);
    }
    List<String> lines = new ArrayList<>();
    lines.add("@" + annotation + "(");
    for (int i = 0; i < attributes.size(); i++) {
      String attribute = "    " + attributes.get(i) + (i + 1 < attributes.size() ? "," : ")");
      lines.addAll(List.of(attribute.split("\n")));
    }
    return lines;
  }

  private int pick(int... values) {
    return values[random.nextInt(values.length)];
  }
}
