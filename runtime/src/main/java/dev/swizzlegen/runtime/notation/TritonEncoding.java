package dev.swizzlegen.runtime.notation;

import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tile's stage as Triton's shared-memory encoding of a {@code [rows, cols]} tensor (order
 * {@code [1, 0]}: {@code cols} contiguous), in the two forms a Triton author reads: the TritonGPU
 * attribute as Triton prints it ({@link #mlir()}) and Gluon's constructor ({@link #gluon()}). Every
 * encoding is Triton's linear layout from a shared-memory offset to the tensor's (row, col): its
 * offset bases ({@link #bases()}), over GF(2), as the tile's own layout is.
 *
 * <p>{@link #of} reads the encoding off the layout's two parts: where the per-stage layout is
 * GF(2)-linear (powers of two, no pitch, the inner map on the atom's offset) its bases are the
 * coordinates of each offset bit, {@code (row(2^k), col(2^k))}; then the first of these whose bases
 * are the same names it: {@link Nvmma} (the 32-, 64- or 128-byte swizzle the tile's TMA mode is, in
 * 8-row core matrices, as TMA and wgmma read them), {@link Swizzled} (the swizzle of the tile's
 * whole row-major offset: {@code vec = 2^M}, {@code maxPhase = 2^B}, {@code perPhase = 2^(M+S) /
 * cols}), else {@link SharedLinear}, the bases themselves. A row pitch that pads each row by a power
 * of two, without a swizzle, is {@link Padded}. Triton's 2026 forms carry a CGA layout (which CTA
 * of a cluster holds which part); a tile is one CTA's, the default, which Triton prints as nothing
 * and Gluon takes as {@code cga_layout=[]}, so neither form spells it.
 */
public sealed interface TritonEncoding {
  /** The attribute as Triton prints it: {@code #ttg.nvmma_shared<{...}>}. */
  String mlir();

  /** Gluon's constructor of it: {@code gl.NVMMASharedLayout(...)}. */
  String gluon();

  /** The tensor's shape: one stage, {@code [rows, cols]}. */
  List<Integer> shape();

  /**
   * {@code #ttg.swizzled_shared<{vec, perPhase, maxPhase, order = [1, 0]}>}: the element at (row,
   * col) sits at {@code row * cols + (((col / vec) ^ ((row / perPhase) % maxPhase)) * vec + col %
   * vec)}.
   */
  record Swizzled(int rows, int cols, int vec, int perPhase, int maxPhase)
      implements TritonEncoding {
    @Override
    public String mlir() {
      return "#ttg.swizzled_shared<{vec = " + vec + ", perPhase = " + perPhase + ", maxPhase = "
          + maxPhase + ", order = [1, 0]}>";
    }

    @Override
    public String gluon() {
      return "gl.SwizzledSharedLayout(vec=" + vec + ", per_phase=" + perPhase + ", max_phase="
          + maxPhase + ", order=[1, 0])";
    }

    @Override
    public List<Integer> shape() {
      return List.of(rows, cols);
    }
  }

  /**
   * {@code #ttg.nvmma_shared<{swizzlingByteWidth, transposed = false, elementBitWidth}>}: 8-row core
   * matrices of {@code swizzlingByteWidth} bytes a row, numbered down the rows first.
   */
  record Nvmma(int rows, int cols, int swizzlingByteWidth, int elementBitWidth)
      implements TritonEncoding {
    @Override
    public String mlir() {
      return "#ttg.nvmma_shared<{swizzlingByteWidth = " + swizzlingByteWidth
          + ", transposed = false, elementBitWidth = " + elementBitWidth + "}>";
    }

    @Override
    public String gluon() {
      return "gl.NVMMASharedLayout(swizzle_byte_width=" + swizzlingByteWidth
          + ", element_bitwidth=" + elementBitWidth + ", rank=2)";
    }

    @Override
    public List<Integer> shape() {
      return List.of(rows, cols);
    }
  }

  /**
   * {@code #ttg.padded_shared<[interval:+padding] {order = [1, 0], shape = [rows, cols]}>}: the
   * row-major offset with {@code padding} elements after every {@code interval}.
   */
  record Padded(int rows, int cols, int interval, int padding) implements TritonEncoding {
    @Override
    public String mlir() {
      return "#ttg.padded_shared<[" + interval + ":+" + padding + "] {order = [1, 0], shape = ["
          + rows + ", " + cols + "]}>";
    }

    @Override
    public String gluon() {
      return "gl.PaddedSharedLayout.with_identity_for([[" + interval + ", " + padding + "]], ["
          + rows + ", " + cols + "], [1, 0])";
    }

    @Override
    public List<Integer> shape() {
      return List.of(rows, cols);
    }
  }

  /**
   * {@code #ttg.shared_linear<{offset = [[r, c], ...]}, alignment = A>}: offset bit {@code k} holds
   * the element {@code offsetBases[k]}, an offset's element the XOR of its bits' ones.
   */
  record SharedLinear(int rows, int cols, List<List<Integer>> offsetBases, int alignment)
      implements TritonEncoding {
    public SharedLinear {
      offsetBases = offsetBases.stream().map(List::copyOf).toList();
    }

    @Override
    public String mlir() {
      return "#ttg.shared_linear<{offset = " + basesText() + "}, alignment = " + alignment + ">";
    }

    @Override
    public String gluon() {
      return "gl.SharedLinearLayout(offset_bases=" + basesText() + ", alignment=" + alignment + ")";
    }

    @Override
    public List<Integer> shape() {
      return List.of(rows, cols);
    }

    private String basesText() {
      List<String> pairs = new ArrayList<>();
      for (List<Integer> base : offsetBases) {
        pairs.add("[" + base.get(0) + ", " + base.get(1) + "]");
      }
      return "[" + String.join(", ", pairs) + "]";
    }
  }

  /** Why a layout has no Triton encoding. */
  enum Unexpressible {
    /** Rows or columns not a power of two: Triton's shapes and encodings are powers of two. */
    NOT_POWER_OF_TWO,
    /** Sub-byte elements: Triton's shared encodings index whole elements of 8 bits or more. */
    SUB_BYTE,
    /** A row pitch with a swizzle, or a padding that is no power of two: not linear, not padded. */
    NEITHER_LINEAR_NOR_PADDED
  }

  /**
   * The tile's encoding, one stage of it, or why there is none: {@link Optional#empty()} with the
   * reason in {@link #why}.
   */
  static Optional<TritonEncoding> of(TileLayout layout) {
    return TritonEncodings.of(layout);
  }

  /** Why {@link #of} finds no encoding for the layout; empty where it finds one. */
  static Optional<Unexpressible> why(TileLayout layout) {
    return TritonEncodings.why(layout);
  }
}
