package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.solve.XorMapSearch;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Derivation time where no {@code Swizzle<B,M,S>} serves and the general XOR map search runs
 * ({@link SwizzleSolver#derive}): the issue's two-lane-map tile, typical tiles, and the worst cases
 * constructed (many accesses, many free bits, infeasible sets that exhaust the search). Each row: the
 * whole derivation (swizzle family first, then the general search, then the alternatives where none
 * serves), median of several runs after warm-up; beside it {@link SwizzleSolver#solve} alone (the
 * swizzle family, with the alternatives it looks for when none serves) and {@link XorMapSearch}
 * alone (median), and the general search's nodes (images tried). Target: under 50 ms for a typical
 * tile; rows named "worst" are the worst cases constructed, "infeasible" ones exhaust the search and
 * then look for relaxations (padding, another vector width, each access left out).
 *
 * <pre>bench/run-main.sh XorMapBenchmark bench/results/solver-benchmark-xor.txt</pre>
 */
public final class XorMapBenchmark {
  private static final int RUNS = 5;
  private static final String COLUMN = "[[1,0],[2,0],[4,0],[8,0],[16,0]]";
  private static final String ROWS_8_APART = "[[8,0],[16,0],[0,4],[1,0],[2,0]]";

  private XorMapBenchmark() {}

  private record Case(String name, TileDescription tile, List<AccessPattern> accesses) {}

  public static void main(String[] args) {
    SwizzleSolver solver = SwizzleSolver.nvidia();
    XorMapSearch xorMaps = new XorMapSearch(ConflictAnalyzer.nvidia());
    List<Case> cases = new ArrayList<>();
    List<AccessPattern> twoLaneMaps = List.of(
        LanesAccess.of(Op.LOAD, 16, COLUMN).withLabel("column"),
        LanesAccess.of(Op.LOAD, 16, ROWS_8_APART).withLabel("rows 8 apart"));
    cases.add(new Case("issue 33: two lane maps", whole(DType.FLOAT, 32, 32), twoLaneMaps));
    cases.add(new Case("two lane maps, 64 rows", whole(DType.FLOAT, 64, 32), twoLaneMaps));
    cases.add(new Case("two lane maps + row write", whole(DType.FLOAT, 32, 32),
        concat(twoLaneMaps, VectorAccess.coalesced(Op.STORE, 16).withLabel("row write"))));
    cases.add(new Case("two lane maps, 128 x 64", whole(DType.FLOAT, 128, 64), twoLaneMaps));
    // Half tiles: the same idea on 16-bit elements beside ldmatrix.
    List<AccessPattern> halfMaps = List.of(
        LanesAccess.of(Op.LOAD, 16, "[[1,0],[2,0],[4,0],[8,0],[16,0]]").withLabel("column"),
        LanesAccess.of(Op.LOAD, 16, "[[8,0],[16,0],[0,8],[1,0],[2,0]]").withLabel("rows 8 apart"),
        MatrixAccess.ldmatrix(4, false).withLabel("ldmatrix.x4"));
    cases.add(new Case("half lane maps + ldmatrix", whole(DType.HALF, 64, 64), halfMaps));
    cases.add(new Case("half lane maps + ldmatrix", whole(DType.HALF, 128, 128), halfMaps));
    // Many free bank bits: 4-byte lanes leave five bank bits to choose.
    List<AccessPattern> floats = List.of(
        LanesAccess.of(Op.LOAD, 4, COLUMN).withLabel("column"),
        LanesAccess.of(Op.LOAD, 4, "[[8,0],[16,0],[0,1],[1,0],[2,0]]").withLabel("rows 8 apart"),
        LanesAccess.of(Op.LOAD, 4, "[[0,1],[0,2],[4,0],[1,0],[0,16]]").withLabel("mixed"));
    cases.add(new Case("4-byte lanes, 5 bank bits", whole(DType.FLOAT, 64, 64), floats));
    cases.add(new Case("worst: 4-byte lanes, 5 bank bits", whole(DType.FLOAT, 128, 256), floats));
    // Worst cases: many random accesses, the largest tiles, infeasible sets.
    Random random = new Random(2026);
    for (int[] shape : new int[][] {{32, 32}, {64, 64}, {128, 128}}) {
      for (int count : new int[] {4, 8}) {
        cases.add(new Case("worst: " + count + " random lane maps", whole(DType.FLOAT, shape[0], shape[1]),
            randomLaneMaps(random, shape[0], shape[1], count)));
      }
    }
    // Infeasible sets no pigeonhole shows: the first random ones the whole search must exhaust.
    for (int[] shape : new int[][] {{32, 32}, {64, 64}, {128, 64}}) {
      cases.add(infeasible(solver, random, shape[0], shape[1]));
    }
    cases.add(new Case("worst, infeasible: column, 16B write", whole(DType.FLOAT, 32, 32), List.of(
        VectorAccess.coalesced(Op.STORE, 16).withLabel("row write"),
        VectorAccess.grid(Op.LOAD, 4, 32, 1, Order.ROW_MAJOR).withLabel("column read"))));

    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores; derive = swizzle family, then every"
        + " XOR map, then alternatives; median of " + RUNS + " runs after 3 rounds of"
        + " every case and 2 more of each");
    System.out.println();
    System.out.printf(Locale.ROOT, "| %-36s | %-13s | %-3s | %-26s | %9s | %9s | %9s | %10s |%n",
        "case", "tile", "acc", "derived", "derive ms", "solve ms", "XOR ms", "XOR nodes");
    System.out.println("|--------------------------------------|---------------|-----|"
        + "----------------------------|-----------|-----------|-----------|------------|");
    double worstTypical = 0;
    double worst = 0;
    for (int round = 0; round < 3; round++) {
      for (Case c : cases) {
        solver.derive(c.tile(), c.accesses(), List.of());
      }
    }
    for (Case c : cases) {
      for (int i = 0; i < 2; i++) {
        solver.derive(c.tile(), c.accesses(), List.of());
      }
      double[] times = new double[RUNS];
      Solution solution = null;
      for (int run = 0; run < RUNS; run++) {
        long start = System.nanoTime();
        solution = solver.derive(c.tile(), c.accesses(), List.of());
        times[run] = (System.nanoTime() - start) / 1e6;
      }
      Arrays.sort(times);
      double ms = times[RUNS / 2];
      double[] swizzleTimes = new double[RUNS];
      double[] xorTimes = new double[RUNS];
      for (int run = 0; run < RUNS; run++) {
        long start = System.nanoTime();
        solver.solve(c.tile(), c.accesses(), List.of());
        swizzleTimes[run] = (System.nanoTime() - start) / 1e6;
        start = System.nanoTime();
        xorMaps.search(c.tile(), c.accesses(), List.of());
        xorTimes[run] = (System.nanoTime() - start) / 1e6;
      }
      Arrays.sort(swizzleTimes);
      Arrays.sort(xorTimes);
      worst = Math.max(worst, ms);
      if (!c.name().startsWith("worst")) {
        worstTypical = Math.max(worstTypical, ms);
      }
      String derived;
      long nodes = solution.xorMap().map(XorMapSearch.Result::nodes).orElse(0L);
      if (solution.foundXorMap()) {
        derived = "XOR map, " + solution.xorMap().get().terms() + " terms";
      } else if (solution.found()) {
        TileLayout t = solution.layout().get();
        derived = t.swizzleName() + (t.isOneAtom() ? "" : " " + t.strided().atomShape());
      } else {
        derived = "none: " + solution.xorMap().flatMap(XorMapSearch.Result::certificate)
            .map(cert -> cert.getClass().getSimpleName())
            .orElse(solution.xorMap().map(r -> r.scope().toString()).orElse("-"));
      }
      System.out.printf(Locale.ROOT,
          "| %-36s | %-13s | %3d | %-26s | %9.2f | %9.2f | %9.2f | %10d |%n",
          c.name(), c.tile().rows() + " x " + c.tile().cols() + " " + c.tile().dtype()
              .toString().toLowerCase(Locale.ROOT).substring(0, 1),
          c.accesses().size(), derived, ms, swizzleTimes[RUNS / 2], xorTimes[RUNS / 2], nodes);
    }
    System.out.println();
    Solution issue = solver.derive(cases.get(0).tile(), cases.get(0).accesses(), List.of());
    System.out.println("issue 33's tile: " + issue.layout().orElseThrow().swizzleName());
    System.out.println("  layout = \"" + CuteLayout.atomOf(issue.layout().orElseThrow())
        .orElseThrow() + "\"");
    System.out.printf(Locale.ROOT, "slowest typical tile: %.2f ms (target: under 50 ms);"
        + " slowest of all: %.2f ms%n", worstTypical, worst);
  }

  /** The first random set of 16-byte lane maps (4 to 12) that no XOR map serves, found by search. */
  private static Case infeasible(SwizzleSolver solver, Random random, int rows, int cols) {
    for (int count = 4; ; count = count >= 12 ? 4 : count + 1) {
      List<AccessPattern> accesses = randomLaneMaps(random, rows, cols, count);
      Solution solution = solver.derive(whole(DType.FLOAT, rows, cols), accesses, List.of());
      if (!solution.found() && solution.xorMap().flatMap(XorMapSearch.Result::certificate)
          .filter(c -> !(c instanceof dev.swizzlegen.runtime.solve.NoXorMap.TooManyWords))
          .isPresent()) {
        return new Case("worst, infeasible: " + count + " random maps", whole(DType.FLOAT, rows,
            cols), accesses);
      }
    }
  }

  /** One atom, the whole tile: derivation's general search runs on whole rows. */
  private static TileDescription whole(DType dtype, int rows, int cols) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).atom(rows, cols,
        Order.COL_MAJOR);
  }

  private static List<AccessPattern> concat(List<AccessPattern> list, AccessPattern more) {
    List<AccessPattern> all = new ArrayList<>(list);
    all.add(more);
    return all;
  }

  /** Random Triton lane maps of 16-byte float vectors (4 elements) on the tile. */
  private static List<AccessPattern> randomLaneMaps(Random random, int rows, int cols, int count) {
    List<AccessPattern> accesses = new ArrayList<>();
    while (accesses.size() < count) {
      StringBuilder bases = new StringBuilder("[");
      for (int i = 0; i < 5; i++) {
        int row = random.nextInt(3) == 0 ? 0 : 1 << random.nextInt(
            Integer.numberOfTrailingZeros(rows));
        int col = random.nextInt(2) == 0 ? 0
            : 4 << random.nextInt(Integer.numberOfTrailingZeros(cols / 4));
        bases.append(i == 0 ? "" : ",").append('[').append(row).append(',').append(col)
            .append(']');
      }
      AccessPattern access = LanesAccess.of(Op.LOAD, 16, bases.append(']').toString())
          .withLabel("random " + accesses.size());
      if (access.check(TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, rows, cols).build())
          .isEmpty()) {
        accesses.add(access);
      }
    }
    return accesses;
  }
}
