package dev.swizzlegen.runtime.engine;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.Objects;

/**
 * The tensor cores read the tile as an operand of {@code tcgen05.mma} (sm_100a, sm_103a): an
 * {@link MmaRead} of the format {@link MmaFormat#UMMA}, which says everything else.
 *
 * @param major how the operand is stored: K-major (rows M or N, cols K) or MN-major
 * @param label the name given in the annotation, else the {@link #description()}
 */
public record Umma(Major major, String label) implements MmaRead {

  public Umma {
    Objects.requireNonNull(major, "major");
    label = label.isEmpty() ? MmaRead.description(MmaFormat.UMMA, major) : label;
  }

  /** A read by tcgen05 of a {@code major} operand, named by its description. */
  public static Umma of(Major major) {
    return new Umma(major, "");
  }

  @Override
  public MmaFormat format() {
    return MmaFormat.UMMA;
  }

  @Override
  public Umma withLabel(String label) {
    return new Umma(major, label);
  }

  @Override
  public String toString() {
    return label;
  }
}
