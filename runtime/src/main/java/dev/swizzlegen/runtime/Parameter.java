package dev.swizzlegen.runtime;

/**
 * A parameter of a tile's or an access's description, named as the {@code @SwizzledTile} or
 * {@code @Access} attribute that sets it, so that a {@link Problem} can be reported on the attribute
 * at fault.
 */
public enum Parameter {
  BITS("bits", false),
  BASE("base", false),
  SHIFT("shift", false),
  DTYPE("dtype", false),
  ROWS("rows", false),
  COLS("cols", false),
  ROW_STRIDE("rowStride", false),
  ALIGNMENT("alignment", false),
  ATOM_ROWS("atomRows", false),
  ATOM_COLS("atomCols", false),
  ATOM_ORDER("atomOrder", false),
  STAGES("stages", false),
  KIND("kind", true),
  OP("op", true),
  BYTES("bytes", true),
  THREADS("threads", true),
  ORDER("order", true),
  ROWS_AS_ONE("rowsAsOne", true),
  MATRICES("matrices", true),
  TRANS("trans", true),
  MAX_WAYS("maxWays", true),
  MAJOR("major", true);

  private final String attributeName;
  private final boolean ofAccess;

  Parameter(String attributeName, boolean ofAccess) {
    this.attributeName = attributeName;
    this.ofAccess = ofAccess;
  }

  /** Whether the parameter belongs to an {@code @Access} rather than to the {@code @SwizzledTile}. */
  public boolean ofAccess() {
    return ofAccess;
  }

  /** The {@code @SwizzledTile} attribute that sets this parameter. */
  public String attributeName() {
    return attributeName;
  }
}
