package dev.swizzlegen.processor.read;

/**
 * A tile whose bits, base and shift were omitted, as read: its layout is the plain tile, whose
 * swizzle derivation ({@code prove.Derivation}) chooses, and with it each side of the atom not
 * declared.
 *
 * @param atomRows the atom's rows as declared; 0 where derivation chooses them
 * @param atomCols the atom's columns as declared; 0 where derivation chooses them
 */
public record SwizzleToDerive(int atomRows, int atomCols) {}
