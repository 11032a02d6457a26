package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The tensor cores read the tile as an operand through shared-memory descriptors, not through the
 * load/store unit's banks: {@code wgmma.mma_async} on Hopper ({@link MmaFormat#GMMA}),
 * {@code tcgen05.mma} on Blackwell ({@link MmaFormat#UMMA}), as the {@link #format()} says. What
 * must hold is that the tile is an operand of the declared {@link Major}: the plan is an
 * {@link MmaOperand}, the descriptor fields (layout type, LBO, SBO) that read exactly its elements.
 * Everything a read does is read off its format, once: a new instruction family is a new format,
 * not a new engine.
 *
 * @param format the instruction that reads the operand
 * @param major how the operand is stored: K-major (rows M or N, cols K) or MN-major
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record MmaRead(MmaFormat format, Major major, String label) implements Engine {

  public MmaRead {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(major, "major");
    label = label.isEmpty() ? description(format, major) : label;
  }

  /** The read by {@code format} of a {@code major} operand, named by its description. */
  public static MmaRead of(MmaFormat format, Major major) {
    return new MmaRead(format, major, "");
  }

  /** The tensor-core reads among {@code engines}, in their order. */
  public static List<MmaRead> in(List<Engine> engines) {
    List<MmaRead> reads = new ArrayList<>();
    for (Engine engine : engines) {
      if (engine instanceof MmaRead read) {
        reads.add(read);
      }
    }
    return reads;
  }

  /** The reads by {@code format} among {@code engines}, in their order. */
  public static List<MmaRead> by(MmaFormat format, List<Engine> engines) {
    return in(engines).stream().filter(read -> read.format.equals(format)).toList();
  }

  /** {@code "wgmma read of a K-major operand"}, {@code "UMMA read of an MN-major operand"}. */
  static String description(MmaFormat format, Major major) {
    return format.engineName() + " read of " + (major == Major.K ? "a K" : "an MN")
        + "-major operand";
  }

  @Override
  public String text() {
    return EngineText.format(this);
  }

  @Override
  public AccessKind kind() {
    return format.kind();
  }

  /** The tensor cores only read their shared-memory operands. */
  @Override
  public Op op() {
    return Op.LOAD;
  }

  @Override
  public String description() {
    return description(format, major);
  }

  @Override
  public MmaRead withLabel(String label) {
    return new MmaRead(format, major, label);
  }

  @Override
  public Plan<MmaOperand> plan(TileLayout tile) {
    return MmaOperand.plan(format, tile, major);
  }

  /** Its format's: an async proxy read. */
  @Override
  public BufferUse use() {
    return format.use();
  }

  @Override
  @SuppressWarnings("unchecked") // a tensor-core read's plan is an MmaOperand's
  public <R> R accept(Visitor<R> visitor, Plan<?> plan) {
    return visitor.mmaRead(this, (Plan<MmaOperand>) plan);
  }

  /**
   * The tensor cores read only their canonical layouts: on the plain tile, what no swizzle alters.
   */
  @Override
  public List<Violation> geometryViolations(TileLayout plain) {
    return MmaOperand.checkGeometry(format, plain, major);
  }

  @Override
  public String toString() {
    return label;
  }
}
