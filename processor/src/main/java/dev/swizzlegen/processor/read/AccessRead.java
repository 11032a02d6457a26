package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.AttributeSource;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.Engine;
import java.util.List;

/**
 * One {@code @Access} of a tile as read, a value: a warp access that holds, an engine for the prover
 * to plan (its plan is worked out once, there, and feeds both its errors and the files), or the
 * faults found in it. A tile's reads are kept in the order declared, so that its errors are reported
 * in that order wherever they are found.
 */
public sealed interface AccessRead {

  /** A warp access whose checks against the tile all hold. */
  record Warp(DeclaredAccess access) implements AccessRead {}

  /** An engine (TMA, wgmma, UMMA) without shape errors, declared by {@code access}: to plan. */
  record EngineToPlan(Engine engine, AttributeSource access) implements AccessRead {}

  /** An {@code @Access} at fault, its faults in the order found. */
  record Faulty(AttributeSource access, List<Fault> faults) implements AccessRead {
    public Faulty {
      faults = List.copyOf(faults);
    }
  }

  /**
   * A warp access that a tile pasted M (or N) first breaks and the tile with its modes swapped
   * keeps: one error on the tile, giving the declaration to paste.
   */
  record PastedTransposed(Violation violation) implements AccessRead {}

  /** A fault in one {@code @Access}. */
  sealed interface Fault {
    /** How the access is written. */
    record Shape(ShapeError error) implements Fault {}

    /** What the model says of the access named {@code label} on this tile (or target). */
    record Broken(String label, Violation violation) implements Fault {}
  }
}
