package dev.swizzlegen.processor.read;

import java.util.List;

/**
 * A tile as read, before it is proven: its spec, whose engines are still to be planned, and each
 * declared {@code @Access} as read, in order (none for the defaults), whose faults the prover
 * reports in that order beside its engines' plans.
 */
public record TileRead(TileSpec spec, List<AccessRead> accesses) {
  public TileRead {
    accesses = List.copyOf(accesses);
  }
}
