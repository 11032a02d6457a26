package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;

/**
 * The tensor cores read the tile as an operand through shared-memory descriptors, not through the
 * load/store unit's banks: {@code wgmma.mma_async} on Hopper ({@link Wgmma}), {@code tcgen05.mma}
 * on Blackwell ({@link Umma}), as the {@link #format()} says. What must hold is that the tile is an
 * operand of the declared {@link Major}: the plan is an {@link MmaOperand}, the descriptor fields
 * (layout type, LBO, SBO) that read exactly its elements. Everything an engine does is here, once,
 * read off its format; the two records only give each format's engine its name.
 */
public sealed interface MmaRead extends Engine permits Wgmma, Umma {

  /** The instruction that reads the operand. */
  MmaFormat format();

  /** How the operand is stored: K-major (rows M or N, cols K) or MN-major. */
  Major major();

  /** The read by {@code format} of a {@code major} operand, named by its description. */
  static MmaRead of(MmaFormat format, Major major) {
    if (format.equals(MmaFormat.GMMA)) {
      return Wgmma.of(major);
    }
    if (format.equals(MmaFormat.UMMA)) {
      return Umma.of(major);
    }
    throw new IllegalArgumentException("no engine reads with " + format);
  }

  /** {@code "wgmma read of a K-major operand"}, {@code "UMMA read of an MN-major operand"}. */
  static String description(MmaFormat format, Major major) {
    return format.engineName() + " read of " + (major == Major.K ? "a K" : "an MN")
        + "-major operand";
  }

  @Override
  default AccessKind kind() {
    return format().kind();
  }

  /** The tensor cores only read their shared-memory operands. */
  @Override
  default Op op() {
    return Op.LOAD;
  }

  @Override
  default String description() {
    return description(format(), major());
  }

  @Override
  default Plan<MmaOperand> plan(TileLayout tile) {
    return MmaOperand.plan(format(), tile, major());
  }

  /**
   * The tensor cores read only their canonical layouts: on the plain tile, what no swizzle alters.
   */
  @Override
  default List<Violation> geometryViolations(TileLayout plain) {
    return MmaOperand.checkGeometry(format(), plain, major());
  }
}
