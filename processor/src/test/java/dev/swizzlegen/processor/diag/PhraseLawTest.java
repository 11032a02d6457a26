package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words said inside other errors' messages under the catalog's laws: every kind (every record
 * under the sealed {@link Phrase}) has exactly one entry, every slot of it fills from the record's
 * components, and none blames an attribute of its own (the message that says it does).
 */
class PhraseLawTest {
  private static final List<Class<?>> KINDS = ViolationLawTest.recordsUnder(Phrase.class);

  @Test
  void everyKindHasExactlyOneEntry() {
    MessageLaws.assertOneEntryPerKind(Messages.PHRASES, KINDS, 21);
  }

  @Test
  void everyKindFillsEverySlotFromItsComponents() throws ReflectiveOperationException {
    List<Object> samples = MessageLaws.samples(KINDS, (type, name) -> List.of("<" + name + ">"));
    assertThat(samples).hasSize(KINDS.size());
    for (Object sample : samples) {
      String words = Messages.PHRASES.render((Phrase) sample);
      assertThat(words).doesNotContain("{{");
      for (var component : sample.getClass().getRecordComponents()) {
        assertThat(words).contains("<" + component.getName() + ">");
      }
      assertThrows(IllegalArgumentException.class, () -> Messages.PHRASES.blame((Phrase) sample));
    }
  }

  /** A name's problem is a sentence of its own, which the enclosing messages end with. */
  @Test
  void aNamesProblemIsASentence() {
    assertThat(Messages.PHRASES.render(new Phrase.Keyword("class")))
        .isEqualTo("name \"class\" is a C++ or Java keyword.");
    assertThat(Messages.PHRASES.render(new Phrase.OwnedByBuffer("q", "q_offset")))
        .isEqualTo("buffer q's q_offset");
  }
}
