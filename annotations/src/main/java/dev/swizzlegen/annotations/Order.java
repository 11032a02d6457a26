package dev.swizzlegen.annotations;

/**
 * How the 32 lanes of a warp are numbered over a {@code threads = {r, c}} grid (CuTe's
 * {@code LayoutRight} and {@code LayoutLeft}: row-major {@code 16 x 2} or column-major).
 */
public enum Order {
  /** Lane {@code i * c + j} sits at grid row {@code i}, column {@code j}: neighbours share a row. */
  ROW_MAJOR,
  /** Lane {@code i + j * r} sits at grid row {@code i}, column {@code j}: neighbours share a column. */
  COL_MAJOR
}
