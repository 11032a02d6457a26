package dev.swizzlegen.runtime.storage;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.StorageViolation.BufferBytes;
import dev.swizzlegen.runtime.storage.StorageViolation.OverCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where each buffer of a plan lies, in bytes from the plan's base, which is aligned to the largest
 * alignment of its buffers ({@link #alignment()}): then every buffer's start, and every copy's, is a
 * multiple of its own alignment at the absolute shared address too.
 *
 * @param phases the kernel's named phases, in its order (the last followed by the first); empty
 *     when every buffer is live in every phase
 * @param buffers the buffers, as declared
 * @param offsets each buffer's first copy's offset, in the buffers' order
 */
public record Placement(List<String> phases, List<Buffer> buffers, List<Long> offsets) {
  /** The alignment CUDA gives the dynamic shared memory's base for certain: 16 bytes. */
  public static final int DYNAMIC_BASE_ALIGNMENT = 16;

  /** What a plan may have per block without a target: sm_90a's opt-in maximum, 227 KB. */
  public static final int DEFAULT_LIMIT_BYTES = 227 * 1024;

  public Placement {
    phases = List.copyOf(phases);
    buffers = List.copyOf(buffers);
    offsets = List.copyOf(offsets);
    if (buffers.size() != offsets.size()) {
      throw new IllegalArgumentException("an offset per buffer");
    }
  }

  /** The offset of copy {@code copy} of buffer {@code index}. */
  public long offset(int index, int copy) {
    return offsets.get(index) + copy * buffers.get(index).copyStride();
  }

  /** The bytes the plan spans: the highest end of a buffer. */
  public long bytes() {
    long end = 0;
    for (int i = 0; i < buffers.size(); i++) {
      end = Math.max(end, offsets.get(i) + buffers.get(i).bytes());
    }
    return end;
  }

  /** The largest alignment of a buffer: what the base must be aligned to. */
  public int alignment() {
    int most = 1;
    for (Buffer buffer : buffers) {
      most = Math.max(most, buffer.alignment());
    }
    return most;
  }

  /**
   * The dynamic shared memory to request: the plan's bytes and the slack that rounding a base that
   * is only 16-byte aligned (an {@code __align__} on {@code extern __shared__} is not honoured for
   * certain) up to {@link #alignment()} may take.
   */
  public long dynamicBytes() {
    return bytes() + Math.max(0, alignment() - DYNAMIC_BASE_ALIGNMENT);
  }

  /** The most bytes a block may have on {@code architecture}; without one, 227 KB. */
  public static int limitBytes(Optional<Architecture> architecture) {
    return architecture.map(Architecture::sharedMemoryBytes).orElse(DEFAULT_LIMIT_BYTES);
  }

  /**
   * How many blocks of this plan one multiprocessor holds at once, by shared memory alone: its shared
   * memory over each block's {@link #dynamicBytes()} and the system's reservation per block (sm_90a's
   * figures without a target).
   */
  public int blocksPerMultiprocessor(Optional<Architecture> architecture) {
    long perSm = architecture.orElse(Architecture.SM_90A).sharedMemoryPerMultiprocessorBytes();
    return (int) (perSm / (dynamicBytes() + Architecture.RESERVED_SHARED_BYTES_PER_BLOCK));
  }

  /**
   * Why the plan does not fit a block on {@code architecture} (none given: 227 KB): empty where it
   * does; else one {@link OverCapacity} with each buffer's bytes and the most stages every staged
   * tile could keep for it to fit.
   */
  public List<StorageViolation> checkCapacity(Optional<Architecture> architecture) {
    int limit = limitBytes(architecture);
    if (dynamicBytes() <= limit) {
      return List.of();
    }
    List<BufferBytes> sizes = new ArrayList<>();
    int mostStages = 1;
    for (Buffer buffer : buffers) {
      sizes.add(new BufferBytes(buffer.name(), buffer.bytes()));
      if (buffer.stages().isPresent()) {
        mostStages = Math.max(mostStages, buffer.stages().get().count());
      }
    }
    OptionalInt fit = OptionalInt.empty();
    for (int stages = mostStages - 1; stages >= 1 && fit.isEmpty(); stages--) {
      List<Buffer> fewer = new ArrayList<>();
      for (Buffer buffer : buffers) {
        int declared = buffer.stages().map(Buffer.Stages::count).orElse(1);
        fewer.add(declared > stages ? buffer.withStages(stages) : buffer);
      }
      if (StoragePlan.place(phases, fewer).dynamicBytes() <= limit) {
        fit = OptionalInt.of(stages);
      }
    }
    return List.of(new OverCapacity(dynamicBytes(), bytes(), limit, architecture, sizes, fit));
  }
}
