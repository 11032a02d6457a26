package dev.swizzlegen.runtime;

/**
 * A parameter of a tile's description, named as the {@code @SwizzledTile} attribute that sets it, so
 * that a {@link Problem} can be reported on the attribute at fault.
 */
public enum Parameter {
  BITS("bits"),
  BASE("base"),
  SHIFT("shift"),
  DTYPE("dtype"),
  ROWS("rows"),
  COLS("cols"),
  ROW_STRIDE("rowStride"),
  ALIGNMENT("alignment");

  private final String attributeName;

  Parameter(String attributeName) {
    this.attributeName = attributeName;
  }

  /** The {@code @SwizzledTile} attribute that sets this parameter. */
  public String attributeName() {
    return attributeName;
  }
}
