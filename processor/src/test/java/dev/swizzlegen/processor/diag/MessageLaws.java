package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.Buffer;
import dev.swizzlegen.annotations.SharedStorage;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import java.lang.annotation.Annotation;
import java.util.Arrays;
import java.util.Map;

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
}
