package dev.swizzlegen.runtime;

/** One element of a tile (or of an atom), by row and column: the witness a violation names. */
public record Cell(int row, int col) {}
