package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The swizzles a solver chooses from, in the order of cost, cheapest first:
 *
 * <ul>
 *   <li>the offset form: {@code Swizzle<B,M,S>} with {@code B <= 5}, {@code M <= 7},
 *       {@code B <= |S| <= 12} (and the identity);
 *   <li>when the row stride is not a power of two, the row form ({@link SwizzleForm#ROW}) with
 *       {@code B <= 5}, {@code M <= 7}, {@code B <= S <= 12}; with a power-of-two stride every
 *       member of it is already an offset-form swizzle.
 * </ul>
 *
 * <p>Cost: fewest bits; then CuTe's canonical atom ({@code M} moving 16-byte units, {@code S = 3});
 * then the row form, which keeps every row in place, over the offset form, whose XOR on a row
 * stride that is not a power of two mixes rows and columns; then a positive shift; then the smallest {@code |S|}; then the smallest
 * {@code M}. A TMA access, when declared, admits only the engine's patterns, so whatever is chosen
 * is one of them.
 */
public final class SwizzleFamily {
  static final int MAX_BITS = 5;
  static final int MAX_BASE = 7;
  static final int MAX_SHIFT = 12;

  private SwizzleFamily() {}

  /** One member: a swizzle and what it acts on. */
  public record Candidate(SwizzleForm form, Swizzle swizzle) {}

  /** The members for a geometry, cheapest first. */
  public static List<Candidate> ordered(TileGeometry geometry) {
    List<Candidate> candidates = new ArrayList<>();
    candidates.add(new Candidate(SwizzleForm.OFFSET, Swizzle.IDENTITY));
    for (int bits = 1; bits <= MAX_BITS; bits++) {
      for (int base = 0; base <= MAX_BASE; base++) {
        for (int shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
          if (Math.abs(shift) < bits) {
            continue;
          }
          Swizzle swizzle = Swizzle.of(bits, base, shift);
          candidates.add(new Candidate(SwizzleForm.OFFSET, swizzle));
          if (shift > 0 && !geometry.rowStrideIsPowerOfTwo()) {
            candidates.add(new Candidate(SwizzleForm.ROW, swizzle));
          }
        }
      }
    }
    int unitBase = geometry.unitBase();
    candidates.sort(Comparator.<Candidate>comparingInt(c -> c.swizzle().bits())
        .thenComparingInt(c -> isCanonical(c.swizzle(), unitBase) ? 0 : 1)
        .thenComparingInt(c -> c.form() == SwizzleForm.ROW ? 0 : 1)
        .thenComparingInt(c -> c.swizzle().shift() < 0 ? 1 : 0)
        .thenComparingInt(c -> Math.abs(c.swizzle().shift()))
        .thenComparingInt(c -> c.swizzle().base()));
    return candidates;
  }

  /** CuTe's canonical atoms: {@code Swizzle<B, log2(16 / element bytes), 3>}. */
  static boolean isCanonical(Swizzle swizzle, int unitBase) {
    return swizzle.bits() > 0 && swizzle.base() == unitBase && swizzle.shift() == 3;
  }

  /** The family in words. */
  public static String describe() {
    return "Swizzle<B,M,S> with B <= " + MAX_BITS + ", M <= " + MAX_BASE + ", B <= |S| <= "
        + MAX_SHIFT + ", on the row-major offset or within each row";
  }
}
