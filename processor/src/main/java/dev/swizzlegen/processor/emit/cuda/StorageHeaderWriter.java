package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.StorageConstants;
import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.notation.CuteExport;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.PhaseChange.Step;
import dev.swizzlegen.runtime.storage.PhaseChange;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Writes a storage's header, {@code swizzlegen/<name>.cuh} (SPEC section 9), from its template
 * ({@code storage.cuh.template}): the plan's constants, {@code base()}, an accessor per buffer,
 * host-only {@code configure(kernel)}, for each phase change a comment of what must complete and a
 * helper doing the waits and fences that do not depend on the kernel's thread roles, then
 * {@code static_assert}s. Every value is the model's placement; the members are those
 * {@link Names.BufferMembers} reserved.
 */
public final class StorageHeaderWriter {
  private static final String TEMPLATE = "storage.cuh.template";

  /** The steps a phase change's helper performs: every thread may run them, whatever its role. */
  private static final Set<Step> HELPER_STEPS =
      Set.of(Step.WAIT_WGMMA, Step.WAIT_TMA_STORE_READS, Step.FENCE_PROXY_ASYNC);

  /** Whether a phase change's helper performs {@code step}; the others are the kernel's. */
  public static boolean helperPerforms(Step step) {
    return HELPER_STEPS.contains(step);
  }

