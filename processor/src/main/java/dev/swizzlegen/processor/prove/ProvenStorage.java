package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.PhaseChange;
import java.util.List;
import java.util.Optional;

/**
 * A storage that passed every check, and what its files are made from, worked out once by the model:
 * where each buffer lies (the least placement, which fits the target), and what each phase change,
 * in the kernel's order, must complete.
 *
 * @param architecture the target: {@code -Aswizzlegen.arch}'s, else Blackwell's (sm_100a) for a plan
 *     whose tiles tcgen05 reads, else none (227 KB, as sm_90a)
 */
public record ProvenStorage(StorageSpec spec, Placement placement, List<PhaseChange> phaseChanges,
    Optional<Architecture> architecture, boolean architectureGiven) {

  public ProvenStorage {
    phaseChanges = List.copyOf(phaseChanges);
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
