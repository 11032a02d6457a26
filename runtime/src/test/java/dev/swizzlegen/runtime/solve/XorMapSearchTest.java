package dev.swizzlegen.runtime.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.notation.CuteTile;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The general XOR map search against enumeration: every invertible map of the free word bits on the
 * smallest tiles, every bank-row matrix (each completed to an invertible map) on larger ones; the
 * search must find a map exactly when one exists, the analyzer must accept it, and no enumerated map
 * may have fewer XOR terms in the search's own form.
 */
class XorMapSearchTest {
  private static final ConflictAnalyzer ANALYZER = ConflictAnalyzer.nvidia();
  private final XorMapSearch search = new XorMapSearch(ANALYZER);

  /** The tile: a column and rows 8 apart across two vectors, 16-byte loads of floats. */
  static final List<AccessPattern> TWO_LANE_MAPS = List.of(
      LanesAccess.of(Op.LOAD, 16, "[[1,0],[2,0],[4,0],[8,0],[16,0]]").withLabel("column"),
      LanesAccess.of(Op.LOAD, 16, "[[8,0],[16,0],[0,4],[1,0],[2,0]]").withLabel("rows 8 apart"));

  /**
   * On whole 128-byte rows (the atom declared as the whole tile) no swizzle serves both; a free atom
   * has one, {@code Swizzle<3,2,3>} on 32 x 8 column blocks, which is itself an XOR map of the whole
   * tile's offset (a permutation of bits, then a swizzle) and so one the general search could find.
   */
  @Test
  void twoLaneMapsNeedAGeneralMap() {
    TileDescription tile = plain(DType.FLOAT, 32, 32).atom(32, 32, Order.COL_MAJOR);
    Solution swizzles = SwizzleSolver.nvidia().solve(tile, TWO_LANE_MAPS, List.of());
    assertFalse(swizzles.found(), String.valueOf(swizzles.layout()));
    TileLayout freeAtom = swizzles.freeAtom().orElseThrow().layout().orElseThrow();
    assertEquals(Swizzle.of(3, 2, 3), freeAtom.swizzle());
    assertEquals(8, freeAtom.atomCols());
    assertTrue(search.search(plain(DType.FLOAT, 32, 32), TWO_LANE_MAPS, List.of()).found());
    XorMapSearch.Result result = search.search(tile, TWO_LANE_MAPS, List.of());
    TileLayout found = result.layout().orElseThrow();
    for (AccessPattern access : TWO_LANE_MAPS) {
      assertTrue(ANALYZER.analyze(found, access).conflictFree(), access.label());
    }
    assertFalse(found.hasSwizzle());
    assertPastesBack(found);
    // The count: of the 2^15 maps that XOR the five row bits into the three bank bits above
    // a 16-byte vector, those that serve both.
    int serving = 0;
    for (int m = 0; m < 1 << 15; m++) {
      int[] images = new int[10];
      for (int j = 0; j < 5; j++) {
        images[j] = 1 << j;
      }
      for (int r = 0; r < 5; r++) {
        images[5 + r] = 1 << (5 + r) | ((m >>> (3 * r)) & 7) << 2;
      }
      TileLayout candidate = tile.copy().map(XorMap.ofImages(images)).build();
      if (TWO_LANE_MAPS.stream().allMatch(a -> ANALYZER.analyze(candidate, a).conflictFree())) {
        serving++;
      }
    }
    assertEquals(4032, serving);
  }

