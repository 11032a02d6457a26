package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A layout in CuTe's notation, as CuTe's {@code print(layout)} writes it: an optional swizzle and
 * offset composed with a hierarchical shape:stride layout,
 *
 * <pre>
 *   [Sw&lt;B,M,S&gt; o [_0 o]] SHAPE:STRIDE          SHAPE, STRIDE:  n | (t, t, ...)   n: [_][-]digits
 *   Sw&lt;B,M,S&gt; o smem_ptr[16b](unset) o SHAPE:STRIDE    a GMMA/UMMA atom: the swizzle on bytes
 *
 *   Sw&lt;3,3,3&gt; o _0 o (_8,(_8,_8)):(_8,(_1,_64))   the sgemm tutorial's atom
 *   ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))      tile_to_shape of an 8 x 64 atom, 128 x 128
 *   _32:_1                                          32 consecutive elements
 * </pre>
 *
 * <p>A GMMA or UMMA atom prints its swizzle on byte addresses, with the element's bits in a pointer
 * flag ({@code smem_ptr[16b](unset)}); it is read as the same swizzle on element offsets
 * ({@code Sw<3,4,3>} on the bytes of 16-bit elements is {@code Sw<3,3,3>}), as the hardware sees it
 * once a pointer is bound. It maps a coordinate to {@code Sw(offset + sum of coordinate * stride)} over its leaf modes, as
 * CuTe's {@code ComposedLayout(Swizzle, offset, Layout)} does; a mode of shape {@code (a, b)} reads a
 * one-dimensional coordinate {@code i} as {@code (i % a, i / a)} (CuTe's colexicographic order). The
 * shape's top level has one mode per dimension: {@link #apply(int...)} takes one coordinate each,
 * {@link #apply(int)} the one-dimensional index of the whole layout. Immutable; {@link #toString()}
 * prints it as CuTe does, every integer as {@code _n}.
 *
 * <p>What a tile made from such a layout is, and why some are no tile, is {@link CuteTile}'s.
 */
public final class CuteLayout {
  private final Optional<Swizzle> swizzle;
  /**
   * Swizzles composed inside {@link #swizzle}, as printed after it ({@code Sw<1,2,3> o _0 o
   * Sw<1,3,5> o _0 o L} is {@code Sw<1,2,3>(Sw<1,3,5>(L(x)))}): CuTe's print of a composed layout
   * whose inner layout is itself composed with a swizzle. Any invertible XOR map is such a chain
   * over a permutation of bits. Empty for a layout of at most one swizzle.
   */
  private final List<Swizzle> inner;
  /** The bits of the pointer flag's element, {@code smem_ptr[16b]}, where the text has one. */
  private final OptionalInt pointerBits;
  private final int offset;
  private final Mode root;
  private final String text;

  private CuteLayout(Optional<Swizzle> swizzle, List<Swizzle> inner, OptionalInt pointerBits,
      int offset, Mode root, String text) {
    this.swizzle = swizzle;
    this.inner = List.copyOf(inner);
    this.pointerBits = pointerBits;
    this.offset = offset;
    this.root = root;
    this.text = text;
  }

  /**
   * The layout {@code text} names; throws {@link SyntaxException} at the first character that does
   * not fit the notation, or at a swizzle CuTe would not accept, or at a stride that does not have
   * its shape's form.
   */
  public static CuteLayout parse(String text) {
    return new Parser(Objects.requireNonNull(text, "text")).layout();
  }

  /** The layout {@code text} names, or the {@link Violation} that says why it names none. */
  public static ParsedOrNot tryParse(String text) {
    try {
      return new ParsedOrNot(Optional.of(parse(text)), Optional.empty());
    } catch (SyntaxException e) {
      return new ParsedOrNot(Optional.empty(), Optional.of(e.violation()));
    }
  }

  /** What {@link #tryParse} found: a layout, or why there is none. */
  public record ParsedOrNot(Optional<CuteLayout> layout, Optional<Violation> problem) {}

  /**
   * What {@code layout = "..."} takes to declare {@code tile} (with its rows, cols, stages and atom
   * order), where CuTe's notation writes it: its atom, or the whole tile for one atom, as
   * {@code Sw<B,M,S> o _0 o (rows,cols):(rowStride,_1)}, the swizzle on element offsets; empty for
   * a tile whose inner part is a swizzle within each row or an XOR map that no swizzle is.
   */
  public static Optional<CuteLayout> atomOf(TileLayout tile) {
    Optional<CuteLayout> swizzled = tile.offsetSwizzle().map(swizzle -> parse((swizzle.isIdentity()
        ? "" : "Sw<" + swizzle.bits() + "," + swizzle.base() + "," + swizzle.shift() + "> o _0 o ")
        + "(_" + tile.atomRows() + ",_" + tile.atomCols() + "):(_" + tile.strided().atomRowStride()
        + ",_1)"));
    return swizzled.isPresent() ? swizzled : ofMap(tile);
  }

  /**
   * A tile whose inner part is an XOR map no swizzle is, on dense power-of-two atoms, in CuTe's
   * notation where the map is a permutation of bits followed by XOR terms that read only bits no term
   * writes ({@code A = S P}, {@code S = I + N}, {@code N^2 = 0}): the permutation as the strides of
   * one leaf per run of bits, each term a {@code Sw<B,M,S>} composed after it. Every map derivation
   * chooses has this form ({@code XorMapSearch}); empty for another.
   *
   * <pre>
   *   Sw<1,2,5> o _0 o Sw<2,3,4> o _0 o (_32,_32):(_32,_1)     bits 7, 7+4.. XORed into 2, 3..4
   * </pre>
   */
  static Optional<CuteLayout> ofMap(TileLayout tile) {
    int rows = tile.atomRows();
    int cols = tile.atomCols();
    if (!tile.readsTheOffset() || Integer.bitCount(rows) != 1 || Integer.bitCount(cols) != 1
        || tile.strided().atomRowStride() != cols) {
      return Optional.empty();
    }
    int colBits = Integer.numberOfTrailingZeros(cols);
    int n = colBits + Integer.numberOfTrailingZeros(rows);
    XorMap map = tile.inner();
    // P: each input bit to its column's highest bit; S: the other bits of each column, XORed in.
    int[] main = new int[n];
    int[] extra = new int[n];
    int seen = 0;
    for (int j = 0; j < n; j++) {
      int image = map.apply(1 << j);
      if (image == 0 || image >>> n != 0) {
        return Optional.empty();
      }
      main[j] = 31 - Integer.numberOfLeadingZeros(image);
      extra[j] = image & ~(1 << main[j]);
      seen |= 1 << main[j];
    }
    int targets = 0;
    int sources = 0;
    int[] sImages = new int[n];
    for (int j = 0; j < n; j++) {
      targets |= extra[j];
      if (extra[j] != 0) {
        sources |= 1 << main[j];
      }
      sImages[main[j]] = 1 << main[j] | extra[j];
    }
    if (seen != (1 << n) - 1 || (targets & sources) != 0) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    for (XorTerm term : XorMap.ofImages(sImages).terms()) {
      int shift = term.shift();
      int mask = term.mask();
      while (mask != 0) {
        int low = Integer.numberOfTrailingZeros(mask);
        int run = Integer.numberOfTrailingZeros(~(mask >>> low));
        int bits = Math.min(run, Math.abs(shift));
        int base = shift > 0 ? low - shift : low;
        text.append("Sw<").append(bits).append(',').append(base).append(',').append(shift)
            .append("> o _0 o ");
        mask &= ~(((1 << bits) - 1) << low);
      }
    }
    text.append(mode(main, colBits, n, cols)).append(':').append(strides(main, colBits, n, cols));
    return Optional.of(parse(text.toString()));
  }

  /** The row and column modes' shapes: one leaf per run of bits that stays a run under P. */
  private static String mode(int[] main, int colBits, int n, int cols) {
    return "(" + leaves(main, colBits, n, false) + "," + leaves(main, 0, colBits, false) + ")";
  }

  private static String strides(int[] main, int colBits, int n, int cols) {
    return "(" + leaves(main, colBits, n, true) + "," + leaves(main, 0, colBits, true) + ")";
  }

  /** Bits {@code from..to-1} as leaves {@code _2^len} (or their strides {@code _2^P(first)}). */
  private static String leaves(int[] main, int from, int to, boolean strides) {
    List<String> leaves = new ArrayList<>();
    int j = from;
    while (j < to) {
      int length = 1;
      while (j + length < to && main[j + length] == main[j] + length) {
        length++;
      }
      leaves.add("_" + (strides ? 1L << main[j] : 1L << length));
      j += length;
    }
    if (leaves.isEmpty()) {
      return "_1";
    }
    return leaves.size() == 1 ? leaves.get(0) : "(" + String.join(",", leaves) + ")";
  }

  /** The swizzle composed after the strided part, if one is: {@code Sw<B,M,S>}; the outermost of several. */
  public Optional<Swizzle> swizzle() {
    return swizzle;
  }

  /** The swizzles composed inside {@link #swizzle()}, outermost first; empty for at most one. */
  public List<Swizzle> innerSwizzles() {
    return inner;
  }

  /**
   * The bits of the element CuTe's pointer flag names ({@code 16} for {@code smem_ptr[16b](unset)}):
   * the units its swizzle on byte addresses was read into element offsets with, which must be those
   * of the tile's dtype. Empty for a layout printed without one, its swizzle on elements. How the
   * layout was written, not part of it: {@link #equals} ignores it.
   */
  public OptionalInt pointerBits() {
    return pointerBits;
  }

  /** The offset added before the swizzle: CuTe's {@code _0} in {@code Sw<..> o _0 o L}. */
  public int offset() {
    return offset;
  }

  /** The text it was read from, exactly. */
  public String text() {
    return text;
  }

  /** The number of top-level modes: 1 for {@code _32:_1}, 2 for a (row, col) layout. */
  public int rank() {
    return root.isLeaf() ? 1 : root.children.size();
  }

  /** The top-level mode {@code i}. */
  public Mode mode(int i) {
    if (root.isLeaf()) {
      if (i != 0) {
        throw new IndexOutOfBoundsException(i);
      }
      return root;
    }
    return root.children.get(i);
  }

  /** The number of coordinates: the product of every shape. */
  public int size() {
    return root.size();
  }

  /** The number of coordinates of top-level mode {@code i}. */
  public int size(int i) {
    return mode(i).size();
  }

  /** Whether every shape is a power of two and every stride 0 or a power of two. */
  public boolean hasPowerOfTwoModes() {
    return root.leaves().stream().allMatch(
        leaf -> Integer.bitCount(leaf.shape) == 1 && (leaf.stride == 0 || Integer.bitCount(leaf.stride) == 1));
  }

  /**
   * The offset of the one-dimensional index {@code index} (below {@link #size()}): the strided part,
   * plus the offset, through the swizzle.
   */
  public int apply(int index) {
    return swizzled(Math.toIntExact(offset + root.stride(index)));
  }

  /** The offset of one coordinate per top-level mode, each below that mode's size. */
  public int apply(int... coordinates) {
    if (coordinates.length != rank()) {
      throw new IllegalArgumentException(coordinates.length + " coordinates for a layout of rank "
          + rank() + ": " + text);
    }
    return swizzled(offset + strided(coordinates));
  }

  /** The strided part alone at one coordinate per top-level mode: no offset, no swizzle. */
  public int strided(int... coordinates) {
    long sum = 0;
    for (int i = 0; i < coordinates.length; i++) {
      sum += mode(i).stride(coordinates[i]);
    }
    return Math.toIntExact(sum);
  }

  /**
   * The same layout with its first two top-level modes swapped (a third, the stage, stays last):
   * {@code (_64,_8):(_1,_64)} becomes {@code (_8,_64):(_64,_1)}, so that coordinate {@code (a, b)} of
   * the result is {@code (b, a)} of this. Printed as CuTe prints it, the swizzle on elements.
   */
  public CuteLayout withModesSwapped() {
    if (rank() < 2) {
      throw new IllegalStateException("a layout of rank " + rank() + " has no modes to swap: " + text);
    }
    List<Mode> modes = new ArrayList<>(root.children);
    Mode first = modes.get(0);
    modes.set(0, modes.get(1));
    modes.set(1, first);
    String strided = "(" + String.join(",", modes.stream().map(Mode::shapeText).toList()) + "):("
        + String.join(",", modes.stream().map(Mode::strideText).toList()) + ")";
    return parse(composed(strided));
  }

  /** {@code value} through the swizzle, where there is one: the last step of {@link #apply}. */
  int swizzled(int value) {
    int swizzled = value;
    for (int i = inner.size() - 1; i >= 0; i--) {
      swizzled = inner.get(i).apply(swizzled);
    }
    int result = swizzled;
    return swizzle.map(s -> s.apply(result)).orElse(result);
  }

  /** {@code "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"}: as CuTe prints it. */
  @Override
  public String toString() {
    return composed(root.shapeText() + ":" + root.strideText());
  }

  /** {@code strided}, the shape:stride text, after the offset and swizzle, as CuTe prints them. */
  String composed(String strided) {
    StringBuilder chain = new StringBuilder();
    for (Swizzle s : inner) {
      chain.append("Sw<").append(s.bits()).append(',').append(s.base()).append(',')
          .append(s.shift()).append("> o _0 o ");
    }
    String within = chain + strided;
    return swizzle.map(s -> "Sw<" + s.bits() + "," + s.base() + "," + s.shift() + "> o _" + offset
        + " o " + within).orElse(offset == 0 ? within : "_" + offset + " o " + within);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CuteLayout that && offset == that.offset && swizzle.equals(that.swizzle)
        && inner.equals(that.inner) && root.equals(that.root);
  }

  @Override
  public int hashCode() {
    return Objects.hash(swizzle, inner, offset, root);
  }

  /**
   * One mode of the shape:stride part: a leaf of one shape and stride, or a tuple of modes, with where
   * its text starts in the layout's text (for errors that point at it).
   */
  public static final class Mode {
    private final int shape;
    private final int stride;
    private final List<Mode> children;
    private final int position;

    private Mode(int shape, int stride, List<Mode> children, int position) {
      this.shape = shape;
      this.stride = stride;
      this.children = children;
      this.position = position;
    }

    public boolean isLeaf() {
      return children.isEmpty();
    }

    /** The modes of a tuple; empty for a leaf. */
    public List<Mode> children() {
      return children;
    }

    /** Where the mode's shape starts in the layout's text (0-based). */
    public int position() {
      return position;
    }

    /** A leaf's shape; a tuple's size. */
    public int size() {
      if (isLeaf()) {
        return shape;
      }
      int size = 1;
      for (Mode child : children) {
        size = Math.multiplyExact(size, child.size());
      }
      return size;
    }

    /** A leaf's stride; throws for a tuple. */
    public int stride() {
      if (!isLeaf()) {
        throw new IllegalStateException("a tuple has a stride per mode: " + this);
      }
      return stride;
    }

    /** Its leaves, left to right. */
    public List<Mode> leaves() {
      List<Mode> leaves = new ArrayList<>();
      collect(leaves);
      return leaves;
    }

    private void collect(List<Mode> leaves) {
      if (isLeaf()) {
        leaves.add(this);
      } else {
        children.forEach(child -> child.collect(leaves));
      }
    }

    /** The strided offset of a one-dimensional coordinate, colexicographic. */
    long stride(int coordinate) {
      if (isLeaf()) {
        return (long) coordinate * stride;
      }
      long sum = 0;
      int rest = coordinate;
      for (int i = 0; i < children.size(); i++) {
        Mode child = children.get(i);
        int size = child.size();
        // CuTe lets the last mode take what is left of the coordinate.
        int here = i == children.size() - 1 ? rest : rest % size;
        sum += child.stride(here);
        rest /= size;
      }
      return sum;
    }

    String shapeText() {
      return isLeaf() ? "_" + shape
          : "(" + String.join(",", children.stream().map(Mode::shapeText).toList()) + ")";
    }

    String strideText() {
      return isLeaf() ? "_" + stride
          : "(" + String.join(",", children.stream().map(Mode::strideText).toList()) + ")";
    }

    /** {@code "_8:_64"}, {@code "(_8,_8):(_1,_64)"}. */
    @Override
    public String toString() {
      return shapeText() + ":" + strideText();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Mode that && shape == that.shape && stride == that.stride
          && children.equals(that.children);
    }

    @Override
    public int hashCode() {
      return Objects.hash(shape, stride, children);
    }
  }

  /**
   * Text that is no CuTe layout: where ({@link #index()}, 0-based) and what was expected there.
   */
  public static final class SyntaxException extends IllegalArgumentException {
    private final String text;
    private final int index;
    private final String expected;

    SyntaxException(String text, int index, String expected) {
      super("not a CuTe layout at character " + (index + 1) + " of \"" + text + "\": expected "
          + expected);
      this.text = text;
      this.index = index;
      this.expected = expected;
    }

    /** The 0-based index of the character at fault (the text's length at its end). */
    public int index() {
      return index;
    }

    /** What would have fit there, in words: {@code "':' between the shape and the stride"}. */
    public String expected() {
      return expected;
    }

    /** The same as a violation. */
    public Violation violation() {
      return new dev.swizzlegen.runtime.layout.CuteViolation.Syntax(text, index, expected);
    }
  }

  /** A recursive-descent reader of the notation. */
  private static final class Parser {
    private final String text;
    private int at;

    Parser(String text) {
      this.text = text;
    }

    CuteLayout layout() {
      Optional<Swizzle> swizzle = Optional.empty();
      OptionalInt pointerBits = OptionalInt.empty();
      int offset = 0;
      skipSpaces();
      if (text.startsWith("Sw<", at)) {
        swizzle = Optional.of(swizzle());
        composition();
        skipSpaces();
        if (text.startsWith("smem_ptr[", at)) {
          pointerBits = OptionalInt.of(pointer());
          swizzle = Optional.of(onElements(swizzle.get(), pointerBits.getAsInt()));
          composition();
        } else if (!peekIs('(') && followedByComposition()) {
          offset = integer("the offset, such as _0");
          composition();
        }
      } else if (!peekIs('(') && followedByComposition()) {
        offset = integer("the offset, such as _0");
        composition();
      }
      List<Swizzle> inner = new ArrayList<>();
      while (swizzle.isPresent() && pointerBits.isEmpty() && text.startsWith("Sw<", at)) {
        if (offset != 0) {
          throw error(at, "no swizzle inside a swizzle composed with an offset other than _0");
        }
        inner.add(swizzle());
        composition();
        skipSpaces();
        if (!peekIs('(') && followedByComposition()) {
          int start = at;
          if (integer("the offset _0") != 0) {
            throw error(start, "the offset _0 between composed swizzles");
          }
          composition();
        }
      }
      if (offset < 0) {
        throw error(at, "an offset of at least 0");
      }
      skipSpaces();
      int shapeAt = at;
      Shape shape = shape();
      skipSpaces();
      expect(':', "':' between the shape and the stride");
      skipSpaces();
      Mode root = strides(shape, shapeAt);
      try {
        root.size();
      } catch (ArithmeticException e) {
        throw error(shapeAt, "a shape of fewer than 2^31 elements");
      }
      skipSpaces();
      if (at != text.length()) {
        throw error(at, "the end of the layout");
      }
      return new CuteLayout(swizzle, inner, pointerBits, offset, root, text);
    }

    /**
     * CuTe's pointer flag, {@code smem_ptr[16b](unset)}, which a GMMA or UMMA atom prints where its
     * swizzle acts on byte addresses: the bits of its element.
     */
    private int pointer() {
      int start = at;
      at += "smem_ptr[".length();
      int bits = integer("the element's bits in smem_ptr[16b]");
      expect('b', "'b' after the element's bits in smem_ptr[16b]");
      expect(']', "']' closing smem_ptr[16b]");
      if (accept('(')) {
        while (at < text.length() && text.charAt(at) != ')') {
          at++;
        }
        expect(')', "')' closing the pointer's (unset)");
      }
      if (bits != 4 && bits != 8 && bits != 16 && bits != 32 && bits != 64) {
        throw error(start, "an element of 4, 8, 16, 32 or 64 bits in smem_ptr[..b]");
      }
      return bits;
    }

    /**
     * The swizzle on element offsets of a swizzle on the byte addresses of {@code bits}-bit elements:
     * its base {@code log2(bits / 8)} lower (one higher for 4-bit elements, two to a byte).
     */
    private Swizzle onElements(Swizzle onBytes, int bits) {
      int base = onBytes.base() + 3 - Integer.numberOfTrailingZeros(bits);
      if (base < 0) {
        throw error(0, "a swizzle that keeps whole " + bits + "-bit elements together: Sw<"
            + onBytes.bits() + "," + onBytes.base() + "," + onBytes.shift() + "> on bytes splits them");
      }
      return Swizzle.of(onBytes.bits(), base, onBytes.shift());
    }

    /** Whether an integer then {@code o} comes next (an offset), not a shape. */
    private boolean followedByComposition() {
      int save = at;
      try {
        integer("");
        skipSpaces();
        return peekIs('o');
      } catch (SyntaxException e) {
        return false;
      } finally {
        at = save;
      }
    }

    private Swizzle swizzle() {
      int start = at;
      at += "Sw<".length();
      int bits = integer("the swizzle's bits B in Sw<B,M,S>");
      expect(',', "',' in Sw<B,M,S>");
      int base = integer("the swizzle's base M in Sw<B,M,S>");
      expect(',', "',' in Sw<B,M,S>");
      int shift = integer("the swizzle's shift S in Sw<B,M,S>");
      expect('>', "'>' closing Sw<B,M,S>");
      if (!Swizzle.check(bits, base, shift, false).isEmpty()) {
        throw error(start, "a swizzle CuTe accepts (B >= 0, M >= 0, |S| >= B, within 31 bits), not"
            + " Sw<" + bits + "," + base + "," + shift + ">");
      }
      return Swizzle.of(bits, base, shift);
    }

    private void composition() {
      skipSpaces();
      expect('o', "'o' composing the swizzle or offset with what follows");
      skipSpaces();
    }

    /** A shape: a positive integer or a tuple of shapes. */
    private Shape shape() {
      skipSpaces();
      int start = at;
      if (peekIs('(')) {
        at++;
        List<Shape> children = new ArrayList<>();
        do {
          skipSpaces();
          children.add(shape());
          skipSpaces();
        } while (accept(','));
        expect(')', "',' or ')' in the shape");
        return new Shape(0, children, start);
      }
      int value = integer("a shape: a positive integer such as _8, or a tuple (..)");
      if (value <= 0) {
        throw error(start, "a positive shape, not " + value);
      }
      return new Shape(value, List.of(), start);
    }

    /** The strides, congruent with {@code shape}. */
    private Mode strides(Shape shape, int shapeAt) {
      skipSpaces();
      int start = at;
      if (shape.children.isEmpty()) {
        if (peekIs('(')) {
          throw error(start, "one stride for the shape " + shape.value + " at character "
              + (shape.position + 1) + ", not a tuple");
        }
        return new Mode(shape.value, integer("a stride: an integer such as _64"), List.of(),
            shape.position);
      }
      if (!peekIs('(')) {
        throw error(start, "a tuple of " + shape.children.size() + " strides for the shape at"
            + " character " + (shape.position + 1));
      }
      at++;
      List<Mode> children = new ArrayList<>();
      for (int i = 0; i < shape.children.size(); i++) {
        if (i > 0) {
          skipSpaces();
          expect(',', "',' and " + (shape.children.size() - i) + " more stride(s), as the shape"
              + " at character " + (shape.position + 1) + " has");
        }
        skipSpaces();
        children.add(strides(shape.children.get(i), shapeAt));
        skipSpaces();
      }
      expect(')', "')': the shape at character " + (shape.position + 1) + " has "
          + shape.children.size() + " modes");
      return new Mode(0, 0, List.copyOf(children), shape.position);
    }

    /**
     * {@code [_][-]digits}, of the ASCII digits CuTe prints: another script's digit, which
     * {@link Character#isDigit} takes and {@link Integer#parseInt} reads (the full-width {@code ８}
     * as 8), is an error at its character.
     */
    private int integer(String what) {
      int start = at;
      accept('_');
      boolean negative = accept('-');
      int digits = at;
      while (at < text.length() && Character.isDigit(text.charAt(at))) {
        char digit = text.charAt(at);
        if (digit > '9') {
          throw error(at, "an ASCII digit 0-9, not '" + digit + "' (U+"
              + String.format("%04X", (int) digit) + ")");
        }
        at++;
      }
      if (at == digits) {
        at = start;
        throw error(start, what);
      }
      try {
        int value = Integer.parseInt(text.substring(digits, at));
        return negative ? -value : value;
      } catch (NumberFormatException e) {
        throw error(digits, "an integer below 2^31");
      }
    }

    private void skipSpaces() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
        at++;
      }
    }

    private boolean peekIs(char c) {
      return at < text.length() && text.charAt(at) == c;
    }

    private boolean accept(char c) {
      if (peekIs(c)) {
        at++;
        return true;
      }
      return false;
    }

    private void expect(char c, String what) {
      if (!accept(c)) {
        throw error(at, what);
      }
    }

    private SyntaxException error(int index, String expected) {
      return new SyntaxException(text, index, expected);
    }
  }

  /** A parsed shape before its strides are read. */
  private record Shape(int value, List<Shape> children, int position) {}
}
