package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageNames;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * What a storage's report, picture and summary show, read once off the model's plan: each buffer
 * where it lies, its copies' stages, a band per phase with the buffers live in it, and each phase
 * change with the bytes it hands over and what must complete first.
 *
 * @param javaName the type's name as messages give it ({@code Kernel.Smem})
 * @param bytes the plan's bytes from its base, {@code kBytes}; the other numbers are the header's
 *     constants of the same names
 * @param architecture the target's name ({@code sm_90a}), empty without {@code -Aswizzlegen.arch}
 * @param bands a band per named phase in the kernel's order; one of every buffer when none is named
 */
record StorageMap(String name, String type, String javaName, long bytes, int alignment,
    long dynamicBytes, int limitBytes, Optional<String> architecture, int blocksPerSm,
    List<Area> buffers, List<Band> bands, List<Change> changes) {

  /**
   * One buffer where the plan put it, from its first copy's offset.
   *
   * @param tile the tile's qualified type name, for a tile
   * @param parts each copy's stages where they lie; empty for one copy of one stage
   */
  record Area(String name, Buffer.Kind kind, Optional<String> tile, long offset, long bytes,
      int alignment, int copies, long copyBytes, long copyStride, int stages, int barriers,
      Optional<String> phase, List<Part> parts) {
    long end() {
      return offset + bytes;
    }

    String phaseText() {
      return phase.map(name -> "phase " + name).orElse("every phase");
    }
  }

  /** One stage of one copy of a buffer (a copy, for a buffer without stages). */
  record Part(int copy, int stage, long offset, long bytes) {}

  /** One phase's band (no phase where none is named) and the indexes of its live buffers. */
  record Band(Optional<String> phase, List<Integer> live) {
    String title() {
      return phase.orElse("every phase");
    }
  }

  /**
   * One phase change (after the last phase, the first: a persistent kernel's next tile).
   *
   * @param helper the header's {@code <from>_to_<to>}, empty where the kernel does every step
   */
  record Change(String from, String to, String helper, List<Reuse> reused,
      List<ChangeStep> steps) {}

  /** Bytes a buffer of the last phase used and a buffer of the next one uses. */
  record Reuse(String before, String after, long offset, long bytes) {}

  /** A step of a phase change and whether the header's helper performs it (else the kernel). */
  record ChangeStep(Step step, boolean byHelper) {}

  static StorageMap of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<Area> buffers = IntStream.range(0, spec.buffers().size()).mapToObj(i -> {
      Buffer buffer = placement.buffers().get(i);
      int stages = buffer.stages().map(Buffer.Stages::count).orElse(1);
      long stride = buffer.stages().map(Buffer.Stages::strideBytes).orElse(0);
      long extent = buffer.stages().map(staged -> (long) staged.extentBytes())
          .orElse(buffer.copyBytes());
      // Copy by copy, each copy's stages.
      List<Part> parts = buffer.copies() == 1 && stages == 1 ? List.of()
          : IntStream.range(0, buffer.copies() * stages).mapToObj(n -> new Part(n / stages,
              n % stages, placement.offset(i, n / stages) + n % stages * stride, extent)).toList();
      return new Area(buffer.name(), buffer.kind(), spec.buffers().get(i).tile()
          .map(tile -> tile.type().getQualifiedName().toString()), placement.offsets().get(i),
          buffer.bytes(), buffer.alignment(), buffer.copies(), buffer.copyBytes(),
          buffer.copyStride(), stages, Math.toIntExact(buffer.barrierCount()), buffer.phase(),
          parts);
    }).toList();
    List<Optional<String>> phases = placement.phases().isEmpty() ? List.of(Optional.empty())
        : placement.phases().stream().map(Optional::of).toList();
    List<Band> bands = phases.stream().map(phase -> new Band(phase, IntStream.range(0,
        buffers.size()).filter(i -> phase.map(placement.buffers().get(i)::liveIn).orElse(true))
        .boxed().toList())).toList();
    List<String> names = buffers.stream().map(Area::name).toList();
    List<Change> changes = proven.phaseChanges().stream().map(change -> new Change(change.from(),
        change.to(), StorageHeaderWriter.hasHelper(change)
            ? StorageNames.phaseChange(change.from(), change.to()) : "",
        change.buffers().stream().map(pair -> {
          Area before = buffers.get(names.indexOf(pair.get(0)));
          Area after = buffers.get(names.indexOf(pair.get(1)));
          long start = Math.max(before.offset(), after.offset());
          return new Reuse(before.name(), after.name(), start,
              Math.min(before.end(), after.end()) - start);
        }).toList(),
        change.steps().stream().map(step -> new ChangeStep(step,
            StorageHeaderWriter.helperPerforms(step))).toList())).toList();
    return new StorageMap(spec.name(), spec.type().getQualifiedName().toString(),
        Diagnostics.javaName(spec.type()), placement.bytes(), placement.alignment(),
        placement.dynamicBytes(), proven.limitBytes(),
        proven.architecture().map(architecture -> architecture.optionName()),
        proven.blocksPerMultiprocessor(), buffers, bands, changes);
  }

  /** What rounding a base aligned to 16 bytes only up to {@link #alignment} may take. */
  long slackBytes() {
    return dynamicBytes - bytes;
  }
}
