package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaLayoutType;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What fills a key's slots: its record components, the fragments its family class
 * ({@link TileMessages}, {@link AccessMessages}, {@link StorageMessages}) registers for its kind,
 * and the words every family computes alike from components of the same names.
 */
abstract class MessageFamily {
  private static final Map<Class<?>, BiFunction<Object, Boolean, Map<String, Object>>> FRAGMENTS =
      new ConcurrentHashMap<>();

  /** A word computed from other slots of a key, read by name. */
  private interface Word {
    Object of(Function<String, Object> slots);
  }

  /** Words every kind computes alike from the slots they name: {@code {{modeName}}} from mode. */
  private static final Map<String, Word> WORDS = Map.ofEntries(
      word("modeName", "mode", TmaSwizzle::cudaName),
      word("swizzleName", "swizzle", "withinEachRow", MessageFamily::swizzleName),
      word("unitBase", "dtype", MessageFamily::unitBase),
      word("onBytes", "byteSwizzle", MessageFamily::onBytes),
      word("byteMap", "map", "dtype", MessageFamily::byteMap),
      word("base32B", "format", "dtype", MessageFamily::base32B),
      word("elementBytes", "dtype", DType::unitBytes),
      word("elementSize", "dtype", ModelText::elementSize),
      word("dataType", "dtype", (DType dtype) -> TmaDataType.of(dtype).cudaName()),
      word("magnitude", "shift", (Integer shift) -> Math.abs(shift)),
      word("bits", "swizzle", Swizzle::bits),
      word("shift", "swizzle", Swizzle::shift),
      word("target", "architecture", MessageFamily::target),
      word("layout", "layoutType", MmaLayoutType::description),
      word("operand", "major", ModelText::operandWords),
      word("vectors", "kind", "vectorBytes", MessageFamily::vectors),
      word("firstNumber", "first", (Integer first) -> first + 1),
      word("secondNumber", "second", (Integer second) -> second + 1),
      word("annotation", "declaration", MessageFamily::annotation),
      word("instruction", "format", MmaFormat::instruction));

  @SuppressWarnings("unchecked") // a component of that name is of that type
  private static <T> Map.Entry<String, Word> word(String slot, String component,
      Function<T, Object> words) {
    return Map.entry(slot, slots -> words.apply((T) slots.apply(component)));
  }

  @SuppressWarnings("unchecked") // components of those names are of those types
  private static <T, U> Map.Entry<String, Word> word(String slot, String first, String second,
      BiFunction<T, U, Object> words) {
    return Map.entry(slot,
        slots -> words.apply((T) slots.apply(first), (U) slots.apply(second)));
  }

  /** The fragments of {@code kind}, slots its components and the words do not fill. */
  static <V> void fragments(Class<V> kind, Function<V, Map<String, Object>> fragments) {
    fragmentsAsDeclared(kind, (key, pasted) -> fragments.apply(key));
  }

  /** Fragments that suggest a tile, written as it was declared ({@link Messages#render}). */
  @SuppressWarnings("unchecked") // applied to keys of that kind only
  static <V> void fragmentsAsDeclared(Class<V> kind,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    if (FRAGMENTS.putIfAbsent(kind, (key, pasted) -> fragments.apply((V) key, pasted)) != null) {
      throw new IllegalStateException("two registrations for " + kind.getSimpleName());
    }
  }

  static Map<String, Object> fragmentsOf(Object key, boolean pasted) {
    return FRAGMENTS.getOrDefault(key.getClass(), (k, p) -> Map.of()).apply(key, pasted);
  }

  /** Slot {@code name} of {@code key}: its kind's fragment ({@code own}), component or word. */
  static Object slot(Object key, Map<String, Object> own, String name) {
    if (own.containsKey(name)) {
      return own.get(name);
    }
    for (RecordComponent component : key.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(key);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot read " + name + " of " + key, e);
        }
      }
    }
    Word word = WORDS.get(name);
    if (word == null) {
      throw new IllegalArgumentException("the format of " + key.getClass().getSimpleName()
          + " names {{" + name + "}}, which it neither has nor computes");
    }
    return word.of(other -> slot(key, own, other));
  }

  /** The annotation of what {@code declaration} declares, which a name or an attribute is of. */
  private static String annotation(ShapeError.Declaration declaration) {
    return switch (declaration) {
      case TILE -> "SwizzledTile";
      case RASTERIZER -> "ThreadblockSwizzle";
      case STORAGE -> "SharedStorage";
    };
  }

  /** {@code "(row 2, col 32)"}. */
  static String cell(Cell cell) {
    return "(row " + cell.row() + ", col " + cell.col() + ")";
  }

  static String withoutFinalPeriod(String sentence) {
    return sentence.substring(0, sentence.length() - 1);
  }

  /** {@code "Swizzle<3,3,3>"}, or {@code "Swizzle<3,3,3> within each row"} for the row form. */
  static String swizzleName(Swizzle swizzle, boolean withinEachRow) {
    return withinEachRow ? swizzle + " within each row" : swizzle.toString();
  }

  /** {@code "the target sm_90a (-Aswizzlegen.arch)"}. */
  static String target(Architecture architecture) {
    return "the target " + architecture.optionName() + " (-A" + OptionNames.ARCH + ")";
  }

  /** An XOR map of elements of {@code dtype} on bytes; for packed FP4 one may split a byte. */
  static String byteMap(XorMap map, DType dtype) {
    int k = Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
    return k > 0 && !map.keepsLowBits(k) ? "no map of whole bytes"
        : map.onBytes(dtype.storageBits()).toString();
  }

  /** {@code log2(16 / element bytes)}: the base of the 16-byte units the engines' swizzles move. */
  static int unitBase(DType dtype) {
    return 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
  }

  static String onBytes(Optional<Swizzle> byteSwizzle) {
    return byteSwizzle.map(bytes -> bytes + " on bytes").orElse("no swizzle of the byte offset");
  }

  /** The clause on the 128-byte swizzle of 32-byte units, for a format and a type that have it. */
  static String base32B(MmaFormat format, DType dtype) {
    boolean read = format.layoutTypes().contains(MmaLayoutType.SWIZZLE_128B_BASE32B)
        && dtype.storageBits() == 32;
    return read ? ", and MN-major Swizzle<2,5,2> on bytes (the 128-byte swizzle of 32-byte units),"
        + " which is Swizzle<2,3,2>" : "";
  }

  /** What an access of {@code kind} moves whole: {@code "16-byte vectors"}. */
  static String vectors(AccessKind kind, int vectorBytes) {
    return switch (kind) {
      case VECTOR -> vectorBytes + "-byte vectors";
      case LANES -> "lanes of " + vectorBytes + " bytes";
      case LDMATRIX, STMATRIX -> matrixInstruction(kind) + "'s 16-byte matrix rows";
      case MMA_ACCUMULATOR -> "a lane's pair of accumulator elements";
      default -> throw new IllegalArgumentException(kind + " moves no vectors");
    };
  }

  static String matrixInstruction(AccessKind kind) {
    return kind == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
  }
}
