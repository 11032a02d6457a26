package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageNames;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.PhaseChange;
import dev.swizzlegen.runtime.storage.Placement;

/**
 * A storage's line of the build summary ({@code -Aswizzlegen.summary}), as {@link TileSummary} is a
 * tile's: the plan's size, alignment and what to request, where it is written, each buffer's offset
 * and bytes, and each phase change's steps. Every number is the model's placement, every step's
 * words the header's.
 */
public final class StorageSummary {
  private StorageSummary() {}

  /** The note of a storage that generated its files. */
  public static String of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    StringBuilder note = new StringBuilder("swizzlegen: storage ")
        .append(Diagnostics.javaName(spec.type())).append(": ")
        .append(spec.buffers().size())
        .append(spec.buffers().size() == 1 ? " buffer in " : " buffers in ").append(placement.bytes())
        .append(" bytes from a ").append(placement.alignment()).append("-byte aligned base,")
        .append(" request ").append(placement.dynamicBytes()).append(" of at most ")
        .append(proven.limitBytes()).append(", ").append(proven.blocksPerMultiprocessor())
        .append(" per SM -> ").append(spec.headerPath()).append(", ")
        .append(spec.layoutClass().canonicalName());
    for (int i = 0; i < spec.buffers().size(); i++) {
      Buffer buffer = placement.buffers().get(i);
      line(note, buffer.name() + ": offset " + placement.offsets().get(i) + ", " + buffer.bytes()
          + " bytes, " + buffer.alignment() + "-byte aligned" + (buffer.copies() > 1 ? ", "
              + buffer.copies() + " copies" : "") + ", " + buffer.phase().map(phase -> "phase "
              + phase).orElse("every phase"));
    }
    for (PhaseChange change : proven.phaseChanges()) {
      StringBuilder steps = new StringBuilder();
      for (PhaseChange.Step step : change.steps()) {
        steps.append(steps.isEmpty() ? "" : "; ").append(StorageText.step(step));
      }
      line(note, change.from() + " -> " + change.to() + (StorageHeaderWriter.hasHelper(change)
          ? " (" + StorageNames.phaseChange(change.from(), change.to()) + "())" : "") + ": "
          + (steps.isEmpty() ? "nothing to complete" : steps));
    }
    return note.toString();
  }

  private static void line(StringBuilder note, String text) {
    note.append("\n  ").append(UserText.message(text));
  }
}
