package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No error text is written inline in the processor's main code: every call of a
 * {@link Diagnostics} method that takes words passes them from a key of {@link Messages} (or text
 * computed elsewhere, such as a summary), never a string literal. An attribute's name
 * ({@code "name"}) is a literal and no words; any other literal (one with a space, a colon, a
 * period) is error text, which belongs in a family's formats, so that every message has one format
 * and one blame rule under the laws of {@link ViolationLawTest}.
 */
class InlineErrorTextTest {
  /** A call of a {@link Diagnostics} method that takes words, up to its opening parenthesis. */
  private static final Pattern CALL = Pattern.compile(
      "\\.(error|errorOnElement|errorOnAccess|onDeclaredAccess|note|violation|accessViolation"
          + "|shapeError|storageFault)\\(");

  /** A Java string literal. */
  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

  @Test
  void noDiagnosticIsPassedALiteralOfWords() throws IOException {
    List<String> inline = new ArrayList<>();
    int calls = 0;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        Matcher call = CALL.matcher(source);
        while (call.find()) {
          calls++;
          String arguments = arguments(source, call.end() - 1);
          Matcher literal = LITERAL.matcher(arguments);
          while (literal.find()) {
            if (!literal.group(1).matches("[A-Za-z_][A-Za-z0-9_]*|")) {
              inline.add(file.getFileName() + ":" + lineOf(source, call.start()) + ": "
                  + literal.group());
            }
          }
        }
      }
    }
    // The scan finds the diagnostics' calls (a tile's, an access's, a storage's, a rasterizer's).
    assertThat(calls).isAtLeast(20);
    assertWithMessage("error text written inline; give it a format in its family's messages")
        .that(inline).isEmpty();
  }

  @Test
  void theScanFindsALiteralOfWords() {
    String source = "diagnostics.error(\"name\", \"its header \" + path + \" is taken.\");";
    String arguments = arguments(source, source.indexOf('('));
    assertThat(LITERAL.matcher(arguments).results().map(match -> match.group(1)).toList())
        .containsExactly("name", "its header ", " is taken.");
  }

  /** The text between the parenthesis at {@code open} and its match, strings and chars skipped. */
  private static String arguments(String source, int open) {
    int depth = 0;
    for (int i = open; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '"' || c == '\'') {
        for (i++; source.charAt(i) != c; i++) {
          if (source.charAt(i) == '\\') {
            i++;
          }
        }
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return source.substring(open + 1, i);
      }
    }
    throw new IllegalArgumentException("no closing parenthesis at " + open);
  }

  private static long lineOf(String source, int index) {
    return source.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
  }
}
