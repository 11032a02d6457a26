package dev.swizzlegen.runtime.layout;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;

/**
 * The one step between a type's elements, which a tile's offsets always count, and the units its
 * swizzle is declared in and its storage keeps whole (CuTe's {@code recast}): the single place a
 * sub-byte type differs. Everything else is read on elements.
 *
 * <pre>
 *   type                     element           a swizzle's unit        kept whole
 *   whole bytes (HALF, ...)  1, 2, 4, 8 bytes  the element             the element
 *   packed FP4_E2M1          4 bits            a byte (2 elements)     a byte
 *   padded FP4 / FP6         a one-byte slot   the slot                16 slots (16 bytes)
 * </pre>
 *
 * <p>For packed FP4 a swizzle on bytes is the same swizzle with a base one bit higher on elements
 * ({@code Swizzle<3,4,3>} on bytes is {@code Swizzle<3,5,3>}), which never moves the bit that picks
 * a nibble within its byte; a swizzle on elements is one on bytes only where it leaves that bit
 * alone.
 * A padded type's elements are its slots: its swizzle counts them, and must keep each 16-slot unit
 * whole ({@link LayoutRules}).
 */
final class Recast {
  private Recast() {
  }

  /** Bits from a unit's offset to its first element's: 1 for packed FP4, else 0. */
  static int unitShift(DType dtype) {
    return Integer.numberOfTrailingZeros(dtype.elementsPerUnit());
  }

  /**
   * A swizzle declared in {@code dtype}'s units ({@link DType#unitBytes()}), on element offsets:
   * itself, or for packed FP4 the same bits and shift, base one higher; null stays null (a tile
   * declared by its XOR map). Requires {@link #fitsOnElements}.
   */
  static Swizzle onElements(DType dtype, Swizzle inUnits) {
    int shift = unitShift(dtype);
    return inUnits == null || shift == 0 || inUnits.isIdentity() ? inUnits
        : Swizzle.overlapping(inUnits.bits(), inUnits.base() + shift, inUnits.shift());
  }

  /** Whether a swizzle declared in units, moved onto elements, stays within an offset's bits. */
  static boolean fitsOnElements(DType dtype, Swizzle inUnits) {
    int shift = unitShift(dtype);
    return inUnits == null || shift == 0 || inUnits.isIdentity()
        || Swizzle.check(inUnits.bits(), inUnits.base() + shift, inUnits.shift(), true).isEmpty();
  }

  /**
   * A swizzle of element offsets in the units a swizzle of {@code dtype} is declared in: itself, or
   * for packed FP4 on bytes (base one lower), where it moves whole bytes.
   */
  static Optional<Swizzle> inUnits(DType dtype, Swizzle onElements) {
    int shift = unitShift(dtype);
    if (shift == 0 || onElements.isIdentity()) {
      return Optional.of(onElements);
    }
    if (onElements.base() < shift) {
      return Optional.empty();
    }
    return Optional.of(
        Swizzle.overlapping(onElements.bits(), onElements.base() - shift, onElements.shift()));
  }

  /**
   * The elements of the storage unit no row, pitch, atom or stage may split: 16 slots of a padded
   * type, the two elements of a packed FP4 byte, else one element.
   */
  static int keptWhole(DType dtype) {
    return dtype.isPadded() ? 16 : dtype.elementsPerUnit();
  }
}
