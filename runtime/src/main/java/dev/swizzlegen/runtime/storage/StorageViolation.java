package dev.swizzlegen.runtime.storage;

import dev.swizzlegen.runtime.Architecture;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What makes a kernel's shared-memory plan no plan, or one that does not fit: data, as every
 * violation of the model. Its words and the attribute of {@code @SharedStorage} or {@code @Buffer}
 * each kind blames are the processor's ({@code processor.diag.StorageMessages}, one format and one
 * blame rule per kind, held to the laws of the other violations by its own law test), beside the
 * reader's faults of a storage; it stays outside the tiles' {@code Violation} family, whose law test
 * samples a tile's components.
 */
public sealed interface StorageViolation {

  /** A plan holds at least one buffer. */
  record NoBuffers() implements StorageViolation {}

  /** Each buffer's name is its own: {@code name} is the name of buffers {@code first} and {@code second} (0-based). */
  record RepeatedName(String name, int first, int second) implements StorageViolation {}

  /** What a buffer counts. */
  enum Quantity {
    COPIES,
    BARRIERS,
    BYTES
  }

  /** A buffer's {@code quantity} is {@code value}, below one. */
  record BelowOne(String name, Quantity quantity, long value) implements StorageViolation {}

  /**
   * Buffer {@code name}'s {@code quantity}, {@code value} as written, makes it {@code bytes} bytes
   * (at least: the copies of a buffer already too big are not counted), more than {@code limitBytes},
   * the most any target's thread block may have: no architecture holds it, whatever else the plan
   * holds.
   */
  record BeyondEveryTarget(String name, Quantity quantity, long value, long bytes, int limitBytes)
      implements StorageViolation {}

  /**
   * Buffers name phases ({@code named}, in the order they are first named), but the storage declares
   * none: the phases' order, which the phase changes follow, is the kernel's, and only a declaration
   * says it.
   */
  record PhasesNotDeclared(List<String> named) implements StorageViolation {
    public PhasesNotDeclared {
      named = List.copyOf(named);
    }
  }

  /**
   * Buffer {@code name} (number {@code index}, 0-based) is live in {@code phase}, which is not one of
   * the {@code declared} phases (a typo would otherwise put it on bytes a live buffer uses).
   */
  record UndeclaredPhase(String name, int index, String phase, List<String> declared)
      implements StorageViolation {
    public UndeclaredPhase {
      declared = List.copyOf(declared);
    }
  }

  /** The declared phases name {@code phase} twice. */
  record RepeatedPhase(String phase) implements StorageViolation {}

  /**
   * The declared phase {@code phase} has no buffer of its own: its neighbours' buffers would reuse
   * each other's bytes across it with no phase change between them to say what must complete.
   */
  record EmptyPhase(String phase) implements StorageViolation {}

  /**
   * The bytes to request, {@code dynamicBytes} (the plan and the slack that rounding an only 16-byte
   * aligned dynamic base up to the plan's alignment may need), are more than {@code limitBytes}, the
   * most one thread block may have on {@code architecture} (none given: 227 KB); {@code buffers} are
   * each buffer's bytes, and {@code stagesThatFit} the most stages that every tile of more than one
   * stage could keep (each keeping fewer if it has fewer) for the plan to fit, if any number does.
   */
  record OverCapacity(long dynamicBytes, long planBytes, int limitBytes,
      Optional<Architecture> architecture, List<BufferBytes> buffers, OptionalInt stagesThatFit)
      implements StorageViolation {
    public OverCapacity {
      buffers = List.copyOf(buffers);
    }
  }

  /** A buffer's name and the bytes it spans, all copies. */
  record BufferBytes(String name, long bytes) {}
}
