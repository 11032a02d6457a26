package dev.swizzlegen.runtime.notation;

import java.util.SplittableRandom;

/**
 * Labels as a user may write them, free text: empty, printable words, the text form's own words and
 * quotes, escapes, control characters, line and paragraph separators, bidirectional controls, lone
 * and paired surrogates.
 */
public final class RandomLabels {
  private static final String[] PIECES = {
      " ", "a", "Q", "7", "'", "\\", "\"", "\\'", "\\\\", "\\u0041", "\\n", "\n", "\r", "\t", "\u0000",
      "\u0001", "\u007f", "\u0085", "\u2028", "\u2029", "\u202e", "\u2066", "\u00e9", "\ud83d\ude00",
      "\ud83d", "\ude00", "label '", " label 'x'", " maxWays 2", "x4 trans", "TMA load into the tile",
      "*/", "??/", "C:\\users", "  "};

  private RandomLabels() {}

  /** A label of up to 8 pieces; empty about one time in eight. */
  public static String next(SplittableRandom random) {
    StringBuilder label = new StringBuilder();
    for (int pieces = random.nextInt(9); pieces > 0; pieces--) {
      label.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return label.toString();
  }
}
