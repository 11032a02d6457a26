package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;

import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tensor-core reads' text is one class over every format: each format has its words, and the
 * members {@link ReservedNames} reserves for the reads ({@link OperandReadText#memberNames()}) are
 * exactly those the header template's one {@code reads} section declares, in every kind of read
 * (wgmma in one major and in both, UMMA).
 */
class OperandReadTextTest {
  /** A constant a header declares, or a function it defines: the member's name. */
  private static final Pattern DECLARED = Pattern.compile(
      "static constexpr \\w+ (\\w+) =|static constexpr \\w+ (\\w+)\\(");

  @Test
  void everyFormatHasItsWords() {
    for (MmaFormat format : MmaFormat.all()) {
      assertThat(OperandReadText.words(format)).isNotNull();
    }
  }

  @Test
  void theReservedMemberNamesAreTheOnesTheReadsSectionDeclares() {
    Generated blackwell = Generated.of(TileCorpus.sources(TileCorpus.BLACKWELL));
    Generated twoMajors = Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS));
    Set<String> declared = new TreeSet<>();
    for (TileCorpus.Case tile : TileCorpus.BLACKWELL) {
      declared.addAll(readMembers(blackwell.text(tile.header())));
    }
    for (TileCorpus.Case tile : TileCorpus.WGMMA_TWO_MAJORS) {
      declared.addAll(readMembers(twoMajors.text(tile.header())));
    }
    assertThat(declared).containsExactlyElementsIn(OperandReadText.memberNames());
  }

  /** The members of a header's reads: those named after a format's engine name. */
  private static Set<String> readMembers(String header) {
    Set<String> members = new TreeSet<>();
    Matcher matcher = DECLARED.matcher(header);
    while (matcher.find()) {
      String name = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
      if (name.matches("(kWgmma|kUmma|wgmma_|umma_).*")) {
        members.add(name);
      }
    }
    return members;
  }
}
