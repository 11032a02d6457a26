package dev.swizzlegen.runtime.swizzle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * A square matrix over GF(2) acting on offsets of up to 31 bits: the linear-layout view of a
 * swizzle. Column {@code j} is the image of bit {@code j}; entry (i, j) says whether input bit
 * {@code j} flips output bit {@code i}. Immutable.
 */
public final class BitMatrix {
  private final int size;
  private final int[] columns;

  private BitMatrix(int size, int[] columns) {
    this.size = size;
    this.columns = columns;
  }

  /** The matrix of a function that is linear over GF(2) ({@code f(a ^ b) == f(a) ^ f(b)}). */
  public static BitMatrix ofLinear(int size, IntUnaryOperator linear) {
    checkSize(size);
    int[] columns = new int[size];
    for (int j = 0; j < size; j++) {
      columns[j] = linear.applyAsInt(1 << j) & mask(size);
    }
    return new BitMatrix(size, columns);
  }

  /** The identity of the given size. */
  public static BitMatrix identity(int size) {
    return ofLinear(size, x -> x);
  }

  private static void checkSize(int size) {
    if (size < 0 || size > Swizzle.OFFSET_BITS) {
      throw new IllegalArgumentException("size must be 0.." + Swizzle.OFFSET_BITS + ", not " + size);
    }
  }

  private static int mask(int size) {
    return (int) ((1L << size) - 1);
  }

  /** Rows (and columns). */
  public int size() {
    return size;
  }

  /** Entry (row, col): 1 if input bit {@code col} flips output bit {@code row}. */
  public int get(int row, int col) {
    return (columns[col] >>> row) & 1;
  }

  /** The image of an offset: the XOR of the columns of its set bits. */
  public int apply(int vector) {
    int image = 0;
    for (int j = 0; j < size; j++) {
      if (((vector >>> j) & 1) != 0) {
        image ^= columns[j];
      }
    }
    return image;
  }

  /** {@code this * other}: apply {@code other} first. */
  public BitMatrix times(BitMatrix other) {
    if (other.size != size) {
      throw new IllegalArgumentException("sizes differ: " + size + " and " + other.size);
    }
    int[] product = new int[size];
    for (int j = 0; j < size; j++) {
      product[j] = apply(other.columns[j]);
    }
    return new BitMatrix(size, product);
  }

  /** The rank over GF(2), by Gaussian elimination. */
  public int rank() {
    int[] basis = new int[Swizzle.OFFSET_BITS + 1];
    int rank = 0;
    for (int column : columns) {
      int v = column;
      for (int bit = size - 1; bit >= 0 && v != 0; bit--) {
        if (((v >>> bit) & 1) == 0) {
          continue;
        }
        if (basis[bit] == 0) {
          basis[bit] = v;
          rank++;
          v = 0;
        } else {
          v ^= basis[bit];
        }
      }
    }
    return rank;
  }

  /** The rows as seed 001 prints them, bit 0 first: {@code "1 0 0 1 0 0"}. */
  public List<String> rows() {
    List<String> rows = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      StringBuilder row = new StringBuilder();
      for (int j = 0; j < size; j++) {
        if (j > 0) {
          row.append(' ');
        }
        row.append(get(i, j));
      }
      rows.add(row.toString());
    }
    return rows;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BitMatrix that && size == that.size && Arrays.equals(columns, that.columns);
  }

  @Override
  public int hashCode() {
    return 31 * size + Arrays.hashCode(columns);
  }

  @Override
  public String toString() {
    return String.join("\n", rows());
  }
}
