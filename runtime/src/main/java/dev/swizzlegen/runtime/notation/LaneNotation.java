package dev.swizzlegen.runtime.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The two notations of {@code @Access(lanes = ...)}, read as text: Triton's linear-layout bases
 * {@code [[r0,c0],...,[r4,c4]]} and a CuTe layout of the lanes, told apart by the first character.
 * What they name, the element each lane touches, is {@code access.LaneMap}'s: this class reads the
 * text only, and says where it is neither notation.
 */
public final class LaneNotation {
  private LaneNotation() {}

  /** Whether {@code lanes} is in Triton's notation: its first character other than a space is '['. */
  public static boolean isTriton(String lanes) {
    return lanes.strip().startsWith("[");
  }

  /**
   * Triton's bases {@code [[r0,c0],[r1,c1],...]}, as many as the text has, each {@code {row, col}};
   * throws {@link SyntaxException} where the text is not such a list.
   */
  public static int[][] tritonBases(String bases) {
    return new TritonReader(bases).bases();
  }

  /** CuTe's layout {@code text}; throws {@link SyntaxException} where it is none. */
  public static CuteLayout cuteLayout(String text) {
    try {
      return CuteLayout.parse(text);
    } catch (CuteLayout.SyntaxException e) {
      throw new SyntaxException(text, e.index(), e.expected());
    }
  }

  /**
   * Text that is neither notation of a lane map: where ({@link #index()}, from 0) and what was
   * expected there.
   */
  public static final class SyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final String expected;

    SyntaxException(String text, int index, String expected) {
      super("not a lane map at character " + (index + 1) + " of \"" + text + "\": expected "
          + expected);
      this.index = index;
      this.expected = Objects.requireNonNull(expected);
    }

    /** The index of the character at fault, from 0 (the text's length at its end). */
    public int index() {
      return index;
    }

    /** What would have fit there, in words: {@code "a number"}. */
    public String expected() {
      return expected;
    }
  }

  /** Reads {@code [[r,c],[r,c],...]}, spaces allowed between the tokens. */
  private static final class TritonReader {
    private final String text;
    private int at;

    TritonReader(String text) {
      this.text = text;
    }

    int[][] bases() {
      List<int[]> bases = new ArrayList<>();
      expect('[', "'[' opening the list of bases");
      if (!peek(']')) {
        do {
          expect('[', "'[' opening a base [row,col]");
          int row = number("a row (a whole number, 0 or more)");
          expect(',', "',' between a base's row and col");
          int col = number("a col (a whole number, 0 or more)");
          expect(']', "']' closing a base [row,col]");
          bases.add(new int[] {row, col});
        } while (accept(','));
      }
      expect(']', "',' or ']' closing the list of bases");
      skipSpaces();
      if (at < text.length()) {
        throw new SyntaxException(text, at, "the end after the list of bases");
      }
      return bases.toArray(new int[0][]);
    }

    private void skipSpaces() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
        at++;
      }
    }

    private boolean peek(char c) {
      skipSpaces();
      return at < text.length() && text.charAt(at) == c;
    }

    private boolean accept(char c) {
      if (peek(c)) {
        at++;
        return true;
      }
      return false;
    }

    private void expect(char c, String expected) {
      if (!accept(c)) {
        throw new SyntaxException(text, at, expected);
      }
    }

    private int number(String expected) {
      skipSpaces();
      int start = at;
      long value = 0;
      while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
        value = value * 10 + (text.charAt(at) - '0');
        if (value > Integer.MAX_VALUE) {
          throw new SyntaxException(text, start, expected + " below 2^31");
        }
        at++;
      }
      if (at == start) {
        throw new SyntaxException(text, start, expected);
      }
      return (int) value;
    }
  }
}
