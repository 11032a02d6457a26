package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
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
    Set<Class<?>> kinds = Set.copyOf(ViolationLawTest.recordsUnder(ShapeError.class));
    assertThat(kinds.size()).isAtLeast(10);
    assertThat(Messages.SHAPES.kinds()).containsExactlyElementsIn(kinds);
  }

  /** An element's errors as a whole: each kind has its format, and is whole sentences. */
  @Test
  void everyElementErrorHasOneFormatOnTheElement() {
    assertThat(Messages.ELEMENT.kinds())
        .containsExactlyElementsIn(ViolationLawTest.recordsUnder(ElementError.class));
    ElementError failed = new ElementError.Failed("tile", "Kernel.Q", "java.lang.Error");
    assertThat(Messages.ELEMENT.blame(failed)).isEqualTo(Blame.Attribute.ELEMENT);
    MessageLaws.assertWholeSentences(Messages.ELEMENT.render(failed), "Failed");
  }

  @Test
  void everyKindRendersToWholeSentences() throws ReflectiveOperationException {
    int rendered = 0;
    for (ShapeError sample : samples()) {
      String text = Messages.SHAPES.render(sample);
      String kind = sample.getClass().getSimpleName();
      // A record written by its toString, not in words.
      MessageLaws.assertWholeSentences(text, kind, "Instruction");
      rendered++;
    }
    assertThat(rendered).isAtLeast(20);
  }

  @Test
  void everyBlameNamesAnAttributeOfItsAnnotation() throws ReflectiveOperationException {
    for (ShapeError sample : samples()) {
      MessageLaws.assertNamesAnAttribute(Messages.SHAPES.blame(sample), sample.toString());
    }
  }

  /**
   * Every kind with every component at its first value, then one more for each other value of
   * each component: an attribute name is one an {@code @Access} has.
   */
  private static List<ShapeError> samples() throws ReflectiveOperationException {
    List<ShapeError> samples = new ArrayList<>();
    for (Class<?> kind : ViolationLawTest.recordsUnder(ShapeError.class)) {
      RecordComponent[] components = kind.getRecordComponents();
      List<List<Object>> values = new ArrayList<>();
      for (RecordComponent component : components) {
        values.add(values(component.getType()));
      }
      Constructor<?> constructor = kind.getDeclaredConstructor(
          Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      Object[] first = values.stream().map(list -> list.get(0)).toArray();
      samples.add((ShapeError) constructor.newInstance(first));
      for (int i = 0; i < components.length; i++) {
        for (Object other : values.get(i).subList(1, values.get(i).size())) {
          Object[] arguments = first.clone();
          arguments[i] = other;
          samples.add((ShapeError) constructor.newInstance(arguments));
        }
      }
    }
    return samples;
  }

  private static List<Object> values(Class<?> type) {
    if (type == int.class) {
      return List.of(0, 3);
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
