package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.Buffer;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The laws every kind of error's words and blame obey, whatever family it is of (the model's
 * violations, the readers' shape errors, a storage's faults): {@link ViolationLawTest},
 * {@link ShapeErrorLawTest} and {@link StorageMessagesLawTest} hold their kinds to them.
 */
final class MessageLaws {
  private MessageLaws() {}

  /** The annotation each blamed attribute belongs to. */
  private static final Map<Blame.Attribute.Annotation, Class<? extends Annotation>> ANNOTATIONS =
      Map.of(Blame.Attribute.Annotation.SWIZZLED_TILE, SwizzledTile.class,
          Blame.Attribute.Annotation.ACCESS, Access.class,
          Blame.Attribute.Annotation.THREADBLOCK_SWIZZLE, ThreadblockSwizzle.class,
          Blame.Attribute.Annotation.SHARED_STORAGE, SharedStorage.class,
          Blame.Attribute.Annotation.BUFFER, Buffer.class);

  /**
   * {@code text}, the words of a sample of {@code kind}, is whole sentences: no slot left, no
   * record's or optional's {@code toString} (nor any of {@code leaks}) written for words.
   */
  static void assertWholeSentences(String text, String kind, String... leaks) {
    assertThat(text).doesNotContain("{{");
    assertThat(text).doesNotContain("}}");
    assertThat(text).doesNotContain("Optional");
    assertThat(text).doesNotContain("null");
    assertThat(text).doesNotContain(kind + "[");
    for (String leak : leaks) {
      assertThat(text).doesNotContain(leak);
    }
    assertTrue(text.endsWith("."), kind + ": " + text);
    assertTrue(Character.isLetterOrDigit(text.charAt(0)) || text.charAt(0) == '|',
        kind + ": " + text);
  }

  /** {@code attribute}, the blame of a sample of {@code kind}, is an attribute its annotation has. */
  static void assertNamesAnAttribute(Blame.Attribute attribute, String kind) {
    Class<? extends Annotation> annotation = ANNOTATIONS.get(attribute.annotation());
    assertTrue(annotation != null && Arrays.stream(annotation.getDeclaredMethods())
            .anyMatch(method -> method.getName().equals(attribute.name())),
        kind + " blames " + attribute);
  }

  /** {@code registry} has one entry for each of {@code kinds}, at least {@code least}, no more. */
  static void assertOneEntryPerKind(Messages<?> registry, List<Class<?>> kinds, int least) {
    assertThat(kinds.size()).isAtLeast(least);
    assertThat(registry.kinds()).containsExactlyElementsIn(Set.copyOf(kinds));
  }

  /**
   * Every kind with every component at its first value, then one more for each other value of each
   * component: the values of a component are {@code values}' of its generic type and its name.
   */
  static List<Object> samples(List<Class<?>> kinds, BiFunction<Type, String, List<Object>> values)
      throws ReflectiveOperationException {
    List<Object> samples = new ArrayList<>();
    for (Class<?> kind : kinds) {
      RecordComponent[] components = kind.getRecordComponents();
      List<List<Object>> choices = new ArrayList<>();
      for (RecordComponent component : components) {
        choices.add(values.apply(component.getGenericType(), component.getName()));
      }
      Constructor<?> constructor = kind.getDeclaredConstructor(
          Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      Object[] first = choices.stream().map(list -> list.get(0)).toArray();
      samples.add(constructor.newInstance(first));
      for (int i = 0; i < components.length; i++) {
        for (Object other : choices.get(i).subList(1, choices.get(i).size())) {
          Object[] arguments = first.clone();
          arguments[i] = other;
          samples.add(constructor.newInstance(arguments));
        }
      }
    }
    return samples;
  }

  /**
   * Every one of {@code samples}, at least {@code least}, renders in {@code registry} to whole
   * sentences (none of {@code leaks} written for words) and blames an attribute its annotation has.
   */
  @SuppressWarnings("unchecked") // the samples are the registry's keys
  static <K> void assertEverySampleWorded(Messages<K> registry, List<Object> samples, int least,
      String... leaks) {
    assertThat(samples.size()).isAtLeast(least);
    for (Object sample : samples) {
      assertWholeSentences(registry.render((K) sample), sample.getClass().getSimpleName(), leaks);
      assertNamesAnAttribute(registry.blame((K) sample), sample.toString());
    }
  }
}
