package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.PhaseChange;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * What a storage's report and its picture show, read once off the model's plan: each buffer where
 * the placement put it, its copies and stages where they lie, the bands of the phases with the
 * buffers live in each, and each phase change with the bytes it hands over and what must complete
 * first. {@link ReportWriter} prints it as JSON and {@link StorageMapSvg} draws it; neither
 * works out a byte of it again.
 *
 * @param javaName the annotated type's Java name as messages give it ({@code Kernel.Smem})
 * @param bytes the plan's bytes from its base, {@code kBytes}; {@code alignment} is
 *     {@code kAlignment}, {@code dynamicBytes} {@code kDynamicBytes}, {@code limitBytes}
 *     {@code kLimitBytes} and {@code blocksPerSm} {@code kBlocksPerSm}
 * @param architecture the target's name ({@code sm_90a}), empty without {@code -Aswizzlegen.arch}
 * @param bands a band per named phase in the kernel's order, each with the buffers live in it; one
 *     band of every buffer when no buffer names a phase
 */
record StorageMap(String name, String type, String javaName, long bytes, int alignment,
    long dynamicBytes, int limitBytes, Optional<String> architecture, int blocksPerSm,
    List<Area> buffers, List<Band> bands, List<Change> changes) {

  /**
   * One buffer where the plan put it.
   *
   * @param tile the tile's qualified type name, for a tile
   * @param offset its first copy's offset
   * @param bytes the bytes all its copies span
   * @param stages a tile's stages (1 for the other kinds)
   * @param barriers a barriers buffer's mbarriers per copy (0 for the other kinds)
   * @param parts each copy's stages where they lie, copy by copy; empty for a buffer of one copy of
   *     one stage
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

  /** One phase's band: its phase, empty for a plan without named phases, and its live buffers. */
  record Band(Optional<String> phase, List<Integer> live) {
    String title() {
      return phase.orElse("every phase");
    }
  }

  /**
   * One phase change: after the last phase, the first (a persistent kernel's next tile).
   *
   * @param helper the header's helper, {@code <from>_to_<to>}, where it performs a step; empty
   *     where the kernel does every step (no helper is offered)
   * @param reused each pair of buffers that share bytes, with the bytes they share
   * @param steps what must complete first, in order
   */
  record Change(String from, String to, String helper, List<Reuse> reused,
      List<ChangeStep> steps) {}

  /** Bytes a buffer of the last phase used and a buffer of the next one uses. */
  record Reuse(String before, String after, long offset, long bytes) {}

  /** A step of a phase change and whether the header's helper performs it (else the kernel). */
  record ChangeStep(Step step, boolean byHelper) {}

  /** The map of a proven storage: every number the model's placement's, every step its change's. */
  static StorageMap of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<Area> buffers = new ArrayList<>();
    for (int i = 0; i < spec.buffers().size(); i++) {
      Buffer buffer = placement.buffers().get(i);
      int stages = buffer.stages().map(Buffer.Stages::count).orElse(1);
      long stride = buffer.stages().map(Buffer.Stages::strideBytes).orElse(0);
      long extent = buffer.stages().map(staged -> (long) staged.extentBytes())
          .orElse(buffer.copyBytes());
      List<Part> parts = new ArrayList<>();
      if (buffer.copies() > 1 || stages > 1) {
        for (int copy = 0; copy < buffer.copies(); copy++) {
          for (int stage = 0; stage < stages; stage++) {
            parts.add(new Part(copy, stage, placement.offset(i, copy) + stage * stride, extent));
          }
        }
      }
      buffers.add(new Area(buffer.name(), buffer.kind(), spec.buffers().get(i).tile()
          .map(tile -> tile.type().getQualifiedName().toString()), placement.offsets().get(i),
          buffer.bytes(), buffer.alignment(), buffer.copies(), buffer.copyBytes(),
          buffer.copyStride(), stages, Math.toIntExact(buffer.barrierCount()), buffer.phase(),
          parts));
    }
    List<Optional<String>> phases = placement.phases().isEmpty() ? List.of(Optional.empty())
        : placement.phases().stream().map(Optional::of).toList();
    List<Band> bands = phases.stream().map(phase -> new Band(phase, IntStream.range(0,
        buffers.size()).filter(i -> phase.map(placement.buffers().get(i)::liveIn).orElse(true))
        .boxed().toList())).toList();
    List<String> names = buffers.stream().map(Area::name).toList();
    List<Change> changes = new ArrayList<>();
    for (PhaseChange change : proven.phaseChanges()) {
      List<Reuse> reused = new ArrayList<>();
      for (List<String> pair : change.buffers()) {
        Area before = buffers.get(names.indexOf(pair.get(0)));
        Area after = buffers.get(names.indexOf(pair.get(1)));
        long start = Math.max(before.offset(), after.offset());
        reused.add(new Reuse(before.name(), after.name(), start,
            Math.min(before.end(), after.end()) - start));
      }
      List<ChangeStep> steps = change.steps().stream()
          .map(step -> new ChangeStep(step, StorageHeaderWriter.helperPerforms(step))).toList();
      changes.add(new Change(change.from(), change.to(), StorageHeaderWriter.hasHelper(change)
          ? Names.phaseChange(change.from(), change.to()) : "", reused, steps));
    }
    return new StorageMap(spec.name(), spec.type().getQualifiedName().toString(),
        Diagnostics.javaName(spec.type()), placement.bytes(), placement.alignment(),
        placement.dynamicBytes(), proven.limitBytes(),
        proven.architecture().map(architecture -> architecture.optionName()),
        proven.blocksPerMultiprocessor(), buffers, bands, changes);
  }

  /** The slack: what rounding a base aligned to 16 bytes only up to {@link #alignment} may take. */
  long slackBytes() {
    return dynamicBytes - bytes;
  }
}
