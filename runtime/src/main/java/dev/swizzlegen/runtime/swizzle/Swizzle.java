package dev.swizzlegen.runtime.swizzle;

import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.NegativeBase;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.NegativeBits;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.OverlappingMasks;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.PastOffsetBits;
import dev.swizzlegen.runtime.swizzle.SwizzleViolation.ZeroShift;
import java.util.ArrayList;
import java.util.List;

/**
 * CuTe's {@code Swizzle<B, M, S>}, bit for bit: an XOR permutation of offsets.
 *
 * <pre>
 *   0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
 *                               ^--^ M (base): least-significant bits kept constant
 *                  ^-^       ^-^     B (bits): width of the YYY and ZZZ masks
 *                    ^---------^     S (shift): distance from YYY down to ZZZ
 *
 *   yyy = ((1 &lt;&lt; B) - 1) &lt;&lt; (M + max(0, S))
 *   zzz = ((1 &lt;&lt; B) - 1) &lt;&lt; (M - min(0, S))
 *   f(o) = o ^ shiftr(o &amp; yyy, S)            (ZZZ ^= YYY; a negative S shifts left)
 * </pre>
 *
 * <p>Over GF(2) the function is {@code I + N}, where {@code N} moves the YYY bits onto the ZZZ bits.
 * When the masks do not overlap ({@code |S| >= B}, CuTe's static_assert) {@code N^2 = 0} and the
 * swizzle is its own inverse. When they overlap ({@code |S| < B}, such as {@code Swizzle<3,0,2>},
 * made with {@link #overlapping}) {@code N} is still nilpotent for {@code S != 0}, so the swizzle is
 * a bijection whose inverse is {@code I + N + N^2 + ...}, which {@link #inverseTerms()} spells out.
 *
 * <p>Units are whatever the offsets count: elements of a tile's type, or bytes ({@link #inBytes}).
 */
public final class Swizzle {
  /** Offsets are non-negative {@code int}s: every mask stays inside bits 0..30. */
  public static final int OFFSET_BITS = 31;

  /** {@code Swizzle<0,0,0>}, the identity. */
  public static final Swizzle IDENTITY = new Swizzle(0, 0, 0);

  private final int bits;
  private final int base;
  private final int shift;
  private final int yyyMask;
  private final int zzzMask;
  private final List<XorTerm> terms;
  private final List<XorTerm> inverseTerms;

  private Swizzle(int bits, int base, int shift) {
    this.bits = bits;
    this.base = base;
    this.shift = shift;
    this.yyyMask = ((1 << bits) - 1) << (base + Math.max(0, shift));
    this.zzzMask = ((1 << bits) - 1) << (base - Math.min(0, shift));
    this.terms = bits == 0 ? List.of() : List.of(new XorTerm(yyyMask, shift));
    this.inverseTerms = nilpotentSeries(yyyMask, shift);
  }

  /** CuTe's {@code Swizzle<bits, base, shift>}; requires {@code |shift| >= bits}. */
  public static Swizzle of(int bits, int base, int shift) {
    InvalidDescriptionException.throwIfAny(check(bits, base, shift, false));
    return new Swizzle(bits, base, shift);
  }

  /** CuTe's default {@code Swizzle<bits, base>}, whose shift equals its bits. */
  public static Swizzle of(int bits, int base) {
    return of(bits, base, bits);
  }

  /**
   * A swizzle whose masks may overlap ({@code 0 < |shift| < bits}), which CuTe forbids but which is
   * still a bijection (such as {@code Swizzle<3,0,2>}).
   */
  public static Swizzle overlapping(int bits, int base, int shift) {
    InvalidDescriptionException.throwIfAny(check(bits, base, shift, true));
    return new Swizzle(bits, base, shift);
  }

  /**
   * Every reason {@code Swizzle<bits, base, shift>} is not a valid swizzle; empty if it is one.
   *
   * @param allowOverlap whether {@code |shift| < bits} is accepted
   */
  public static List<Violation> check(int bits, int base, int shift, boolean allowOverlap) {
    List<Violation> violations = new ArrayList<>();
    if (bits < 0) {
      violations.add(new NegativeBits(bits));
    }
    if (base < 0) {
      violations.add(new NegativeBase(base));
    }
    if (!violations.isEmpty()) {
      return violations;
    }
    long span = (long) bits + base + Math.abs((long) shift);
    if (span > OFFSET_BITS) {
      violations.add(new PastOffsetBits(bits, base, shift, span - 1, OFFSET_BITS));
      return violations;
    }
    if (bits > 0 && shift == 0) {
      violations.add(new ZeroShift(bits));
    } else if (Math.abs(shift) < bits && !allowOverlap) {
      violations.add(new OverlappingMasks(bits, shift));
    }
    return violations;
  }

