package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessViolation.LaneCrossesRowEnd;
import dev.swizzlegen.runtime.access.AccessViolation.LaneMisaligned;
import dev.swizzlegen.runtime.access.AccessViolation.LaneOutsideTile;
import dev.swizzlegen.runtime.access.AccessViolation.LanesUnparsable;
import dev.swizzlegen.runtime.access.AccessViolation.UnsupportedVectorBytes;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBaseMisaligned;
import dev.swizzlegen.runtime.access.AccessViolation.VectorBroken;
import dev.swizzlegen.runtime.access.AccessViolation.VectorSplitsElements;
import dev.swizzlegen.runtime.access.AccessViolation.WrongBaseCount;
import dev.swizzlegen.runtime.access.AccessViolation.WrongLaneCount;
import dev.swizzlegen.runtime.access.LaneMap;
import dev.swizzlegen.runtime.notation.LaneNotation;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A lane map as an access: its cost equals a brute-force count on random layouts and maps, lanes on
 * one word cost nothing extra, a map that is a vector access costs what the vector access costs, and
 * a map that cannot run says why.
 */
class LanesAccessTest {
  private static final TileLayout HALF_64 =
      TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).build();
  private static final TileLayout HALF_64_SW333 =
      TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).build();

  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  @Test
  void randomMapsOnRandomLayoutsAgreeWithBruteForce() {
    SplittableRandom random = new SplittableRandom(21);
    int compared = 0;
    int conflicting = 0;
    int broadcasting = 0;
    int merging = 0;
    int tries = 0;
    while (compared < 600) {
      assertTrue(++tries < 200_000, "too few maps run: " + compared);
      Layout tile = switch (random.nextInt(8)) {
        case 0 -> ConflictAnalyzerBruteForceTest.randomRotation(random);
        case 1 -> ConflictAnalyzerBruteForceTest.PermutedUnits.random(random);
        default -> ConflictAnalyzerBruteForceTest.randomTile(random);
      };
      if (tile == null) {
        continue;
      }
      int bytes = 1 << random.nextInt(5);
      int elements = bytes * 8 / tile.elementBits();
      if (elements == 0) {
        continue;
      }
      int[][] bases = randomBases(random, elements);
      LanesAccess access = LanesAccess.of(Op.LOAD, bytes, triton(bases));
      if (!access.check(tile).isEmpty()) {
        continue;
      }
      int[] rows = new int[32];
      int[] cols = new int[32];
      for (int lane = 0; lane < 32; lane++) {
        for (int bit = 0; bit < 5; bit++) {
          if ((lane >> bit & 1) == 1) {
            rows[lane] ^= bases[bit][0];
            cols[lane] ^= bases[bit][1];
          }
        }
      }
      BruteForce.Count expected = BruteForce.lanes(tile, bytes, rows, cols);
      AccessReport report = analyzer.analyze(tile, access);
      String what = tile + " " + access.label();
      assertEquals(expected.wavefronts(), report.wavefronts(), what);
      assertEquals(expected.ideal(), report.idealWavefronts(), what);
      assertEquals(expected.degree(), report.degree(), what);
      compared++;
      conflicting += report.conflictFree() ? 0 : 1;
      broadcasting += access.map(tile).sharedLanes() > 0 ? 1 : 0;
      merging += report.mergedInstructions() > 0 ? 1 : 0;
    }
    assertTrue(merging > compared / 20, "maps loaded in merged phases: " + merging);
    assertTrue(conflicting > compared / 8 && conflicting < compared * 7 / 8,
        "a fair mix of conflicting and clean maps: " + conflicting + " of " + compared);
    assertTrue(broadcasting > compared / 8, "maps with broadcast lanes: " + broadcasting);
  }

  /**
   * Every phase of a map whose bases include {@code [0,0]} costs what its lanes cost with each
   * address taken once: broadcast lanes are free.
   */
  @Test
  void broadcastLanesCostNothing() {
    SplittableRandom random = new SplittableRandom(2);
    BankModel banks = BankModel.NVIDIA;
    int phasesWithBroadcast = 0;
    for (int i = 0; i < 300; i++) {
      TileLayout tile = ConflictAnalyzerBruteForceTest.randomTile(random);
      int bytes = 1 << random.nextInt(5);
      if (tile == null || bytes * 8 < tile.elementBits()) {
        continue;
      }
      int[][] bases = randomBases(random, bytes * 8 / tile.elementBits());
      bases[random.nextInt(5)] = new int[] {0, 0};
      LanesAccess access = LanesAccess.of(Op.STORE, bytes, triton(bases));
      if (!access.check(tile).isEmpty()) {
        continue;
      }
      for (var instruction : access.instructions(tile)) {
        for (Phase phase : instruction.phases()) {
          Set<Long> addresses = new HashSet<>();
          List<LaneAccess> distinct = new ArrayList<>();
          for (LaneAccess lane : phase.lanes()) {
            if (addresses.add(lane.byteAddress())) {
              distinct.add(lane);
            }
          }
          phasesWithBroadcast += distinct.size() < phase.lanes().size() ? 1 : 0;
          assertEquals(banks.cost(new Phase(phase.index(), distinct)).wavefronts(),
              banks.cost(phase).wavefronts(), access.label());
        }
      }
    }
    assertTrue(phasesWithBroadcast > 1000, phasesWithBroadcast + " phases with broadcast lanes");
  }

  @Test
  void lanesOnOneWordOrInPairsCostWhatTheirDistinctWordsCost() {
    TileLayout floats = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32).build();
    // All 32 lanes on one word: one wavefront per instruction, 32 x 32 instructions.
    AccessReport one = analyzer.analyze(floats,
        LanesAccess.of(Op.LOAD, 4, "[[0,0],[0,0],[0,0],[0,0],[0,0]]"));
    assertEquals(1024, one.instructions());
    assertEquals(1.0, one.wavefrontsPerInstruction());
    // Pairs of lanes down a column: 16 distinct words in one bank, as 16 lanes alone would cost.
    AccessReport pairs = analyzer.analyze(floats,
        LanesAccess.of(Op.LOAD, 4, "[[0,0],[1,0],[2,0],[4,0],[8,0]]"));
    assertEquals(16.0, pairs.wavefrontsPerInstruction());
    // Groups of 4 lanes on each of 8 consecutive words: conflict-free.
    AccessReport groups = analyzer.analyze(floats,
        LanesAccess.of(Op.LOAD, 4, "[[0,0],[0,0],[0,1],[0,2],[0,4]]"));
    assertEquals(1.0, groups.wavefrontsPerInstruction());
    assertEquals(32 * 4, groups.instructions());
  }

  /** A map naming the lanes of a vector access's grid costs, instruction by instruction, the same. */
  @Test
  void mapsOfVectorGridsAreThoseVectorAccesses() {
    SplittableRandom random = new SplittableRandom(16);
    int compared = 0;
    for (int i = 0; i < 2000 && compared < 300; i++) {
      TileLayout tile = ConflictAnalyzerBruteForceTest.randomTile(random);
      int bytes = 1 << random.nextInt(5);
      int rowBits = random.nextInt(6);
      Order order = random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR;
      if (tile == null || bytes * 8 < tile.elementBits()) {
        continue;
      }
      VectorAccess vector = VectorAccess.grid(Op.LOAD, bytes, 1 << rowBits, 32 >> rowBits, order);
      LanesAccess lanes = LanesAccess.of(Op.LOAD, bytes,
          gridBases(rowBits, order, bytes * 8 / tile.elementBits()));
      if (!vector.check(tile).isEmpty()) {
        continue;
      }
      assertEquals(List.of(), lanes.check(tile), lanes.label());
      assertSameCost(tile, vector, lanes);
      compared++;
    }
    assertTrue(compared >= 300, compared + " grids compared");
  }

  @Test
  void theCoalescedCopyAndSeed000sColumnMajorGridAsMaps() {
    // 64 halves a row: 8 vectors of 16 bytes, so 32 lanes take 4 rows.
    assertSameCost(HALF_64_SW333, VectorAccess.coalesced(Op.STORE, 16),
        LanesAccess.of(Op.STORE, 16, "[[0,8],[0,16],[0,32],[1,0],[2,0]]"));
    assertSameCost(HALF_64, VectorAccess.coalesced(Op.STORE, 16),
        LanesAccess.of(Op.STORE, 16, "[[0,8],[0,16],[0,32],[1,0],[2,0]]"));
    TileLayout seed000 = TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 16, 16).build();
    for (int bytes : new int[] {8, 16}) {
      int elements = bytes / 2;
      assertSameCost(seed000, VectorAccess.grid(Op.STORE, bytes, 16, 2, Order.COL_MAJOR),
          LanesAccess.of(Op.STORE, bytes, "[[1,0],[2,0],[4,0],[8,0],[0," + elements + "]]"));
    }
  }

  @Test
  void whatKeepsAMapFromRunning() {
    assertEquals(List.of(new LanesUnparsable("[[0,1],[2 0]]", 10, "',' between a base's row and col")),
        LanesAccess.of(Op.LOAD, 4, "[[0,1],[2 0]]").check(HALF_64));
    assertEquals(List.of(new WrongBaseCount(4)),
        LanesAccess.of(Op.LOAD, 4, "[[0,2],[0,4],[0,8],[0,16]]").check(HALF_64));
    assertEquals(List.of(new UnsupportedVectorBytes(12)),
        LanesAccess.of(Op.LOAD, 12, "[[0,2],[0,4],[0,8],[0,16],[1,0]]").check(HALF_64));
    assertEquals(List.of(new VectorSplitsElements(1, DType.HALF)),
        LanesAccess.of(Op.LOAD, 1, "[[0,2],[0,4],[0,8],[0,16],[1,0]]").check(HALF_64));
    assertEquals(List.of(new LaneOutsideTile(16, new Cell(64, 0), 64, 64)),
        LanesAccess.of(Op.LOAD, 4, "[[0,2],[0,4],[0,8],[0,16],[64,0]]").check(HALF_64));
    // Lane 15 at col 4 ^ 8 ^ 16 ^ 32 = 60, + 8 elements: past the row's 64.
    assertEquals(List.of(new LaneCrossesRowEnd(15, new Cell(0, 60), 16, 64)),
        LanesAccess.of(Op.LOAD, 16, "[[0,4],[0,8],[0,16],[0,32],[1,0]]").check(HALF_64));
    // Lane 1 at col 4 with 16 bytes (8 halves): element offset 4; the 8 x 20 footprint tiles.
    TileLayout rows20 = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 20).build();
    assertEquals(List.of(new LaneMisaligned(1, new Cell(0, 4), 4, 8, 16)),
        LanesAccess.of(Op.LOAD, 16, "[[0,4],[0,8],[1,0],[2,0],[4,0]]").check(rows20));
    // Swizzle<3,2,3> moves 4-element groups: row 1's 8 halves from col 0 are two of them, apart,
    // the first at 32 ^ 4 = 36, no multiple of 8; the swizzle's base, 2, is below the vector's 3.
    TileLayout split = TileLayout.builder(DType.HALF, Swizzle.of(3, 2, 3), 32, 32).build();
    assertEquals(List.of(new VectorBroken(AccessKind.LANES, 16, 1, 0, 7, 8, 36, 0, 36,
            Optional.of(Swizzle.of(3, 2, 3)))),
        LanesAccess.of(Op.LOAD, 16, "[[1,0],[2,0],[4,0],[8,0],[16,0]]").check(split));
    TileLayout loose = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).alignment(8).build();
    assertEquals(List.of(new VectorBaseMisaligned(AccessKind.LANES, 16, 8)),
        LanesAccess.of(Op.LOAD, 16, "[[0,8],[0,16],[0,32],[1,0],[2,0]]").check(loose));
  }

  @Test
  void hostParsingThrowsWithWhereAndWhat() {
    LaneNotation.SyntaxException error = assertThrows(LaneNotation.SyntaxException.class,
        () -> LaneMap.parseTriton("[[0,1],[0,x]]"));
    assertEquals(10, error.index());
    assertEquals("a col (a whole number, 0 or more)", error.expected());
    LaneMap map = LaneMap.parseTriton(" [ [0,8], [1,0],[2,0],[4,0],[8,0] ] ");
    assertEquals(0, map.row(1));
    assertEquals(8, map.col(1));
    assertEquals(15, map.row(31));
    assertEquals(8, map.col(31));
    assertEquals(0, map.sharedLanes());
  }

  /**
   * A linear map whose bases share no bit, written both ways: Triton's bases, and CuTe's
   * {@code (_2,_2,_2,_2,_2):(s0,...,s4)} with {@code s = row + rows * col} (XOR is then a sum).
   */
  @Test
  void tritonAndCuteNotationsOfOneMapAreOneMap() {
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < 500; i++) {
      int rows = 1 << random.nextInt(5, 9);
      List<Integer> rowBits = shuffled(random, Integer.numberOfTrailingZeros(rows));
      List<Integer> colBits = shuffled(random, 6);
      int[][] bases = new int[5][];
      StringBuilder strides = new StringBuilder();
      for (int bit = 0; bit < 5; bit++) {
        int row = random.nextInt(3) > 0 && !rowBits.isEmpty() ? 1 << rowBits.remove(0) : 0;
        int col = random.nextInt(3) > 0 && !colBits.isEmpty() ? 1 << colBits.remove(0) : 0;
        bases[bit] = new int[] {row, col};
        strides.append(bit == 0 ? "" : ",").append(random.nextBoolean() ? "_" : "")
            .append(row + rows * col);
      }
      String cute = "(_2,_2,_2,_2,_2):(" + strides + ")";
      assertEquals(LaneMap.parseTriton(triton(bases)), LaneMap.parseCute(cute, rows), cute);
      assertEquals(LaneMap.parse(triton(bases), rows), LaneMap.parse(cute, rows), cute);
    }
    assertEquals(LaneMap.parseTriton("[[1,0],[2,0],[4,0],[8,0],[16,0]]"),
        LaneMap.parseCute("_32:_1", 64));
    assertEquals(LaneMap.parseTriton("[[0,0],[0,1],[0,2],[0,4],[0,8]]"),
        LaneMap.parseCute("(_2,_16):(_0,_32)", 32));
  }

  @Test
  void cuteNotationsFaultsAreTheParsersOrTheCount() {
    // The parser's own position and words, at the end where ')' is missing.
    LaneNotation.SyntaxException error = assertThrows(LaneNotation.SyntaxException.class,
        () -> LaneMap.parseCute("(_2,_16):(_0,_32", 32));
    assertEquals(16, error.index());
    assertEquals(List.of(new LanesUnparsable("(_2,_16):(_0,_32", 16, error.expected())),
        LanesAccess.of(Op.LOAD, 4, "(_2,_16):(_0,_32").check(HALF_64));
    assertEquals(List.of(new WrongLaneCount(16)),
        LanesAccess.of(Op.LOAD, 4, "_16:_1").check(HALF_64));
    // Lane 1 at index 4097 = 1 + 64 * 64 of a 64-row tile: row 1, col 64.
    assertEquals(List.of(new LaneOutsideTile(1, new Cell(1, 64), 64, 64)),
        LanesAccess.of(Op.LOAD, 4, "_32:_4097").check(HALF_64));
  }

  private static List<Integer> shuffled(SplittableRandom random, int count) {
    List<Integer> bits = new ArrayList<>();
    for (int bit = 0; bit < count; bit++) {
      bits.add(random.nextInt(bits.size() + 1), bit);
    }
    return bits;
  }

  private void assertSameCost(Layout tile, AccessPattern vector, LanesAccess lanes) {
    assertEquals(vector.instructions(tile), lanes.instructions(tile), lanes.label());
    AccessReport expected = analyzer.analyze(tile, vector);
    AccessReport actual = analyzer.analyze(tile, lanes);
    assertEquals(expected.instructions(), actual.instructions());
    assertEquals(expected.wavefronts(), actual.wavefronts());
    assertEquals(expected.idealWavefronts(), actual.idealWavefronts());
    assertEquals(expected.degree(), actual.degree());
  }

  /**
   * The bases of a {@code 2^rowBits x 2^(5 - rowBits)} grid of vectors of {@code elements}: a lane
   * bit moves one row down or one vector across, the low bits across a row-major grid's rows.
   */
  private static String gridBases(int rowBits, Order order, int elements) {
    int[][] bases = new int[5][];
    int colBits = 5 - rowBits;
    for (int bit = 0; bit < 5; bit++) {
      boolean across = order == Order.ROW_MAJOR ? bit < colBits : bit >= rowBits;
      int step = order == Order.ROW_MAJOR ? (across ? bit : bit - colBits)
          : (across ? bit - rowBits : bit);
      bases[bit] = across ? new int[] {0, elements << step} : new int[] {1 << step, 0};
    }
    return triton(bases);
  }

  /**
   * Five bases: mostly one step down or one vector across (a power of two), sometimes both at once
   * (a lane bit that moves row and column, as a blit's), none (a broadcast) or any row and column.
   */
  private static int[][] randomBases(SplittableRandom random, int elements) {
    int[][] bases = new int[5][];
    for (int bit = 0; bit < 5; bit++) {
      int row = 1 << random.nextInt(5);
      int col = elements << random.nextInt(5);
      bases[bit] = switch (random.nextInt(8)) {
        case 0 -> new int[] {0, 0};
        case 1 -> new int[] {row, col};
        case 2 -> new int[] {random.nextInt(8), elements * random.nextInt(8)};
        case 3, 4 -> new int[] {row, 0};
        default -> new int[] {0, col};
      };
    }
    return bases;
  }

  private static String triton(int[][] bases) {
    StringBuilder text = new StringBuilder("[");
    for (int[] base : bases) {
      text.append(text.length() > 1 ? "," : "").append('[').append(base[0]).append(',')
          .append(base[1]).append(']');
    }
    return text.append(']').toString();
  }

  /**
   * SPEC section 3: a footprint is rounded up to the least box that divides the tile, so maps whose
   * bounding box does not divide it run: each step covers a box of the tile, the boxes partition it,
   * every lane of every step lies in its step's box, and the steps are the tile's area over the box's.
   */
  @Test
  void aFootprintIsRoundedUpToTheLeastBoxThatDividesTheTile() {
    // Rows 0, 2, ..., 14 (15 rows) of a 64-row tile step by 16 rows; cols 0..31 by 32.
    assertSteps(HALF_64, LanesAccess.of(Op.LOAD, 16, "[[2,0],[4,0],[8,0],[0,8],[0,16]]"), 16, 32);
    // Rows 0 to 27 of a 32-row tile: one step down; 3 rows down a 64-row tile step by 4.
    TileLayout rows32 = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32).build();
    assertSteps(rows32, LanesAccess.of(Op.LOAD, 4, "[[1,0],[2,0],[8,0],[16,0],[0,1]]"), 32, 2);
    assertSteps(HALF_64, LanesAccess.of(Op.LOAD, 4, "[[0,2],[0,4],[0,8],[0,16],[2,32]]"), 4, 64);
    // A 24-row tile: lanes on rows 0, 1, 4 and 5 step by 6, the least divisor of 24 from 6.
    TileLayout rows24 = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 24, 64).build();
    assertSteps(rows24, LanesAccess.of(Op.LOAD, 16, "[[4,0],[0,8],[0,16],[0,32],[1,0]]"), 6, 64);
  }

  private static void assertSteps(TileLayout layout, LanesAccess access, int boxRows, int boxCols) {
    assertEquals(List.of(), access.check(layout));
    List<Instruction> instructions = access.instructions(layout);
    assertEquals(layout.rows() / boxRows * (layout.cols() / boxCols), instructions.size());
    int elements = layout.elementsIn(access.bytes());
    int step = 0;
    for (int top = 0; top < layout.rows(); top += boxRows) {
      for (int left = 0; left < layout.cols(); left += boxCols) {
        for (Phase phase : instructions.get(step).phases()) {
          for (LaneAccess lane : phase.lanes()) {
            assertTrue(lane.row() >= top && lane.row() < top + boxRows
                && lane.col() >= left && lane.col() + elements <= left + boxCols,
                "step " + step + ": lane " + lane);
          }
        }
        step++;
      }
    }
  }
}
