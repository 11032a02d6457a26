package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Laws of {@link UserText}, each language's spelling of user text: whatever the text, the C++ comment
 * has no line break, no backslash that could end a line and no trigraph; the Javadoc has nothing
 * javac's lexer or the Javadoc tool reads (no backslash, no comment end, no tag); the Java literal
 * holds exactly the text; all of it is printable ASCII.
 */
class UserTextTest {
  /** The characters that matter to some lexer, and some that matter to none. */
  private static final String ALPHABET = "\\u*/@{}<>&\"'?? \t\n\r\u0000\u0001\u001f\u007f\u0085"
      + "\u00e9\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
      + "\ufeff\uffff\ud83d\ude00\ud800xyz0";

  /** Random strings over {@link #ALPHABET}, lone surrogates included. */
  private static List<String> randomTexts(int count) {
    Random random = new Random(18);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(12);
      for (int j = 0; j < length; j++) {
        text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      texts.add(text.toString());
    }
    return texts;
  }

  private static boolean printableAscii(String text) {
    return text.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  @Test
  void cppCommentsSpellTextAsACppLiteralWould() {
    assertEquals("C:\\\\users", UserText.cppComment("C:\\users"));
    assertEquals("\\u202e", UserText.cppComment("\u202e"));
    assertEquals("two\\nlines", UserText.cppComment("two\nlines"));
    assertEquals("what?\\?/", UserText.cppComment("what??/"));
    // A backslash that a wrapped line, or the text, could end with.
    assertEquals("ends\\x5c", UserText.cppComment("ends\\"));
    assertEquals("a\\x5c b", UserText.cppComment("a\\ b"));
    assertEquals("a\\\\\\x5c", UserText.cppComment("a\\\\"));
  }

  @Test
  void cppCommentsCannotEndALineOrHideText() {
    for (String text : randomTexts(20_000)) {
      String comment = UserText.cppComment(text);
      assertTrue(printableAscii(comment), comment);
      assertFalse(comment.contains("??"), comment);
      // Wrapped at any space, or ended: no line ends with a backslash.
      assertFalse(comment.endsWith("\\") || comment.contains("\\ "), comment);
    }
  }

  @Test
  void messagesShowControlAndBidirectionalCharactersAndKeepTheRest() {
    assertEquals("col\\u000aread\\u202e caf\u00e9 \ud83d\ude00",
        UserText.message("col\nread\u202e caf\u00e9 \ud83d\ude00"));
    assertEquals("lone \\ud800", UserText.message("lone \ud800"));
    String plain = "tile GemmA: ldmatrix.x4 has a 2-way bank conflict";
    assertThat(UserText.message(plain)).isSameInstanceAs(plain);
  }
}
