package dev.swizzlegen.processor.diag;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.ModuleClasses;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The laws that tie the model's violations to their words and their attributes: every kind of
 * violation (every record of a sealed family under {@link Violation}) has exactly one format and
 * exactly one blame rule (an entry of the catalog {@code messages.txt}, whose blame is fixed or the
 * family's rule; a second entry or rule fails when it is read, a kind without one fails here);
 * every kind renders to whole sentences with no slot left and no record's or optional's
 * {@code toString} leaking through, whatever its optional parts, flags, enums and nested causes;
 * and every blame names an attribute its annotation has.
 */
class ViolationLawTest {
  @Test
  void everyKindHasExactlyOneFormatAndOneBlameRule() {
    // The model has dozens of kinds; the walk of the sealed families finds them all.
    MessageLaws.assertOneEntryPerKind(Messages.VIOLATIONS, kinds(), 50);
  }

  @Test
  void everyKindRendersWithoutLeftoverSlots() throws ReflectiveOperationException {
    int rendered = 0;
    for (Class<?> kind : kinds()) {
      for (Object sample : samples(kind, 0)) {
        String text = Messages.VIOLATIONS.render((Violation) sample);
        // A record (a Cell) or an optional written by its toString, not in words.
        MessageLaws.assertWholeSentences(text, kind.getSimpleName(), "Cell[");
        rendered++;
      }
    }
    // Every flag, enum constant, optional part and nested cause, one at a time.
    assertThat(rendered).isAtLeast(300);
  }

  @Test
  void everyBlameNamesAnAttributeOfItsAnnotation() throws ReflectiveOperationException {
    for (Class<?> kind : kinds()) {
      for (Object sample : samples(kind, 0)) {
        MessageLaws.assertNamesAnAttribute(Messages.VIOLATIONS.blame((Violation) sample),
            kind.getSimpleName());
      }
    }
  }

  /**
   * Every kind of violation: the records under each family, a sealed interface that extends the
   * marker {@link Violation} directly, found among the model's class files (each concept keeps its
   * family beside it, so the marker cannot list them), families in the order of their names.
   */
  static List<Class<?>> kinds() {
    if (kinds != null) {
      return kinds;
    }
    kinds = new ArrayList<>();
    for (String name : ModuleClasses.of(Violation.class).keySet()) {
      Class<?> type;
      try {
        type = Class.forName(name.replace('/', '.'), false, Violation.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      if (type.isInterface() && Arrays.asList(type.getInterfaces()).contains(Violation.class)) {
        assertTrue(type.isSealed(), type.getName() + " is a family of violations, not sealed");
        kinds.addAll(recordsUnder(type));
      }
    }
    kinds = List.copyOf(kinds);
    return kinds;
  }

  /** {@link #kinds()}, once found. */
  private static List<Class<?>> kinds;

  /** Every record in the sealed hierarchy under {@code sealed}, in declaration order. */
  static List<Class<?>> recordsUnder(Class<?> sealed) {
    List<Class<?>> records = new ArrayList<>();
    for (Class<?> permitted : sealed.getPermittedSubclasses()) {
      if (permitted.isRecord()) {
        records.add(permitted);
      } else {
        records.addAll(recordsUnder(permitted));
      }
    }
    return records;
  }

  /**
   * Values of {@code type} that exercise every branch of the words: for a record, one with every
   * component at its first value, then one more for each other value of each component; for a sealed
   * interface, each record under it at its first values. Deeper than a violation's own components
   * only first values are taken, and optionals of optionals are empty, so that a violation nested in
   * a violation does not recurse forever.
   */
  private static List<Object> samples(Type type, int depth) throws ReflectiveOperationException {
    if (type instanceof ParameterizedType parameterized) {
      Class<?> raw = (Class<?>) parameterized.getRawType();
      if (raw == Optional.class) {
        List<Object> values = new ArrayList<>();
        if (depth < 3) {
          for (Object value : samples(parameterized.getActualTypeArguments()[0], depth)) {
            values.add(Optional.of(value));
          }
        }
        values.add(Optional.empty());
        return values;
      }
      if (raw == List.class) {
        // A CuTe layout's modes at fault, as text and as positions: one of each, of equal length.
        Type element = parameterized.getActualTypeArguments()[0];
        return List.of(element == Integer.class ? List.of(3) : List.of("_2:_0"));
      }
      throw new IllegalArgumentException("no samples of " + type);
    }
    Class<?> kind = (Class<?>) type;
    if (kind == int.class) {
      return List.of(8, 64);
    }
    if (kind == long.class) {
      return List.of(8L, 512L);
    }
    if (kind == boolean.class) {
      return List.of(false, true);
    }
    if (kind == OptionalLong.class) {
      return List.of(OptionalLong.of(16), OptionalLong.empty());
    }
    if (kind == String.class) {
      // Text as written in an attribute: a lane map in either notation, a CuTe layout.
      return List.of("[[0,1],[2 0]]", "(_2,_16):(_0,_32");
    }
    if (kind == Cell.class) {
      return List.of(new Cell(2, 32));
    }
    if (kind == Swizzle.class) {
      return List.of(Swizzle.of(3, 3, 3), Swizzle.IDENTITY);
    }
    if (kind == XorMap.class) {
      // TMA's FLIP mode, which no swizzle is, and a map of two terms no mode writes.
      return List.of(TmaSwizzle.SWIZZLE_128B_ATOM_32B_FLIP_8B.byteMap(),
          XorMap.ofImages(1, 2, 4, 8 | 64, 16 | 1));
    }
    if (kind == TileLayout.class) {
      return List.of(TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 64, 32).build());
    }
    if (kind == MmaFormat.class) {
      // Each instruction's words: the tensor-core reads' violations carry the format.
      return List.copyOf(MmaFormat.all());
    }
    if (kind == AccessKind.class) {
      // Violations of warp accesses name the access's kind; engines have kinds of their own.
      return List.of(AccessKind.VECTOR, AccessKind.LDMATRIX, AccessKind.STMATRIX,
          AccessKind.MMA_ACCUMULATOR, AccessKind.LANES);
    }
    if (kind.isEnum()) {
      return List.of(kind.getEnumConstants());
    }
    if (kind.isSealed() || kind == Violation.class) {
      List<Class<?>> records = kind == Violation.class ? kinds() : recordsUnder(kind);
      List<Object> values = new ArrayList<>();
      for (Class<?> permitted : depth < 2 ? records : records.subList(0, 1)) {
        values.add(samples(permitted, depth + 1).get(0));
      }
      return values;
    }
    if (kind.isRecord()) {
      return recordSamples(kind, depth);
    }
    throw new IllegalArgumentException("no samples of " + type);
  }

  private static List<Object> recordSamples(Class<?> kind, int depth)
      throws ReflectiveOperationException {
    RecordComponent[] components = kind.getRecordComponents();
    List<List<Object>> values = new ArrayList<>();
    for (RecordComponent component : components) {
      List<Object> all = samples(component.getGenericType(), depth + 1);
      values.add(depth <= 1 ? all : all.subList(0, 1));
    }
    Constructor<?> constructor = kind.getDeclaredConstructor(
        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
    Object[] first = values.stream().map(list -> list.get(0)).toArray();
    List<Object> samples = new ArrayList<>();
    samples.add(constructor.newInstance(first));
    for (int i = 0; i < components.length; i++) {
      for (Object other : values.get(i).subList(1, values.get(i).size())) {
        Object[] arguments = first.clone();
        arguments[i] = other;
        samples.add(constructor.newInstance(arguments));
      }
    }
    return samples;
  }
}
