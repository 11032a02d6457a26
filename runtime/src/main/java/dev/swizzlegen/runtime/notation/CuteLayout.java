package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
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
  /**
   * A layout composed after the swizzle, where the text has one: CuTe's print of a composed layout
   * whose outer function is a layout, {@code (_256,_64):(_1,_192) o _0 o Sw<2,3,5> o _0 o L}, the
   * swizzle's words of 256 laid in rows 192 apart (a swizzle within each 192-element row).
   */
  private final Optional<Mode> outer;
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

  CuteLayout(Optional<Mode> outer, Optional<Swizzle> swizzle, List<Swizzle> inner,
      OptionalInt pointerBits, int offset, Mode root, String text) {
    this.outer = outer;
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
    return new CuteParser(Objects.requireNonNull(text, "text")).layout();
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
    return swizzled.isPresent() ? swizzled : CuteSwizzleChain.ofMap(tile);
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
    int word = value;
    for (int i = inner.size() - 1; i >= 0; i--) {
      word = inner.get(i).apply(word);
    }
    if (swizzle.isPresent()) {
      word = swizzle.get().apply(word);
    }
    return outer.isPresent() ? Math.toIntExact(outer.get().stride(word)) : word;
  }

  /**
   * The offset of a strided part already summed over the modes ({@link #strided}): the offset
   * added, through the swizzle. {@code apply(c...) == atStrided(strided(c...))}.
   */
  int atStrided(long strided) {
    return swizzled(Math.toIntExact(offset + strided));
  }

  /**
   * The layout composed after the swizzle ({@code (_256,_64):(_1,_192)}), if there is one: its rows
   * of a power of two, the words the swizzle reads, laid {@link Mode#stride()} apart.
   */
  public Optional<Mode> outer() {
    return outer;
  }

  /** {@code "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"}: as CuTe prints it. */
  @Override
  public String toString() {
    return composed(root.shapeText() + ":" + root.strideText());
  }

  /** {@code strided}, the shape:stride text, after the offset and swizzle, as CuTe prints them. */
  String composed(String strided) {
    return outer.map(o -> o.shapeText() + ":" + o.strideText() + " o _0 o ").orElse("")
        + CuteSwizzleChain.composed(swizzle, inner, offset, strided);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CuteLayout that && offset == that.offset && outer.equals(that.outer)
        && swizzle.equals(that.swizzle)
        && inner.equals(that.inner) && root.equals(that.root);
  }

  @Override
  public int hashCode() {
    return Objects.hash(outer, swizzle, inner, offset, root);
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

    Mode(int shape, int stride, List<Mode> children, int position) {
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
      return new dev.swizzlegen.runtime.notation.CuteViolation.Syntax(text, index, expected);
    }
  }
}
