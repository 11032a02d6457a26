package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.Objects;

/**
 * The tensor cores read the tile as an operand of {@code wgmma.mma_async} (sm_90a): an
 * {@link MmaRead} of the format {@link MmaFormat#GMMA}, which says everything else.
 *
 * @param major how the operand is stored: K-major (rows M or N, cols K) or MN-major
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record Wgmma(Major major, String label) implements MmaRead {

  public Wgmma {
    Objects.requireNonNull(major, "major");
    label = label.isEmpty() ? MmaRead.description(MmaFormat.GMMA, major) : label;
  }

  /** A read by wgmma of a {@code major} operand, named by its description. */
  public static Wgmma of(Major major) {
    return new Wgmma(major, "");
  }

  @Override
  public MmaFormat format() {
    return MmaFormat.GMMA;
  }

  @Override
  public Wgmma withLabel(String label) {
    return new Wgmma(major, label);
  }

  @Override
  public String toString() {
    return label;
  }
}
