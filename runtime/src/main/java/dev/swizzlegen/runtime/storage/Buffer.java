package dev.swizzlegen.runtime.storage;

import java.util.Objects;
import java.util.Optional;

/**
 * One buffer of a kernel's shared memory: a tile with all its stages, an array of mbarriers, or raw
 * bytes; {@code copies} of it laid one after another, each at a multiple of its alignment; live in one
 * named phase of the kernel, or in every phase.
 *
 * @param name the buffer's name, an identifier ({@code "HopperA"}, {@code "full"})
 * @param kind what it holds
 * @param copyBytes the bytes of one copy (a tile's with all its stages)
 * @param alignment the bytes each copy's start is a multiple of: a power of two
 * @param copies how many copies, one after another, each {@link #copyStride()} bytes from the last
 * @param phase the phase it is live in; empty for every phase
 * @param stages for a tile, how its bytes grow with its stages; empty for the other kinds
 */
public record Buffer(String name, Kind kind, long copyBytes, int alignment, int copies,
    Optional<String> phase, Optional<Stages> stages) {

  /** What a buffer holds. */
  public enum Kind {
    /** A swizzled tile, every stage of it. */
    TILE,
    /** mbarriers, 8 bytes each. */
    BARRIERS,
    /** Raw bytes (scratch). */
    BYTES
  }

  /** The bytes of one mbarrier, and its alignment. */
  public static final int BARRIER_BYTES = 8;

  /**
   * How a tile's bytes grow with its stages: {@code (stages - 1) * strideBytes + extentBytes}.
   *
   * @param count the stages declared
   * @param strideBytes the bytes from one stage's start to the next
   * @param extentBytes the bytes one stage spans
   */
  public record Stages(int count, int strideBytes, int extentBytes) {
    /** The bytes of {@code stages} stages. */
    public long bytes(int stages) {
      return (long) (stages - 1) * strideBytes + extentBytes;
    }
  }

  public Buffer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(stages, "stages");
    if (alignment < 1 || Integer.bitCount(alignment) != 1) {
      throw new IllegalArgumentException("an alignment is a power of two, not " + alignment);
    }
  }

  /** A tile of {@code copyBytes} bytes with its stages, aligned to the tile's alignment. */
  public static Buffer tile(String name, Stages stages, int alignment, int copies,
      Optional<String> phase) {
    return new Buffer(name, Kind.TILE, stages.bytes(stages.count()), alignment, copies, phase,
        Optional.of(stages));
  }

  /** {@code count} mbarriers, 8 bytes each and 8-byte aligned. */
  public static Buffer barriers(String name, int count, int copies, Optional<String> phase) {
    return new Buffer(name, Kind.BARRIERS, (long) count * BARRIER_BYTES, BARRIER_BYTES, copies, phase,
        Optional.empty());
  }

  /** {@code bytes} raw bytes. */
  public static Buffer bytes(String name, int bytes, int alignment, int copies,
      Optional<String> phase) {
    return new Buffer(name, Kind.BYTES, bytes, alignment, copies, phase, Optional.empty());
  }

  /**
   * The bytes from one copy's start to the next: one copy's bytes rounded up to the alignment. Exact
   * for every buffer the annotations can declare (an {@code int} count of at most 8-byte items, an
   * {@code int} alignment); {@link StoragePlan#check} bounds it before anything adds it up.
   */
  public long copyStride() {
    return Math.floorDiv(Math.addExact(copyBytes, alignment - 1L), alignment) * alignment;
  }

  /**
   * The bytes all copies span: {@code (copies - 1) * copyStride() + copyBytes}; throws
   * {@link ArithmeticException} rather than overflow (a buffer {@link StoragePlan#check} passes is
   * far from it).
   */
  public long bytes() {
    return Math.addExact(Math.multiplyExact(copies - 1L, copyStride()), copyBytes);
  }

  /** The mbarriers of one copy of a barriers buffer; 0 for the other kinds. */
  public long barrierCount() {
    return kind == Kind.BARRIERS ? copyBytes / BARRIER_BYTES : 0;
  }

  /** Whether this buffer may share no byte with {@code other}: either lives in every phase, or both in one. */
  public boolean coLive(Buffer other) {
    return phase.isEmpty() || other.phase.isEmpty() || phase.equals(other.phase);
  }

  /** Whether the buffer is live in the named phase {@code phase}: it is that phase's, or every one's. */
  public boolean liveIn(String phase) {
    return this.phase.isEmpty() || this.phase.get().equals(phase);
  }

  /** The same buffer with {@code stages} stages (a tile's); the others are returned as they are. */
  public Buffer withStages(int count) {
    return stages.map(declared -> tile(name, new Stages(count, declared.strideBytes(),
        declared.extentBytes()), alignment, copies, phase)).orElse(this);
  }
}
