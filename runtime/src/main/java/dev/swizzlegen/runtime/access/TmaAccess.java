package dev.swizzlegen.runtime.access;

import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.runtime.Parameter;
import dev.swizzlegen.runtime.Problem;
import dev.swizzlegen.runtime.bank.Instruction;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.tma.TmaFill;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The tile is written (or read) by the bulk tensor copy engine, {@code cp.async.bulk.tensor}. The
 * engine does not go through the load/store unit's banks; what must hold is that the layout it writes
 * is exactly the tile's: the byte-level swizzle must be one of the {@link TmaSwizzle} patterns and the
 * boxes of a {@link TmaFill} must put every element where the tile's layout has it.
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

  /** The mode the engine must be given for this tile, if TMA can fill it. */
  public static Optional<TmaSwizzle> mode(Layout layout) {
    return layout instanceof TileLayout tile
        ? TmaFill.find(tile).map(TmaFill::mode)
        : Optional.empty();
  }

  @Override
  public List<Problem> check(Layout layout) {
    if (!(layout instanceof TileLayout tile)) {
      return List.of(new Problem(Parameter.KIND, "TMA writes XOR-swizzled tiles only."));
    }
    return TmaFill.check(tile);
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
