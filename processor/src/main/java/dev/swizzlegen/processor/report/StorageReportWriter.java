package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.text.StorageText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a storage's reports beside its header, as a tile's are: {@code swizzlegen/<name>.json}, the
 * plan (each buffer's offset, bytes, alignment, copies and stages, the phases and the buffers live in
 * each, each phase change's shared bytes and steps, the totals against the limit), and
 * {@code swizzlegen/<name>-storage-map.svg}, the {@link StorageMapSvg} picture of the bytes by phase.
 * Both print one {@link StorageMap}, read off the model's plan.
 */
public final class StorageReportWriter {

  /** The picture: {@code swizzlegen/gemm_storage-storage-map.svg}. */
  static String picturePath(StorageSpec spec) {
    return spec.outputStem() + "-storage-map.svg";
  }

  /**
   * The reports asked for, the JSON report first: both print one {@link StorageMap}, read once; the
   * report names the picture when it is written.
   */
  public List<GeneratedFile> write(ProvenStorage proven, boolean json, boolean picture) {
    if (!json && !picture) {
      return List.of();
    }
    StorageMap map = StorageMap.of(proven);
    List<GeneratedFile> files = new ArrayList<>();
    if (json) {
      files.add(json(proven.spec(), map, picture));
    }
    if (picture) {
      files.add(new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE,
          picturePath(proven.spec()), StorageMapSvg.render(map)));
    }
    return files;
  }

  private static GeneratedFile json(StorageSpec spec, StorageMap map, boolean withPicture) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("storage", map.type());
    root.put("name", map.name());
    root.put("javaLayout", spec.layoutClass().canonicalName());
    root.put("cudaHeader", spec.headerPath());
    root.put("cudaType", spec.cudaType());
    root.put("bytes", map.bytes());
    root.put("alignment", map.alignment());
    root.put("dynamicBytes", map.dynamicBytes());
    root.put("slackBytes", map.slackBytes());
    root.put("dynamicBaseAlignment", StorageMap.DYNAMIC_BASE_ALIGNMENT);
    root.put("limitBytes", map.limitBytes());
    root.put("architecture", map.architecture().orElse(null));
    root.put("blocksPerSm", map.blocksPerSm());
    List<Object> buffers = new ArrayList<>();
    for (StorageMap.Area area : map.buffers()) {
      Map<String, Object> buffer = new LinkedHashMap<>();
      buffer.put("name", area.name());
      buffer.put("kind", area.kind().name());
      buffer.put("tile", area.tile().orElse(null));
      buffer.put("phase", area.phase().orElse(null));
      buffer.put("offset", area.offset());
      buffer.put("bytes", area.bytes());
      buffer.put("alignment", area.alignment());
      buffer.put("copies", area.copies());
      buffer.put("copyBytes", area.copyBytes());
      buffer.put("copyStride", area.copyStride());
      buffer.put("stages", area.stages());
      if (area.barriers() > 0) {
        buffer.put("barriers", area.barriers());
      }
      List<Object> parts = new ArrayList<>();
      for (StorageMap.Part part : area.parts()) {
        Map<String, Object> partJson = new LinkedHashMap<>();
        partJson.put("copy", part.copy());
        partJson.put("stage", part.stage());
        partJson.put("offset", part.offset());
        partJson.put("bytes", part.bytes());
        parts.add(partJson);
      }
      buffer.put("parts", parts);
      buffers.add(buffer);
    }
    root.put("buffers", buffers);
    List<Object> phases = new ArrayList<>();
    for (StorageMap.Band band : map.bands()) {
      Map<String, Object> phase = new LinkedHashMap<>();
      phase.put("phase", band.phase().orElse(null));
      phase.put("live", band.live().stream().map(i -> map.buffers().get(i).name()).toList());
      phases.add(phase);
    }
    root.put("phases", phases);
    List<Object> changes = new ArrayList<>();
    for (StorageMap.Change change : map.changes()) {
      Map<String, Object> changeJson = new LinkedHashMap<>();
      changeJson.put("from", change.from());
      changeJson.put("to", change.to());
      changeJson.put("helper", change.steps().isEmpty() ? null : change.helper());
      List<Object> reused = new ArrayList<>();
      for (StorageMap.Reuse reuse : change.reused()) {
        Map<String, Object> reuseJson = new LinkedHashMap<>();
        reuseJson.put("before", reuse.before());
        reuseJson.put("after", reuse.after());
        reuseJson.put("offset", reuse.offset());
        reuseJson.put("bytes", reuse.bytes());
        reused.add(reuseJson);
      }
      changeJson.put("reused", reused);
      List<Object> steps = new ArrayList<>();
      for (StorageMap.ChangeStep step : change.steps()) {
        Map<String, Object> stepJson = new LinkedHashMap<>();
        stepJson.put("step", step.step().name());
        stepJson.put("what", StorageText.step(step.step()));
        stepJson.put("byHelper", step.byHelper());
        steps.add(stepJson);
      }
      changeJson.put("steps", steps);
      changes.add(changeJson);
    }
    root.put("phaseChanges", changes);
    root.put("storageMap", withPicture ? picturePath(spec) : null);
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, spec.reportPath(),
        Json.write(root));
  }
}
