package dev.swizzlegen.runtime.swizzle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An invertible linear map over GF(2) on offsets of up to 31 bits, stored as the image of each input
 * bit (Triton's "bases"): {@code apply(o)} is the XOR of the images of {@code o}'s set bits. Bits past
 * the stored images map to themselves. Immutable; equal maps are equal objects whatever built them.
 *
 * <p>Every map is also a list of {@link #terms() terms}: {@code f(o) = o ^ t1(o) ^ t2(o) ^ ...}, one
 * {@link XorTerm} per distance bits move, so that any map prints as
 * {@code o ^ ((o & m1) >> s1) ^ ...}. A term of shift 0 clears the bits under its mask (a bit whose
 * image lacks the bit itself). {@code Swizzle<B,M,S>} is the one-term family, {@link #of(Swizzle)};
 * the TMA modes are three of its members on byte offsets.
 *
 * <p>As a matrix (a linear layout over GF(2), {@link #rows(int)}): column {@code j} is the image of
 * bit {@code j}, row {@code i} is output bit {@code i}.
 */
public final class XorMap {
  /** Offsets are non-negative {@code int}s: every image stays inside bits 0..30. */
  public static final int OFFSET_BITS = Swizzle.OFFSET_BITS;

  private static final int ALL = (int) ((1L << OFFSET_BITS) - 1);

  /** The map that moves nothing. */
  static final XorMap IDENTITY = new XorMap(new int[0]);

  /** Images of bits 0..length-1; the last one is not its own bit (trimmed), so equal maps match. */
  private final int[] images;
  private final List<XorTerm> terms;
  private final int[] termMasks;
  private final int[] termShifts;

  private XorMap(int[] images) {
    this.images = images;
    this.terms = termsOf(images);
    this.termMasks = new int[terms.size()];
    this.termShifts = new int[terms.size()];
    for (int t = 0; t < terms.size(); t++) {
      termMasks[t] = terms.get(t).mask();
      termShifts[t] = terms.get(t).shift();
    }
  }

  /**
   * The map sending bit {@code j} to {@code images[j]}, and every bit past the array to itself;
   * throws {@link IllegalArgumentException} unless the images are offsets (bits 0..30) and the map is
   * invertible.
   */
  public static XorMap ofImages(int... images) {
    if (images.length > OFFSET_BITS) {
      throw new IllegalArgumentException("at most " + OFFSET_BITS + " images, not " + images.length);
    }
    for (int j = 0; j < images.length; j++) {
      if ((images[j] & ~ALL) != 0) {
        throw new IllegalArgumentException("image of bit " + j + " is past bit 30: 0x"
            + Integer.toHexString(images[j]));
      }
    }
    int length = images.length;
    while (length > 0 && images[length - 1] == 1 << (length - 1)) {
      length--;
    }
    int[] trimmed = Arrays.copyOf(images, length);
    if (rank(fullColumns(trimmed)) != OFFSET_BITS) {
      throw new IllegalArgumentException("not invertible: images " + Arrays.toString(images));
    }
    return length == 0 ? IDENTITY : new XorMap(trimmed);
  }

  /** {@code Swizzle<B,M,S>} as a map, overlapping masks included. */
  public static XorMap of(Swizzle swizzle) {
    if (swizzle.isIdentity()) {
      return IDENTITY;
    }
    int n = 32 - Integer.numberOfLeadingZeros(swizzle.yyyMask() | swizzle.zzzMask());
    int[] images = new int[n];
    for (int j = 0; j < n; j++) {
      images[j] = swizzle.apply(1 << j);
    }
    return ofImages(images);
  }

  /** The image of bit {@code j} (0..30). */
  int image(int j) {
    if (j < 0 || j >= OFFSET_BITS) {
      throw new IllegalArgumentException("bit must be 0.." + (OFFSET_BITS - 1) + ", not " + j);
    }
    return j < images.length ? images[j] : 1 << j;
  }

  /** The images of bits 0 up to the last one that is not its own bit (Triton's bases). */
  int[] images() {
    return images.clone();
  }

  /** {@code f(offset)}: the offset XORed with every {@link #terms() term}. */
  public int apply(int offset) {
    int image = offset;
    for (int t = 0; t < termMasks.length; t++) {
      int selected = offset & termMasks[t];
      int shift = termShifts[t];
      image ^= shift >= 0 ? selected >>> shift : selected << -shift;
    }
    return image;
  }

  /** Whether the map moves nothing. */
  public boolean isIdentity() {
    return images.length == 0;
  }

  /** The inverse, by Gauss-Jordan elimination: {@code inverse().apply(apply(o)) == o}. */
  public XorMap inverse() {
    int n = span();
    // Rows of [A | I], row i holding output bit i of every column: A in bits 0..n-1, I above.
    long[] rows = new long[n];
    for (int i = 0; i < n; i++) {
      long row = 1L << (n + i);
      for (int j = 0; j < n; j++) {
        row |= (long) ((image(j) >>> i) & 1) << j;
      }
      rows[i] = row;
    }
    for (int col = 0; col < n; col++) {
      int pivot = col;
      while (((rows[pivot] >>> col) & 1) == 0) {
        pivot++;
      }
      long swap = rows[pivot];
      rows[pivot] = rows[col];
      rows[col] = swap;
      for (int i = 0; i < n; i++) {
        if (i != col && ((rows[i] >>> col) & 1) != 0) {
          rows[i] ^= rows[col];
        }
      }
    }
    // Row i of A^-1 is rows[i] >> n; the image of bit j collects bit j of every row.
    int[] inverse = new int[n];
    for (int i = 0; i < n; i++) {
      int row = (int) (rows[i] >>> n);
      for (int j = 0; j < n; j++) {
        inverse[j] |= ((row >>> j) & 1) << i;
      }
    }
    return ofImages(inverse);
  }

  /** {@code this ∘ first}: apply {@code first}, then this map. */
  XorMap compose(XorMap first) {
    int n = Math.max(span(), first.span());
    int[] composed = new int[n];
    for (int j = 0; j < n; j++) {
      composed[j] = apply(first.image(j));
    }
    return ofImages(composed);
  }

  /**
   * The number of low bits the map works in: it sends offsets below {@code 2^span} to offsets below
   * {@code 2^span} and leaves every higher bit as it is; 0 for the identity. Offsets repeat its
   * pattern every {@code 2^span}.
   */
  public int span() {
    int touched = 0;
    for (int j = 0; j < images.length; j++) {
      if (images[j] != 1 << j) {
        touched |= images[j] | 1 << j;
      }
    }
    return 32 - Integer.numberOfLeadingZeros(touched);
  }

  /**
   * The number of low bits the map writes: every offset keeps its bits from this one up, and only
   * bits below it differ between {@code o} and {@code f(o)}; 0 for the identity.
   */
  public int writtenBits() {
    int written = 0;
    for (int j = 0; j < images.length; j++) {
      written |= images[j] ^ 1 << j;
    }
    return 32 - Integer.numberOfLeadingZeros(written);
  }

  /** The lowest bit whose image is not itself (the lowest bit read); 31 for the identity. */
  public int lowestBitRead() {
    for (int j = 0; j < images.length; j++) {
      if (images[j] != 1 << j) {
        return j;
      }
    }
    return OFFSET_BITS;
  }

  /**
   * Whether the map sends the coordinate subspace under {@code mask} (the offsets whose bits all lie
   * under it) onto itself: the image of each of its bits lies under it.
   */
  public boolean preserves(int mask) {
    for (int j = 0; j < images.length; j++) {
      if (((mask >>> j) & 1) != 0 && (images[j] & ~mask) != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the map leaves bits 0..k-1 alone: they map to themselves (so they are read by no other
   * bit) and no other bit writes into them, so {@code f(o) = f(o & ~low) | (o & low)} with
   * {@code f(o & ~low)} a multiple of {@code 2^k}: aligned runs of {@code 2^k} stay whole.
   */
  public boolean keepsLowBits(int k) {
    int low = k >= OFFSET_BITS ? ALL : (1 << k) - 1;
    for (int j = 0; j < images.length; j++) {
      if (((low >>> j) & 1) != 0 ? images[j] != 1 << j : (images[j] & low) != 0) {
        return false;
      }
    }
    return true;
  }

  /** The {@link Swizzle} that is this map, if one is: {@link Swizzle#IDENTITY} for the identity. */
  public Optional<Swizzle> asSwizzle() {
    if (isIdentity()) {
      return Optional.of(Swizzle.IDENTITY);
    }
    if (terms.size() != 1) {
      return Optional.empty();
    }
    XorTerm term = terms.get(0);
    int mask = term.mask();
    int shift = term.shift();
    int low = Integer.numberOfTrailingZeros(mask);
    int bits = Integer.bitCount(mask);
    if (shift == 0 || mask >>> low != (1 << bits) - 1) {
      return Optional.empty();
    }
    int base = low - Math.max(0, shift);
    if (!Swizzle.check(bits, base, shift, true).isEmpty()) {
      return Optional.empty();
    }
    Swizzle swizzle = Swizzle.overlapping(bits, base, shift);
    return of(swizzle).equals(this) ? Optional.of(swizzle) : Optional.empty();
  }

  /**
   * The same map on byte offsets, for elements of {@code elementBytes} bytes (a power of two): the
   * byte within the element stays, the element offset moves; throws {@link IllegalArgumentException}
   * when an image would pass bit 30.
   */
  public XorMap inBytes(int elementBytes) {
    if (elementBytes <= 0 || Integer.bitCount(elementBytes) != 1) {
      throw new IllegalArgumentException("element size must be a power of two, not " + elementBytes);
    }
    int k = Integer.numberOfTrailingZeros(elementBytes);
    if (isIdentity()) {
      return this;
    }
    int[] bytes = new int[k + images.length];
    for (int j = 0; j < k; j++) {
      bytes[j] = 1 << j;
    }
    for (int j = 0; j < images.length; j++) {
      if (k + j >= OFFSET_BITS || (((long) images[j] << k) & ~ALL) != 0) {
        throw new IllegalArgumentException(this + " on " + elementBytes
            + "-byte elements reaches past the " + OFFSET_BITS + " bits of a byte offset");
      }
      bytes[k + j] = images[j] << k;
    }
    return ofImages(bytes);
  }

  /**
   * The same map on byte offsets, for elements of {@code elementBits} bits (a power of two): for
   * whole bytes {@link #inBytes}; for elements of fewer bits, several to a byte (packed FP4: 2), the
   * map on the byte that holds them, which it must move whole. Throws
   * {@link IllegalArgumentException} for a map that splits a byte, or reaches past bit 30.
   *
   * <pre>
   *   element offset  ... e2 e1 | e0        (4-bit elements: e0 picks the element within a byte)
   *   byte offset     ... e2 e1             the map's images, one bit down
   * </pre>
   */
  public XorMap onBytes(int elementBits) {
    if (elementBits <= 0 || Integer.bitCount(elementBits) != 1 || elementBits > 512) {
      throw new IllegalArgumentException("element bits must be a power of two, not " + elementBits);
    }
    if (elementBits >= 8) {
      return inBytes(elementBits / 8);
    }
    int k = Integer.numberOfTrailingZeros(8 / elementBits);
    if (!keepsLowBits(k)) {
      throw new IllegalArgumentException(this + " splits the bytes of " + elementBits
          + "-bit elements");
    }
    if (isIdentity() || images.length <= k) {
      return IDENTITY;
    }
    int[] bytes = new int[images.length - k];
    for (int j = 0; j < bytes.length; j++) {
      bytes[j] = images[j + k] >>> k;
    }
    return ofImages(bytes);
  }

  /**
   * The same map on element offsets, for elements of {@code elementBytes} bytes (a power of two),
   * where it is one: the inverse of {@link #inBytes}, present where the map leaves the byte within
   * an element alone ({@link #keepsLowBits}), as TMA's modes do for elements of up to 8 bytes.
   */
  public Optional<XorMap> inElements(int elementBytes) {
    if (elementBytes <= 0 || Integer.bitCount(elementBytes) != 1) {
      throw new IllegalArgumentException("element size must be a power of two, not " + elementBytes);
    }
    int k = Integer.numberOfTrailingZeros(elementBytes);
    if (!keepsLowBits(k)) {
      return Optional.empty();
    }
    int[] elements = new int[Math.max(0, images.length - k)];
    for (int j = 0; j < elements.length; j++) {
      elements[j] = images[j + k] >>> k;
    }
    return Optional.of(ofImages(elements));
  }

  /**
   * The terms whose XOR with the offset is the map: {@code f(o) = o ^ shiftr(o & m1, s1) ^ ...}, one
   * per distance bits move (down for a positive shift, up for a negative one, none for a shift of
   * 0, which clears the bits under its mask), by increasing {@code |shift|}, down before up. Empty
   * for the identity; {@code Swizzle.terms()} for a swizzle, {@code Swizzle.inverseTerms()} for the
   * inverse of one.
   */
  public List<XorTerm> terms() {
    return terms;
  }

  private static List<XorTerm> termsOf(int[] images) {
    TreeMap<Integer, Integer> masks = new TreeMap<>(
        Comparator.comparingInt((Integer s) -> Math.abs(s)).thenComparingInt(s -> -s));
    for (int j = 0; j < images.length; j++) {
      int moved = images[j] ^ 1 << j;
      for (int i = 0; i < OFFSET_BITS; i++) {
        if (((moved >>> i) & 1) != 0) {
          masks.merge(j - i, 1 << j, (a, b) -> a | b);
        }
      }
    }
    List<XorTerm> terms = new ArrayList<>(masks.size());
    masks.forEach((shift, mask) -> terms.add(new XorTerm(mask, shift)));
    return List.copyOf(terms);
  }

  /**
   * The {@code n x n} matrix as linear layouts over GF(2) print it, bit 0 first ({@code "1 0 0 1 0 0"}):
   * row {@code i} is output bit {@code i}, column {@code j} input bit {@code j}. Requires the map to
   * work within {@code n} bits ({@link #span()}).
   */
  public List<String> rows(int n) {
    if (n < span() || n > OFFSET_BITS) {
      throw new IllegalArgumentException(this + " needs " + span() + " to " + OFFSET_BITS
          + " bits, not " + n);
    }
    List<String> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      StringBuilder row = new StringBuilder();
      for (int j = 0; j < n; j++) {
        if (j > 0) {
          row.append(' ');
        }
        row.append((image(j) >>> i) & 1);
      }
      rows.add(row.toString());
    }
    return rows;
  }

  private static int[] fullColumns(int[] images) {
    int[] columns = new int[OFFSET_BITS];
    for (int j = 0; j < OFFSET_BITS; j++) {
      columns[j] = j < images.length ? images[j] : 1 << j;
    }
    return columns;
  }

  private static int rank(int[] columns) {
    int[] basis = new int[32];
    int rank = 0;
    for (int column : columns) {
      int v = column;
      for (int bit = 31; bit >= 0 && v != 0; bit--) {
        if (((v >>> bit) & 1) == 0) {
          continue;
        }
        if (basis[bit] == 0) {
          basis[bit] = v;
          rank++;
          v = 0;
        } else {
          v ^= basis[bit];
        }
      }
    }
    return rank;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof XorMap that && Arrays.equals(images, that.images);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(images);
  }

  /**
   * {@code "o ^ ((o & 0x1c0) >> 3)"}, a term of shift 0 as {@code "(o & 0x1c0)"}; {@code "o"} for
   * the identity.
   */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("o");
    for (XorTerm term : terms) {
      String masked = "(o & " + Swizzle.hex(term.mask()) + ")";
      text.append(" ^ ").append(term.shift() == 0 ? masked : "(" + masked
          + (term.shift() > 0 ? " >> " + term.shift() : " << " + -term.shift()) + ")");
    }
    return text.toString();
  }
}
