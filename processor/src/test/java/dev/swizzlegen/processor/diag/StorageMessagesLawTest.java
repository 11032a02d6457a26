package dev.swizzlegen.processor.diag;


import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.StorageViolation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A storage's faults under the laws of the model's violations ({@link ViolationLawTest}): every kind
 * (every record under the reader's sealed {@link StorageError} and the model's sealed
 * {@link StorageViolation}) has exactly one format and one blame rule; every kind renders to whole
 * sentences with no slot left and no record's or optional's {@code toString} leaking through, for
 * every value of its flags, enums and optional parts; and every blame names an attribute that
 * {@code @SharedStorage} or {@code @Buffer} has.
 */
class StorageMessagesLawTest {
  private static List<Class<?>> kinds() {
    List<Class<?>> kinds = new ArrayList<>(ViolationLawTest.recordsUnder(StorageError.class));
    kinds.addAll(ViolationLawTest.recordsUnder(StorageViolation.class));
    return kinds;
  }

  @Test
  void everyKindHasExactlyOneFormatAndOneBlameRule() {
    MessageLaws.assertOneEntryPerKind(Messages.STORAGE, kinds(), 13);
  }

  @Test
  void everyKindRendersToWholeSentencesAndBlamesAnAttribute()
      throws ReflectiveOperationException {
    MessageLaws.assertEverySampleWorded(Messages.STORAGE, samples(), 25, "BufferBytes[");
  }

  private static List<Object> samples() throws ReflectiveOperationException {
    return MessageLaws.samples(kinds(), StorageMessagesLawTest::values);
  }

  private static List<Object> values(Type type, String component) {
    if (type instanceof ParameterizedType parameterized) {
      Class<?> raw = (Class<?>) parameterized.getRawType();
      if (raw == Optional.class) {
        return List.of(Optional.of(Architecture.SM_90A), Optional.of(Architecture.SM_80),
            Optional.empty());
      }
      if (raw == List.class && parameterized.getActualTypeArguments()[0] == String.class) {
        return List.of(List.of("mainloop", "epilogue"), List.of("mainloop"), List.of());
      }
      if (raw == List.class) {
        return List.of(List.of(new StorageViolation.BufferBytes("HopperA", 65536),
            new StorageViolation.BufferBytes("full", 32)));
      }
      throw new IllegalArgumentException("no samples of " + type);
    }
    Class<?> kind = (Class<?>) type;
    if (kind == int.class) {
      return List.of(0, 3);
    }
    if (kind == long.class) {
      return List.of(232448L + 1024, 232448L);
    }
    if (kind == boolean.class) {
      return List.of(false, true);
    }
    if (kind == String.class) {
      // An attribute where the component names one; else a name, a type or a sentence.
      return component.equals("attribute") ? List.of("barriers", "bytes", "tile")
          : component.equals("problem") ? List.of("name \"class\" is a C++ or Java keyword.")
          : List.of("full", "kern.HopperA");
    }
    if (kind == OptionalInt.class) {
      return List.of(OptionalInt.of(3), OptionalInt.of(1), OptionalInt.empty());
    }
    if (kind.isEnum()) {
      return List.of(kind.getEnumConstants());
    }
    throw new IllegalArgumentException("no samples of " + type);
  }
}
