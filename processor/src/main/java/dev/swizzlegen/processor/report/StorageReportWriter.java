package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a storage's reports beside its header, as a tile's are: {@code swizzlegen/<name>.json}, the
 * plan (buffers, phases, phase changes, the totals against the limit), and
 * {@code swizzlegen/<name>-storage-map.svg}, the {@link StorageMapSvg} picture of the bytes by phase.
 */
public final class StorageReportWriter {

  /** The picture: {@code swizzlegen/gemm_storage-storage-map.svg}. */
  static String picturePath(StorageSpec spec) {
    return spec.outputStem() + "-storage-map.svg";
  }

  /** The reports asked for, the JSON report first, which names the picture when it is written. */
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
    Map<String, Object> root = Json.object("storage", map.type(), "name", map.name(),
        "javaLayout", spec.layoutClass().canonicalName(), "cudaHeader", spec.headerPath(),
        "cudaType", spec.cudaType(), "bytes", map.bytes(), "alignment", map.alignment(),
        "dynamicBytes", map.dynamicBytes(), "slackBytes", map.slackBytes(),
        "dynamicBaseAlignment", Placement.DYNAMIC_BASE_ALIGNMENT, "limitBytes", map.limitBytes(),
        "architecture", map.architecture().orElse(null), "blocksPerSm", map.blocksPerSm());
    root.put("buffers", map.buffers().stream().map(area -> {
      Map<String, Object> buffer = Json.object("name", area.name(), "kind", area.kind().name(),
          "tile", area.tile().orElse(null), "phase", area.phase().orElse(null),
          "offset", area.offset(), "bytes", area.bytes(), "alignment", area.alignment(),
          "copies", area.copies(), "copyBytes", area.copyBytes(), "copyStride", area.copyStride(),
          "stages", area.stages());
      if (area.barriers() > 0) {
        buffer.put("barriers", area.barriers());
      }
      buffer.put("parts", area.parts().stream().map(part -> Json.object("copy", part.copy(),
          "stage", part.stage(), "offset", part.offset(), "bytes", part.bytes())).toList());
      return buffer;
    }).toList());
    root.put("phases", map.bands().stream().map(band -> Json.object(
        "phase", band.phase().orElse(null),
        "live", band.live().stream().map(i -> map.buffers().get(i).name()).toList())).toList());
    root.put("phaseChanges", map.changes().stream().map(change -> Json.object(
        "from", change.from(), "to", change.to(),
        "helper", change.steps().isEmpty() ? null : change.helper(),
        "reused", change.reused().stream().map(reuse -> Json.object("before", reuse.before(),
            "after", reuse.after(), "offset", reuse.offset(), "bytes", reuse.bytes())).toList(),
        "steps", change.steps().stream().map(step -> Json.object("step", step.step().name(),
            "what", StorageText.step(step.step()), "byHelper", step.byHelper())).toList()))
        .toList());
    root.put("storageMap", withPicture ? picturePath(spec) : null);
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, spec.reportPath(),
        Json.write(root));
  }
}
