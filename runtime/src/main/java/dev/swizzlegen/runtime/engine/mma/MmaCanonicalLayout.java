package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;

/**
 * The canonical layout a shared-memory descriptor encodes, as CuTe documents it beside
 * {@code make_gmma_desc} and {@code make_umma_desc} ({@code mma_sm90_desc.hpp},
 * {@code mma_sm100_desc.hpp}), for one instruction's operand: coordinate {@code (mn, k)} of the K slice
 * the descriptor starts at, in elements ({@code T} elements a 16-byte unit, {@code W} units a row):
 *
 * <pre>
 *   K-major,  no swizzle:  Sw&lt;0,4,3&gt; o smem_ptr o ((8,m),(T,2)):((T,SBO),(1,LBO))
 *   K-major,  swizzled:    Sw&lt;B,4,3&gt; o smem_ptr o ((8,m),(T,2)):((WT,SBO),(1,T))
 *   MN-major, no swizzle:  Sw&lt;0,4,3&gt; o smem_ptr o ((T,1,m),(8,k)):((1,T,SBO),(T,LBO))
 *   MN-major, swizzled:    Sw&lt;B,4,3&gt; o smem_ptr o ((T,W,m),(8,k)):((1,T,LBO),(WT,SBO))
 *                          (Sw&lt;2,5,2&gt;: groups of 4 rows of K, (4,k):(WT,SBO))
 * </pre>
 *
 * with LBO and SBO in elements. {@link #of} writes it with this operand's numbers; it equals the
 * tile's offsets on the slice (a law the tests hold).
 */
public final class MmaCanonicalLayout {
  private MmaCanonicalLayout() {}

  /** CuTe's symbolic form of {@code operand}'s canonical layout, as CuTe's comment writes it. */
  public static String symbolic(MmaOperand operand) {
    MmaLayoutType type = operand.layoutType();
    String swizzle = swizzle(type, 0) + " o smem_ptr o ";
    int w = type.rowBytes() / 16;
    if (operand.major() == Major.K) {
      return swizzle + (type == MmaLayoutType.NONE ? "((8,m),(T,2)):((1T,SBO),(1,LBO))"
          : "((8,m),(T,2)):((" + w + "T,SBO),(1,T))");
    }
    if (type == MmaLayoutType.NONE) {
      return swizzle + "((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))";
    }
    return swizzle + "((T," + w + ",m),(" + type.groupRows() + ",k)):((1,T,LBO),(" + w + "T,SBO))";
  }

  /**
   * {@code operand}'s canonical layout with its numbers, in CuTe's print form (the swizzle on bytes
   * of the pointer, strides in elements):
   * {@code Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_8,_2)):((_64,_512),(_1,_8))}.
   */
  public static CuteLayout of(MmaOperand operand) {
    TileLayout tile = operand.tile();
    MmaLayoutType type = operand.layoutType();
    int t = tile.elementsIn(16);
    int w = type.rowBytes() / 16;
    int lbo = tile.elementsIn(operand.leadingByteOffset());
    int sbo = tile.elementsIn(operand.strideByteOffset());
    int k = operand.instructionK();
    String text;
    if (operand.major() == Major.K) {
      int m = operand.mnExtent() / 8;
      text = type == MmaLayoutType.NONE
          ? "((_8,_" + m + "),(_" + t + ",_" + k / t + ")):((_" + t + ",_" + sbo + "),(_1,_" + lbo
              + "))"
          : "((_8,_" + m + "),(_" + t + ",_" + k / t + ")):((_" + w * t + ",_" + sbo + "),(_1,_" + t
              + "))";
    } else {
      int group = type.groupRows();
      if (type == MmaLayoutType.NONE) {
        int m = operand.mnExtent() / t;
        text = "((_" + t + ",_1,_" + m + "),(_8,_" + k / 8 + ")):((_1,_" + t + ",_" + sbo + "),(_"
            + t + ",_" + lbo + "))";
      } else {
        int m = operand.mnExtent() / (w * t);
        text = "((_" + t + ",_" + w + ",_" + m + "),(_" + group + ",_" + k / group + ")):((_1,_" + t
            + ",_" + lbo + "),(_" + w * t + ",_" + sbo + "))";
      }
    }
    return CuteLayout.parse(swizzle(type, tile.dtype().storageBits()) + text);
  }

  /** {@code Sw<3,4,3> o smem_ptr[16b](unset) o }; bits 0 leaves the pointer flag out. */
  private static String swizzle(MmaLayoutType type, int bits) {
    Swizzle s = type == MmaLayoutType.NONE ? Swizzle.of(0, 4, 3) : type.tmaMode().byteSwizzle()
        .orElseThrow();
    String sw = "Sw<" + s.bits() + "," + s.base() + "," + s.shift() + ">";
    return bits == 0 ? sw : sw + " o smem_ptr[" + bits + "b](unset) o ";
  }
}
