package dev.swizzlegen.runtime.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecastTest {
  /**
   * For every type and every swizzle declared in its units that fits on elements: moved onto
   * elements and back it is itself, and on elements it agrees with itself on units, offset by offset
   * (the unit an element lies in goes where the declared swizzle sends that unit, the element keeping
   * its place within it), so a packed FP4 tile's nibbles never leave their byte.
   */
  @Test
  void aSwizzleOnElementsIsTheDeclaredOneOnUnits() {
    int recast = 0;
    for (DType dtype : DType.values()) {
      int shift = Recast.unitShift(dtype);
      int within = (1 << shift) - 1;
      for (int bits = 0; bits <= 3; bits++) {
        for (int base = 0; base <= 6; base++) {
          for (int sShift = -6; sShift <= 6; sShift++) {
            if (!Swizzle.check(bits, base, sShift, true).isEmpty()) {
              continue;
            }
            Swizzle inUnits = Swizzle.overlapping(bits, base, sShift);
            if (!Recast.fitsOnElements(dtype, inUnits)) {
              continue;
            }
            Swizzle onElements = Recast.onElements(dtype, inUnits);
            assertEquals(Optional.of(inUnits), Recast.inUnits(dtype, onElements),
                dtype + " " + inUnits);
            XorMap elements = XorMap.of(onElements);
            XorMap units = XorMap.of(inUnits);
            for (int offset = 0; offset < 1 << 12; offset++) {
              int image = elements.apply(offset);
              assertEquals(units.apply(offset >> shift), image >> shift, dtype + " " + inUnits);
              assertEquals(offset & within, image & within, dtype + " " + inUnits);
            }
            recast += shift > 0 && !inUnits.isIdentity() ? 1 : 0;
          }
        }
      }
    }
    assertTrue(recast > 50, "packed swizzles recast: " + recast);
  }

  /** The unit kept whole holds a whole number of the swizzle's units and stays within 16 bytes. */
  @Test
  void theUnitKeptWholeHoldsWholeSwizzleUnits() {
    for (DType dtype : DType.values()) {
      int kept = Recast.keptWhole(dtype);
      assertEquals(0, kept % dtype.elementsPerUnit(), dtype.toString());
      assertTrue((long) kept * dtype.storageBits() <= 16 * 8, dtype.toString());
      assertEquals(dtype.isPadded(), kept * dtype.storageBits() == 16 * 8, dtype.toString());
    }
  }
}
