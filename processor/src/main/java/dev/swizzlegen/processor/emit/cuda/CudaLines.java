package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.text.SwizzleText;
import java.util.ArrayList;
import java.util.List;

/**
 * What every generated C++ file shares: its {@link #preamble}, and its lines kept within
 * {@link #WIDTH} columns, as clang-format's column limit does: a comment line wrapped at its spaces
 * under the same {@code //}; a code line broken after a comma or an opening parenthesis, or before
 * a binary operator, at the shallowest depth that fits, else a string literal split into two
 * adjacent ones. Only whitespace between tokens becomes a line break, which changes no C++ meaning.
 */
public final class CudaLines {
  /** The qualifiers of every generated function that runs on both sides. */
  static final String HOST_DEVICE = "SWIZZLEGEN_HOST_DEVICE";

  /** The column limit of every generated line. */
  static final int WIDTH = 100;

  /**
   * Where a code line may break, loosest binding first; of the breaks that fit, the shallowest and
   * loosest is taken, the rightmost of equals.
   */
  private static final List<List<String>> BREAKS = List.of(List.of(", "), List.of(" || "),
      List.of(" && "), List.of(" ? ", " : "), List.of(" | "), List.of(" ^ "), List.of(" & "),
      List.of(" == ", " != "), List.of(" <= ", " >= ", " < ", " > "), List.of(" << ", " >> "),
      List.of(" + ", " - "), List.of(" * ", " / ", " % "), List.of("("));

  private CudaLines() {}

  /** The preamble template's variables. */
  public record Preamble(boolean tmaIncludes, boolean vectorTypes) {}

  /**
   * {@code #pragma once} and what lets one header serve nvcc, host-only C++ (JNI or JavaCPP glue)
   * and NVRTC: the fixed-width types, the host includes left out under NVRTC (TMA's
   * {@code <cuda.h>} and the runtime's entry point, or {@code uint2} and {@code dim3}), and the
   * function qualifiers, as CuTe's {@code CUTE_HOST_DEVICE} ({@code preamble.cuh.template}).
   */
  static String preamble(boolean tmaIncludes, boolean vectorTypes) {
    return Template.load(CudaLines.class, "preamble.cuh.template")
        .fill(new Preamble(tmaIncludes, vectorTypes)).render();
  }

  /** The header at {@code path}: {@code template} filled from {@code variables}, then folded. */
  static GeneratedFile header(String path, String template, Record variables) {
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, path,
        fold(Template.load(CudaLines.class, template).fill(variables).render()));
  }

  /** {@code text} wrapped to {@code width} columns, each line a comment starting {@code prefix}. */
  public static List<String> comment(String prefix, String text, int width) {
    return SwizzleText.wrap(text, width).stream().map(line -> prefix + line).toList();
  }

  /** {@code text} with every line longer than {@link #WIDTH} folded. */
  public static String fold(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (line.length() <= WIDTH || line.stripLeading().startsWith("#")) {
        out.add(line);
      } else if (line.stripLeading().startsWith("//")) {
        comment(line, out);
      } else {
        code(line, out);
      }
    }
    return String.join("\n", out);
  }

  /** A comment line wrapped at its spaces, each piece under the line's own {@code //} lead. */
  private static void comment(String line, List<String> out) {
    String rest = line.substring(line.indexOf("//") + 2).replaceFirst("^ +", "");
    String lead = line.substring(0, line.length() - rest.length());
    while (lead.length() + rest.length() > WIDTH) {
      int limit = WIDTH - lead.length();
      int cut = -1;
      for (int i = Math.min(limit, rest.length() - 1); i > 0; i--) {
        // Never leave a backslash at a line's end: it would continue the comment on the next.
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

  /** A code line broken where {@link #BREAKS} allow. */
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
   * Each character's part: the one scanner of literals. A quote, an escape, a character literal and
   * a line comment are neither code nor text.
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
   * Where to split a string literal so that its first piece, closed by a quote, has at most
   * {@code limit} columns: the rightmost space inside it that fits, or -1.
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
    // From the right: the first parenthesis no later one closes.
    for (int i = code.length() - 1, closed = 0; i >= 0; i--) {
      if (parts[i] == Part.CODE && code.charAt(i) == ')') {
        closed++;
      } else if (parts[i] == Part.CODE && code.charAt(i) == '(' && closed-- == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Where the second piece starts so that the first has at most {@code limit} columns, or -1. */
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
