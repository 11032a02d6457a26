package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.umma.UmmaOperand;
import dev.swizzlegen.runtime.violation.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The tensor cores read the tile as an operand of {@code tcgen05.mma} (sm_100a, sm_103a), through
 * shared-memory descriptors, not through the load/store unit's banks. What must hold is that the
 * tile is an operand of the declared {@link Major}: its plan is a {@link UmmaOperand}, the descriptor
 * fields (layout type, LBO, SBO) that read exactly its elements.
 *
 * @param major how the operand is stored: K-major (rows M or N, cols K) or MN-major
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record Umma(Major major, String label) implements Engine {

  public Umma {
    Objects.requireNonNull(major, "major");
    label = label.isEmpty() ? description(major) : label;
  }

  /** A read by tcgen05 of a {@code major} operand, named by its description. */
  public static Umma of(Major major) {
    return new Umma(major, "");
  }

  @Override
  public Umma withLabel(String label) {
    return new Umma(major, label);
  }

  @Override
  public AccessKind kind() {
    return AccessKind.UMMA;
  }

  /** tcgen05.mma only reads its shared-memory operands. */
  @Override
  public Op op() {
    return Op.LOAD;
  }

  @Override
  public String description() {
    return description(major);
  }

  private static String description(Major major) {
    return "UMMA read of " + (major == Major.K ? "a K" : "an MN") + "-major operand";
  }

  @Override
  public Plan<UmmaOperand> plan(TileLayout tile) {
    List<Violation> violations = new ArrayList<>();
    return UmmaOperand.plan(tile, major, violations).map(Plan::of)
        .orElseGet(() -> Plan.prevented(violations));
  }

  /** tcgen05 reads only its canonical layouts: on the plain tile, only what no swizzle changes. */
  @Override
  public List<Violation> geometryViolations(TileLayout plain) {
    return UmmaOperand.checkGeometry(plain, major);
  }

  @Override
  public String summary(TileLayout tile) {
    Plan<UmmaOperand> plan = plan(tile);
    if (!plan.exists()) {
      return label + ": " + plan.violations().get(0);
    }
    UmmaOperand operand = plan.plan().get();
    return label + ": the tensor cores, not the banks: " + operand.layoutType().description()
        + " (" + operand.layoutType().name() + "), "
        + operand.kSlices() + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of "
        + operand.instructionK() + ", LBO " + operand.leadingByteOffset() + ", SBO "
        + operand.strideByteOffset() + " bytes";
  }

  @Override
  public String toString() {
    return label;
  }
}
