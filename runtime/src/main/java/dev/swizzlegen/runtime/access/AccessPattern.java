package dev.swizzlegen.runtime.access;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.bank.Phase;
import dev.swizzlegen.runtime.bank.PhaseLanes;
import dev.swizzlegen.runtime.bank.PhaseVisitor;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.List;
import java.util.Objects;

/**
 * One warp-level instruction applied across a whole tile: which bytes each lane touches in every
 * instruction it takes to cover the tile, phase by phase, for the bank model to cost. Engines that
 * read or write the tile without warp instructions (TMA, wgmma, tcgen05) are not accesses but
 * requirements on the layout: {@link dev.swizzlegen.runtime.engine.Engine}.
 */
public sealed interface AccessPattern
    permits VectorAccess, MatrixAccess, MmaAccumulatorAccess, LanesAccess {

  /**
   * The accesses, in order, as an unmodifiable list: how a generated helper spells its
   * {@code ACCESSES}. One method, neither overloaded nor generic, which javac resolves at a fraction of
   * the cost of {@code List.of}'s twelve generic overloads: a library of a thousand helpers feels it.
   */
  static List<AccessPattern> listOf(AccessPattern... accesses) {
    return List.of(accesses);
  }

  /**
   * The access {@code text} names, as {@link #text()} writes it: the {@code @Access} that declares it
   * in one line, {@code "ldmatrix x4 trans"}, {@code "vector load 16 bytes threads 8x4 col-major
   * label 'column read'"}. How a generated helper spells its {@code ACCESSES}.
   *
   * <pre>
   *   vector load|store BYTES bytes [threads ROWSxCOLS row-major|col-major] [rowsAsOne N]
   *   ldmatrix|stmatrix [m8n16|m16n16|m16n8] xMATRICES [trans]
   *   mma accumulator load|store
   *   lanes load|store BYTES bytes 'LANES'
   *   ... then, for each: [maxWays N] [label 'TEXT']
   * </pre>
   *
   * <p>Words are separated by one space. The label, free text, is quoted with
   * {@code \\}, {@code \'}, {@code \n}, {@code \r}, {@code \t} and <code>&#92;uXXXX</code> escapes.
   *
   * @throws IllegalArgumentException naming the word that is wrong and what was expected there
   */
  static AccessPattern parse(String text) {
    return AccessText.parse(text);
  }

  /** The access as one line of text, which {@link #parse} reads back as an equal access. */
  String text();

  AccessKind kind();

  /** Whether shared memory is read or written. */
  Op op();

  /** How the access uses the tile's bytes: the threads' own loads or stores (the generic proxy). */
  default BufferUse use() {
    return op() == Op.STORE ? BufferUse.GENERIC_WRITE : BufferUse.GENERIC_READ;
  }

  /** What the annotation gives beside the instruction: the conflict degree tolerated, the label. */
  Given given();

  /** The conflict degree tolerated: 1 demands conflict-free. */
  default int maxWays() {
    return given().maxWays();
  }

  /** The name given in the annotation, or else {@link #description()}. */
  default String label() {
    return given().label().isEmpty() ? description() : given().label();
  }

  /** The same access tolerating {@code maxWays}-way conflicts. */
  AccessPattern withMaxWays(int maxWays);

  /** The same access named {@code label} in messages and reports; empty: by its description. */
  AccessPattern withLabel(String label);

  /**
   * What {@code @Access} says of an access beside its instruction.
   *
   * @param maxWays the conflict degree tolerated: 1 demands conflict-free
   * @param label the label as given, empty where none was: what {@link #text()} writes
   */
  record Given(int maxWays, String label) {
    /** Conflict-free, and named by the access's description. */
    static final Given NONE = new Given(1, "");

    public Given {
      Objects.requireNonNull(label, "label");
    }

    Given withMaxWays(int maxWays) {
      return new Given(maxWays, label);
    }

    Given withLabel(String label) {
      return new Given(maxWays, label);
    }
  }

  /** What the instruction is, in words: {@code "ldmatrix.x4 load"}. */
  String description();

  /** Every reason the access cannot run on this layout; empty when it can. */
  List<Violation> check(Layout layout);

  /**
   * Every instruction a warp issues to cover the tile once, at least one. Requires {@link #check} to
   * be empty.
   */
  List<Instruction> instructions(Layout layout);

  /**
   * Hands every phase of {@link #instructions} to {@code visitor}, in the same order and with the
   * same lanes, without building them as objects: what the analyzer walks. Requires {@link #check}
   * to be empty.
   *
   * @return the number of instructions, {@code instructions(layout).size()}
   */
  default int forEachPhase(Layout layout, PhaseVisitor visitor) {
    List<Instruction> instructions = instructions(layout);
    PhaseLanes lanes = new PhaseLanes();
    for (int i = 0; i < instructions.size(); i++) {
      for (Phase phase : instructions.get(i).phases()) {
        lanes.clear();
        for (LaneAccess lane : phase.lanes()) {
          lanes.add(lane.lane(), lane.row(), lane.col(), lane.byteAddress(), lane.bytes());
        }
        visitor.phase(i, phase.index(), lanes);
      }
    }
    return instructions.size();
  }
}
