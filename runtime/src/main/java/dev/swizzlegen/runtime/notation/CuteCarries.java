package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.notation.CuteViolation.SwizzleReadsCarries;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Why a swizzled CuTe layout whose strided part is a tile is none with its swizzle: the swizzle reads
 * offset bits that a mode reaches in steps that are no power of two. There the offset's bits carry:
 * CUTLASS 2.x's crosswise operand at 3 stages puts row pair {@code p} at {@code 192 p}, and
 * {@code Sw<2,3,5>} reads bits 8 and 9 of that, {@code (3 p + stage) / 4 mod 4}, which no XOR of
 * the bits of {@code p} and of the stage is. A tile's XOR map reads bits of its rows, columns and
 * stages; so the layout is no tile, and the same layout with that stride a power of two (rounding up
 * the mode whose size makes it, as 4 stages in place of 3) is where it is one.
 *
 * <pre>
 *   stride 192 = 0b1100_0000:  p = 1 -&gt; 0b0_1100_0000, p = 2 -&gt; 0b1_1000_0000   bit 8 carried into
 * </pre>
 */
final class CuteCarries {
  private CuteCarries() {}

  /**
   * The violation for a whole-tile {@code layout} whose swizzle reads bits a stride that is no power
   * of two carries into, where without the swizzle it is a tile; empty for any other.
   */
  static Optional<Violation> of(CuteLayout layout, DType dtype) {
    Optional<Swizzle> swizzle = layout.swizzle().filter(sw -> !sw.isIdentity());
    if (swizzle.isEmpty()) {
      return Optional.empty();
    }
    Swizzle sw = swizzle.get();
    int low = sw.base() + Math.max(0, sw.shift());
    int high = low + sw.bits() - 1;
    List<CuteLayout.Mode> leaves = leaves(layout);
    for (CuteLayout.Mode leaf : leaves) {
      long stride = leaf.stride();
      if (leaf.size() < 2 || stride <= 0 || Long.bitCount(stride) == 1) {
        continue;
      }
      // Multiples of the stride change bits from its lowest set bit up to the last step's highest.
      int first = Long.numberOfTrailingZeros(stride);
      int last = 63 - Long.numberOfLeadingZeros((leaf.size() - 1) * stride);
      if (first > high || last < low) {
        continue;
      }
      if (!isTile(printed(layout, Optional.empty(), Map.of()), dtype)) {
        return Optional.empty();
      }
      return Optional.of(new SwizzleReadsCarries(layout.text(), sw, low, high, leaf.toString(),
          leaf.position(), stride, powerOfTwo(layout, leaves, leaf, dtype)));
    }
    return Optional.empty();
  }

  /**
   * The layout with {@code leaf}'s stride a power of two, where that is a tile: a mode of a size no
   * power of two whose extent is the stride (3 stages of 64 make row pairs 192 apart) rounded up to
   * a power of two with it, else the stride itself rounded up.
   */
  private static Optional<String> powerOfTwo(CuteLayout layout, List<CuteLayout.Mode> leaves,
      CuteLayout.Mode leaf, DType dtype) {
    Map<CuteLayout.Mode, long[]> changed = new IdentityHashMap<>();
    for (CuteLayout.Mode maker : leaves) {
      long size = maker.size();
      if (maker != leaf && Long.bitCount(size) != 1 && maker.stride() * size == leaf.stride()) {
        long rounded = Long.highestOneBit(size) << 1;
        changed.put(maker, new long[] {rounded, maker.stride()});
        changed.put(leaf, new long[] {leaf.size(), maker.stride() * rounded});
        break;
      }
    }
    if (changed.isEmpty()) {
      changed.put(leaf, new long[] {leaf.size(), Long.highestOneBit(leaf.stride()) << 1});
    }
    String text = printed(layout, layout.swizzle(), changed);
    return isTile(text, dtype) ? Optional.of(text) : Optional.empty();
  }

  /** Whether {@code text} is a layout that declares a tile, whole. */
  private static boolean isTile(String text, DType dtype) {
    try {
      return CuteTile.describe(CuteLayout.parse(text), dtype, 0, 0, 0, Order.COL_MAJOR).tile()
          .isPresent();
    } catch (IllegalArgumentException | ArithmeticException noLayout) {
      return false;
    }
  }

  private static List<CuteLayout.Mode> leaves(CuteLayout layout) {
    List<CuteLayout.Mode> leaves = new java.util.ArrayList<>();
    for (int i = 0; i < layout.rank(); i++) {
      leaves.addAll(layout.mode(i).leaves());
    }
    return leaves;
  }

  /**
   * The layout as CuTe prints it, after {@code swizzle} where there is one, each leaf of
   * {@code changed} with its new size and stride.
   */
  private static String printed(CuteLayout layout, Optional<Swizzle> swizzle,
      Map<CuteLayout.Mode, long[]> changed) {
    StringBuilder shape = new StringBuilder("(");
    StringBuilder stride = new StringBuilder("(");
    for (int i = 0; i < layout.rank(); i++) {
      shape.append(i == 0 ? "" : ",");
      stride.append(i == 0 ? "" : ",");
      print(layout.mode(i), changed, shape, stride);
    }
    return CuteStages.swizzled(swizzle, shape.append(")") + ":" + stride.append(")"));
  }

  private static void print(CuteLayout.Mode mode, Map<CuteLayout.Mode, long[]> changed,
      StringBuilder shape, StringBuilder stride) {
    if (mode.isLeaf()) {
      long[] value = changed.getOrDefault(mode, new long[] {mode.size(), mode.stride()});
      shape.append('_').append(value[0]);
      stride.append('_').append(value[1]);
      return;
    }
    shape.append('(');
    stride.append('(');
    for (int i = 0; i < mode.children().size(); i++) {
      shape.append(i == 0 ? "" : ",");
      stride.append(i == 0 ? "" : ",");
      print(mode.children().get(i), changed, shape, stride);
    }
    shape.append(')');
    stride.append(')');
  }
}
