package dev.swizzlegen.runtime.engine.mma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The canonical layout beside each descriptor, in CuTe's notation (SPEC section 10): with the
 * operand's numbers, it is the tile on every element of every K slice (a slice's layout from the
 * slice's start), for wgmma and tcgen05, K- and MN-major, every layout type, several element sizes.
 */
class MmaCanonicalLayoutTest {

  @Test
  void theCanonicalLayoutIsTheTileOnEverySlice() {
    int planned = 0;
    for (MmaFormat format : List.of(MmaFormat.GMMA, MmaFormat.UMMA)) {
      for (TileLayout tile : tiles()) {
        for (Major major : Major.values()) {
          Plan<MmaOperand> plan = MmaOperand.plan(format, tile, major);
          if (plan.plan().isEmpty()) {
            continue;
          }
          MmaOperand operand = plan.plan().get();
          CuteLayout canonical = MmaCanonicalLayout.of(operand);
          Swizzle swizzle = canonical.swizzle().orElseThrow();
          for (int slice = 0; slice < operand.kSlices(); slice++) {
            // The descriptor starts at the slice's first element; the swizzle acts on the address.
            int start = tile.offset(operand.shape().row(0, slice * operand.instructionK()),
                operand.shape().col(0, slice * operand.instructionK()));
            for (int mn = 0; mn < operand.mnExtent(); mn++) {
              for (int k = 0; k < operand.instructionK(); k++) {
                int kk = slice * operand.instructionK() + k;
                assertEquals(tile.offset(operand.shape().row(mn, kk), operand.shape().col(mn, kk)),
                    swizzle.apply(start + canonical.strided(mn, k)),
                    format + " " + major + " " + tile + " " + canonical + " at (" + mn + ", " + k
                        + ") of slice " + slice);
              }
            }
          }
          planned++;
        }
      }
    }
    assertTrue(planned >= 20, planned + " operands planned");
  }

  @Test
  void hopperAsDescriptorInCutesWords() {
    TileLayout tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 64)
        .atom(8, 64, Order.COL_MAJOR).stages(4).alignment(1024).build();
    MmaOperand operand = MmaOperand.plan(MmaFormat.GMMA, tile, Major.K).plan().orElseThrow();
    assertEquals("Sw<3,4,3> o smem_ptr o ((8,m),(T,2)):((8T,SBO),(1,T))",
        MmaCanonicalLayout.symbolic(operand));
    assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_8,_2)):((_64,_512),(_1,_8))",
        MmaCanonicalLayout.of(operand).text());
  }

  /** Operand tiles of every layout type, both atom orders, 8-, 16- and 32-bit elements. */
  private static List<TileLayout> tiles() {
    List<TileLayout> tiles = new ArrayList<>();
    for (DType dtype : List.of(DType.HALF, DType.FP8_E4M3, DType.TF32)) {
      int unit = 16 / dtype.bytes();
      for (int bits = 0; bits <= 3; bits++) {
        Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY
            : Swizzle.of(bits, Integer.numberOfTrailingZeros(unit), 3);
        int rowElements = bits == 0 ? unit : unit << bits;
        int atomRows = 8;
        // K-major: rows of M, atoms down; MN-major: rows of K, atoms across.
        tiles.add(tile(dtype, swizzle, 128, 4 * rowElements, atomRows, rowElements,
            Order.COL_MAJOR));
        tiles.add(tile(dtype, swizzle, 64, 2 * rowElements, atomRows, rowElements,
            Order.ROW_MAJOR));
      }
    }
    return tiles;
  }

  private static TileLayout tile(DType dtype, Swizzle swizzle, int rows, int cols, int atomRows,
      int atomCols, Order order) {
    return TileLayout.builder(dtype, swizzle, rows, cols).atom(atomRows, atomCols, order)
        .alignment(1024).build();
  }
}
