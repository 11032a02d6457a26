package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers' shape errors under the laws of the model's violations ({@link ViolationLawTest}):
 * every kind (every record under the sealed {@link ShapeError}) has exactly one format and one blame
 * rule (a second registration fails when the class loads); every kind renders to whole sentences
 * with no slot left and no record's {@code toString} leaking through, for every value of its flags
 * and enums; and every blame names an attribute its annotation has.
 */
class ShapeErrorLawTest {
  @Test
  void everyKindHasExactlyOneFormatAndOneBlameRule() {
    MessageLaws.assertOneEntryPerKind(
        Messages.SHAPES, ViolationLawTest.recordsUnder(ShapeError.class), 10);
  }

  /** An element's errors as a whole: each kind has its format, and is whole sentences. */
  @Test
  void everyElementErrorHasOneFormatOnTheElement() throws ReflectiveOperationException {
    List<Class<?>> kinds = ViolationLawTest.recordsUnder(ElementError.class);
    assertThat(Messages.ELEMENT.kinds()).containsExactlyElementsIn(kinds);
    List<Object> samples = MessageLaws.samples(kinds,
        (type, name) -> List.of(name.equals("reason") ? "disk full." : "Kernel.Q"));
    assertThat(samples).hasSize(kinds.size());
    for (Object sample : samples) {
      assertThat(Messages.ELEMENT.blame((ElementError) sample)).isEqualTo(Blame.Attribute.ELEMENT);
      MessageLaws.assertWholeSentences(Messages.ELEMENT.render((ElementError) sample),
          sample.getClass().getSimpleName());
    }
  }

  @Test
  void everyKindRendersToWholeSentencesAndBlamesAnAttribute()
      throws ReflectiveOperationException {
    // A record written by its toString, not in words.
    MessageLaws.assertEverySampleWorded(Messages.SHAPES, samples(), 20, "Instruction");
  }

  /**
   * Every kind at its first values, then each other value; an attribute is an @Access's, but an
   * unresolved one is of the annotation its declaration names.
   */
  private static List<Object> samples() throws ReflectiveOperationException {
    return MessageLaws.samples(ViolationLawTest.recordsUnder(ShapeError.class),
        (type, name) -> name.equals("attributeName") ? List.of("name", "rows")
            : values((Class<?>) type));
  }

  private static List<Object> values(Class<?> type) {
    if (type == int.class) {
      return List.of(0, 3);
    }
    if (type == long.class) {
      return List.of(0L, 3L);
    }
    if (type == boolean.class) {
      return List.of(false, true);
    }
    if (type == String.class) {
      return List.of("op", "lanes", "maxWays");
    }
    if (type.isEnum()) {
      return List.of(type.getEnumConstants());
    }
    throw new IllegalArgumentException("no samples of " + type);
  }
}
