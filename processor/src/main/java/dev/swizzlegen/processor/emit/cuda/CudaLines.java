package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.text.SwizzleText;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a generated C++ file within {@link #WIDTH} columns, as clang-format's column limit does: a
 * longer comment line is wrapped at its spaces under the same {@code //} and indent; a longer code
 * line is broken after a comma or an opening parenthesis, or before a binary operator, at the
 * shallowest parenthesis depth that fits (the rightmost among those), its continuation indented four
 * columns deeper (or after the parenthesis the break leaves open); where no such break fits, a string
 * literal is split into two adjacent literals, which C++ joins again. Nothing inside a character
 * literal, a preprocessor line or a line comment's text moves into code: only the whitespace between
 * tokens becomes a line break, which changes no C++ meaning.
 */
public final class CudaLines {
  /** The column limit of every generated line. */
  public static final int WIDTH = 100;

  /**
   * Where a code line may break, loosest binding first: after a comma, or before a binary operator
   * (with its spaces), or after an opening parenthesis. Among the breaks that fit, the one at the
   * shallowest parenthesis depth and the loosest operator is taken, the rightmost of equals.
   */
  private static final List<List<String>> BREAKS = List.of(List.of(", "), List.of(" || "),
      List.of(" && "), List.of(" ? ", " : "), List.of(" | "), List.of(" ^ "), List.of(" & "),
      List.of(" == ", " != "), List.of(" <= ", " >= ", " < ", " > "), List.of(" << ", " >> "),
      List.of(" + ", " - "), List.of(" * ", " / ", " % "), List.of("("));

  private CudaLines() {}

  /** {@code text} wrapped to {@code width} columns, each line a comment starting {@code prefix}. */
  public static List<String> comment(String prefix, String text, int width) {
    return SwizzleText.wrap(text, width).stream().map(line -> prefix + line).toList();
  }

  /** {@code text} with every line longer than {@link #WIDTH} folded. */
  public static String fold(String text) {
    return String.join("\n", fold(List.of(text.split("\n", -1))));
  }

  /** The lines, each longer one folded. */
  public static List<String> fold(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      if (line.length() <= WIDTH || line.stripLeading().startsWith("#")) {
        out.add(line);
      } else if (line.stripLeading().startsWith("//")) {
        comment(line, out);
      } else {
        code(line, out);
      }
    }
    return out;
  }

  /** A comment line wrapped at its spaces, each piece under the line's own {@code //} lead. */
  private static void comment(String line, List<String> out) {
    int slashes = line.indexOf("//");
    int textStart = slashes + 2;
    while (textStart < line.length() && line.charAt(textStart) == ' ') {
      textStart++;
    }
    String lead = line.substring(0, textStart);
    String rest = line.substring(textStart);
    while (lead.length() + rest.length() > WIDTH) {
      int limit = WIDTH - lead.length();
      int cut = -1;
      for (int i = Math.min(limit, rest.length() - 1); i > 0; i--) {
        // Never leave a backslash at a line's end: it would continue the comment onto the next line.
        if (rest.charAt(i) == ' ' && rest.charAt(i - 1) != ' ' && rest.charAt(i - 1) != '\\') {
          cut = i;
          break;
        }
      }
      if (cut < 0) {
        break;
      }
      out.add(lead + rest.substring(0, cut));
      rest = rest.substring(cut + 1).stripLeading();
    }
    out.add(lead + rest);
  }

  /** A code line broken where {@link #AFTER} and {@link #BEFORE} allow, recursively. */
  private static void code(String line, List<String> out) {
    String indent = line.substring(0, line.length() - line.stripLeading().length());
    String rest = line;
    String lead = "";
    while (lead.length() + rest.length() > WIDTH) {
      int cut = breakPoint(rest, WIDTH - lead.length());
      String closing = "";
      String opening = "";
      if (cut <= 0) {
        // No break between tokens fits: split a string literal into two adjacent ones, which C++
        // joins into the same literal (a static_assert's message).
        cut = literalSplit(rest, WIDTH - lead.length() - 1);
        closing = "\"";
        opening = "\"";
      }
      if (cut <= 0 || rest.substring(0, cut).isBlank()) {
        break;
      }
      String piece = rest.substring(0, cut).stripTrailing() + closing;
      out.add(lead + piece);
      if (lead.isEmpty()) {
        // Continuations align after the parenthesis the first break leaves open (static_assert's),
        // else four columns past the line's indent.
        int open = openParenthesis(piece);
        lead = " ".repeat(open >= 0 && open < WIDTH / 2 ? open + 1 : indent.length() + 4);
      }
      rest = opening + (opening.isEmpty() ? rest.substring(cut).stripLeading()
          : rest.substring(cut));
    }
    out.add(lead + rest);
  }

  /** What a character of a code line is to a break: code, a string literal's text, or neither. */
  private enum Part { CODE, STRING, OTHER }

  /**
   * Each character's part: the one scanner of literals. A quote and an escape with what it escapes
   * are neither code nor text; so is everything from a line comment on, and a character literal.
   */
  private static Part[] parts(String code) {
    Part[] parts = new Part[code.length()];
    java.util.Arrays.fill(parts, Part.OTHER);
    char quote = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        } else if (quote == '"') {
          parts[i] = Part.STRING;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '/' && i + 1 < code.length() && code.charAt(i + 1) == '/') {
        break;
      } else {
        parts[i] = Part.CODE;
      }
    }
    return parts;
  }

  /**
   * Where to split a string literal of {@code code} so that its first piece, closed by a quote,
   * has at most {@code limit} columns: the index of a space inside the literal (the second piece
   * opens with a quote before it), the rightmost that fits; -1 where none does.
   */
  private static int literalSplit(String code, int limit) {
    Part[] parts = parts(code);
    for (int i = Math.min(limit, code.length() - 1); i > 0; i--) {
      if (parts[i] == Part.STRING && code.charAt(i) == ' ' && code.charAt(i - 1) != '"') {
        return i;
      }
    }
    return -1;
  }

  /** The column of the innermost parenthesis {@code code} leaves open, or -1. */
  private static int openParenthesis(String code) {
    Part[] parts = parts(code);
    List<Integer> open = new ArrayList<>();
    for (int i = 0; i < code.length(); i++) {
      if (parts[i] == Part.CODE && code.charAt(i) == '(') {
        open.add(i);
      } else if (parts[i] == Part.CODE && code.charAt(i) == ')' && !open.isEmpty()) {
        open.remove(open.size() - 1);
      }
    }
    return open.isEmpty() ? -1 : open.get(open.size() - 1);
  }

  /**
   * Where to break {@code code} so that its first piece has at most {@code limit} columns: the
   * index the second piece starts at (before its leading spaces), or -1 where no break fits.
   */
  private static int breakPoint(String code, int limit) {
    Part[] parts = parts(code);
    int best = -1;
    long bestRank = Long.MAX_VALUE;
    int depth = 0;
    // A piece [0, cut) is blank where it ends at or before the first character that is not.
    int firstCode = code.length() - code.stripLeading().length();
    for (int i = 0; i < code.length() && i <= limit; i++) {
      if (parts[i] != Part.CODE) {
        continue;
      }
      char c = code.charAt(i);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      }
      // Every break token starts with a space, a comma or a parenthesis.
      if (c != ' ' && c != ',' && c != '(') {
        continue;
      }
      for (int binding = 0; binding < BREAKS.size(); binding++) {
        for (String token : BREAKS.get(binding)) {
          if (!code.startsWith(token, i)) {
            continue;
          }
          // After a comma or a parenthesis (which sits inside what it opens); before an operator.
          boolean after = token.equals(", ") || token.equals("(");
          int cut = after ? i + token.length() : i + 1;
          long rank = (long) depth * BREAKS.size() + binding;
          if (cut - 1 <= limit && cut < code.length() && rank <= bestRank && cut > firstCode) {
            best = cut;
            bestRank = rank;
          }
        }
      }
    }
    return best;
  }
}
