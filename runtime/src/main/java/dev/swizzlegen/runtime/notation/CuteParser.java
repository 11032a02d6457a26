package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.notation.CuteLayout.Mode;
import dev.swizzlegen.runtime.notation.CuteLayout.SyntaxException;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A recursive-descent reader of CuTe's layout notation: the text {@link CuteLayout#parse} takes, read
 * into its swizzle (or chain of composed swizzles), pointer flag, offset and shape:stride modes, or
 * a {@link SyntaxException} at the first character that does not fit. One reader per text.
 */
final class CuteParser {
  private final String text;
  private int at;

  CuteParser(String text) {
    this.text = text;
  }

  CuteLayout layout() {
    Optional<Swizzle> swizzle = Optional.empty();
    OptionalInt pointerBits = OptionalInt.empty();
    int offset = 0;
    skipSpaces();
    Optional<Mode> outer = outer();
    if (outer.isPresent() && !text.startsWith("Sw<", at)) {
      throw error(at, "a swizzle, Sw<B,M,S>, composed inside the outer layout");
    }
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
    return new CuteLayout(outer, swizzle, inner, pointerBits, offset, root, text);
  }

  /**
   * A layout composed after the swizzle, where the text starts with one: {@code (_256,_64):(_1,_192)
   * o _0 o Sw<2,3,5> o _0 o L}, CuTe's print of a composed layout whose outer function is a layout
   * (rows of 256 offsets laid 192 apart: a swizzle within each 192-element row). Empty, and nothing
   * read, where the text starts with the swizzle or is a layout alone.
   */
  private Optional<Mode> outer() {
    int start = at;
    try {
      Shape shape = shape();
      skipSpaces();
      if (!accept(':')) {
        at = start;
        return Optional.empty();
      }
      skipSpaces();
      Mode outer = strides(shape, start);
      skipSpaces();
      if (!text.startsWith("o ", at)) {
        at = start;
        return Optional.empty();
      }
      composition();
      skipSpaces();
      int offsetAt = at;
      if (integer("the offset _0 after the outer layout") != 0) {
        throw error(offsetAt, "the offset _0 after the outer layout");
      }
      composition();
      skipSpaces();
      return Optional.of(outer);
    } catch (SyntaxException notOuter) {
      if (at > start && text.startsWith("o ", at)) {
        throw notOuter;
      }
      at = start;
      return Optional.empty();
    }
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
      return new CuteLayout.Mode(shape.value, integer("a stride: an integer such as _64"), List.of(),
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
    return new CuteLayout.Mode(0, 0, List.copyOf(children), shape.position);
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

  /** A parsed shape before its strides are read. */
  private record Shape(int value, List<Shape> children, int position) {}
}
