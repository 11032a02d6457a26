package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.storage.PhaseChange;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StoragePlan;
import dev.swizzlegen.runtime.storage.StorageViolation;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A storage that passed every check, and what its files are made from, worked out once by the
 * model: where each buffer lies (the least placement, which fits the target), and what each phase
 * change, in the kernel's order, must complete.
 *
 * @param architecture the target: {@code -Aswizzlegen.arch}'s, else Blackwell's (sm_100a) for a
 *     plan whose tiles tcgen05 reads, else none (227 KB, as sm_90a)
 */
public record ProvenStorage(StorageSpec spec, Placement placement, List<PhaseChange> phaseChanges,
    Optional<Architecture> architecture, boolean architectureGiven) {

  public ProvenStorage {
    phaseChanges = List.copyOf(phaseChanges);
  }

  /**
   * The storage as read, proven on {@code -Aswizzlegen.arch}'s {@code architecture}, if given: the
   * model places its buffers ({@link StoragePlan#place}), checks the placement against the target's
   * per-block limit and says what each phase change must complete ({@link PhaseChange#of}); nothing
   * here decides a rule. Empty, with the error on {@code @SharedStorage}, when it does not fit.
   */
  public static Optional<ProvenStorage> prove(StorageSpec storage,
      Optional<Architecture> architecture, Diagnostics diagnostics) {
    Placement placement = StoragePlan.place(storage.phases(), storage.modelBuffers());
    // Without -Aswizzlegen.arch, a plan whose tiles tcgen05 reads runs on Blackwell only.
    Optional<Architecture> target = architecture.or(() -> storage.buffers().stream()
        .flatMap(buffer -> buffer.tile().stream()).flatMap(tile -> tile.engines().stream())
        .anyMatch(engine -> engine.use() == BufferUse.UMMA_READ)
            ? Optional.of(Architecture.SM_100A) : Optional.empty());
    List<StorageViolation> capacity = placement.checkCapacity(target);
    capacity.forEach(problem -> diagnostics.storageFault(null, problem));
    if (!capacity.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Set<BufferUse>> uses = storage.buffers().stream()
        .collect(Collectors.toMap(buffer -> buffer.buffer().name(), buffer -> uses(buffer.tile())));
    return Optional.of(new ProvenStorage(storage, placement, PhaseChange.of(placement, uses),
        target, architecture.isPresent()));
  }

  /**
   * How a buffer's bytes are used: a tile's by its warp accesses (generic proxy) and its engines
   * (async proxy); barriers and scratch, which no annotation describes, by the threads.
   */
  private static Set<BufferUse> uses(Optional<TileSpec> tile) {
    if (tile.isEmpty()) {
      return EnumSet.of(BufferUse.GENERIC_READ, BufferUse.GENERIC_WRITE);
    }
    Set<BufferUse> uses = EnumSet.noneOf(BufferUse.class);
    tile.get().accesses().forEach(access -> uses.add(access.pattern().use()));
    tile.get().engines().forEach(engine -> uses.add(engine.use()));
    return uses;
  }

  /** The most dynamic shared memory one block may have on the target. */
  public int limitBytes() {
    return Placement.limitBytes(architecture);
  }

  /** Resident blocks per multiprocessor, by shared memory alone. */
  public int blocksPerMultiprocessor() {
    return placement.blocksPerMultiprocessor(architecture);
  }
}
