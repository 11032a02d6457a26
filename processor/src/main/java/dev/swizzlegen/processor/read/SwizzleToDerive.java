package dev.swizzlegen.processor.read;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A tile whose bits, base and shift were omitted, as read: its layout is the plain tile, whose
 * swizzle derivation ({@code prove.Derivation}) chooses, and with it each side of the atom not
 * declared.
 *
 * @param atomRows the atom's rows as declared; absent where derivation chooses them
 * @param atomCols the atom's columns as declared; absent where derivation chooses them
 */
public record SwizzleToDerive(OptionalInt atomRows, OptionalInt atomCols) {
  public SwizzleToDerive {
    Objects.requireNonNull(atomRows, "atomRows");
    Objects.requireNonNull(atomCols, "atomCols");
  }
}
