package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import dev.swizzlegen.runtime.violation.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The tensor cores read the tile as an operand of {@code wgmma.mma_async} (sm_90a), through
 * shared-memory matrix descriptors, not through the load/store unit's banks. What must hold is that
 * the tile is an operand of the declared {@link Major}: its plan is a {@link WgmmaOperand}, the
 * descriptor fields (layout type, LBO, SBO) that read exactly its elements.
 *
 * @param major how the operand is stored: K-major (rows M or N, cols K) or MN-major
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record Wgmma(Major major, String label) implements Engine {

  public Wgmma {
    Objects.requireNonNull(major, "major");
    label = label.isEmpty() ? description(major) : label;
  }

  /** A read by wgmma of a {@code major} operand, named by its description. */
  public static Wgmma of(Major major) {
    return new Wgmma(major, "");
  }

  @Override
  public Wgmma withLabel(String label) {
    return new Wgmma(major, label);
  }

  @Override
  public AccessKind kind() {
    return AccessKind.WGMMA;
  }

  /** wgmma only reads shared memory. */
  @Override
  public Op op() {
    return Op.LOAD;
  }

  @Override
  public String description() {
    return description(major);
  }

  private static String description(Major major) {
    return "wgmma read of " + (major == Major.K ? "a K" : "an MN") + "-major operand";
  }

  @Override
  public Plan<WgmmaOperand> plan(TileLayout tile) {
    List<Violation> violations = new ArrayList<>();
    return WgmmaOperand.plan(tile, major, violations).map(Plan::of)
        .orElseGet(() -> Plan.prevented(violations));
  }

  /** wgmma reads only its canonical layouts: on the plain tile, only what no swizzle changes. */
  @Override
  public List<Violation> geometryViolations(TileLayout plain) {
    return WgmmaOperand.checkGeometry(plain, major);
  }

  @Override
  public String summary(TileLayout tile) {
    Plan<WgmmaOperand> plan = plan(tile);
    if (!plan.exists()) {
      return label + ": " + plan.violations().get(0);
    }
    WgmmaOperand operand = plan.plan().get();
    return label + ": the tensor cores, not the banks: " + operand.swizzle().description() + ", "
        + operand.kSlices() + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of "
        + operand.instructionK() + ", LBO " + operand.leadingByteOffset() + ", SBO "
        + operand.strideByteOffset() + " bytes";
  }

  @Override
  public String toString() {
    return label;
  }
}