  /** B: the width of the masks. */
  public int bits() {
    return bits;
  }

  /** M: the least-significant bits kept constant. */
  public int base() {
    return base;
  }

  /** S: the distance from YYY down to ZZZ; negative when YYY lies below ZZZ. */
  public int shift() {
    return shift;
  }

  /** The YYY mask: the bits that are read. */
  public int yyyMask() {
    return yyyMask;
  }

  /** The ZZZ mask: the bits that are flipped. */
  public int zzzMask() {
    return zzzMask;
  }

  /** Whether this swizzle moves nothing ({@code B = 0}). */
  public boolean isIdentity() {
    return bits == 0;
  }

  /** Whether the YYY and ZZZ masks share bits ({@code 0 < |S| < B}). */
  public boolean masksOverlap() {
    return (yyyMask() & zzzMask()) != 0;
  }

  /** Whether applying the swizzle twice gives the offset back: exactly when the masks do not overlap. */
  boolean isInvolution() {
    return !masksOverlap();
  }

  /** Bits an offset needs to cover one atom: {@code B + M + |S|}. */
  public int atomBits() {
    return bits + base + Math.abs(shift);
  }

  /** Rows of the atom, the smallest tile the swizzle fully permutes: {@code 2^B}. */
  public int atomRows() {
    return 1 << bits;
  }

  /** Elements per row of the atom: {@code 2^(M + |S|)}. */
  public int atomCols() {
    return 1 << (base + Math.abs(shift));
  }

  /** {@code f(offset) = offset ^ shiftr(offset & yyy, S)}. */
  public int apply(int offset) {
    return bits == 0 ? offset : offset ^ terms.get(0).of(offset);
  }

  /** The inverse: {@code applyInverse(apply(o)) == o} for every offset. */
  public int applyInverse(int offset) {
    int original = offset;
    for (XorTerm term : inverseTerms) {
      original ^= term.of(offset);
    }
    return original;
  }

  /** The terms XORed into an offset by {@link #apply}: none for the identity, else one. */
  public List<XorTerm> terms() {
    return terms;
  }

  /**
   * The terms XORed into an offset by {@link #applyInverse}: {@code N^k(o) = shiftr(o & mask_k, k*S)}
   * for {@code k = 1, 2, ...} while {@code mask_k = yyy & shiftl(yyy, S) & ... & shiftl(yyy, (k-1)S)}
   * is not empty, because {@code (I + N)^-1 = I + N + N^2 + ...} over GF(2). Equal to {@link #terms()}
   * when the masks do not overlap.
   */
  public List<XorTerm> inverseTerms() {
    return inverseTerms;
  }

  private static List<XorTerm> nilpotentSeries(int yyy, int shift) {
    List<XorTerm> series = new ArrayList<>();
    int mask = yyy;
    for (int k = 1; mask != 0; k++) {
      series.add(new XorTerm(mask, k * shift));
      int distance = k * Math.abs(shift);
      int moved = distance >= OFFSET_BITS ? 0 : shift >= 0 ? yyy << distance : yyy >>> distance;
      mask &= moved;
    }
    return List.copyOf(series);
  }

  /**
   * The same permutation on byte offsets, for elements of {@code elementBytes} bytes (a power of
   * two): {@code Swizzle<B, M + log2(elementBytes), S>}.
   */
  public Swizzle inBytes(int elementBytes) {
    if (elementBytes <= 0 || Integer.bitCount(elementBytes) != 1) {
      throw new IllegalArgumentException("element size must be a power of two, not " + elementBytes);
    }
    int byteBase = base + Integer.numberOfTrailingZeros(elementBytes);
    InvalidDescriptionException.throwIfAny(check(bits, byteBase, shift, true));
    return new Swizzle(bits, byteBase, shift);
  }

  /** This swizzle as an {@link XorMap}: the image of each offset bit. */
  public XorMap xorMap() {
    return XorMap.of(this);
  }

  /** {@code 0x1c0}: how generated code writes a mask. */
  static String hex(int mask) {
    return "0x" + Integer.toHexString(mask);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Swizzle that
        && bits == that.bits
        && base == that.base
        && shift == that.shift;
  }

  @Override
  public int hashCode() {
    return (bits * 31 + base) * 31 + shift;
  }

  /** {@code Swizzle<B,M,S>}, as CuTe writes it. */
  @Override
  public String toString() {
    return "Swizzle<" + bits + "," + base + "," + shift + ">";
  }
}
