package dev.swizzlegen.runtime.access;

import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import java.util.List;
import java.util.Objects;

/**
 * The tile is an operand of {@code wgmma.mma_async}: the tensor cores read it through shared-memory
 * matrix descriptors, not through the load/store unit's banks. What must hold is that the tile is a
 * {@link WgmmaOperand} of the declared {@link Major}: its descriptors read exactly its elements.
 */
public final class WgmmaAccess implements AccessPattern {
  private final Major major;
  private final String label;

  private WgmmaAccess(Major major, String label) {
    this.major = Objects.requireNonNull(major);
    this.label = label;
  }

  /** A read by wgmma of a {@code major} operand. */
  public static WgmmaAccess of(Major major) {
    return new WgmmaAccess(major, "");
  }

  public WgmmaAccess withLabel(String label) {
    return new WgmmaAccess(major, label);
  }

  public Major major() {
    return major;
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
  public int maxWays() {
    return 1;
  }

  @Override
  public String label() {
    return label.isEmpty() ? description() : label;
  }

  @Override
  public String description() {
    return "wgmma read of " + (major == Major.K ? "a K" : "an MN") + "-major operand";
  }

  @Override
  public List<Problem> check(Layout layout) {
    if (!(layout instanceof TileLayout tile)) {
      return List.of(new Problem(Parameter.KIND, "wgmma reads XOR-swizzled tiles only."));
    }
    return WgmmaOperand.check(tile, major);
  }

  @Override
  public List<Problem> checkGeometry(Layout plain) {
    if (!(plain instanceof TileLayout tile)) {
      return check(plain);
    }
    return WgmmaOperand.checkGeometry(tile, major);
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return List.of();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof WgmmaAccess that && major == that.major && label.equals(that.label);
  }

  @Override
  public int hashCode() {
    return Objects.hash(major, label);
  }

  @Override
  public String toString() {
    return label();
  }
}
