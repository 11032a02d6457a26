package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageNames;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
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
 * first. {@link StorageReportWriter} prints it as JSON and {@link StorageMapSvg} draws it; neither
 * works out a byte of it again.
 *
 * @param name the storage's name ({@code GemmStorage})
 * @param type the annotated type's qualified name
 * @param javaName the annotated type's Java name as messages give it ({@code Kernel.Smem})
 * @param bytes the plan's bytes from its base, {@code kBytes}
 * @param alignment the base's alignment, {@code kAlignment}
 * @param dynamicBytes what to request, {@code kDynamicBytes}: the plan and its slack
 * @param limitBytes the target's per-block maximum, {@code kLimitBytes}
 * @param architecture the target's name ({@code sm_90a}), empty without {@code -Aswizzlegen.arch}
 * @param blocksPerSm resident blocks per multiprocessor by shared memory, {@code kBlocksPerSm}
 * @param buffers each buffer, as declared
 * @param bands a band per named phase in the kernel's order, as declared, each with the buffers
 *     live in it; one band of every buffer when no buffer names a phase
 * @param changes each phase change, in the model's order
 */
record StorageMap(String name, String type, String javaName, long bytes, int alignment, long dynamicBytes,
    int limitBytes, Optional<String> architecture, int blocksPerSm, List<Area> buffers,
    List<Band> bands, List<Change> changes) {

  /** The alignment CUDA gives the dynamic base for certain, from which the slack is counted. */
  static final int DYNAMIC_BASE_ALIGNMENT = Placement.DYNAMIC_BASE_ALIGNMENT;

  StorageMap {
    buffers = List.copyOf(buffers);
    bands = List.copyOf(bands);
    changes = List.copyOf(changes);
  }

  /**
   * One buffer where the plan put it.
   *
   * @param name its name
   * @param kind what it holds
   * @param tile the tile's qualified type name, for a tile
   * @param offset its first copy's offset
   * @param bytes the bytes all its copies span
   * @param alignment what each copy's offset is a multiple of
   * @param copies its copies
   * @param copyBytes one copy's bytes
   * @param copyStride from one copy's start to the next
   * @param stages a tile's stages (1 for the other kinds)
   * @param barriers a barriers buffer's mbarriers per copy (0 for the other kinds)
   * @param phase the phase it is live in; empty for every phase
   * @param parts each copy's stages where they lie, copy by copy; empty for a buffer of one copy of
   *     one stage
   */
  record Area(String name, Buffer.Kind kind, Optional<String> tile, long offset, long bytes,
      int alignment, int copies, long copyBytes, long copyStride, int stages, int barriers,
      Optional<String> phase, List<Part> parts) {
    Area {
      parts = List.copyOf(parts);
    }

    /** The first byte past the buffer. */
    long end() {
      return offset + bytes;
    }
  }

  /**
   * One stage of one copy of a buffer (a copy, for a buffer without stages).
   *
   * @param copy the copy
   * @param stage the stage
   * @param offset its first byte: the copy's offset and the stage's stride times the stage
   * @param bytes the bytes one stage spans (one copy's, without stages)
   */
  record Part(int copy, int stage, long offset, long bytes) {}

  /**
   * One phase's band.
   *
   * @param phase the phase's name; empty for the one band of a plan without named phases
   * @param live the indices of the buffers live in it, in declared order
   */
  record Band(Optional<String> phase, List<Integer> live) {
    Band {
      live = List.copyOf(live);
    }

    /** The phase's name, or {@code every phase}. */
    String title() {
      return phase.orElse("every phase");
    }
  }

  /**
   * One phase change.
   *
   * @param from the phase that ends
   * @param to the phase that begins (after the last, the first: a persistent kernel's next tile)
   * @param helper the header's helper, {@code <from>_to_<to>}, where it performs a step; empty where the
   *     kernel does every step (no helper is offered)
   * @param reused each pair of buffers that share bytes, with the bytes they share
   * @param steps what must complete first, in order, each with whether the helper performs it
   */
  record Change(String from, String to, String helper, List<Reuse> reused, List<ChangeStep> steps) {
    Change {
      reused = List.copyOf(reused);
      steps = List.copyOf(steps);
    }
  }

  /**
   * Bytes a buffer of the last phase used and a buffer of the next one uses.
   *
   * @param before the last phase's buffer
   * @param after the next phase's buffer
   * @param offset the first byte both span
   * @param bytes how many bytes both span
   */
  record Reuse(String before, String after, long offset, long bytes) {}

  /** A step of a phase change and whether the header's helper performs it (else the kernel). */
  record ChangeStep(Step step, boolean byHelper) {}

  /** The map of a proven storage: every number the model's placement's, every step its change's. */
  static StorageMap of(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<Area> buffers = new ArrayList<>();
    for (int i = 0; i < spec.buffers().size(); i++) {
      StorageBuffer declared = spec.buffers().get(i);
      Buffer buffer = placement.buffers().get(i);
      int stages = buffer.stages().map(Buffer.Stages::count).orElse(1);
      List<Part> parts = new ArrayList<>();
      if (buffer.copies() > 1 || stages > 1) {
        for (int copy = 0; copy < buffer.copies(); copy++) {
          for (int stage = 0; stage < stages; stage++) {
            long stride = buffer.stages().map(Buffer.Stages::strideBytes).orElse(0);
            long extent = buffer.stages().map(staged -> (long) staged.extentBytes())
                .orElse(buffer.copyBytes());
            parts.add(new Part(copy, stage, placement.offset(i, copy) + stage * stride, extent));
          }
        }
      }
      buffers.add(new Area(buffer.name(), buffer.kind(),
          declared.tile().map(tile -> tile.type().getQualifiedName().toString()),
          placement.offsets().get(i), buffer.bytes(), buffer.alignment(), buffer.copies(),
          buffer.copyBytes(), buffer.copyStride(), stages,
          Math.toIntExact(buffer.barrierCount()),
          buffer.phase(), parts));
    }
    List<Band> bands = new ArrayList<>();
    List<String> phases = placement.phases();
    if (phases.isEmpty()) {
      bands.add(new Band(Optional.empty(), IntStream.range(0, buffers.size()).boxed().toList()));
    }
    for (String phase : phases) {
      bands.add(new Band(Optional.of(phase), IntStream.range(0, buffers.size())
          .filter(i -> placement.buffers().get(i).liveIn(phase)).boxed().toList()));
    }
    List<Change> changes = new ArrayList<>();
    for (PhaseChange change : proven.phaseChanges()) {
      List<Reuse> reused = new ArrayList<>();
      for (List<String> pair : change.buffers()) {
        Area before = byName(buffers, pair.get(0));
        Area after = byName(buffers, pair.get(1));
        long start = Math.max(before.offset(), after.offset());
        long end = Math.min(before.end(), after.end());
        reused.add(new Reuse(before.name(), after.name(), start, end - start));
      }
      List<ChangeStep> steps = change.steps().stream()
          .map(step -> new ChangeStep(step, StorageHeaderWriter.helperPerforms(step))).toList();
      // The helper's name, empty where the header offers none (it would do nothing).
      changes.add(new Change(change.from(), change.to(), StorageHeaderWriter.hasHelper(change)
          ? StorageNames.phaseChange(change.from(), change.to()) : "", reused, steps));
    }
    return new StorageMap(spec.name(), spec.type().getQualifiedName().toString(),
        Diagnostics.javaName(spec.type()), placement.bytes(), placement.alignment(), placement.dynamicBytes(), proven.limitBytes(),
        proven.architecture().map(architecture -> architecture.optionName()),
        proven.blocksPerMultiprocessor(), buffers, bands, changes);
  }

  private static Area byName(List<Area> buffers, String name) {
    return buffers.stream().filter(area -> area.name().equals(name)).findFirst().orElseThrow();
  }

  /** The slack: what rounding a base aligned to 16 bytes only up to {@link #alignment} may take. */
  long slackBytes() {
    return dynamicBytes - bytes;
  }
}
