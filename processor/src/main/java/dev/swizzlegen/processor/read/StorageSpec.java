package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics.AttributeSource;
import dev.swizzlegen.runtime.storage.Buffer;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @SharedStorage} as read and validated: the model's buffers, each with the tile it holds
 * (a proven tile's spec), and the names of what is generated for it (its twin {@code <name>Layout},
 * its header); {@code phases} is empty when every buffer is live in every phase.
 */
public record StorageSpec(TypeElement type, String name, String cudaNamespace,
    JavaClassName layoutClass, String headerPath, List<String> phases,
    List<StorageBuffer> buffers) {

  public StorageSpec {
    phases = List.copyOf(phases);
    buffers = List.copyOf(buffers);
  }

  /**
   * One buffer of a storage: the model's, the proven tile it holds (none for barriers and bytes),
   * the members the header declares for it, and its {@code @Buffer} to report on.
   */
  public record StorageBuffer(Buffer buffer, Optional<TileSpec> tile, Names.BufferMembers names,
      AttributeSource annotation) {}

  /** The model's buffers, as declared. */
  public List<Buffer> modelBuffers() {
    return buffers.stream().map(StorageBuffer::buffer).toList();
  }

  /** The generated non-Java files' path without extension: {@code swizzlegen/gemm_storage}. */
  public String outputStem() {
    return headerPath.substring(0, headerPath.length() - ".cuh".length());
  }

  /** The JSON report, beside the header: {@code swizzlegen/gemm_storage.json}. */
  public String reportPath() {
    return outputStem() + ".json";
  }

  /** {@code swizzlegen::GemmStorage}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }
}
