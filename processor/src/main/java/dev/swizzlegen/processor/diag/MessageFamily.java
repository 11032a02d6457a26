package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What a family class of {@link Messages} ({@link TileMessages}, {@link AccessMessages},
 * {@link ShapeMessages}, {@link StorageMessages}) registers its kinds' fragments and computed blame
 * rules through, and the words their fragments share.
 */
abstract class MessageFamily {
  private static final Map<Class<?>, BiFunction<Object, Boolean, Map<String, Object>>> FRAGMENTS =
      new ConcurrentHashMap<>();
  private static final Map<Class<?>, Blame.Rule<Object>> RULES = new ConcurrentHashMap<>();

  /**
   * The fragments of {@code kind}: a record's, or a family's (a sealed interface), which every kind
   * of it fills beside its own.
   */
  static <V> void fragments(Class<V> kind, Function<V, Map<String, Object>> fragments) {
    fragmentsAsDeclared(kind, (key, pasted) -> fragments.apply(key));
  }

  /** Fragments that suggest a tile, written as it was declared ({@link Messages#render}). */
  @SuppressWarnings("unchecked") // applied to keys of that kind only
  static <V> void fragmentsAsDeclared(Class<V> kind,
      BiFunction<V, Boolean, Map<String, Object>> fragments) {
    put(FRAGMENTS, kind, (key, pasted) -> fragments.apply((V) key, pasted));
  }

  /** The rule of a kind whose catalog entry blames {@code computed}: its values decide. */
  @SuppressWarnings("unchecked") // applied to keys of that kind only
  static <V> void blame(Class<V> kind, Blame.Rule<? super V> rule) {
    put(RULES, kind, key -> rule.of((V) key));
  }

  private static <T> void put(Map<Class<?>, T> map, Class<?> kind, T value) {
    if (map.putIfAbsent(kind, value) != null) {
      throw new IllegalStateException("two registrations for " + kind.getSimpleName());
    }
  }

  /** The fragments of a key: its families', then its kind's own. */
  static Map<String, Object> fragmentsOf(Object key, boolean pasted) {
    Map<String, Object> values = new HashMap<>();
    for (Class<?> family : key.getClass().getInterfaces()) {
      values.putAll(FRAGMENTS.getOrDefault(family, (k, p) -> Map.of()).apply(key, pasted));
    }
    values.putAll(FRAGMENTS.getOrDefault(key.getClass(), (k, p) -> Map.of()).apply(key, pasted));
    return values;
  }

  /** The computed blame rule of {@code kind}; null for a kind whose blame is fixed. */
  static Blame.Rule<Object> ruleOf(Class<?> kind) {
    return RULES.get(kind);
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

  /** {@code "sm_100a, sm_103a and sm_120a"}. */
  static String names(List<Architecture> architectures) {
    List<String> names = architectures.stream().map(Architecture::optionName).toList();
    return names.size() == 1 ? names.get(0)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and "
            + names.get(names.size() - 1);
  }

  /** What an access of {@code kind} issues, in words: {@code "TMA (cp.async.bulk.tensor)"}. */
  static String instruction(AccessKind kind) {
    return switch (kind) {
      case TMA -> "TMA (cp.async.bulk.tensor)";
      case STMATRIX -> "stmatrix";
      case LDMATRIX -> "ldmatrix";
      case WGMMA -> "wgmma";
      case UMMA -> "tcgen05.mma (UMMA)";
      case VECTOR, MMA_ACCUMULATOR, LANES -> kind.name() + " accesses";
    };
  }

  /** Blackwell's TMA modes that are swizzles on elements of {@code dtype}, in their words. */
  static String blackwellSwizzles(DType dtype) {
    int bytesBase = Integer.numberOfTrailingZeros(dtype.unitBytes());
    return Swizzle.of(2, 5 - bytesBase, 2) + " and " + Swizzle.of(1, 6 - bytesBase, 1);
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

  /** {@code "ldmatrix"} for m8n8, {@code "ldmatrix.m16n16"} for the other shapes. */
  static String matrixInstruction(AccessKind kind, MatrixShape shape) {
    return matrixInstruction(kind) + (shape == MatrixShape.M8N8 ? "" : "." + shape.ptx());
  }

  /** Which instruction, and with or without {@code .trans}, a shape belongs to. */
  static String shapeOwner(MatrixShape shape) {
    return switch (shape) {
      case M8N8 -> "ldmatrix and stmatrix";
      case M8N16 -> "ldmatrix without .trans (sm_100)";
      case M16N16 -> "ldmatrix with .trans (sm_100)";
      case M16N8 -> "stmatrix with .trans (sm_100)";
    };
  }

  /** The elements a shape's source formats hold. */
  static String shapeFormats(MatrixShape shape) {
    String bytes = "8-bit elements (INT8, UINT8, FP8_E4M3, FP8_E5M2)";
    String padded = "padded FP4 or FP6 (FP4_E2M1_PADDED, FP6_E3M2, FP6_E2M3)";
    return switch (shape) {
      case M8N8 -> "any elements";
      case M8N16 -> padded + ", unpacking them to bytes (.b8x16.b4x16_p64, .b8x16.b6x16_p32)";
      case M16N16 -> bytes + " or " + padded;
      case M16N8 -> bytes;
    };
  }

  /** How shared memory stores a sub-byte type: two to a byte, or 16 to a 16-byte unit. */
  static String storage(DType dtype) {
    return dtype.isPadded()
        ? "16 elements to a 16-byte unit (the form TMA writes and tcgen05 reads), which every"
            + " access moves whole"
        : dtype.elementsPerUnit() > 1 ? "two elements to a byte" : "in whole bytes";
  }
}