  @Test
  void aColumnOfFloatsBesideWholeVectorsIsAPigeonhole() {
    List<AccessPattern> accesses = List.of(VectorAccess.coalesced(Op.STORE, 16),
        VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR));
    XorMapSearch.Result result = search.search(plain(DType.FLOAT, 32, 32), accesses, List.of());
    assertFalse(result.found());
    NoXorMap.TooManyWords words =
        assertInstanceOf(NoXorMap.TooManyWords.class, result.certificate().orElseThrow());
    assertEquals(accesses.get(1), words.access());
    assertCheckable(plain(DType.FLOAT, 32, 32).build(), result, "pigeonhole");
    // The certificate checks: the words agree in the bits the 16-byte vectors fix.
    long low = words.cells().stream().mapToInt(c -> (c.row() * 32 + c.col()) & 3).distinct()
        .count();
    assertEquals(1, low);
  }

  @Test
  void enginesAdmitNoGeneralMap() {
    XorMapSearch.Result result = search.search(plain(DType.HALF, 64, 64),
        List.of(MatrixAccess.ldmatrix(4, false)),
        List.of(dev.swizzlegen.runtime.engine.Tma.of(Op.LOAD)));
    assertEquals(XorMapSearch.Scope.ENGINES, result.scope());
  }

  /** Every invertible map of four free word bits: 8 x 8 floats with 16-byte vectors, 8 x 16 halves. */
  @Test
  void agreesWithEveryInvertibleMapOnSmallTiles() {
    Random random = new Random(33);
    int cases = 0;
    while (cases < 8) {
      TileDescription tile = random.nextBoolean() ? plain(DType.FLOAT, 8, 8)
          : plain(DType.HALF, 8, 16);
      List<AccessPattern> accesses = randomAccesses(random, tile, 1 + random.nextInt(3), 16);
      if (accesses == null) {
        continue;
      }
      cases++;
      lawAgainst(tile, accesses, allInvertible(4));
    }
  }

  /** Every bank-row matrix of five free bits: 16 x 8 and 8 x 16 floats, 16 x 16 halves. */
  @Test
  void agreesWithEveryBankRowMatrix() {
    Random random = new Random(34);
    int cases = 0;
    while (cases < 4) {
      int pick = random.nextInt(3);
      TileDescription tile = pick == 0 ? plain(DType.FLOAT, 16, 8)
          : pick == 1 ? plain(DType.FLOAT, 8, 16) : plain(DType.HALF, 16, 16);
      List<AccessPattern> accesses = randomAccesses(random, tile, 2 + random.nextInt(2), 16);
      if (accesses == null) {
        continue;
      }
      cases++;
      lawAgainst(tile, accesses, allBankRows(5, 3));
    }
  }

  /**
   * Derivation keeps every verdict of the swizzle family where a swizzle serves (so every tile derived
   * before keeps its swizzle), searches XOR maps only where none does, and then finds one exactly
   * when the general search does; random tiles of 1 to 3 accesses, maxWays 1 and 2.
   */
  @Test
  void derivationIsTheSwizzleSolverWhereASwizzleServes() {
    Random random = new Random(35);
    SwizzleSolver solver = SwizzleSolver.nvidia();
    int cases = 0;
    int general = 0;
    while (cases < 30) {
      int pick = random.nextInt(3);
      TileDescription tile = pick == 0 ? plain(DType.FLOAT, 32, 32)
          : pick == 1 ? plain(DType.HALF, 16, 64) : plain(DType.FLOAT, 16, 32);
      List<AccessPattern> accesses = randomAccesses(random, tile, 1 + random.nextInt(3),
          new int[] {4, 8, 16}[random.nextInt(3)]);
      if (accesses == null) {
        continue;
      }
      if (random.nextBoolean()) {
        accesses.set(0, ((LanesAccess) accesses.get(0)).withMaxWays(2));
      }
      cases++;
      Solution swizzles = solver.solve(tile, accesses, List.of());
      Solution derived = solver.derive(tile, accesses, List.of());
      if (swizzles.found()) {
        assertEquals(swizzles, derived);
      } else {
        XorMapSearch.Result result = search.search(tile, accesses, List.of());
        assertEquals(result.found(), derived.found());
        assertEquals(result.layout(), derived.layout());
        general += result.found() ? 1 : 0;
      }
    }
    System.out.println("derivation laws: " + cases + " random tiles, " + general
        + " served only by a general XOR map");
  }

  private void lawAgainst(TileDescription tile, List<AccessPattern> accesses,
      List<int[]> freeImages) {
    XorMapSearch.Result result = search.search(tile, accesses, List.of());
    assertEquals(XorMapSearch.Scope.SEARCHED, result.scope(), accesses.toString());
    int kept = Integer.numberOfTrailingZeros(result.keptBytes() / 4);
    int free = result.freeBits();
    int b = result.freeBankBits();
    int elementBytes = tile.dtype().bytes();
    int fewest = Integer.MAX_VALUE;
    for (int[] columns : freeImages) {
      int[] images = new int[kept + free];
      for (int j = 0; j < kept; j++) {
        images[j] = 1 << j;
      }
      for (int j = 0; j < free; j++) {
        images[kept + j] = columns[j] << kept;
      }
      XorMap word = XorMap.ofImages(images);
      TileLayout candidate =
          tile.copy().map(EchelonKernels.elementMap(word, elementBytes)).build();
      boolean serves = accesses.stream().allMatch(a -> a.check(candidate).isEmpty()
          && ANALYZER.analyze(candidate, a).acceptable());
      if (serves) {
        int[] echelon = EchelonKernels.echelon(word, kept, free, b).orElseThrow();
        fewest = Math.min(fewest, EchelonKernels.weight(echelon, free, b));
      }
    }
    String what = tile + " " + accesses.stream().map(AccessPattern::text).toList();
    assertEquals(fewest != Integer.MAX_VALUE, result.found(), what);
    if (result.found()) {
      TileLayout found = result.layout().orElseThrow();
      for (AccessPattern access : accesses) {
        assertTrue(ANALYZER.analyze(found, access).acceptable(), what);
      }
      assertEquals(fewest, result.terms(), what);
      assertPastesBack(found);
    } else {
      assertCheckable(tile.build(), result, what);
    }
  }

  /**
   * A certificate checks on the plain tile: its lanes are in the phase it names, and either more words
   * agreeing in the kept bits than the free bank bits have banks, or differences closed under XOR
   * spanning more dimensions than the free bank bits, each between two lanes of one phase.
   */
  static void assertCheckable(TileLayout plain, XorMapSearch.Result result, String what) {
    NoXorMap certificate = result.certificate().orElseThrow(() -> new AssertionError(what));
    int keptWords = result.keptBytes() / 4;
    int b = certificate.freeBankBits();
    if (certificate instanceof NoXorMap.TooManyWords words) {
      List<LaneAccess> lanes = phase(plain, words.access(), words.instruction(), words.phase());
      java.util.Set<Integer> seen = new java.util.HashSet<>();
      for (int i = 0; i < words.lanes().size(); i++) {
        int lane = words.lanes().get(i);
        Cell cell = words.cells().get(i);
        assertTrue(lanes.stream().anyMatch(l -> l.lane() == lane && l.row() == cell.row()
            && l.col() == cell.col()), what);
        int word = word(plain, cell);
        assertEquals(word(plain, words.cells().get(0)) % keptWords, word % keptWords, what);
        assertTrue(seen.add(word), what);
      }
      assertTrue(seen.size() > 1 << b, what);
    } else if (certificate instanceof NoXorMap.SpannedDifferences spanned) {
      assertTrue(spanned.dimension() > b, what);
      java.util.Set<Integer> all = new java.util.HashSet<>();
      for (NoXorMap.Difference d : spanned.differences()) {
        assertTrue(all.add(d.wordDifference()), what);
        assertEquals(0, d.wordDifference() % keptWords, what);
        List<LaneAccess> lanes = phase(plain, d.access(), d.instruction(), d.phase());
        LaneAccess first = lanes.stream().filter(l -> l.lane() == d.firstLane()).findFirst()
            .orElseThrow();
        LaneAccess second = lanes.stream().filter(l -> l.lane() == d.secondLane()).findFirst()
            .orElseThrow();
        boolean separates = false;
        for (int u = word(plain, first); u < word(plain, first) + Math.max(1, first.bytes() / 4);
            u++) {
          for (int v = word(plain, second);
              v < word(plain, second) + Math.max(1, second.bytes() / 4); v++) {
            separates |= (u ^ v) == d.wordDifference();
          }
        }
        assertTrue(separates, what);
      }
      assertEquals((1 << spanned.dimension()) - 1, all.size(), what);
      for (int x : all) {
        for (int y : all) {
          assertTrue(x == y || all.contains(x ^ y), what);
        }
      }
    }
  }

  private static List<LaneAccess> phase(TileLayout plain, AccessPattern access, int instruction,
      int phase) {
    return access.instructions(plain).get(instruction).phases().stream()
        .filter(p -> p.index() == phase).findFirst().orElseThrow().lanes();
  }

  private static int word(TileLayout plain, Cell cell) {
    return (cell.row() * plain.cols() + cell.col()) * plain.dtype().bytes() / 4;
  }

  private static int word(TileLayout plain, LaneAccess lane) {
    return word(plain, new Cell(lane.row(), lane.col()));
  }

  /** The layout's CuTe text, parsed and read as a tile, is the layout. */
  static void assertPastesBack(TileLayout layout) {
    String text = CuteLayout.atomOf(layout).orElseThrow().toString();
    CuteTile.Described described = CuteTile.describe(CuteLayout.parse(text), layout.dtype(),
        layout.rows(), layout.cols(), 1, Order.COL_MAJOR);
    assertEquals(List.of(), described.problems(), text);
    assertEquals(layout, described.tile().orElseThrow().alignment(layout.alignment()).build(),
        text);
  }

  /** Every invertible {@code n x n} matrix over GF(2), as column images. */
  private static List<int[]> allInvertible(int n) {
    List<int[]> all = new ArrayList<>();
    int[] columns = new int[n];
    for (long code = 0; code < 1L << (n * n); code++) {
      for (int j = 0; j < n; j++) {
        columns[j] = (int) (code >>> (n * j)) & ((1 << n) - 1);
      }
      if (rank(columns) == n) {
        all.add(columns.clone());
      }
    }
    return all;
  }

  /**
   * Every {@code b x f} matrix of full rank as the bank rows (bits 0..b-1 of the images), each
   * completed to an invertible map by the unit rows of the lowest columns that keep it so.
   */
  private static List<int[]> allBankRows(int f, int b) {
    List<int[]> all = new ArrayList<>();
    for (long code = 0; code < 1L << (b * f); code++) {
      int[] rows = new int[f];
      for (int i = 0; i < b; i++) {
        rows[i] = (int) (code >>> (f * i)) & ((1 << f) - 1);
      }
      if (rank(java.util.Arrays.copyOf(rows, b)) < b) {
        continue;
      }
      int filled = b;
      for (int j = 0; j < f && filled < f; j++) {
        rows[filled] = 1 << j;
        if (rank(java.util.Arrays.copyOf(rows, filled + 1)) == filled + 1) {
          filled++;
        }
      }
      int[] columns = new int[f];
      for (int i = 0; i < f; i++) {
        for (int j = 0; j < f; j++) {
          columns[j] |= ((rows[i] >>> j) & 1) << i;
        }
      }
      all.add(columns);
    }
    return all;
  }

  private static int rank(int[] vectors) {
    int[] basis = new int[32];
    int rank = 0;
    for (int v : vectors) {
      for (int bit = 31; bit >= 0 && v != 0; bit--) {
        if (((v >>> bit) & 1) == 0) {
          continue;
        }
        if (basis[bit] == 0) {
          basis[bit] = v;
          rank++;
          v = 0;
        } else {
          v ^= basis[bit];
        }
      }
    }
    return rank;
  }

  /**
   * {@code count} random lane maps (Triton bases on the tile, vectors aligned) of 4, 8 or 16 bytes,
   * at least one of {@code widest} bytes, that run on the plain tile; null if one does not.
   */
  static List<AccessPattern> randomAccesses(Random random, TileDescription tile, int count,
      int widest) {
    TileLayout plain = tile.build();
    int elementBytes = tile.dtype().bytes();
    List<AccessPattern> accesses = new ArrayList<>();
    for (int a = 0; a < count; a++) {
      int bytes = a == 0 ? widest : new int[] {4, 8, 16}[random.nextInt(3)];
      int vector = Math.max(1, bytes / elementBytes);
      StringBuilder bases = new StringBuilder("[");
      for (int i = 0; i < 5; i++) {
        int row = random.nextInt(4) == 0 ? 0 : 1 << random.nextInt(
            Integer.numberOfTrailingZeros(tile.rows()));
        int colBits = Integer.numberOfTrailingZeros(tile.cols() / vector);
        int col = colBits == 0 || random.nextInt(3) == 0 ? 0
            : vector << random.nextInt(colBits);
        bases.append(i == 0 ? "" : ",").append('[').append(row).append(',').append(col)
            .append(']');
      }
      AccessPattern access = LanesAccess.of(Op.LOAD, bytes, bases.append(']').toString());
      if (!access.check(plain).isEmpty()) {
        return null;
      }
      accesses.add(access);
    }
    return accesses;
  }

  static TileDescription plain(DType dtype, int rows, int cols) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols);
  }
}
