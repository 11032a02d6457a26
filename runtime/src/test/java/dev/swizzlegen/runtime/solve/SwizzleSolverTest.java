package dev.swizzlegen.runtime.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SwizzleSolverTest {
  private static final DType[] TYPES = {DType.HALF, DType.FLOAT, DType.INT8, DType.DOUBLE};
  private final SwizzleSolver solver = SwizzleSolver.nvidia();
  private final ExhaustiveSearch exhaustive = new ExhaustiveSearch(ConflictAnalyzer.nvidia());
  private final ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();

  /** The law: on every small tile, the solver's verdict is the exhaustive search's. */
  @Test
  void solverEqualsExhaustiveSearchOnRandomSmallTiles() {
    SplittableRandom random = new SplittableRandom(5);
    int compared = 0;
    int found = 0;
    int rowForms = 0;
    int columnBlocks = 0;
    int freeAtoms = 0;
    int ties = 0;
    while (compared < 160) {
      DType dtype = TYPES[random.nextInt(TYPES.length)];
      int rows = 8 << random.nextInt(3);
      int vectorElements = 16 / dtype.bytes();
      int cols = vectorElements * (random.nextBoolean() ? 1 << random.nextInt(4) : random.nextInt(1, 13));
      int rowStride = random.nextInt(5) == 0 ? cols + 4 / Math.min(4, dtype.bytes()) * random.nextInt(1, 4) : cols;
      // One description in four declares its atoms; one in six is filled by TMA.
      boolean declaredAtoms = rowStride == cols && random.nextInt(4) == 0;
      boolean tma = rowStride == cols && random.nextInt(6) == 0;
      TileDescription geometry = described(dtype, rows, cols, rowStride, tma ? 1024 : 128);
      if (declaredAtoms) {
        geometry.atom(rows >> random.nextInt(2), cols >> random.nextInt(2),
            random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      }
      if (!geometry.check().isEmpty()) {
        continue;
      }
      List<AccessPattern> accesses = new ArrayList<>();
      for (int i = random.nextInt(1, 4); i > 0; i--) {
        accesses.add(randomAccess(random));
      }
      List<Engine> engines = tma ? List.of(Tma.of(Op.STORE)) : List.of();
      TileLayout plain = geometry.build();
      if (accesses.stream().anyMatch(a -> !a.check(plain).isEmpty())
          || engines.stream().anyMatch(e -> !e.plan(plain).exists())) {
        continue;
      }
      Solution expected = exhaustive.search(geometry, accesses, engines);
      Solution actual = solver.solve(geometry, accesses, engines);
      assertEquals(expected, actual.withoutAlternatives(), geometry + " " + accesses + " " + engines);
      assertEquals(actual.found(), actual.alternatives().isEmpty() && actual.found());
      // What a solver suggests is proven: every access is acceptable on it and every engine has its
      // plan, also on a free atom.
      actual.layout().ifPresent(tile -> assertAcceptable(tile, accesses, engines));
      actual.freeAtom().flatMap(Solution::layout)
          .ifPresent(tile -> assertAcceptable(tile, accesses, engines));
      freeAtoms += actual.freeAtom().flatMap(Solution::layout).isPresent() ? 1 : 0;
      compared++;
      found += actual.found() ? 1 : 0;
      rowForms += actual.layout().filter(TileLayout::swizzlesWithinEachRow).isPresent() ? 1 : 0;
      columnBlocks += actual.layout().filter(t -> t.strided().atomsAcross() > 1).isPresent()
          ? 1 : 0;
      ties += actual.passedOver().isPresent() ? 1 : 0;
    }
    assertTrue(found > 40 && found < 155, "a mix of solvable and unsolvable cases: " + found);
    assertTrue(rowForms > 0, "some answers swizzle within rows: " + rowForms);
    assertTrue(columnBlocks > 0, "some answers are column blocks of atoms: " + columnBlocks);
    assertTrue(freeAtoms > 0, "some declared atoms limit the search: " + freeAtoms);
    assertTrue(ties > 0, "some take the canonical atom on a tie with whole rows: " + ties);
  }

  private void assertAcceptable(TileLayout tile, List<AccessPattern> accesses,
      List<Engine> engines) {
    for (AccessPattern access : accesses) {
      assertTrue(access.check(tile).isEmpty(), tile + " " + access);
      assertTrue(analyzer.analyze(tile, access).acceptable(), tile + " " + access);
    }
    for (Engine engine : engines) {
      assertTrue(engine.plan(tile).exists(), tile + " " + engine);
    }
  }

  /**
   * Issue 18.6: a float epilogue tile declared on 8 x 32 atoms, stored as m16n8 accumulators and
   * read down its columns with 16-byte vectors: no swizzle of the declared atom serves both, and the
   * verdict says what a free atom, as derivation has it, finds: Swizzle<1,2,3> on 8 x 8 atoms, which
   * is proven conflict-free for both.
   */
  @Test
  void aDeclaredAtomThatLimitsTheSearchCarriesWhatAFreeAtomFinds() {
    TileDescription declared = described(DType.FLOAT, 64, 64, 64, 128)
        .atom(8, 32, Order.COL_MAJOR);
    List<AccessPattern> accesses = List.of(MmaAccumulatorAccess.of(Op.STORE),
        VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.ROW_MAJOR));
    Solution solution = solver.solve(declared, accesses, List.of());
    assertTrue(solution.layout().isEmpty());
    assertEquals(exhaustive.search(declared, accesses, List.of()), solution.withoutAlternatives());
    Solution free = solution.freeAtom().orElseThrow();
    assertEquals(List.of(OptionalInt.of(8), OptionalInt.of(32)),
        List.of(solution.declaredAtomRows(), solution.declaredAtomCols()));
    assertTrue(!free.atomDeclared() && free.freeAtom().isEmpty());
    TileLayout found = free.layout().orElseThrow();
    assertEquals(Swizzle.of(1, 2, 3), found.swizzle());
    assertEquals("8 x 8", found.strided().atomShape());
    for (AccessPattern access : accesses) {
      assertTrue(analyzer.analyze(found, access).conflictFree(), access.label());
    }
    // Found on the declared atom, or with a free atom to begin with: no second search.
    assertTrue(solver.solve(declared.copy().atom(0, 0, Order.COL_MAJOR), accesses, List.of())
        .freeAtom().isEmpty());
    assertTrue(solver.solve(declared, List.of(MmaAccumulatorAccess.of(Op.STORE)), List.of())
        .freeAtom().isEmpty());
  }

  private static AccessPattern randomAccess(SplittableRandom random) {
    int maxWays = random.nextInt(4) == 0 ? 2 : 1;
    return switch (random.nextInt(5)) {
      case 0 -> VectorAccess.coalesced(Op.STORE, 4 << random.nextInt(3)).withMaxWays(maxWays);
      case 1, 2 -> {
        int threadRows = 1 << random.nextInt(6);
        yield VectorAccess.grid(Op.LOAD, 4 << random.nextInt(3), threadRows, 32 / threadRows,
                random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR)
            .withRowsAsOne(random.nextInt(3) == 0 ? 2 : 1)
            .withMaxWays(maxWays);
      }
      case 3 -> MatrixAccess.ldmatrix(1 << random.nextInt(3), random.nextBoolean())
          .withMaxWays(maxWays);
      default -> MmaAccumulatorAccess.of(Op.STORE).withMaxWays(maxWays);
    };
  }

  // Seed 001, read on the real hardware: its "element" is a 16-byte vector (8 halves), its 8 banks
  // the 8 16-byte slots of a 128-byte phase, so each of its M grows by 3 on halves.

  /** A column read: 8 lanes down one 16-byte column per phase. */
  private static VectorAccess columnRead() {
    return VectorAccess.grid(Op.LOAD, 16, 8, 4, Order.COL_MAJOR).withLabel("column read");
  }

  /** Seed 001's "4 rows x 2 columns" access: 4 rows x 2 vectors per phase. */
  private static VectorAccess fourRowsByTwo() {
    return VectorAccess.grid(Op.LOAD, 16, 16, 2, Order.ROW_MAJOR).withLabel("4 x 2 read");
  }

  private static final VectorAccess ROW_WRITE = VectorAccess.coalesced(Op.STORE, 16);

  private static final List<Engine> TMA = List.of(Tma.of(Op.STORE));

  private TileLayout derived(TileDescription geometry, AccessPattern... accesses) {
    return derived(geometry, List.of(), accesses);
  }

  private TileLayout derived(TileDescription geometry, List<Engine> engines,
      AccessPattern... accesses) {
    Solution solution = solver.solve(geometry, List.of(accesses), engines);
    TileLayout tile = solution.layout().orElseThrow(() -> new AssertionError(solution.toString()));
    for (AccessPattern access : accesses) {
      assertTrue(analyzer.analyze(tile, access).conflictFree(), tile + " " + access);
    }
    for (Engine engine : engines) {
      assertTrue(engine.plan(tile).exists(), tile + " " + engine);
    }
    assertEquals(exhaustive.search(geometry, List.of(accesses), engines), solution);
    return tile;
  }

  @Test
  void seed001ColumnReadOf8x8IsSwizzle303() {
    TileLayout tile = derived(described(DType.HALF, 8, 64, 64, 128), ROW_WRITE, columnRead());
    assertEquals(Swizzle.of(3, 3, 3), tile.swizzle());
    assertTrue(tile.readsTheOffset() && !tile.swizzlesWithinEachRow());
  }

  /**
   * Whole rows serve with Swizzle<3,3,5>, the seed's answer, and CuTe's canonical atom with as many
   * bits serves too: on the tie derivation takes the atom, in four column blocks (issue 30, item 10);
   * declared whole rows get the seed's answer.
   */
  @Test
  void seed001WideningTo32ColumnsIsSwizzle305() {
    TileDescription widened = described(DType.HALF, 8, 256, 256, 128);
    TileLayout tile = derived(widened, ROW_WRITE, columnRead());
    assertEquals(Swizzle.of(3, 3, 3), tile.swizzle());
    assertEquals("8 x 64", tile.strided().atomShape());
    assertEquals(Swizzle.of(3, 3, 5), solver.solve(widened, List.of(ROW_WRITE, columnRead()),
        List.of()).passedOver().orElseThrow().swizzle());
    TileLayout wholeRows = derived(widened.copy().atom(0, 256, Order.COL_MAJOR), ROW_WRITE,
        columnRead());
    assertEquals(Swizzle.of(3, 3, 5), wholeRows.swizzle());
    assertTrue(wholeRows.isOneAtom());
  }

  @Test
  void seed001NarrowingTo4ColumnsIsSwizzle203() {
    TileDescription narrow = described(DType.HALF, 8, 32, 32, 128);
    TileLayout tile = derived(narrow, ROW_WRITE, columnRead());
    assertEquals(Swizzle.of(2, 3, 3), tile.swizzle());
    // CuTe forbids Swizzle<3,0,2> (there <3,3,2>); with its masks overlapping it works too.
    TileLayout overlapping = TileLayout.builder(DType.HALF, Swizzle.overlapping(3, 3, 2), 8, 32)
        .rowStride(32).alignment(128).build();
    assertTrue(analyzer.analyze(overlapping, columnRead()).conflictFree());
    assertTrue(analyzer.analyze(overlapping, ROW_WRITE).conflictFree());
  }

  @Test
  void seed001FourRowsByTwoColumnsIsSwizzle212() {
    TileLayout tile = derived(described(DType.HALF, 16, 64, 64, 128), ROW_WRITE, fourRowsByTwo());
    assertEquals(Swizzle.of(2, 4, 2), tile.swizzle());
  }

  @Test
  void seed001AccessThatSkipsRowsIsSwizzle213() {
    TileLayout tile = derived(described(DType.HALF, 32, 64, 64, 128), ROW_WRITE,
        fourRowsByTwo().withRowsAsOne(2));
    assertEquals(Swizzle.of(2, 4, 3), tile.swizzle());
  }

  /**
   * Declared whole rows of 24 vectors get the row form, the 8 x 64 atom three times along each row;
   * with the atom free, CuTe's canonical atom ties with it and is taken, in three column blocks.
   */
  @Test
  void seed001Width24RepeatsThe8x8PatternAlongTheRow() {
    TileDescription width24 = described(DType.HALF, 8, 192, 192, 128);
    TileLayout canonical = derived(width24, ROW_WRITE, columnRead());
    assertEquals(List.of(Swizzle.of(3, 3, 3), "8 x 64", 3),
        List.of(canonical.swizzle(), canonical.strided().atomShape(),
            canonical.strided().atomsAcross()));
    TileLayout tile = derived(width24.copy().atom(0, 192, Order.COL_MAJOR), ROW_WRITE,
        columnRead());
    assertEquals(Swizzle.of(3, 3, 3), tile.swizzle());
    assertTrue(tile.swizzlesWithinEachRow());
    assertEquals(256, tile.wordCols());
    for (int row = 0; row < 8; row++) {
      for (int col = 0; col < 192; col++) {
        assertEquals(row * 192 + (col / 64) * 64 + Swizzle.of(3, 3, 3).apply(row * 64 + col % 64)
            - row * 64, tile.offset(row, col), "the 8 x 64 atom, three times along the row");
      }
    }
  }

  @Test
  void seed001Width9ReadsFourRowsByTwoWithTwoRowsAsOne() {
    TileDescription width9 = described(DType.HALF, 32, 72, 72, 128);
    TileLayout tile = derived(width9, ROW_WRITE, fourRowsByTwo().withRowsAsOne(2));
    // Lines of 18 vectors are 288 bytes apart: 2 slots, so 4 lines x 2 vectors fill all 8 slots.
    assertTrue(tile.swizzle().isIdentity());
  }

  /**
   * A column of 32 floats read with 4-byte loads while rows are written with 16-byte vectors: whole
   * vectors pin each float to a quarter of the banks, so no XOR layout beats 4-way; the solver says
   * so, and that writing with 4-byte vectors (Swizzle<5,0,5>) or reading four columns at once with
   * 16-byte vectors (Swizzle<3,2,3>) would work.
   */
  @Test
  void nothingInTheFamilyNamesTheMildestAndWhatWouldWork() {
    TileDescription floats = described(DType.FLOAT, 32, 32, 32, 128);
    VectorAccess rowWrite = VectorAccess.coalesced(Op.STORE, 16).withLabel("row write");
    VectorAccess columnRead = VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR)
        .withLabel("column read");
    List<AccessPattern> accesses = List.of(rowWrite, columnRead);
    Solution solution = solver.solve(floats, accesses, List.of());
    assertTrue(solution.layout().isEmpty());
    assertEquals(4, solution.closestDegree());
    assertEquals(exhaustive.search(floats, accesses, List.of()), solution.withoutAlternatives());
    TileDescription swizzled = floats.copy().stages(1);
    assertEquals(List.of(
            new Alternative.VectorWidth(rowWrite, 4,
                swizzled.copy().swizzle(Swizzle.of(5, 0, 5)).build(), false),
            new Alternative.VectorWidth(columnRead, 16,
                swizzled.copy().swizzle(Swizzle.of(3, 2, 3)).build(), false)),
        solution.alternatives());
  }

  @Test
  void tmaAccessGetsTheEnginesPatternAndCanonicalAtomsOtherwise() {
    TileDescription stage = described(DType.HALF, 64, 64, 64, 1024);
    TileLayout tile = derived(stage, TMA, MatrixAccess.ldmatrix(4, false));
    assertEquals(TmaSwizzle.SWIZZLE_128B, tile.tmaSwizzle().orElseThrow());
    TileDescription narrow = described(DType.HALF, 64, 32, 32, 1024);
    TileLayout narrowTile = derived(narrow, TMA, MatrixAccess.ldmatrix(4, false));
    assertEquals(TmaSwizzle.SWIZZLE_64B, narrowTile.tmaSwizzle().orElseThrow());
  }

  /**
   * Issue 11: TMA boxes span at most 128 bytes, so a TMA-filled 128 x 128 half operand gets CuTe's
   * layout, Swizzle<3,3,3> on 8 x 64 atoms in column blocks; without TMA, whole rows come first.
   */
  @Test
  void aTmaOperandWiderThan128BytesIsColumnBlocksOfCanonicalAtoms() {
    TileDescription operand = described(DType.HALF, 128, 128, 128, 1024);
    Solution solution = solver.solve(operand, List.of(MatrixAccess.ldmatrix(4, false)), TMA);
    TileLayout tile = solution.layout().orElseThrow();
    assertEquals(Swizzle.of(3, 3, 3), tile.swizzle());
    assertEquals(8, tile.atomRows());
    assertEquals(64, tile.atomCols());
    assertEquals(Order.COL_MAJOR, tile.atomOrder());
    assertEquals(TmaSwizzle.SWIZZLE_128B, tile.tmaSwizzle().orElseThrow());
    // TMA fills 128-byte atom rows only with the 128-byte mode: no fewer bits fit them. The atom is
    // the tile's canonical one, reached in its place in the order: no whole rows served.
    assertEquals(new Reasons(tile, Optional.empty(), 0, true, Optional.of(tile), Optional.empty(), 3,
        true, Optional.of(TmaFill.plan(tile).orElseThrow())), solution.reasons());
    assertEquals(2, TmaFill.plan(tile).orElseThrow().boxes().size());
    assertEquals(exhaustive.search(operand, List.of(MatrixAccess.ldmatrix(4, false)), TMA),
        solution);
    // Without TMA whole rows serve with Swizzle<3,3,4>, but the canonical atom serves with as many
    // bits: on the tie it is taken, so that adding TMA keeps the layout (issue 30, item 10).
    Solution withoutTma = solver.solve(operand, List.of(MatrixAccess.ldmatrix(4, false)),
        List.of());
    assertEquals(tile, derived(operand, MatrixAccess.ldmatrix(4, false)));
    assertEquals(Swizzle.of(3, 3, 4), withoutTma.passedOver().orElseThrow().swizzle());
    assertTrue(withoutTma.passedOver().orElseThrow().isOneAtom());
    assertEquals(Optional.of(withoutTma.passedOver().orElseThrow()),
        withoutTma.reasons().wholeRowsPassedOver());
  }

  /**
   * Issue 30, item 10: a 128 x 128 half epilogue tile, m16n8 accumulators stored and 16-byte vectors
   * copied out. Whole rows serve with Swizzle<3,3,4>; CuTe's canonical atom, Swizzle<3,3,3> on 8 x 64
   * atoms, serves with as many bits and is taken, the layout TMA's 128-byte mode fills; exactly what
   * the exhaustive search finds. Where whole rows need fewer bits they stay.
   */
  @Test
  void onATieWithWholeRowsTheCanonicalAtomIsTaken() {
    TileDescription epilogue = described(DType.HALF, 128, 128, 128, 128);
    AccessPattern store = MmaAccumulatorAccess.of(Op.STORE);
    AccessPattern copyOut = VectorAccess.coalesced(Op.LOAD, 16);
    TileLayout tile = derived(epilogue, store, copyOut);
    assertEquals(epilogue.copy().swizzle(Swizzle.of(3, 3, 3)).atom(8, 64, Order.COL_MAJOR).build(),
        tile);
    assertTrue(SwizzleFamily.isCanonicalAtom(tile));
    Reasons reasons = solver.solve(epilogue, List.of(store, copyOut), List.of()).reasons();
    assertEquals(Swizzle.of(3, 3, 4), reasons.wholeRowsPassedOver().orElseThrow().swizzle());
    assertEquals(Optional.empty(), reasons.canonicalAtomTried());
    // Adding a TMA store keeps the layout.
    TileDescription aligned = epilogue.copy().alignment(1024);
    assertEquals(tile.toBuilder().alignment(1024).build(),
        derived(aligned, TMA, store, copyOut));
    // Coalesced stores alone need no swizzle: whole rows with fewer bits than the atom stay.
    assertTrue(derived(epilogue, copyOut).isOneAtom());
  }

  /**
   * Issue 12: a wgmma operand gets a layout wgmma reads, for 128-byte K-major rows of halves the
   * 128-byte swizzle, for 32-byte rows the 32-byte one, and for 64-byte MN-major rows the 64-byte one;
   * exactly what the exhaustive search finds.
   */
  @Test
  void aWgmmaOperandGetsAModeWgmmaReads() {
    record Expected(TileDescription geometry, Major major, TmaSwizzle mode) {}
    for (Expected expected : List.of(
        new Expected(described(DType.HALF, 64, 64, 64, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B),
        new Expected(described(DType.HALF, 128, 128, 128, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B),
        new Expected(described(DType.BF16, 64, 16, 16, 1024), Major.K,
            TmaSwizzle.SWIZZLE_32B),
        new Expected(described(DType.HALF, 32, 32, 32, 1024), Major.MN,
            TmaSwizzle.SWIZZLE_64B),
        new Expected(described(DType.FP8_E4M3, 64, 128, 128, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B))) {
      List<Engine> engines = List.of(Tma.of(Op.STORE), MmaRead.of(MmaFormat.GMMA, expected.major()));
      Solution solution = solver.solve(expected.geometry(), List.of(), engines);
      TileLayout tile = solution.layout().orElseThrow();
      assertEquals(expected.mode(), tile.tmaSwizzle().orElseThrow(), expected.toString());
      assertTrue(MmaOperand.plan(MmaFormat.GMMA, tile, expected.major()).plan().isPresent(),
          tile.toString());
      assertEquals(exhaustive.search(expected.geometry(), List.of(), engines), solution,
          tile.toString());
    }
  }

  /**
   * A UMMA (tcgen05) operand gets a layout tcgen05 reads, the one CUTLASS's sm100_smem_selector picks:
   * the widest swizzle whose rows divide the contiguous side (the 128-byte one for 128-byte K-major
   * rows, the 32-byte one for 32-byte rows), and for an MN-major 32-bit operand the 128-byte swizzle
   * of 32-byte units; exactly what the exhaustive search finds, with TMA too.
   */
  @Test
  void anUmmaOperandGetsTheLayoutCutlassPicks() {
    record Expected(TileDescription geometry, Major major, TmaSwizzle mode, int atomCols) {}
    for (Expected expected : List.of(
        new Expected(described(DType.HALF, 128, 64, 64, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B, 64),
        new Expected(described(DType.BF16, 128, 128, 128, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B, 64),
        new Expected(described(DType.BF16, 64, 16, 16, 1024), Major.K,
            TmaSwizzle.SWIZZLE_32B, 16),
        new Expected(described(DType.FP8_E4M3, 128, 128, 128, 1024), Major.K,
            TmaSwizzle.SWIZZLE_128B, 128),
        new Expected(described(DType.HALF, 32, 128, 128, 1024), Major.MN,
            TmaSwizzle.SWIZZLE_128B, 64),
        new Expected(described(DType.INT8, 64, 256, 256, 1024), Major.MN,
            TmaSwizzle.SWIZZLE_128B, 128),
        new Expected(described(DType.TF32, 16, 128, 128, 1024), Major.MN,
            TmaSwizzle.SWIZZLE_128B_ATOM_32B, 32),
        new Expected(described(DType.FLOAT, 32, 64, 64, 1024), Major.MN,
            TmaSwizzle.SWIZZLE_128B_ATOM_32B, 32))) {
      List<List<Engine>> declared = List.of(List.of(MmaRead.of(MmaFormat.UMMA, expected.major())),
          List.of(Tma.of(Op.STORE), MmaRead.of(MmaFormat.UMMA, expected.major())));
      for (List<Engine> engines : declared) {
        Solution solution = solver.solve(expected.geometry(), List.of(), engines);
        TileLayout tile = solution.layout().orElseThrow();
        assertEquals(expected.mode(), tile.tmaSwizzle().orElseThrow(), expected + " " + engines);
        assertEquals(expected.atomCols(), tile.atomCols(), tile.toString());
        assertTrue(MmaOperand.plan(MmaFormat.UMMA, tile, expected.major()).plan().isPresent(),
            tile.toString());
        assertEquals(exhaustive.search(expected.geometry(), List.of(), engines), solution,
            tile.toString());
      }
    }
  }

  @Test
  void declaredAtomsAreKept() {
    TileDescription mnMajor = described(DType.HALF, 64, 128, 128, 1024)
        .atom(8, 64, Order.ROW_MAJOR);
    TileLayout tile = derived(mnMajor, TMA, MatrixAccess.ldmatrix(4, true));
    assertEquals(Swizzle.of(3, 3, 3), tile.swizzle());
    assertEquals(Order.ROW_MAJOR, tile.atomOrder());
    assertEquals(64, tile.atomCols());
  }

  @Test
  void whySaysHowManyBitsAndWhatFewerLeave() {
    Solution solution = solver.solve(described(DType.HALF, 128, 64, 64, 128),
        List.of(MatrixAccess.ldmatrix(4, false)), List.of());
    TileLayout chosen = solution.layout().orElseThrow();
    assertEquals(Swizzle.of(3, 3, 3), chosen.swizzle());
    TileLayout milder = described(DType.HALF, 128, 64, 64, 128).swizzle(Swizzle.of(2, 3, 3))
        .build();
    // TMA's 128-byte mode needs a 1024-byte aligned base: the fill is of the tile so aligned.
    // Rows of 128 bytes are the canonical atom's: it is the whole tile, no narrower one is looked for.
    assertEquals(new Reasons(chosen, Optional.of(milder), 2, true, Optional.empty(),
        Optional.empty(), 3, true,
        Optional.of(TmaFill.plan(described(DType.HALF, 128, 64, 64, 1024)
            .swizzle(Swizzle.of(3, 3, 3)).build()).orElseThrow())), solution.reasons());
  }

  /** A tile whose swizzle is the solver's to choose, and its atom unless given: one atom, for now. */
  private static TileDescription described(DType dtype, int rows, int cols, int rowStride,
      int alignment) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).rowStride(rowStride)
        .alignment(alignment);
  }
}
