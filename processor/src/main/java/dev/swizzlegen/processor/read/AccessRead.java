package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.Diagnostics.AttributeSource;
import dev.swizzlegen.processor.diag.ShapeError;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * One {@code @Access} of a tile as read, a value: a warp access that holds, an engine for the prover
 * to plan (its plan, worked out once there, feeds both its errors and the files), or the faults
 * found in it. A tile's reads keep the declared order, so that its errors are reported in it.
 */
public sealed interface AccessRead {
  /**
   * Reports what is wrong with the access to {@code diagnostics}: its faults, or, for an engine,
   * what {@code planned} says prevents its plan.
   */
  default void reportTo(Diagnostics diagnostics, Function<Engine, List<Violation>> planned) {}

  /**
   * A warp access whose checks against the tile all hold, to prove, with where to report on it: its
   * {@code @Access} mirror and the element of the {@code access} array holding it; both null for a
   * default, reported on the tile.
   */
  record DeclaredAccess(AccessPattern pattern, AnnotationMirror annotation, AnnotationValue value)
      implements AccessRead {
    public boolean isDefault() {
      return annotation == null;
    }
  }

  /** An engine (TMA, wgmma, UMMA) without shape errors, declared by {@code access}: to plan. */
  record EngineToPlan(Engine engine, AttributeSource access) implements AccessRead {
    @Override
    public void reportTo(Diagnostics diagnostics, Function<Engine, List<Violation>> planned) {
      planned.apply(engine).forEach(violation ->
          diagnostics.accessViolation(access, engine.label(), violation));
    }
  }

  /** An {@code @Access} at fault, its faults in the order found. */
  record Faulty(AttributeSource access, List<Fault> faults) implements AccessRead {
    public Faulty {
      faults = List.copyOf(faults);
    }

    @Override
    public void reportTo(Diagnostics diagnostics, Function<Engine, List<Violation>> planned) {
      faults.forEach(fault -> fault.reportTo(access, diagnostics));
    }
  }

  /**
   * A warp access that a tile pasted M (or N) first breaks and the tile with its modes swapped
   * keeps: one error on the tile, giving the declaration to paste.
   */
  record PastedTransposed(Violation violation) implements AccessRead {
    @Override
    public void reportTo(Diagnostics diagnostics, Function<Engine, List<Violation>> planned) {
      diagnostics.violation(violation);
    }
  }

  /** A fault in one {@code @Access}: how it is written, or what the model says of it. */
  sealed interface Fault {
    void reportTo(AttributeSource access, Diagnostics diagnostics);

    record Shape(ShapeError error) implements Fault {
      @Override
      public void reportTo(AttributeSource access, Diagnostics diagnostics) {
        diagnostics.shapeError(access, error);
      }
    }

    /** What the model says of the access named {@code label} on this tile (or target). */
    record Broken(String label, Violation violation) implements Fault {
      @Override
      public void reportTo(AttributeSource access, Diagnostics diagnostics) {
        diagnostics.accessViolation(access, label, violation);
      }
    }
  }
}
