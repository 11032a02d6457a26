package dev.swizzlegen.processor.read;

import java.util.List;

/**
 * A tile as read, before it is proven: its spec, whose engines are still to be planned, and each of
 * its {@code @Access} as read, in the order declared (none when {@code access} is omitted and the
 * defaults are checked), whose faults the prover reports in that order beside its engines' plans.
 *
 * @param spec the tile; its engines are those of {@code accesses} without faults, not yet planned
 * @param accesses each declared access as read, in order
 */
public record TileRead(TileSpec spec, List<AccessRead> accesses) {
  public TileRead {
    accesses = List.copyOf(accesses);
  }
}
