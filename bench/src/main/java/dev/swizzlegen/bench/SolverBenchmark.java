package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.ExhaustiveSearch;
import dev.swizzlegen.runtime.solve.Solution;
import dev.swizzlegen.runtime.solve.SwizzleSolver;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Solver time per tile, 32 x 32 to 256 x 256 halves (and 64 x 192, whose rows are no power of two)
 * with 1 to 4 accesses, beside the exhaustive search's time on the same input, and whether the two
 * agree. Target: the solver under 50 ms each.
 *
 * <pre>bench/solver-benchmark.sh</pre>
 */
public final class SolverBenchmark {
  private static final int SOLVER_RUNS = 7;

  private SolverBenchmark() {}

  public static void main(String[] args) {
    SwizzleSolver solver = SwizzleSolver.nvidia();
    ExhaustiveSearch exhaustive = new ExhaustiveSearch(ConflictAnalyzer.nvidia());
    List<AccessPattern> all = List.of(
        VectorAccess.coalesced(Op.STORE, 16).withLabel("row write"),
        MatrixAccess.ldmatrix(4, false).withLabel("ldmatrix.x4"),
        VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.ROW_MAJOR).withLabel("column read"),
        MmaAccumulatorAccess.of(Op.STORE).withLabel("mma C store"));
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores; solver: median of " + SOLVER_RUNS
        + " runs after warm-up; exhaustive: one run");
    System.out.println();
    System.out.printf(Locale.ROOT, "| %-12s | %-48s | %-30s | %9s | %13s | %7s | %5s |%n",
        "tile (half)", "accesses", "swizzle (atoms)", "solver ms", "exhaustive ms", "speedup", "equal");
    System.out.println("|--------------|--------------------------------------------------|"
        + "--------------------------------|-----------|---------------|---------|-------|");
    // A TMA stage read by ldmatrix: wider than 128 bytes, it needs column blocks of atoms.
    List<AccessPattern> tmaStage = List.of(MatrixAccess.ldmatrix(4, false).withLabel("ldmatrix.x4"));
    List<Engine> tmaEngine = List.of(Tma.of(Op.STORE).withLabel("TMA load"));
    double worst = 0;
    for (int[] shape : new int[][] {{32, 32}, {64, 64}, {128, 128}, {256, 256}, {64, 192}}) {
      for (int count = 1; count <= all.size() + 1; count++) {
        boolean tma = count > all.size();
        List<AccessPattern> accesses = tma ? tmaStage : all.subList(0, count);
        List<Engine> engines = tma ? tmaEngine : List.of();
        TileDescription geometry = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, shape[0],
            shape[1]).alignment(tma ? 1024 : 128);
        for (int warmUp = 0; warmUp < 3; warmUp++) {
          solver.solve(geometry, accesses, engines);
        }
        double[] times = new double[SOLVER_RUNS];
        Solution solution = null;
        for (int run = 0; run < SOLVER_RUNS; run++) {
          long start = System.nanoTime();
          solution = solver.solve(geometry, accesses, engines);
          times[run] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(times);
        double solverMs = times[SOLVER_RUNS / 2];
        worst = Math.max(worst, solverMs);
        long start = System.nanoTime();
        Solution reference = exhaustive.search(geometry, accesses, engines);
        double exhaustiveMs = (System.nanoTime() - start) / 1e6;
        List<String> labels = new ArrayList<>();
        engines.forEach(e -> labels.add(e.label()));
        accesses.forEach(a -> labels.add(a.label()));
        String chosen = solution.layout().map(t -> t.swizzleName()
                + (t.isOneAtom() ? "" : " on " + t.strided().atomShape()))
            .orElse("none (" + solution.closestDegree() + "-way)");
        System.out.printf(Locale.ROOT, "| %-12s | %-48s | %-30s | %9.2f | %13.1f | %6.0fx | %5s |%n",
            shape[0] + " x " + shape[1], String.join(", ", labels), chosen, solverMs, exhaustiveMs,
            exhaustiveMs / solverMs, reference.equals(solution.withoutAlternatives()) ? "yes" : "NO");
      }
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "slowest solver time: %.2f ms (target: under 50 ms)%n", worst);
  }
}
