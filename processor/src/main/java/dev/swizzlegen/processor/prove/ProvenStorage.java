package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.PhaseChange;
import java.util.List;
import java.util.Optional;

/**
 * A storage that passed every check, and what its files are made from, worked out once by the model:
 * where each buffer lies, and what each phase change must complete.
 *
 * @param spec the storage as read
 * @param placement the model's least placement of its buffers, which fits the target
 * @param phaseChanges each change of phase, in the kernel's order of its phases, as declared
 * @param architecture the target: {@code -Aswizzlegen.arch}'s, else Blackwell's (sm_100a) for a plan
 *     whose tiles tcgen05 reads, else none (227 KB, as sm_90a)
 * @param architectureGiven whether {@code -Aswizzlegen.arch} named the target
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
