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
    assertThat(ShapeMessages.kinds()).containsExactlyElementsIn(kinds);
  }

  @Test
  void everyKindRendersToWholeSentences() throws ReflectiveOperationException {
    int rendered = 0;
    for (ShapeError sample : samples()) {
      String text = ShapeMessages.render(sample);
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
      MessageLaws.assertNamesAnAttribute(ShapeMessages.blame(sample), sample.toString());
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
