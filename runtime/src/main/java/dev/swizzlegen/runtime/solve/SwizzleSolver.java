package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Chooses the cheapest swizzle that makes every access acceptable and gives every engine its plan:
 * exact over the {@link SwizzleFamily}, so it returns what {@link ExhaustiveSearch} returns, only
 * faster. Warp accesses are costed; engines (TMA, wgmma, tcgen05) are requirements a candidate
 * meets or not ({@link SwizzleFamily#runs}), never costed.
 *
 * <p>It is given a {@link TileDescription description} of the tile and returns {@link TileLayout}s:
 * the description's swizzle is the solver's to choose, and so is each side of its atom it leaves 0.
 * Stages are set aside (every stage is laid out alike): what it finds has one stage.
 *
 * <p>Which (row, col) each lane touches depends on the tile and the access, never on the swizzle,
 * so every phase is enumerated once. Each candidate, cheapest first, is then costed phase by phase
 * with three shortcuts that cannot change the answer: the phases that rejected earlier candidates
 * ("killers") are costed first; a candidate stops being costed once one of its phases exceeds its
 * access's maxWays and its worst conflict can no longer beat the mildest found so far; and the
 * closure and vector checks read the swizzle's masks before looping over elements.
 *
 * <p>Where the first layout that serves is of whole rows and the tile's canonical atom, with as many
 * bits or fewer, serves too, it takes the atom ({@link SwizzleFamily#onATie}).
 *
 * <p>When nothing in the family works, it says what would: padding the rows (the smallest row stride
 * on which the plain tile is acceptable) or another vector width for a vector access.
 *
 * <p>A TMA engine admits the layouts TMA writes in one of Hopper's modes, which every GPU with TMA
 * writes; a solver for an architecture whose TMA also writes Blackwell's modes
 * ({@link #nvidia(Optional)}) tries those too where none of Hopper's serves.
 */
public final class SwizzleSolver {
  private static final int KILLERS_KEPT = 8;

  private final BankModel banks;
  /** Whether a search may fall back on TMA's Blackwell modes when none of Hopper's serves. */
  private final boolean blackwellTma;
  /** Derivation's search where no swizzle serves: every invertible XOR map. */
  private final XorMapSearch xorMaps;

  private SwizzleSolver(BankModel banks, boolean blackwellTma) {
    this.banks = banks;
    this.xorMaps = new XorMapSearch(ConflictAnalyzer.nvidia());
    this.blackwellTma = blackwellTma;
  }

  /**
   * The solver for NVIDIA's shared memory, compute capability 7.0 to 12.x, whatever the
   * architecture: a TMA engine admits Hopper's modes only, which every GPU with TMA writes.
   */
  public static SwizzleSolver nvidia() {
    return new SwizzleSolver(BankModel.NVIDIA, false);
  }

  /**
   * The solver for {@code target}: as {@link #nvidia()}, and where the target's TMA writes Blackwell's
   * modes ({@link Architecture.Feature#BLACKWELL_TMA_MODES}) and no layout in Hopper's serves, a
   * search again with Blackwell's admitted too. No target is {@link #nvidia()}: what runs everywhere.
   */
  public static SwizzleSolver nvidia(Optional<Architecture> target) {
    return new SwizzleSolver(BankModel.NVIDIA,
        target.filter(arch -> arch.has(Architecture.Feature.BLACKWELL_TMA_MODES)).isPresent());
  }

  /**
   * The cheapest tile of this description on which every access is acceptable and every engine has a
   * plan, or the verdict that the family has none, with the mildest it has, what would work instead
   * and, when a declared atom limited the search, what the search finds on a free atom. Each access
   * must run on the plain tile ({@link AccessPattern#check} of the description without a swizzle
   * empty), and nothing of each engine's plan but its swizzle may be missing there
   * ({@link Engine#geometryViolations} empty).
   */
  public Solution solve(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines) {
    Solution hopper = solve(description, accesses, engines, false);
    if (hopper.found() || !blackwellTma || Tma.first(engines).isEmpty()) {
      return hopper;
    }
    Solution blackwell = solve(description, accesses, engines, true);
    return blackwell.found() ? blackwell : hopper;
  }

  /**
   * Derivation's verdict (SPEC section 6): {@link #solve} over the {@link SwizzleFamily} first, since a
   * {@code Swizzle<B,M,S>} is what CuTe, TMA and the tensor cores speak; where none serves and no
   * engine reads the tile, the simplest of every invertible XOR map of the one-atom tile's offset that
   * keeps the vectors whole ({@link XorMapSearch}): then the solution's layout is that map's tile and
   * its {@link Solution#xorMap()} says so. Where none serves either, the solution carries the search's
   * certificate, and among its alternatives the first access whose omission lets derivation succeed.
   */
  public Solution derive(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines) {
    if (!engines.isEmpty()) {
      // The engines speak only their swizzle modes: the verdict says so.
      return solve(description, accesses, engines)
          .withXorMap(xorMaps.search(searched(description), accesses, engines));
    }
    // Without an engine TMA's Blackwell modes play no part; alternatives only if nothing serves.
    Solution solution = solveWithoutAlternatives(description, accesses, engines, false);
    if (solution.found()) {
      return solution;
    }
    XorMapSearch.Result general = xorMaps.search(searched(description), accesses, engines);
    Solution verdict = solution.withXorMap(general);
    if (general.found()) {
      return verdict;
    }
    verdict = verdict.withAlternatives(
        alternatives(searched(description), accesses, engines, false));
    if (accesses.size() < 2) {
      return verdict;
    }
    List<Alternative> alternatives = new ArrayList<>(verdict.alternatives());
    Optional<Alternative> generalDrop = Optional.empty();
    // Every swizzle of the family is an XOR map of the one-atom tile: while the certificate's
    // accesses and the vectors it keeps whole stay, nothing serves, so only dropping one of them
    // (or an access as wide as those vectors) can help.
    List<AccessPattern> involved = general.certificate().map(NoXorMap::accesses).orElse(accesses);
    TileLayout plain = plain(searched(description));
    for (int i = 0; i < accesses.size(); i++) {
      if (!involved.contains(accesses.get(i))
          && XorMapSearch.widestBytes(accesses.get(i), plain) < general.keptBytes()) {
        continue;
      }
      List<AccessPattern> others = new ArrayList<>(accesses);
      AccessPattern dropped = others.remove(i);
      Optional<TileLayout> swizzled =
          solveWithoutAlternatives(description, others, engines, false).layout();
      if (swizzled.isPresent()) {
        alternatives.add(new Alternative.DroppedAccess(dropped, swizzled.get()));
        return verdict.withAlternatives(alternatives);
      }
      if (generalDrop.isEmpty()) {
        generalDrop = xorMaps.search(searched(description), others, engines).layout()
            .map(layout -> new Alternative.DroppedAccess(dropped, layout));
      }
    }
    generalDrop.ifPresent(alternatives::add);
    return verdict.withAlternatives(alternatives);
  }

  private Solution solve(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines, boolean blackwell) {
    Solution solution = solveWithoutAlternatives(description, accesses, engines, blackwell);
    return solution.found() ? solution : solution.withAlternatives(
        alternatives(searched(description), accesses, engines, blackwell));
  }

  /** As {@link #solve(TileDescription, List, List, boolean)}, not looking for alternatives. */
  private Solution solveWithoutAlternatives(TileDescription description,
      List<AccessPattern> accesses, List<Engine> engines, boolean blackwell) {
    TileDescription searched = searched(description);
    Solution solution = search(searched, accesses, engines, blackwell);
    if (solution.found()) {
      return solution;
    }
    Optional<TileDescription> free = SwizzleFamily.freeAtomFor(searched, accesses, engines);
    if (free.isPresent()) {
      // The declared atom limited the search: say what a free atom, as derivation has it, finds.
      solution = solution.withFreeAtom(search(free.get(), accesses, engines, blackwell));
    }
    return solution;
  }

  /**
   * The description a search for the declared layout's swizzle is given: its atom kept where it has
   * several, left to the search where it is the whole tile (as derivation leaves it when atomRows and
   * atomCols are omitted), its atom order kept.
   */
  public static TileDescription toChoose(TileLayout declared) {
    TileDescription description = declared.toBuilder();
    return declared.isOneAtom()
        ? description.atom(OptionalInt.empty(), OptionalInt.empty(), declared.atomOrder())
        : description;
  }

  /** What a search works on: a copy of the description, without a swizzle, one stage. */
  static TileDescription searched(TileDescription description) {
    return description.copy().swizzle(Swizzle.IDENTITY).swizzleWithinEachRow(false).stages(1);
  }

  /** The searched description without a swizzle, as a tile; it must be one. */
  private static TileLayout plain(TileDescription searched) {
    return searched.build();
  }

  private Solution search(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines, boolean blackwell) {
    TileLayout plain = plain(description);
    List<AccessPhases> phases = new ArrayList<>();
    for (AccessPattern access : accesses) {
      phases.add(new AccessPhases(access, access.instructions(plain)));
    }
    RunnersUp runnersUp = new RunnersUp(description);
    for (TileLayout tile : SwizzleFamily.layouts(description)) {
      runnersUp.enter(tile);
      if (!SwizzleFamily.runs(tile, accesses, engines, blackwell)) {
        continue;
      }
      Verdict verdict = new Verdict(runnersUp.toBeat());
      for (AccessPhases access : phases) {
        access.costKillers(tile, verdict);
      }
      for (int i = 0; i < phases.size() && !verdict.hopeless(); i++) {
        phases.get(i).costAll(tile, verdict);
      }
      if (verdict.hopeless()) {
        continue;
      }
      if (verdict.acceptable) {
        Optional<TileLayout> canonical = SwizzleFamily.onATie(description, tile)
            .filter(atom -> SwizzleFamily.runs(atom, accesses, engines, blackwell)
                && serves(atom, phases));
        return canonical.isPresent() ? runnersUp.foundOnATie(canonical.get(), tile)
            : runnersUp.found(tile);
      }
      runnersUp.reject(tile, verdict.worst);
    }
    return runnersUp.nothingFound();
  }

  /** What one candidate has shown so far. */
  private static final class Verdict {
    private final int toBeat;
    private boolean acceptable = true;
    private int worst = 1;

    Verdict(int toBeat) {
      this.toBeat = toBeat;
    }

    void add(int degree, int maxWays) {
      worst = Math.max(worst, degree);
      acceptable &= degree <= maxWays;
    }

    /** Neither acceptable nor milder than the mildest found: nothing more to learn. */
    boolean hopeless() {
      return !acceptable && worst >= toBeat;
    }
  }

  /** An access's phases as the (row, col, bytes) of their lanes, with the phases that killed. */
  private final class AccessPhases {
    private final AccessPattern access;
    private final List<int[][]> lanesByPhase = new ArrayList<>();
    private final List<Integer> killers = new ArrayList<>();
    private final long[] addresses = new long[32];
    private final int[] bytes = new int[32];

    AccessPhases(AccessPattern access, List<Instruction> instructions) {
      this.access = access;
      for (Instruction instruction : instructions) {
        for (Phase phase : instruction.phases()) {
          int[][] lanes = new int[phase.lanes().size()][];
          for (int i = 0; i < lanes.length; i++) {
            LaneAccess lane = phase.lanes().get(i);
            lanes[i] = new int[] {lane.row(), lane.col(), lane.bytes()};
          }
          lanesByPhase.add(lanes);
        }
      }
    }

    void costKillers(TileLayout tile, Verdict verdict) {
      for (int i = 0; i < killers.size() && !verdict.hopeless(); i++) {
        verdict.add(degree(tile, killers.get(i)), access.maxWays());
      }
    }

    void costAll(TileLayout tile, Verdict verdict) {
      for (int phase = 0; phase < lanesByPhase.size() && !verdict.hopeless(); phase++) {
        int degree = degree(tile, phase);
        verdict.add(degree, access.maxWays());
        if (degree > access.maxWays()) {
          remember(phase);
        }
      }
    }

    private int degree(TileLayout tile, int phase) {
      int[][] lanes = lanesByPhase.get(phase);
      for (int i = 0; i < lanes.length; i++) {
        addresses[i] = tile.byteOffset(lanes[i][0], lanes[i][1]);
        bytes[i] = lanes[i][2];
      }
      return banks.wavefronts(addresses, bytes, lanes.length);
    }

    private void remember(int phase) {
      killers.remove(Integer.valueOf(phase));
      killers.add(0, phase);
      if (killers.size() > KILLERS_KEPT) {
        killers.remove(KILLERS_KEPT);
      }
    }
  }

  /** Changes that would make every access acceptable when no swizzle of the family does. */
  private List<Alternative> alternatives(TileDescription description, List<AccessPattern> accesses,
      List<Engine> engines, boolean blackwell) {
    List<Alternative> alternatives = new ArrayList<>();
    if (engines.isEmpty()) {
      // The copy engine and the tensor cores read no padded rows.
      int cols = description.cols();
      int limit = cols + 128 * 8 / description.dtype().storageBits();
      for (int rowStride = cols + 1; rowStride <= limit; rowStride++) {
        Optional<TileLayout> padded = description.copy().rowStride(rowStride).tryBuild();
        if (padded.isPresent() && SwizzleFamily.runs(padded.get(), accesses, engines)
            && acceptable(padded.get(), accesses)) {
          alternatives.add(new Alternative.PaddedRows(plain(description), padded.get()));
          break;
        }
      }
    }
    for (int i = 0; i < accesses.size(); i++) {
      if (!(accesses.get(i) instanceof VectorAccess vector)) {
        continue;
      }
      for (int width : new int[] {16, 8, 4}) {
        if (width == vector.bytes()) {
          continue;
        }
        List<AccessPattern> changed = new ArrayList<>(accesses);
        changed.set(i, vector.withBytes(width));
        if (!SwizzleFamily.runs(plain(description), changed, engines)) {
          continue;
        }
        Optional<TileLayout> found = search(description, changed, engines, blackwell).layout();
        if (found.isPresent()) {
          TileLayout tile = found.get();
          boolean atomChosen = !description.atomDescribed() && !tile.isOneAtom();
          alternatives.add(new Alternative.VectorWidth(vector, width, tile, atomChosen));
          break;
        }
      }
    }
    return alternatives;
  }

  private boolean acceptable(TileLayout tile, List<AccessPattern> accesses) {
    List<AccessPhases> phases = new ArrayList<>();
    for (AccessPattern access : accesses) {
      phases.add(new AccessPhases(access, access.instructions(tile)));
    }
    return serves(tile, phases);
  }

  /** Whether every access is acceptable on {@code tile}, costed until one phase is not. */
  private static boolean serves(TileLayout tile, List<AccessPhases> phases) {
    Verdict verdict = new Verdict(0);
    for (int i = 0; i < phases.size() && !verdict.hopeless(); i++) {
      phases.get(i).costKillers(tile, verdict);
      phases.get(i).costAll(tile, verdict);
    }
    return verdict.acceptable;
  }
}