  public GeneratedFile write(ProvenStorage proven) {
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, proven.spec().headerPath(),
        text(proven));
  }

  /**
   * The header template's variables.
   *
   * @param includes the tiles' headers, each an {@code #include} line, and a blank line after them
   * @param changes each phase change that needs a helper
   */
  public record Variables(String origin, List<String> summary, String preamble,
      List<String> includes, String namespace, String name, List<String> constants,
      List<BufferVariables> buffers, List<ChangeVariables> changes, List<String> assertions,
      boolean cute, List<CuteTensorVariables> cuteTensors) {}

  /** A tile buffer's CuTe tensor accessor, where its tile has a CuTe type. */
  public record CuteTensorVariables(String cuteAccessor, String cuteTile, String cuteOffset,
      String cuteBufferAccessor, boolean cuteCopied, boolean cuteSingle) {}

  /**
   * One buffer's constants that its accessor reads, the bound of an mbarrier's index, its row of
   * the placement check, its accessor, and whether it is barriers, one copy or copies.
   */
  public record BufferVariables(String offset, String copies, String copyStride,
      String indexBound, String extent, String accessor, boolean barriers, boolean single,
      boolean copied) {}

  /** One phase change's helper: its name, and which of the role-free steps it performs. */
  public record ChangeVariables(String helper, boolean waitWgmma,
      boolean waitTmaStoreReads, boolean fenceProxyAsync) {}

  public static String text(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    // From the generated-sources root of the build that wrote it, as -I names it.
    List<String> includeLines = new ArrayList<>(spec.buffers().stream()
        .flatMap(buffer -> buffer.tile().stream())
        .map(tile -> "#include \"" + tile.headerPath() + "\"").distinct().toList());
    if (!includeLines.isEmpty()) {
      includeLines.add("");
    }
    // Bit i of a buffer's phases: the i-th phase a buffer names; a buffer of every phase has all.
    List<String> phases = spec.buffers().stream().map(b -> b.buffer().phase())
        .flatMap(Optional::stream).distinct().toList();
    List<BufferVariables> buffers = spec.buffers().stream().map(buffer -> buffer(buffer,
        buffer.buffer().phase().map(phase -> 1L << (phases.indexOf(phase) % 64))
            .orElse(phases.isEmpty() ? 1L : -1L))).toList();
    List<ChangeVariables> changes = proven.phaseChanges().stream()
        .filter(StorageHeaderWriter::hasHelper)
        .map(change -> new ChangeVariables(helperName(change),
            change.steps().contains(Step.WAIT_WGMMA),
            change.steps().contains(Step.WAIT_TMA_STORE_READS),
            change.steps().contains(Step.FENCE_PROXY_ASYNC))).toList();
    List<CuteTensorVariables> cuteTensors = new ArrayList<>();
    for (StorageBuffer buffer : spec.buffers()) {
      buffer.tile().filter(tile -> CuteExport.of(tile.layout(), !tile.engines().isEmpty())
          .export().isPresent()).ifPresent(tile -> cuteTensors.add(new CuteTensorVariables(
              // From the global namespace: no member of the struct can hide it.
              buffer.names().tensor(), "::" + tile.cudaType(),
              buffer.names().offset(), buffer.names().accessor(),
              buffer.buffer().copies() > 1,
              buffer.buffer().copies() == 1)));
    }
    return CudaLines.fold(Template.load(StorageHeaderWriter.class, TEMPLATE).fill(new Variables(
        UserText.cppComment(spec.type().getQualifiedName().toString()), summary(proven),
        // The tiles' headers bring the preamble (uint32_t, SWIZZLEGEN_HOST_DEVICE) where there are
        // tiles; a plan of barriers and bytes only has its own.
        includeLines.isEmpty() ? CudaLines.preamble("") : "#pragma once\n", includeLines,
        spec.cudaNamespace(), spec.name(), StorageConstants.of(proven).stream()
            .filter(StorageConstants.Constant::inHeader).map(StorageConstants.Constant::declaration)
            .toList(), buffers, changes, assertions(proven), !cuteTensors.isEmpty(), cuteTensors))
        .render());
  }

  /** One buffer's accessor and its row of the placement check. */
  private static BufferVariables buffer(StorageBuffer buffer, long phases) {
    Buffer model = buffer.buffer();
    Names.BufferMembers names = buffer.names();
    boolean barriers = model.kind() == Buffer.Kind.BARRIERS;
    boolean several = model.copies() > 1;
    return new BufferVariables(names.offset(), names.copies(), names.copyStride(),
        names.count() + (several ? " * " + names.copies() : ""),
        "{" + names.offset() + ", " + names.bytes() + ", " + names.alignment() + ", "
            + (several ? names.copyStride() : "0u") + ", "
            + String.format(Locale.ROOT, "0x%xull", phases) + "},",
        names.accessor(), barriers, !barriers && !several, !barriers && several);
  }

  /** The header's comment after its first line: the plan, its table and its phase changes. */
  private static List<String> summary(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<String> out = new ArrayList<>();
    out.addAll(comment("A kernel's shared memory, planned and proven: " + spec.buffers().size()
        + (spec.buffers().size() == 1 ? " buffer in " : " buffers in ") + placement.bytes()
        + " bytes from a " + placement.alignment() + "-byte aligned base, each aligned, disjoint"
        + " from those live with it, in the least bytes."
        + " Request kDynamicBytes (configure() does) and take the base from base(dynamic_smem), not"
        + " from __align__. Planned for " + target(proven) + "."));
    out.add("//");
    out.add(String.format("//   %-16s %-12s %8s %8s %6s %6s", "buffer", "phase", "offset",
        "bytes", "align", "copies"));
    for (int i = 0; i < spec.buffers().size(); i++) {
      Buffer buffer = spec.buffers().get(i).buffer();
      out.add(String.format("//   %-16s %-12s %8d %8d %6d %6d  %s", buffer.name(),
          buffer.phase().orElse("(every)"), placement.offsets().get(i), buffer.bytes(),
          buffer.alignment(), buffer.copies(), UserText.cppComment(what(spec.buffers().get(i))))
          .stripTrailing());
    }
    out.add("//");
    for (PhaseChange change : proven.phaseChanges()) {
      for (String line : StorageText.phaseChange(change, helperName(change),
          HELPER_STEPS::contains)) {
        out.addAll(comment(line));
      }
      out.add("//");
    }
    if (proven.phaseChanges().isEmpty()) {
      out.add("// One phase: no bytes are reused, and no phase change needs a wait.");
      out.add("//");
    }
    // No "//" after the last paragraph.
    out.remove(out.size() - 1);
    return out;
  }

  /** The target the plan fits, as kLimitBytes and kBlocksPerSm count it. */
  private static String target(ProvenStorage proven) {
    return proven.architecture().map(arch -> arch.optionName()
            + (proven.architectureGiven() ? "" : " (no -Aswizzlegen.arch given: tcgen05 reads its"
                + " tiles)"))
        .orElse("sm_90a (no -Aswizzlegen.arch given)");
  }

  /** What a buffer holds, for the plan's table. */
  private static String what(StorageBuffer buffer) {
    Buffer model = buffer.buffer();
    return switch (model.kind()) {
      case TILE -> {
        TileSpec tile = buffer.tile().orElseThrow();
        yield tile.cudaType() + ", " + tile.layout().stages() + " stage"
            + (tile.layout().stages() == 1 ? "" : "s");
      }
      case BARRIERS -> {
        long count = model.copyBytes() / Buffer.BARRIER_BYTES;
        yield count + (count == 1 ? " mbarrier" : " mbarriers");
      }
      case BYTES -> model.copyBytes() + " bytes";
    };
  }

  /** Whether the change has a helper: one that performs a step (none that would do nothing). */
  public static boolean hasHelper(PhaseChange change) {
    return change.steps().stream().anyMatch(HELPER_STEPS::contains);
  }

  private static String helperName(PhaseChange change) {
    return Names.phaseChange(change.from(), change.to());
  }

  /**
   * The plan's {@code static_assert}s: the whole placement in one constexpr check, each tile
   * buffer's alignment and stages as its tile's header says, the request and capacity.
   */
  private static List<String> assertions(ProvenStorage proven) {
    List<String> out = new ArrayList<>();
    out.add("static_assert(::swizzlegen::detail::storage_placement_holds(kExtents, kBytes,"
        + " kAlignment),\n              \"swizzlegen: buffers aligned, within the plan, disjoint"
        + " while live together\");");
    List<String> tiles = new ArrayList<>();
    for (StorageBuffer buffer : proven.spec().buffers()) {
      buffer.tile().ifPresent(tile -> {
        String type = "::" + tile.cudaType();
        tiles.add(buffer.names().alignment() + " == " + type + "::kAlignmentBytes");
        tiles.add(type + "::kStages == " + tile.layout().stages() + "u");
      });
    }
    if (!tiles.isEmpty()) {
      out.add("static_assert(" + String.join(" &&\n              ", tiles) + ",\n              "
          + "\"swizzlegen: each tile buffer has its tile's alignment and the stages planned\");");
    }
    out.add("static_assert(kDynamicBytes <= kLimitBytes &&\n              kDynamicBytes >= kBytes"
        + " + (kAlignment > 16u ? kAlignment - 16u : 0u),\n              \"swizzlegen: the"
        + " request fits the target, with the slack to round the base up\");");
    return out;
  }

  /**
   * {@code text} as comment lines; a text that starts with spaces (a step of a list) keeps them,
   * its continuation lines indented past its number.
   */
  private static List<String> comment(String text) {
    String lead = text.substring(0, text.length() - text.stripLeading().length());
    String more = lead.isEmpty() ? "" : lead + "   ";
    List<String> lines = new ArrayList<>();
    for (String line : SwizzleText.wrap(text.stripLeading(), 96 - more.length())) {
      lines.add("// " + (lines.isEmpty() ? lead : more) + UserText.cppComment(line));
    }
    return lines;
  }
}
