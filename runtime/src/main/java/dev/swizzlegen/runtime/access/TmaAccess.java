package dev.swizzlegen.runtime.access;

import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The tile is written (or read) by the bulk tensor copy engine, {@code cp.async.bulk.tensor}. The
 * engine does not go through the load/store unit's banks; what must hold is that the layout it writes
 * is exactly the tile's: the byte-level swizzle must be one of the {@link TmaSwizzle} patterns, a
 * box row (the tile's row, unpadded) at most the pattern's span of 32, 64 or 128 bytes, and the base
 * aligned to the pattern's repeat of 256, 512 or 1024 bytes.
 */
public final class TmaAccess implements AccessPattern {
  private final Op op;
  private final String label;

  private TmaAccess(Op op, String label) {
    this.op = Objects.requireNonNull(op);
    this.label = label;
  }

  /** {@code STORE}: a TMA load fills the tile; {@code LOAD}: a TMA store reads it. */
  public static TmaAccess of(Op op) {
    return new TmaAccess(op, "");
  }

  public TmaAccess withLabel(String label) {
    return new TmaAccess(op, label);
  }

  @Override
  public AccessKind kind() {
    return AccessKind.TMA;
  }

  @Override
  public Op op() {
    return op;
  }

  @Override
  public int maxWays() {
    return 1;
  }

  @Override
  public String label() {
    return label.isEmpty() ? description() : label;
  }

  @Override
  public String description() {
    return op == Op.STORE ? "TMA load into the tile" : "TMA store from the tile";
  }

  /** The mode the engine must be given for this tile, if the tile is one of its patterns. */
  public static Optional<TmaSwizzle> mode(Layout layout) {
    return layout instanceof TileLayout tile && new TmaAccess(Op.STORE, "").check(tile).isEmpty()
        ? tile.tmaSwizzle()
        : Optional.empty();
  }

  @Override
  public List<Problem> check(Layout layout) {
    List<Problem> problems = new ArrayList<>();
    if (!(layout instanceof TileLayout tile)) {
      problems.add(new Problem(Parameter.KIND, "TMA writes XOR-swizzled tiles only."));
      return problems;
    }
    int elementBytes = tile.elementBytes();
    int unitBase = 4 - Integer.numberOfTrailingZeros(elementBytes);
    Optional<TmaSwizzle> mode = tile.tmaSwizzle();
    if (mode.isEmpty()) {
      problems.add(new Problem(Parameter.KIND, "TMA writes only Swizzle<1|2|3,4,3> on bytes"
          + " (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B) or no swizzle, which on " + tile.dtype() + " is "
          + "Swizzle<1|2|3," + unitBase + ",3>; " + tile.swizzleName() + " is "
          + tile.byteSwizzle().map(bytes -> bytes + " on bytes").orElse("no swizzle of the byte"
              + " offset") + "."));
      return problems;
    }
    int rowBytes = tile.rowStride() * elementBytes;
    if (tile.rowStride() != tile.cols()) {
      problems.add(new Problem(Parameter.ROW_STRIDE, "TMA writes boxes without padding, so"
          + " rowStride must equal cols, not " + tile.rowStride() + "."));
    } else if (rowBytes % 16 != 0) {
      problems.add(new Problem(Parameter.COLS, "a TMA box row must be a multiple of 16 bytes, not "
          + rowBytes + "."));
    } else if (mode.get() != TmaSwizzle.NONE && rowBytes > spanBytes(mode.get())) {
      problems.add(new Problem(Parameter.COLS, mode.get().cudaName() + " takes box rows of at most "
          + spanBytes(mode.get()) + " bytes; rows of " + tile.cols() + " " + tile.dtype() + " are "
          + rowBytes + " bytes (load them as several boxes, one tile each)."));
    }
    if (tile.alignment() < mode.get().alignmentBytes()) {
      problems.add(new Problem(Parameter.ALIGNMENT, mode.get().cudaName() + " repeats every "
          + mode.get().alignmentBytes() + " bytes, so the tile's base must be aligned to "
          + mode.get().alignmentBytes() + " bytes, not " + tile.alignment() + "."));
    }
    return problems;
  }

  /** The bytes one swizzled row spans: 32, 64 or 128. */
  private static int spanBytes(TmaSwizzle mode) {
    Swizzle bytes = mode.byteSwizzle();
    return 1 << (bytes.base() + bytes.bits());
  }

  @Override
  public List<Instruction> instructions(Layout layout) {
    return List.of();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TmaAccess that && op == that.op && label.equals(that.label);
  }

  @Override
  public int hashCode() {
    return Objects.hash(op, label);
  }

  @Override
  public String toString() {
    return label();
  }
}
